// Shared edges of the commands (options and their parsing are in command.ts and options.ts): catalog loading (a catalog JSON, source files, or a built-in catalog
// id), reading input files and sample folders, built-in hooks, stable JSON.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Catalog, HookRegistry, Issue, ParsedResources } from '../../core/index.ts';
import {
  formatIssue,
  hasErrors,
  hubFor,
  issue,
  parseResources,
  servedVersionNames,
  setKey,
  stringifyJsonExact,
  withCatalogHub,
} from '../../core/index.ts';
import { hooksFor } from '../../catalogs/hooks.ts';
import { loadCatalogSource } from '../catalogSource.ts';
import type { CommandIO } from '../io.ts';
import { InputIssueError } from '../io.ts';
import { BUILTIN_CATALOGS } from '../paths.ts';

const BUILTIN_DIR = BUILTIN_CATALOGS;

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

/** The versions a user can name, per kind (`Person: v1, v2; Pet: v1`): for UNKNOWN_VERSION messages. */
export const catalogVersions = (catalog: Catalog): string =>
  catalog.kinds.map((k) => `${k.kind}: ${servedVersionNames(k)}`).join('; ');

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

export function printIssues(io: CommandIO, issues: readonly Issue[], file?: string): void {
  for (const i of issues) io.err(`${formatIssue(file && !i.file ? { ...i, file } : i)}\n`);
}

/** Why a file could not be read or written, from Node's error: a folder, a missing file or folder, no permission. */
export function fileIssue(e: unknown, file: string): Issue {
  const code = e instanceof Error && 'code' in e ? String(e.code) : '';
  if (code === 'EISDIR')
    return issue('error', 'NOT_A_FILE', 'this is a folder; give one file (or - for stdin)', [], { file });
  const why =
    code === 'ENOENT'
      ? 'no such file or folder'
      : code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : 'cannot read or write it';
  return issue('error', 'FILE_NOT_FOUND', why, [], { file });
}

/** A file's text, or stdin for `-`; undefined (a FILE_NOT_FOUND line printed) when it cannot be read. */
export async function readInput(io: CommandIO, file: string): Promise<string | undefined> {
  try {
    return file === '-' ? await io.readStdin() : await io.readText(file);
  } catch (e) {
    io.err(`${formatIssue(e instanceof InputIssueError ? e.issue : fileIssue(e, file))}\n`);
    return undefined;
  }
}

/** How messages name an input file: `<stdin>` for `-`. */
export const inputName = (file: string): string => (file === '-' ? '<stdin>' : file);

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
