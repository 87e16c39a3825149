// A CLI command declared once: its options (name, alias, value, one line of help), exit codes and an example.
// Parsing, the usage line, `--help` and the option list of docs/cli.md are all derived from that declaration,
// so they cannot disagree. A command with subcommands (`rules check|apply|...`) lists them instead of a `run`.
import { formatIssue, issue } from '../../core/index.ts';
import type { CommandIO } from '../io.ts';
import { storageChoice } from './deployedArgs.ts';
import type { ParsedArgs, StorageChoice } from './types.ts';

export interface OptionSpec {
  /** The long name, `--catalog`; messages and `values` use it. */
  readonly name: `--${string}`;
  /** Other spellings: a short `-f`, or a long synonym (`--filename`). The first is shown in the usage line. */
  readonly alias?: string | readonly string[];
  /** The value's name in usage and help (`FILE`); absent for a flag. With `choices` it defaults to `a|b`. */
  readonly value?: string;
  /** One line. */
  readonly help: string;
  /** May be given more than once; every value is kept (`lists`). */
  readonly repeatable?: boolean;
  readonly required?: boolean;
  /** The value must be one of these (`-o must be yaml or json`). Implies a value. */
  readonly choices?: readonly string[];
}

export type ExitCode = 0 | 1 | 2;

export interface CommandArgs extends ParsedArgs {
  /** `--storage`/`--conversion` as given (commands that declare them); empty otherwise. */
  readonly choice: StorageChoice;
  /** Prints `version-explorer <name>: error USAGE: what` and the usage line; returns exit code 2. */
  readonly usageError: (what: string) => number;
}

export interface CommandSpec {
  /** As the user types it: `convert`, or `rules check` for a subcommand. */
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** Positional arguments in the usage line (`<inputs...>`); without it, positional arguments are refused. */
  readonly usage?: string;
  /** A few lines for `--help`, under the usage line. */
  readonly description?: string;
  readonly options: readonly OptionSpec[];
  readonly exitCodes: Readonly<Partial<Record<ExitCode, string>>>;
  /** One command line, without the leading `version-explorer`, that runs from the repository's root. */
  readonly example: string;
  readonly run?: (a: CommandArgs, io: CommandIO) => Promise<number>;
  /** Instead of `run`: subcommands, each named `<name> <sub>`. */
  readonly subcommands?: readonly Command[];
  /** A server: runs until SIGTERM or SIGINT (its example is run by its own tests, which stop it). */
  readonly serves?: boolean;
}

export interface Command {
  (args: readonly string[], io: CommandIO): Promise<number>;
  readonly spec: CommandSpec;
}

/** Exit 2's line, the same for every command. */
export const BAD_INPUT = 'bad usage or bad input, printed as file:line:col: severity CODE: message';

const HELP_OPTION: OptionSpec = { name: '--help', alias: '-h', help: 'print this help and exit 0' };

const aliasesOf = (o: OptionSpec): readonly string[] =>
  o.alias === undefined ? [] : typeof o.alias === 'string' ? [o.alias] : o.alias;
const valueName = (o: OptionSpec): string | undefined => o.value ?? o.choices?.join('|');
/** How the usage line writes an option: its first alias when that is short (`-f FILE`), else its name. */
const shortForm = (o: OptionSpec): string => {
  const a = aliasesOf(o)[0];
  const n = a !== undefined && !a.startsWith('--') ? a : o.name;
  const v = valueName(o);
  return v === undefined ? n : `${n} ${v}`;
};

/** `usage: version-explorer <name> [<usage>] <options>`: required ones bare, the rest in brackets. */
export function usageLine(spec: CommandSpec): string {
  const parts = [`usage: version-explorer ${spec.name}`];
  if (spec.subcommands) parts.push(`<${spec.subcommands.map((c) => subName(c.spec)).join('|')}> [options]`);
  if (spec.usage !== undefined) parts.push(spec.usage);
  for (const o of spec.options) {
    const f = shortForm(o);
    if (o.required) parts.push(f);
    // a repeatable option: `--catalog SRC [--catalog SRC...]` when required, else `[-c FILE...]`
    if (o.repeatable || !o.required) parts.push(`[${f}${o.repeatable ? '...' : ''}]`);
  }
  return parts.join(' ');
}

const subName = (s: CommandSpec): string => s.name.slice(s.name.lastIndexOf(' ') + 1);

/** The option's help line's left column: `-f, --file FILE|-`. */
export function optionSignature(o: OptionSpec): string {
  const v = valueName(o);
  return `${[...aliasesOf(o).filter((a) => !a.startsWith('--')), o.name, ...aliasesOf(o).filter((a) => a.startsWith('--'))].join(', ')}${v === undefined ? '' : ` ${v}`}`;
}

const optionHelp = (o: OptionSpec): string =>
  `${o.help}${o.required ? ' (required)' : ''}${o.repeatable ? ' (repeatable)' : ''}`;

function columns(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.min(Math.max(...rows.map(([l]) => l.length)), 30);
  return rows.map(([l, r]) => `  ${l.padEnd(width)}  ${r}`);
}

/** `version-explorer <name> --help`: usage, what it does, every option on one line, exit codes, an example. */
export function helpText(spec: CommandSpec): string {
  const out = [usageLine(spec), '', spec.summary];
  if (spec.description !== undefined) out.push('', spec.description);
  if (spec.subcommands) {
    out.push('', 'Subcommands:');
    out.push(...columns(spec.subcommands.map((c) => [subName(c.spec), c.spec.summary])));
    out.push('', `'version-explorer ${spec.name} <subcommand> --help' lists a subcommand's options.`);
  }
  out.push('', 'Options:', ...columns([...spec.options, HELP_OPTION].map((o) => [optionSignature(o), optionHelp(o)])));
  out.push('', 'Exit codes:');
  for (const code of [0, 1, 2] as const) {
    const what = spec.exitCodes[code];
    if (what !== undefined) out.push(`  ${code}  ${what}`);
  }
  out.push('', 'Example:', `  version-explorer ${spec.example}`, '');
  return out.join('\n');
}

/** A usage problem: the documented shape, the usage line (when there is one), and where the options are explained. */
export function usageError(io: CommandIO, name: string, what: string, usage?: string): 2 {
  io.err(
    `version-explorer ${name}: ${formatIssue(issue('error', 'USAGE', what))}\n${usage !== undefined ? `${usage}\n` : ''}` +
      `'version-explorer ${name} --help' explains every option.\n`,
  );
  return 2;
}

const orList = (xs: readonly string[]): string =>
  xs.length < 2 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`;

/** Splits the arguments by the declared options; `--name=value` is accepted for long names. */
export function parseArgs(
  args: readonly string[],
  options: readonly OptionSpec[],
): { parsed?: ParsedArgs & { written: Record<string, string> }; error?: string } {
  const byName = new Map<string, OptionSpec>();
  for (const o of options) for (const n of [o.name, ...aliasesOf(o)]) byName.set(n, o);
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  const lists: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const written: Record<string, string> = Object.create(null) as Record<string, string>;
  const flags = new Set<string>();
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const raw = args[i] as string;
    const eq = raw.startsWith('--') ? raw.indexOf('=') : -1;
    const typed = eq > 0 ? raw.slice(0, eq) : raw;
    if (!typed.startsWith('-') || typed === '-') {
      positionals.push(raw);
      continue;
    }
    const o = byName.get(typed);
    if (o === undefined) return { error: `unknown option ${typed}` };
    written[o.name] = typed;
    if (valueName(o) === undefined) {
      if (eq > 0) return { error: `${typed} takes no value` };
      flags.add(o.name);
      continue;
    }
    const v = eq > 0 ? raw.slice(eq + 1) : args[++i];
    if (v === undefined) return { error: `${typed} needs a value` };
    values[o.name] = v;
    (lists[o.name] ??= []).push(v);
  }
  return { parsed: { values, lists, flags, positionals, written } };
}

/** The arguments checked against the declaration: a number is the exit code (help printed, or a usage error). */
function checkArgs(spec: CommandSpec, args: readonly string[], io: CommandIO): CommandArgs | number {
  const fail = (what: string): number => usageError(io, spec.name, what, usageLine(spec));
  const p = parseArgs(args, spec.options);
  if (!p.parsed) return fail(p.error ?? '');
  const { written, ...parsed } = p.parsed;
  if (spec.usage === undefined && parsed.positionals.length > 0)
    return fail(`unexpected argument ${parsed.positionals[0]}`);
  for (const o of spec.options) {
    const v = parsed.values[o.name];
    if (o.choices && v !== undefined && !o.choices.includes(v))
      return fail(`${written[o.name] ?? o.name} must be ${orList(o.choices)}`);
  }
  const choice = spec.options.some((o) => o.name === '--storage') ? storageChoice(parsed) : {};
  if (choice.error) return fail(choice.error);
  for (const o of spec.options)
    if (o.required && parsed.values[o.name] === undefined) return fail(`${shortForm(o).split(' ')[0]} is required`);
  return { ...parsed, choice, usageError: fail };
}

const wantsHelp = (args: readonly string[]): boolean => args.some((a) => a === '--help' || a === '-h');

/** The command: `--help` first, then the declared options checked, then `run` (or the subcommand). */
export function defineCommand(spec: CommandSpec): Command {
  const main = async (args: readonly string[], io: CommandIO): Promise<number> => {
    if (spec.subcommands) {
      const [sub, ...rest] = args;
      const found = spec.subcommands.find((c) => sub !== undefined && c.spec.name === `${spec.name} ${sub}`);
      if (found) return found(rest, io);
      // a command with subcommands may run itself too (webhook; webhook manifests)
      if (!spec.run && (sub === undefined || !wantsHelp([sub]))) {
        const known = spec.subcommands.map((c) => subName(c.spec));
        return usageError(
          io,
          spec.name,
          sub === undefined
            ? `a subcommand is required (${orList(known)})`
            : `unknown subcommand ${sub} (${orList(known)})`,
          usageLine(spec),
        );
      }
    }
    if (wantsHelp(args)) {
      io.out(helpText(spec));
      return 0;
    }
    const a = checkArgs(spec, args, io);
    if (typeof a === 'number') return a;
    return spec.run ? spec.run(a, io) : usageError(io, spec.name, 'nothing to run');
  };
  return Object.assign(main, { spec });
}

/** Every command and subcommand, depth first: what the help test and docs/cli.md enumerate. */
export function allCommands(commands: readonly Command[]): Command[] {
  return commands.flatMap((c) => [c, ...allCommands(c.spec.subcommands ?? [])]);
}
