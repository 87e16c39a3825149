// Test-only: the rules fixtures and the repository's rule files, with the catalogs they are checked against.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { importFiles } from '../../../importers/index.ts';
import type { Catalog } from '../../model.ts';
import { parseRules, type ParsedRules } from '../parse.ts';
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
