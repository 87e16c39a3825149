// The prologue every command shares (commandArgs) and the input readers: exit codes, which check wins, and what
// each returns; the commands' own tests pin their usage text and outputs.
import { describe, expect, it } from 'vitest';
import { fakeIO } from '../testdata/fakeIO.ts';
import type { CommandSpec } from './conversionArgs.ts';
import { STRATEGY_CHOICES, commandArgs, readDocuments, readInput, readSamples } from './conversionArgs.ts';

const USAGE = 'usage: version-explorer demo --catalog SRC [-o yaml|json]\n';
const SPEC: CommandSpec = {
  values: ['--catalog', '--output', '--strategy', '--hub'],
  flags: ['--json'],
  aliases: { '-o': '--output' },
  required: ['--catalog'],
  choices: { '--output': ['yaml', 'json'], ...STRATEGY_CHOICES },
};

describe('commandArgs', () => {
  it('returns the parsed arguments, aliases resolved', () => {
    const f = fakeIO();
    const a = commandArgs(['--catalog', 'c', '-o', 'json', '--json', 'pos'], f.io, 'demo', USAGE, SPEC);
    if (typeof a === 'number') throw new Error(`exit ${a}`);
    expect(a.values).toEqual({ '--catalog': 'c', '--output': 'json' });
    expect([...a.flags]).toEqual(['--json']);
    expect(a.positionals).toEqual(['pos']);
    expect(a.choice).toEqual({});
    expect(f.err()).toBe('');
  });

  it.each([['--help'], ['-h']])('%s prints the usage on stdout and exits 0, before any other check', (h) => {
    const f = fakeIO();
    expect(commandArgs([h], f.io, 'demo', USAGE, SPEC)).toBe(0);
    expect(f.out()).toBe(USAGE);
    expect(f.err()).toBe('');
  });

  it.each([
    [['--nope'], 'unknown option --nope'],
    [['--catalog'], '--catalog needs a value'],
    [[], '--catalog is required'],
    [['--catalog', 'c', '-o', 'xml'], '-o must be yaml or json'],
    [['--catalog', 'c', '--strategy', 'x'], '--strategy must be direct or chained'],
  ])('%j is bad usage: exit 2, the problem and the usage on stderr', (args, what) => {
    const f = fakeIO();
    expect(commandArgs(args, f.io, 'demo', USAGE, SPEC)).toBe(2);
    expect(f.err()).toBe(`version-explorer demo: ${what}\n${USAGE}`);
    expect(f.out()).toBe('');
  });

  it('refuses positionals when asked to, naming the first', () => {
    const f = fakeIO();
    expect(commandArgs(['--catalog', 'c', 'a', 'b'], f.io, 'demo', USAGE, { ...SPEC, noPositionals: true })).toBe(2);
    expect(f.err()).toContain('unexpected argument a\n');
  });

  it('with storage: parses the view, checks it before the required options, and rejects ASO-only mixes', () => {
    const spec = { ...SPEC, storage: true };
    const ok = commandArgs(['--catalog', 'c', '--storage', 'deployed'], fakeIO().io, 'demo', USAGE, spec);
    expect(typeof ok === 'number' ? ok : ok.choice).toEqual({ storage: 'deployed' });
    const f = fakeIO();
    expect(commandArgs(['--storage', 'x'], f.io, 'demo', USAGE, spec)).toBe(2);
    expect(f.err()).toMatch(/^version-explorer demo: --storage must be deployed or aso\n/);
    const g = fakeIO();
    expect(commandArgs(['--catalog', 'c', '--storage', 'deployed', '--hub', 'v'], g.io, 'demo', USAGE, spec)).toBe(2);
    expect(g.err()).toContain('--hub belong to the ASO view');
    // without storage the options are unknown
    expect(commandArgs(['--catalog', 'c', '--storage', 'aso'], fakeIO().io, 'demo', USAGE, SPEC)).toBe(2);
  });

  it('usageError prints like the prologue and returns 2', () => {
    const f = fakeIO();
    const a = commandArgs(['--catalog', 'c'], f.io, 'demo', USAGE, SPEC);
    if (typeof a === 'number') throw new Error(`exit ${a}`);
    expect(a.usageError('bad')).toBe(2);
    expect(f.err()).toBe(`version-explorer demo: bad\n${USAGE}`);
  });
});

describe('input readers', () => {
  const person = 'apiVersion: crm.example.com/v1\nkind: Person\nmetadata: {name: ann}\n';

  it('readInput: a missing file is FILE_NOT_FOUND at the file', async () => {
    const f = fakeIO();
    expect(await readInput(f.io, '/no/such/file.yaml')).toBeUndefined();
    expect(f.err()).toMatch(/^\/no\/such\/file\.yaml: error FILE_NOT_FOUND: /);
  });

  it('readDocuments: stdin is named <stdin>; a syntax error prints every issue and gives undefined', async () => {
    const ok = await readDocuments(fakeIO(`${person}---\n${person}`).io, '-');
    expect(ok?.name).toBe('<stdin>');
    expect(ok?.documents.length).toBe(2);
    const f = fakeIO('kind: [unclosed\n');
    expect(await readDocuments(f.io, '-')).toBeUndefined();
    expect(f.err()).toMatch(/^<stdin>:\d+:\d+: error YAML_SYNTAX/m);
  });

  it('readSamples: every YAML/JSON file, an empty one as no documents; a bad one fails; a missing path too', async () => {
    const f = fakeIO('', { '/a.yaml': person, '/e.yaml': '' });
    f.io.listFiles = async () => ['/a.yaml', '/e.yaml', '/notes.txt'];
    const read = await readSamples(f.io, '/');
    expect(read?.map((r) => [r.file, r.documents.length])).toEqual([
      ['/a.yaml', 1],
      ['/e.yaml', 0],
    ]);
    const bad = fakeIO('', { '/b.yaml': 'kind: [unclosed\n' });
    expect(await readSamples(bad.io, '/b.yaml')).toBeUndefined();
    expect(bad.err()).toMatch(/^\/b\.yaml:\d+:\d+: error YAML_SYNTAX/m);
    const missing = fakeIO();
    expect(await readSamples(missing.io, '/no/such/dir')).toBeUndefined();
    expect(missing.err()).toMatch(/^\/no\/such\/dir: error FILE_NOT_FOUND: /);
  });
});
