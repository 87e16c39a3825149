// Test-only: built-in catalog sources and corpus families -> catalogs, through the real importers.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { Catalog, Issue } from '../index.ts';
import { importFiles } from '../../importers/index.ts';

import { CORPUS, REPO } from './corpus.ts';

export { CORPUS, REPO };

export function walk(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else if (/\.(ya?ml|json)$/i.test(e.name)) out.push(p);
  }
  return out;
}

export function importDir(dir: string, id: string, title = id): { catalog: Catalog; issues: Issue[] } {
  const files = walk(dir).map((f) => ({ name: path.relative(dir, f), text: readFileSync(f, 'utf8') }));
  const r = importFiles(files, { id, title });
  return { catalog: r.catalog, issues: r.issues };
}

export const BUILTIN_IDS = ['crm-person', 'person-v1v2', 'servicefabric'] as const;

export function builtinCatalog(id: string): Catalog {
  const dir = path.join(REPO, 'src/catalogs', id);
  const manifest = parse(readFileSync(path.join(dir, 'catalog.yaml'), 'utf8')) as { id?: string; title?: string };
  return importDir(path.join(dir, 'source'), manifest.id ?? id, manifest.title ?? id).catalog;
}

export function builtinAvailable(id: string): boolean {
  try {
    return statSync(path.join(REPO, 'src/catalogs', id, 'catalog.yaml')).isFile();
  } catch {
    return false;
  }
}

/** Corpus families (folders with a crds/ folder). */
export function corpusFamilies(): string[] {
  try {
    return readdirSync(CORPUS, { withFileTypes: true })
      .filter(
        (d) => d.isDirectory() && statSync(path.join(CORPUS, d.name, 'crds'), { throwIfNoEntry: false })?.isDirectory(),
      )
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}

export interface CorpusUnit {
  readonly family: string;
  /** `family` or `family/<bundle>` when crds/ holds one folder per release bundle. */
  readonly id: string;
  readonly dir: string;
}

/** One catalog per corpus family, or per bundle folder under crds/ (gateway-api, open-cluster-management). */
export function corpusUnits(): CorpusUnit[] {
  const out: CorpusUnit[] = [];
  for (const family of corpusFamilies()) {
    const crds = path.join(CORPUS, family, 'crds');
    const entries = readdirSync(crds, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    const dirs = entries.filter((e) => e.isDirectory());
    if (dirs.length > 0 && !entries.some((e) => e.isFile()))
      for (const d of dirs) out.push({ family, id: `${family}/${d.name}`, dir: path.join(crds, d.name) });
    else out.push({ family, id: family, dir: crds });
  }
  return out;
}

/** Sample files of a family, sorted. */
export function corpusSamples(family: string): string[] {
  try {
    return walk(path.join(CORPUS, family, 'samples')).filter((f) => /\.ya?ml$/i.test(f));
  } catch {
    return [];
  }
}

/** A corpus file's text, by its path under ../shared/corpus (for tests outside the node-only layers). */
export function readCorpusFile(rel: string): string {
  return readFileSync(path.join(CORPUS, rel), 'utf8');
}
