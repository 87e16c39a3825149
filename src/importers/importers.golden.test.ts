// Golden catalogs for each importer on tiny fixtures (testdata/). Update with `npx vitest run -u` after a deliberate change.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serializeCatalog } from '../core/index.ts';
import { importFiles } from './importFiles.ts';

const fixture = (name: string) => ({
  name,
  text: readFileSync(path.join(import.meta.dirname, 'testdata', name), 'utf8'),
});

const cases: Record<string, string[]> = {
  crd: ['widgets-crd.yaml'],
  'crd-aso': ['aso-crd.yaml'],
  openapi2: ['oas2-store.yaml'],
  openapi3: ['oas3-store.yaml'],
  config: ['widgets-crd.yaml', 'config.yaml'],
};

describe('importer goldens', () => {
  for (const [name, files] of Object.entries(cases)) {
    it(`pins the ${name} catalog`, async () => {
      const { catalog } = importFiles(files.map(fixture), { id: name, title: name });
      await expect(serializeCatalog(catalog)).toMatchFileSnapshot(`testdata/golden/${name}.catalog.json`);
    });
  }
});
