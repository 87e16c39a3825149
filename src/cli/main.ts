// The CLI's entry: the list of commands, and dispatch. Each command declares its options once
// (commands/command.ts); usage, `--help`, parsing and docs/cli.md's option list come from that declaration.
// Exit codes: 0 ok, 1 a check failed or data would be lost, 2 bad usage or bad input.
import type { CommandIO } from './io.ts';
import { InputIssueError, nodeIO } from './io.ts';
import { terminalSafe } from './terminalText.ts';
import { VERSION } from './version.ts';
import type { Command } from './commands/command.ts';
import { usageError } from './commands/command.ts';
import { fileIssue } from './commands/conversionArgs.ts';
import { formatIssue } from '../core/index.ts';
import { endEarly } from './parallel/judgePool.ts';
import { census } from './commands/census.ts';
import { check } from './commands/check.ts';
import { convert } from './commands/convert.ts';
import { diff } from './commands/diff.ts';
import { generate } from './commands/generate.ts';
import { migrate } from './commands/migrate.ts';
import { plan } from './commands/plan.ts';
import { roundtrip } from './commands/roundtrip.ts';
import { rules } from './commands/rules.ts';
import { strategies } from './commands/strategies.ts';
import { validate } from './commands/validate.ts';
import { crdCheck } from './commands/crdCheck.ts';
import { webhook } from './commands/webhook.ts';

/** Every command, in the order `--help` lists them. A new command: its file, and one line here. */
export const COMMANDS: readonly Command[] = [
  generate,
  plan,
  convert,
  roundtrip,
  diff,
  strategies,
  census,
  check,
  migrate,
  validate,
  crdCheck,
  rules,
  webhook,
];

export function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.spec.name.length));
  return [
    'usage: version-explorer <command> [options]',
    '',
    ...COMMANDS.map((c) => `  ${c.spec.name.padEnd(width)}  ${c.spec.summary}`),
    '',
    `  ${'--version'.padEnd(width)}  the version`,
    '',
    "Exit codes: 0 ok, 1 data would be lost or a check failed, 2 bad usage or bad input. 'version-explorer help <command>' (or '<command> --help') explains a command's options.",
  ].join('\n');
}

const find = (name: string | undefined): Command | undefined => COMMANDS.find((c) => c.spec.name === name);

export async function main(argv: readonly string[], io0: CommandIO = nodeIO): Promise<number> {
  // Messages quote documents (kinds, names, versions): no raw control characters reach the terminal.
  const io: CommandIO = { ...io0, err: (t) => io0.err(terminalSafe(t)) };
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || (name === 'help' && rest.length === 0)) {
    io.out(usage() + '\n');
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-V') {
    io.out(`version-explorer ${VERSION}\n`);
    return 0;
  }
  // `help <command> [<subcommand>]` is `<command> [<subcommand>] --help`.
  const helpFor = name === 'help' ? find(rest[0]) : undefined;
  if (name === 'help' && !helpFor) return usageError(io, 'help', `unknown command '${rest[0]}'`, usage());
  const command = helpFor ?? find(name);
  if (!command) {
    io.err(`version-explorer: error USAGE: unknown command '${name}'\n${usage()}\n`);
    return 2;
  }
  try {
    return await command(helpFor ? [...rest.slice(1), '--help'] : rest, io);
  } catch (e) {
    if (e instanceof InputIssueError) {
      io.err(`${formatIssue(e.issue)}\n`); // bad input found while reading (not UTF-8)
      return 2;
    }
    // Only the edge throws; an unexpected exception is still reported in the documented shape, never a stack
    // dump or a raw Node error (a file a command did not expect to be missing is named as a file issue).
    const file = e instanceof Error && 'path' in e && typeof e.path === 'string' ? e.path : undefined;
    io.err(
      file !== undefined
        ? `${formatIssue(fileIssue(e, file))}\n`
        : `version-explorer ${name}: error INTERNAL_ERROR: ${e instanceof Error ? e.message : String(e)}\n`,
    );
    return 2;
  } finally {
    // workers started for the command that it did not use
    await endEarly();
  }
}
