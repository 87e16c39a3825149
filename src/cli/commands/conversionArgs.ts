// Shared edges of the commands: option parsing and the prologue every command starts with (--help, required
// options, fixed choices, the storage view), catalog loading (a catalog JSON, source files, or a built-in catalog
// id), reading input files and sample folders, built-in hooks, stable JSON.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Catalog, HookRegistry, Issue, ParsedDocument, ParsedResources } from '../../core/index.ts';
import {
  formatIssue,
  hasErrors,
  hubFor,
  issue,
  parseResources,
  setKey,
  stringifyJsonExact,
  withCatalogHub,
} from '../../core/index.ts';
import { hooksFor } from '../../catalogs/hooks.ts';
import { loadCatalogSource } from '../catalogSource.ts';
import type { CommandIO } from '../io.ts';
import type { StorageChoice } from './deployedArgs.ts';
import { STORAGE_OPTIONS, storageChoice } from './deployedArgs.ts';

export interface ParsedArgs {
  readonly values: Record<string, string>;
  readonly flags: Set<string>;
  readonly positionals: string[];
}

/** `spec`: option name -> 'value' | 'flag'; aliases map short names to long ones. */
export function parseArgs(
  args: readonly string[],
  spec: Record<string, 'value' | 'flag'>,
  aliases: Record<string, string> = {},
): { parsed?: ParsedArgs; error?: string } {
  const values: Record<string, string> = {};
  const flags = new Set<string>();
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const raw = args[i] as string;
    const eq = raw.startsWith('--') ? raw.indexOf('=') : -1;
    const name0 = eq > 0 ? raw.slice(0, eq) : raw;
    const name = aliases[name0] ?? name0;
    if (!name.startsWith('-') || name === '-') {
      positionals.push(raw);
      continue;
    }
    const kind = spec[name];
    if (kind === undefined) return { error: `unknown option ${name0}` };
    if (kind === 'flag') {
      flags.add(name);
      continue;
    }
    const v = eq > 0 ? raw.slice(eq + 1) : args[++i];
    if (v === undefined) return { error: `${name0} needs a value` };
    values[name] = v;
  }
  return { parsed: { values, flags, positionals } };
}

export interface CommandSpec {
  /** The command's options that take a value, and those that do not; `--help` (`-h`) is always accepted. */
  readonly values?: readonly string[];
  readonly flags?: readonly string[];
  readonly aliases?: Readonly<Record<string, string>>;
  /** Positional arguments are refused (`unexpected argument X`). */
  readonly noPositionals?: boolean;
  /** Accepts `--storage` and `--conversion` (deployedArgs.ts) and checks them before `required`. */
  readonly storage?: boolean;
  /** Options that must be given, checked in this order. */
  readonly required?: readonly string[];
  /** Options whose value is one of a fixed list, when given (`--strategy must be direct or chained`). */
  readonly choices?: Readonly<Record<string, readonly string[]>>;
}

export interface CommandArgs extends ParsedArgs {
  readonly choice: StorageChoice;
  /** Prints `version-explorer <name>: what` and the usage; returns exit code 2. */
  readonly usageError: (what: string) => number;
}

const orList = (xs: readonly string[]): string =>
  xs.length < 2 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`;

/**
 * The prologue every command shares (`name` as messages say it: `rules check` for a subcommand): parse, `--help` (usage on stdout, exit 0), refused positionals, the storage
 * view, required options, fixed choices. A number is the exit code to return (usage printed); otherwise the
 * arguments, valid so far.
 */
export function commandArgs(
  args: readonly string[],
  io: CommandIO,
  name: string,
  usage: string,
  spec: CommandSpec,
): CommandArgs | number {
  const fail = (what: string): number => usageError(io, name, usage, what);
  const options: Record<string, 'value' | 'flag'> = { '--help': 'flag', ...(spec.storage ? STORAGE_OPTIONS : {}) };
  for (const o of spec.values ?? []) options[o] = 'value';
  for (const o of spec.flags ?? []) options[o] = 'flag';
  const p = parseArgs(args, options, { '-h': '--help', ...spec.aliases });
  if (!p.parsed) return fail(p.error ?? '');
  const { values, flags, positionals } = p.parsed;
  if (flags.has('--help')) {
    io.out(usage);
    return 0;
  }
  if (spec.noPositionals && positionals.length > 0) return fail(`unexpected argument ${positionals[0]}`);
  const choice = spec.storage ? storageChoice(p.parsed) : {};
  if (choice.error) return fail(choice.error);
  for (const req of spec.required ?? []) if (values[req] === undefined) return fail(`${req} is required`);
  for (const [option, allowed] of Object.entries(spec.choices ?? {})) {
    const v = values[option];
    // Named as the user most likely wrote it: `-o`, not `--output`.
    const shown = Object.entries(spec.aliases ?? {}).find(([, long]) => long === option)?.[0] ?? option;
    if (v !== undefined && !allowed.includes(v)) return fail(`${shown} must be ${orList(allowed)}`);
  }
  return { ...p.parsed, choice, usageError: fail };
}

/** `--strategy direct|chained`, for the commands that plan ASO conversions. */
export const STRATEGY_CHOICES = { '--strategy': ['direct', 'chained'] } as const;

const BUILTIN_DIR = path.resolve(import.meta.dirname, '../../catalogs');

/**
 * Loads --catalog SRC (a built-in id such as `crm-person` also works); prints issues; undefined on failure.
 * With `hub` (--hub V: a version or storage variant), every kind that has it converts through it instead.
 */
export async function loadCatalogFor(
  command: string,
  src: string,
  io: CommandIO,
  hub?: string,
): Promise<Catalog | undefined> {
  let source: string = src;
  let options = {};
  if (/^[a-z0-9-]+$/.test(src) && !existsSync(src)) {
    if (!existsSync(path.join(BUILTIN_DIR, src, 'source'))) {
      // Neither a file nor a built-in id: say which ids exist instead of "no such file".
      const ids = readdirSync(BUILTIN_DIR, { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(path.join(BUILTIN_DIR, d.name, 'source')))
        .map((d) => d.name)
        .sort();
      const i = issue(
        'error',
        'UNKNOWN_BUILTIN',
        `no file and no built-in catalog ${src} (built-in: ${ids.join(', ')})`,
      );
      io.err(`version-explorer ${command}: ${formatIssue(i)}\n`);
      return undefined;
    }
    source = path.join(BUILTIN_DIR, src, 'source');
    options = { id: src, title: src };
  }
  const { catalog, issues } = await loadCatalogSource(source, io, options);
  const errors = issues.filter((i) => i.severity === 'error');
  for (const i of errors) io.err(`${formatIssue(i)}\n`);
  // Import errors fail the command (exit 2): a catalog missing what did not import would answer wrongly.
  if (errors.length > 0) return undefined;
  if (!catalog || catalog.kinds.length === 0) {
    // A catalog without kinds (an empty file, only Secrets) can convert nothing: bad input, not a silent success.
    for (const i of issues) io.err(`${formatIssue(i)}\n`);
    io.err(
      `version-explorer ${command}: could not load a catalog from ${src}${catalog ? ' (it defines no kinds)' : ''}\n`,
    );
    return undefined;
  }
  if (hub === undefined) return catalog;
  if (!catalog.kinds.some((k) => hubFor(k, hub) !== undefined)) {
    io.err(
      `version-explorer ${command}: error UNKNOWN_VERSION: no kind in the catalog has a storage variant for '${hub}'\n`,
    );
    return undefined;
  }
  return withCatalogHub(catalog, hub);
}

/** Hand-written hooks of built-in catalogs (by id); catalogs from files never carry code. */
export const hooksOf = (catalog: Catalog): HookRegistry => hooksFor(catalog.id);

/** JSON with object keys sorted at every level: byte-stable output for scripts and golden files. */
export function stableJson(value: unknown): string {
  return `${stringifyJsonExact(sortKeys(value), 2)}\n`;
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) setKey(out, k, sortKeys((v as Record<string, unknown>)[k]));
  return out;
}

export function usageError(io: CommandIO, command: string, usage: string, what: string): number {
  io.err(`version-explorer ${command}: ${what}\n${usage}`);
  return 2;
}

export function printIssues(io: CommandIO, issues: readonly Issue[], file?: string): void {
  for (const i of issues) io.err(`${formatIssue(file && !i.file ? { ...i, file } : i)}\n`);
}

/** Issues that make a conversion command exit 1 (data would be lost): printed as errors, as the exit code says. */
export const LOSS_CODES: ReadonlySet<string> = new Set(['LOST', 'PRUNED']);
export const asExitSeverity = (i: Issue): Issue => (LOSS_CODES.has(i.code) ? { ...i, severity: 'error' } : i);

/** A file's text, or stdin for `-`; undefined (a FILE_NOT_FOUND line printed) when it cannot be read. */
export async function readInput(io: CommandIO, file: string): Promise<string | undefined> {
  try {
    return file === '-' ? await io.readStdin() : await io.readText(file);
  } catch {
    io.err(`${formatIssue(issue('error', 'FILE_NOT_FOUND', 'cannot read the file', [], { file }))}\n`);
    return undefined;
  }
}

/** How messages name an input file: `<stdin>` for `-`. */
export const inputName = (file: string): string => (file === '-' ? '<stdin>' : file);

/** Every .yaml/.yml/.json file under PATH, parsed; undefined (the problems printed) when one does not parse. */
export async function readSamples(
  io: CommandIO,
  p: string,
): Promise<{ file: string; documents: readonly ParsedDocument[] }[] | undefined> {
  let files: string[];
  try {
    files = (await io.listFiles(p)).filter((f) => /\.(ya?ml|json)$/i.test(f));
  } catch {
    io.err(`${formatIssue(issue('error', 'FILE_NOT_FOUND', 'no such file or folder', [], { file: p }))}\n`);
    return undefined;
  }
  const out: { file: string; documents: readonly ParsedDocument[] }[] = [];
  for (const file of files) {
    const parsed = parseResources(await io.readText(file), file);
    // An empty sample file is nothing to check; one that does not parse is bad input, never "nothing to check".
    const errors = parsed.issues.filter((i) => i.severity === 'error' && i.code !== 'EMPTY_INPUT');
    if (errors.length > 0) {
      printIssues(io, errors);
      return undefined;
    }
    out.push({ file, documents: parsed.documents });
  }
  return out;
}

/**
 * FILE (stdin for `-`) read and parsed into documents, named as messages name it; undefined (the problem printed,
 * or every issue when the text has errors) when it cannot be read or parsed.
 */
export async function readDocuments(
  io: CommandIO,
  file: string,
  parse: (text: string, name: string) => ParsedResources = parseResources,
): Promise<(ParsedResources & { name: string }) | undefined> {
  const text = await readInput(io, file);
  if (text === undefined) return undefined;
  const name = inputName(file);
  const parsed = parse(text, name);
  if (!hasErrors(parsed.issues)) return { ...parsed, name };
  printIssues(io, parsed.issues);
  return undefined;
}
