// core/ and importers/ run in the browser: no node:* (or bare fs/path/...) imports anywhere in their modules.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFiles } from './index.ts';
import { loadCatalog, serializeCatalog } from '../core/index.ts';

const src = path.resolve(import.meta.dirname, '..');
const NODE_BUILTINS = /^(node:|fs$|fs\/|path$|os$|crypto$|child_process$|url$|util$|process$|buffer$|stream$|module$)/;

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'testdata' ? [] : modules(p);
    return /\.tsx?$/.test(e.name) && !/\.(test|bench)\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const importsOf = (file: string): string[] =>
  [
    ...readFileSync(file, 'utf8').matchAll(
      /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ].map((m) => (m[1] ?? m[2]) as string);

describe('browser safety', () => {
  for (const layer of ['core', 'importers']) {
    it(`${layer}/ imports no Node built-ins`, () => {
      const offenders = modules(path.join(src, layer)).flatMap((f) =>
        importsOf(f)
          .filter((s) => NODE_BUILTINS.test(s))
          .map((s) => `${path.relative(src, f)}: ${s}`),
      );
      expect(offenders).toEqual([]);
    });
  }

  it('imports in-memory strings end to end', () => {
    const crd = [
      'apiVersion: apiextensions.k8s.io/v1',
      'kind: CustomResourceDefinition',
      'spec: {group: a.io, names: {kind: A}, versions: [{name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}]}',
    ].join('\n');
    const { catalog, issues } = importFiles([{ name: 'a.yaml', text: crd }]);
    expect(issues).toEqual([]);
    expect(loadCatalog(JSON.parse(serializeCatalog(catalog))).catalog?.kinds[0]?.hub).toBe('v1storage');
  });
});
