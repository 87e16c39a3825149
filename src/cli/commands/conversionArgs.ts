// Shared edges of the conversion commands (plan, convert, roundtrip, diff): option parsing, catalog loading
// (a catalog JSON, source files, or a built-in catalog id), built-in hooks, stable JSON.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Catalog, HookRegistry, Issue } from '../../core/index.ts';
import { formatIssue, hubFor, issue, setKey, stringifyJsonExact, withCatalogHub } from '../../core/index.ts';
import { hooksFor } from '../../catalogs/hooks.ts';
import { loadCatalogSource } from '../catalogSource.ts';
import type { CommandIO } from '../io.ts';

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

/** A file's text, or stdin for `-`; undefined (an EMPTY_INPUT line printed) when it cannot be read. */
export async function readInput(io: CommandIO, file: string): Promise<string | undefined> {
  try {
    return file === '-' ? await io.readStdin() : await io.readText(file);
  } catch {
    io.err(`${file}: error EMPTY_INPUT: cannot read the file\n`);
    return undefined;
  }
}
