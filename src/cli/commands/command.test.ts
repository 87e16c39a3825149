// A command declared once (defineCommand): what the parser accepts and refuses, the order of the checks, and that
// the usage line and --help are derived from the same declaration.
import { describe, expect, it } from 'vitest';
import { fakeIO } from '../testdata/fakeIO.ts';
import type { CommandArgs, OptionSpec } from './command.ts';
import { defineCommand, helpText, usageLine } from './command.ts';
import { ASO_PLANNING, CATALOG, JSON_OUTPUT, STORAGE } from './options.ts';

const OPTIONS: readonly OptionSpec[] = [
  CATALOG,
  { name: '--output', alias: '-o', choices: ['yaml', 'json'], help: 'format' },
  { name: '--tag', value: 'T', repeatable: true, help: 'a tag' },
  ...ASO_PLANNING,
  JSON_OUTPUT,
];

/** A demo command that records the arguments it was run with. */
function demo(extra: Partial<Parameters<typeof defineCommand>[0]> = {}) {
  const seen: CommandArgs[] = [];
  const command = defineCommand({
    name: 'demo',
    summary: 'a demo',
    options: OPTIONS,
    exitCodes: { 0: 'ok', 2: 'bad' },
    example: 'demo --catalog crm-person',
    run: async (a) => {
      seen.push(a);
      return 0;
    },
    ...extra,
  });
  return { command, seen };
}

describe('defineCommand: parsing', () => {
  it('gives the values by long name, aliases resolved, every value of a repeatable option kept', async () => {
    const { command, seen } = demo();
    const f = fakeIO();
    const args = ['--catalog', 'c', '-o', 'json', '--json', '--tag', 'a', '--tag=b', '--strategy', 'chained'];
    expect(await command(args, f.io)).toBe(0);
    const a = seen[0] as CommandArgs;
    expect({ ...a.values }).toEqual({ '--catalog': 'c', '--output': 'json', '--tag': 'b', '--strategy': 'chained' });
    expect({ ...a.lists }).toEqual({
      '--catalog': ['c'],
      '--output': ['json'],
      '--tag': ['a', 'b'],
      '--strategy': ['chained'],
    });
    expect([...a.flags]).toEqual(['--json']);
    expect(a.choice).toEqual({});
    expect(f.err()).toBe('');
  });

  it.each([['--help'], ['-h']])('%s prints the help on stdout and exits 0, before any other check', async (h) => {
    const { command, seen } = demo();
    const f = fakeIO();
    expect(await command(['--nope', h], f.io)).toBe(0);
    expect(f.out()).toBe(helpText(command.spec));
    expect(f.err()).toBe('');
    expect(seen).toHaveLength(0);
  });

  it.each([
    [['--nope'], 'unknown option --nope'],
    [['--catalog'], '--catalog needs a value'],
    [['--json=yes', '--catalog', 'c'], '--json takes no value'],
    [[], '--catalog is required'],
    [['--catalog', 'c', '-o', 'xml'], '-o must be yaml or json'],
    [['--catalog', 'c', '--output', 'xml'], '--output must be yaml or json'],
    [['--catalog', 'c', '--strategy', 'x'], '--strategy must be direct or chained'],
    [['--catalog', 'c', 'stray'], 'unexpected argument stray'],
  ])('%j is bad usage: exit 2, `version-explorer demo: error USAGE: ...` and the usage line', async (args, what) => {
    const { command, seen } = demo();
    const f = fakeIO();
    expect(await command(args, f.io)).toBe(2);
    const [first, second] = f.err().split('\n');
    expect(first).toBe(`version-explorer demo: error USAGE: ${what}`);
    expect(second).toBe(usageLine(command.spec));
    expect(f.out()).toBe('');
    expect(seen).toHaveLength(0);
  });

  it('accepts positional arguments only when the declaration names them', async () => {
    const { command, seen } = demo({ usage: '<inputs...>' });
    expect(await command(['--catalog', 'c', 'a', 'b'], fakeIO().io)).toBe(0);
    expect(seen[0]?.positionals).toEqual(['a', 'b']);
  });

  it('with --storage declared: parses the view, checks it before the required options, refuses ASO-only mixes', async () => {
    const { command, seen } = demo({ options: [...OPTIONS, ...STORAGE] });
    expect(await command(['--catalog', 'c', '--storage', 'deployed'], fakeIO().io)).toBe(0);
    expect(seen[0]?.choice).toEqual({ storage: 'deployed' });
    const f = fakeIO();
    expect(await command(['--storage', 'x'], f.io)).toBe(2);
    expect(f.err()).toMatch(/^version-explorer demo: error USAGE: --storage must be deployed or aso\n/);
    const g = fakeIO();
    expect(await command(['--catalog', 'c', '--storage', 'deployed', '--hub', 'v'], g.io)).toBe(2);
    expect(g.err()).toContain('--hub belong to the ASO view');
    // without the declaration the options are unknown
    expect(await demo().command(['--catalog', 'c', '--storage', 'aso'], fakeIO().io)).toBe(2);
  });

  it("usageError (for the command's own checks) prints like the parser and returns 2", async () => {
    const command = defineCommand({
      name: 'demo',
      summary: 'a demo',
      options: [CATALOG],
      exitCodes: { 2: 'bad' },
      example: 'demo',
      run: async (a) => a.usageError('bad'),
    });
    const f = fakeIO();
    expect(await command(['--catalog', 'c'], f.io)).toBe(2);
    expect(f.err().split('\n').slice(0, 2)).toEqual([
      'version-explorer demo: error USAGE: bad',
      usageLine(command.spec),
    ]);
  });
});

describe('defineCommand: usage and help from the declaration', () => {
  it('the usage line writes required options bare, others in brackets, short aliases first', () => {
    const { command } = demo({ usage: '<inputs...>' });
    expect(usageLine(command.spec)).toBe(
      'usage: version-explorer demo <inputs...> --catalog SRC [-o yaml|json] [--tag T...] [--hub V] [--strategy direct|chained] [--json]',
    );
  });

  it('--help has one line per option (and --help), the exit codes and the example', () => {
    const text = helpText(demo().command.spec);
    for (const sig of ['--catalog SRC', '-o, --output yaml|json', '--tag T', '--hub V', '--json', '-h, --help'])
      expect(text).toMatch(new RegExp(`^  ${sig.replace(/[|]/g, '\\|')}\\s{2,}\\S`, 'm'));
    expect(text).toMatch(/^Exit codes:\n {2}0 {2}ok\n {2}2 {2}bad$/m);
    expect(text).toMatch(/^Example:\n {2}version-explorer demo --catalog crm-person$/m);
  });

  it('subcommands: the group lists them, dispatches to them, and each has its own help', async () => {
    const sub = defineCommand({
      name: 'group one',
      summary: 'the first',
      options: [JSON_OUTPUT],
      exitCodes: { 0: 'ok', 2: 'bad' },
      example: 'group one --json',
      run: async (a) => (a.flags.has('--json') ? 0 : 1),
    });
    const group = defineCommand({
      name: 'group',
      summary: 'a group',
      options: [],
      exitCodes: { 0: 'ok', 2: 'bad' },
      example: 'group one',
      subcommands: [sub],
    });
    expect(usageLine(group.spec)).toBe('usage: version-explorer group <one> [options]');
    expect(await group(['one', '--json'], fakeIO().io)).toBe(0);
    const h = fakeIO();
    expect(await group(['--help'], h.io)).toBe(0);
    expect(h.out()).toMatch(/^Subcommands:\n {2}one {2}the first$/m);
    const s = fakeIO();
    expect(await group(['one', '--help'], s.io)).toBe(0);
    expect(s.out()).toBe(helpText(sub.spec));
    for (const args of [[], ['two']]) {
      const f = fakeIO();
      expect(await group(args, f.io)).toBe(2);
      expect(f.err()).toMatch(
        /^version-explorer group: error USAGE: (a subcommand is required|unknown subcommand two)/,
      );
    }
  });
});
