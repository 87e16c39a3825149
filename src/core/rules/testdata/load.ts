// Test-only: the rules fixtures and the repository's rule files, with the catalogs they are checked against.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { importFiles } from '../../../importers/index.ts';
import type { Catalog } from '../../model/model.ts';
import type { Rule } from '../format.ts';
import { parseRules, type ParsedRules } from '../parse.ts';
import { matches } from '../paths.ts';
import { REPO } from '../../testdata/loadCatalogs.ts';

const HERE = import.meta.dirname;

export function fixtureCatalog(file: string): Catalog {
  return importFiles([{ name: file, text: readFileSync(path.join(HERE, file), 'utf8') }], {
    id: 'fixture',
    title: 'fixture',
  }).catalog;
}

export const fixtureRules = (file: string): ParsedRules =>
  parseRules(readFileSync(path.join(HERE, file), 'utf8'), file);

/** Every rules file of the repository (rules/<corpus family>/*.yaml), with its family. */
export function repoRuleFiles(): { file: string; family: string; text: string }[] {
  const dir = path.join(REPO, 'rules');
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(path.join(dir, d.name))
        .filter((f) => /\.ya?ml$/.test(f))
        .sort()
        .map((f) => ({
          file: `rules/${d.name}/${f}`,
          family: d.name,
          text: readFileSync(path.join(dir, d.name, f), 'utf8'),
        })),
    );
}

const isRecord = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

/**
 * Whether every list a `mapToList` / `listToMap` rule reads or writes could have come from a map: each element has
 * its key (a string) and its value field, each key once (for a list-type map the API server enforces both: its keys
 * are required or defaulted, and unique; generated instances need not be), none integer-like (a JavaScript object
 * puts those first, so list -> map -> list would reorder them: reported, not lost).
 */
export function keyedListsSound(doc: unknown, rules: readonly Rule[]): boolean {
  return rules.every((r) => {
    if (r.op !== 'mapToList' && r.op !== 'listToMap') return true;
    return matches(doc, (r.op === 'mapToList' ? r.to : r.from).pattern).every(({ value }) => {
      if (!Array.isArray(value)) return true;
      const v = r.value;
      const keys = value.map((e) => (isRecord(e) && (v === undefined || Object.hasOwn(e, v)) ? e[r.key] : undefined));
      return (
        keys.every((k) => typeof k === 'string' && !/^(0|[1-9]\d*)$/.test(k)) && new Set(keys).size === keys.length
      );
    });
  });
}
