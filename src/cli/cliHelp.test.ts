// The CLI explains itself: every command and subcommand's --help (and `help <command>`) lists every option it
// parses, one line each, its exit codes and one example that runs; docs/cli.md's option list is the one the
// declarations generate. A command that reads an option it does not declare, a command module missing from
// main.ts's list, or a stale docs/cli.md fails here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { REPO } from '../core/testdata/corpus.ts';
import { DOC_FILES, END, START, cliOptionsMarkdown, commandSection, withOptionsBlock } from './cliDocs.ts';
import type { Command } from './commands/command.ts';
import { allCommands, optionSignature } from './commands/command.ts';
import { COMMANDS, main } from './main.ts';
import { fakeIO } from './testdata/fakeIO.ts';

const ALL = allCommands(COMMANDS);
const run = async (argv: string[]) => {
  const f = fakeIO();
  const code = await main(argv, f.io);
  return { code, out: f.out(), err: f.err() };
};
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(ALL.map((c) => [c.spec.name, c] as const))('%s', (name, command) => {
  const { spec } = command;
  const argv = name.split(' ');

  it('--help, -h and `help` print every option on one line, the exit codes and an example, exit 0', async () => {
    const help = await run([...argv, '--help']);
    expect(help.code).toBe(0);
    expect(help.err).toBe('');
    for (const other of [await run([...argv, '-h']), await run(['help', ...argv])]) {
      expect(other.code).toBe(0);
      expect(other.out).toBe(help.out);
    }
    for (const o of [...spec.options, { name: '--help' as const, alias: '-h', help: '' }])
      expect(help.out).toMatch(new RegExp(`^  ${escape(optionSignature(o))}\\s{2,}\\S`, 'm'));
    for (const code of [0, 2] as const)
      expect(help.out).toMatch(new RegExp(`^Exit codes:\\n(  \\d  .+\\n)*  ${code}  \\S`, 'm'));
    expect(help.out).toMatch(/^Example:\n {2}version-explorer \S/m);
  });

  // a server's example runs until stopped: src/cli/webhook/*.test.ts start and stop it
  it.skipIf(spec.serves === true)(
    'its example runs: an exit code the help lists, never bad usage',
    async () => {
      const r = await run(spec.example.split(' '));
      expect(r.err).not.toMatch(/error (USAGE|FILE_NOT_FOUND|UNKNOWN_\w+)/);
      expect(r.code).not.toBe(2);
      expect(Object.keys(spec.exitCodes)).toContain(String(r.code));
    },
    60_000,
  );

  it('every option is in the CLI list of docs/cli.md (or the README), in its own section', () => {
    const file = DOC_FILES.map((f) => path.join(REPO, f)).find((f) => {
      try {
        return readFileSync(f, 'utf8').includes(START);
      } catch {
        return false;
      }
    });
    expect(file, `no file holds ${START}`).toBeDefined();
    const text = readFileSync(file as string, 'utf8');
    const block = text.slice(text.indexOf(START), text.indexOf(END));
    const section = commandSection(block, name);
    expect(section, `no section for ${name}`).toBeDefined();
    for (const o of spec.options) expect(section).toContain(o.name);
  });
});

describe('every option a command reads is declared', () => {
  const dir = path.join(REPO, 'src/cli/commands');
  const modules = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const READ = /(?:values|lists)\[['"](-[\w-]+)['"]\]|flags\.has\(['"](-[\w-]+)['"]\)/g;

  it.each(modules)('%s', async (file) => {
    const exported = Object.values((await import(path.join(dir, file))) as Record<string, unknown>).filter(
      (v): v is Command => typeof v === 'function' && 'spec' in v,
    );
    const read = [...readFileSync(path.join(dir, file), 'utf8').matchAll(READ)].map((m) => m[1] ?? m[2]);
    if (exported.length === 0) {
      // a helper module: it may read only options some command declares
      const declared = new Set(ALL.flatMap((c) => c.spec.options.map((o) => o.name)));
      for (const o of read) expect(declared, `${file} reads ${o}`).toContain(o);
      return;
    }
    // a command module: its commands are all in main.ts's list, and declare whatever the module reads
    for (const c of exported) expect(ALL).toContain(c);
    const declared = new Set(allCommands(exported).flatMap((c) => c.spec.options.map((o) => o.name)));
    for (const o of read) expect(declared, `${file} reads ${o}`).toContain(o);
  });
});

describe('docs', () => {
  it('the CLI list between the markers is the one `npm run docs:cli` generates', async () => {
    const file = DOC_FILES.map((f) => path.join(REPO, f)).find((f) => {
      try {
        return withOptionsBlock(readFileSync(f, 'utf8'), '') !== undefined;
      } catch {
        return false;
      }
    });
    expect(file).toBeDefined();
    const text = readFileSync(file as string, 'utf8');
    const fresh = withOptionsBlock(text, cliOptionsMarkdown(COMMANDS)) as string;
    const formatted = await format(fresh, { ...(await resolveConfig(file as string)), filepath: file as string });
    expect(text, 'run `npm run docs:cli`').toBe(formatted);
  });
});
