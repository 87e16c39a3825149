#!/usr/bin/env node
// Build step: src/catalogs/<id>/ (catalog.yaml manifest + source/ files) -> public/catalogs/<id>.json,
// public/catalogs/index.json, public/catalogs/catalog.schema.json and conversion-rules.schema.json. Deterministic; runs the same
// pipeline as `version-explorer generate`, in one process (tsx loads the TypeScript).
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { parse } from 'yaml';

register();
const root = path.resolve(import.meta.dirname, '..');
const catalogsDir = path.join(root, 'src/catalogs');
const outDir = path.join(root, 'public/catalogs');
const { catalogHash, catalogSchema, checkHooks, formatIssue, hasErrors, serializeCatalog, RULES_JSON_SCHEMA } =
  await import('../src/core/index.ts');
const { hooksFor } = await import('../src/catalogs/hooks.ts');
const { importFiles } = await import('../src/importers/index.ts');
const { readInputs } = await import('../src/cli/catalogSource.ts');
const { nodeIO } = await import('../src/cli/io.ts');

const t0 = Date.now();
mkdirSync(outDir, { recursive: true });
const entries = [];
let failed = false;
const ids = readdirSync(catalogsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(catalogsDir, d.name, 'catalog.yaml')))
  .map((d) => d.name)
  .sort();
for (const id of ids) {
  const dir = path.join(catalogsDir, id);
  const manifest = parse(readFileSync(path.join(dir, 'catalog.yaml'), 'utf8'));
  const read = await readInputs([path.join(dir, 'source')], nodeIO);
  const { catalog, issues } = importFiles(read.files, { id: manifest.id ?? id, title: manifest.title ?? id });
  for (const i of [...read.issues, ...issues]) console.error(`src/catalogs/${id}/source/${formatIssue(i)}`);
  if (hasErrors([...read.issues, ...issues])) failed = true;
  // Hand-written hooks must name kinds, edges and types this catalog has (a typo would never run).
  for (const i of checkHooks(catalog, hooksFor(catalog.id))) {
    console.error(`src/catalogs/${id}/hooks.ts: ${formatIssue(i)}`);
    failed = true;
  }
  const text = serializeCatalog({
    ...catalog,
    generated: `by scripts/gen-catalogs.mjs from src/catalogs/${id}; do not edit`,
  });
  const file = `${catalog.id}.json`;
  writeFileSync(path.join(outDir, file), text);
  entries.push({
    id: catalog.id,
    title: catalog.title,
    file,
    hash: catalogHash(text),
    first: manifest.default === true,
  });
}
// The catalog marked `default: true` comes first: the app opens on it.
const ordered = [...entries.filter((e) => e.first), ...entries.filter((e) => !e.first)].map(
  ({ first: _first, ...e }) => e,
);
writeFileSync(
  path.join(outDir, 'index.json'),
  `${JSON.stringify({ generated: 'by scripts/gen-catalogs.mjs; do not edit', catalogs: ordered }, null, 2)}\n`,
);
writeFileSync(path.join(outDir, 'catalog.schema.json'), `${JSON.stringify(catalogSchema, null, 2)}\n`);
// The conversion rules format (docs/conversion-rules.md), for editors and the app's rules editor.
writeFileSync(path.join(outDir, 'conversion-rules.schema.json'), `${JSON.stringify(RULES_JSON_SCHEMA, null, 2)}\n`);
console.log(
  `gen-catalogs: ${ordered.map((e) => e.id).join(', ') || 'no catalogs'} -> public/catalogs (${Date.now() - t0} ms)`,
);
if (failed) process.exit(1);
