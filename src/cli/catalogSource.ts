// Where the CLI commands get a catalog from: a catalog JSON file, or anything `generate` accepts.
import path from 'node:path';
import type { Catalog, Issue } from '../core/index.ts';
import { issue, loadCatalog } from '../core/index.ts';
import type { ImportOptions, SourceFile } from '../importers/index.ts';
import { detectFormat, importFiles } from '../importers/index.ts';
import type { CommandIO } from './io.ts';

const INPUT_EXT = /\.(ya?ml|json)$/i;

const posix = (p: string): string => p.split(path.sep).join('/');

/** The deepest folder holding every file. */
function commonDir(files: readonly string[]): string {
  const dirs = files.map((f) => path.dirname(f).split(path.sep));
  const first = dirs[0] ?? [];
  let n = first.length;
  for (const d of dirs) {
    let i = 0;
    while (i < n && i < d.length && d[i] === first[i]) i++;
    n = i;
  }
  return first.slice(0, n).join(path.sep) || path.sep;
}

// `"$ref": "../../common-types/resource-management/v4/types.json#/definitions/X"` (JSON or YAML).
const FILE_REF = /\$ref["']?\s*:\s*["']?([^"'#\s]+\.(?:json|ya?ml))#/gi;
const MAX_REFERENCED = 200;

/** Adds the files that OpenAPI `$ref`s point into (Azure's common types), and theirs, when they exist. */
async function addReferencedFiles(texts: Map<string, string>, io: CommandIO): Promise<void> {
  const queue = [...texts.keys()];
  let added = 0;
  while (queue.length > 0 && added < MAX_REFERENCED) {
    const from = queue.shift() as string;
    for (const m of (texts.get(from) ?? '').matchAll(FILE_REF)) {
      const ref = m[1] as string;
      if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) continue; // a URL: not followed
      const target = path.resolve(path.dirname(from), ref);
      if (texts.has(target)) continue;
      try {
        texts.set(target, await io.readText(target));
      } catch {
        continue; // the importer reports the dangling ref, at the file and line that makes it
      }
      queue.push(target);
      if (++added >= MAX_REFERENCED) break;
    }
  }
}

/**
 * Reads files and folders (recursively; .yaml/.yml/.json inside folders, any named file).
 * Names are relative to the inputs' common folder, so output never depends on absolute paths. Files that
 * OpenAPI `$ref`s point into are read too.
 */
export async function readInputs(
  inputs: readonly string[],
  io: CommandIO,
): Promise<{ files: SourceFile[]; issues: Issue[]; root: string; shown: ReadonlyMap<string, string> }> {
  const issues: Issue[] = [];
  const found = new Set<string>();
  // each file as the user's input reaches it (`crds/a.yaml` for `crds`): how messages name it
  const given = new Map<string, string>();
  for (const input of inputs) {
    let listed: string[];
    try {
      listed = await io.listFiles(input);
    } catch {
      issues.push(issue('error', 'FILE_NOT_FOUND', 'no such file or folder', [], { file: input }));
      continue;
    }
    const explicit = listed.length === 1 && path.resolve(listed[0] as string) === path.resolve(input);
    const kept = explicit ? listed : listed.filter((f) => INPUT_EXT.test(f));
    if (kept.length === 0)
      issues.push(issue('error', 'EMPTY_INPUT', 'no .yaml, .yml or .json files here', [], { file: input }));
    for (const f of kept) {
      found.add(path.resolve(f));
      if (!given.has(path.resolve(f))) given.set(path.resolve(f), f);
    }
  }
  const texts = new Map<string, string>();
  for (const f of found) texts.set(f, await io.readText(f));
  await addReferencedFiles(texts, io);
  const abs = [...texts.keys()].sort();
  const root = commonDir(abs);
  const files: SourceFile[] = [];
  const shown = new Map<string, string>();
  for (const f of abs) {
    const name = abs.length === 1 ? path.basename(f) : posix(path.relative(root, f));
    files.push({ name, text: texts.get(f) as string });
    shown.set(name, given.get(f) ?? f);
  }
  return { files, issues, root, shown };
}

const SYNTAX = new Set<string>(['YAML_SYNTAX', 'JSON_SYNTAX']);

/**
 * One line per unreadable file: a file that is not YAML at all (README.md) gives dozens of cascading syntax
 * errors; its first is the one that says where, and a file named neither .yaml/.yml nor .json is reported as
 * the wrong kind of file.
 */
export function collapseSyntaxErrors(issues: readonly Issue[]): Issue[] {
  const seen = new Set<string>();
  const out: Issue[] = [];
  for (const i of issues) {
    if (i.severity !== 'error' || !SYNTAX.has(i.code) || i.file === undefined) {
      out.push(i);
      continue;
    }
    if (seen.has(i.file)) continue;
    seen.add(i.file);
    out.push(
      INPUT_EXT.test(i.file)
        ? i
        : {
            ...i,
            code: 'UNSUPPORTED_FORMAT',
            message: `not a YAML or JSON file (${i.message}); a catalog source is a catalog JSON, a built-in id, or CRD YAML / OpenAPI / config files`,
          },
    );
  }
  return out;
}

/** SRC is a catalog JSON file (validated), or files/folders to import (comma-separated or a list). */
export async function loadCatalogSource(
  src: string | readonly string[],
  io: CommandIO,
  options: ImportOptions = {},
): Promise<{ catalog?: Catalog; issues: Issue[] }> {
  const inputs = typeof src === 'string' ? src.split(',').filter((s) => s !== '') : [...src];
  const read = await readInputs(inputs, io);
  const only = read.files[0];
  if (read.files.length === 1 && only && only.name.toLowerCase().endsWith('.json')) {
    let json: unknown;
    try {
      json = JSON.parse(only.text);
    } catch {
      json = undefined;
    }
    if (detectFormat(json) === 'catalog') {
      const loaded = loadCatalog(json);
      return { ...loaded, issues: [...read.issues, ...loaded.issues.map((i) => ({ ...i, file: only.name }))] };
    }
  }
  if (read.files.length === 0) return { issues: read.issues };
  const imported = importFiles(read.files, options);
  return { catalog: imported.catalog, issues: collapseSyntaxErrors([...read.issues, ...imported.issues]) };
}
