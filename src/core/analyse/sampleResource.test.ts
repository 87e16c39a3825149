// The generated sample of every API version of every corpus kind (and the built-ins) is valid for that version:
// no "required, missing" from the first second.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../model/model.ts';
import { sampleResource } from './sampleResource.ts';
import { versionJsonSchema } from './versionJsonSchema.ts';
import { BUILTIN_IDS, builtinCatalog, CORPUS, importDir } from '../testdata/loadCatalogs.ts';

const families = existsSync(CORPUS)
  ? readdirSync(CORPUS)
      .sort()
      .filter((f) => existsSync(path.join(CORPUS, f, 'crds')))
  : [];

function checkAll(cat: Catalog): { checked: number; failures: string[] } {
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
  const failures: string[] = [];
  let checked = 0;
  for (const kind of cat.kinds) {
    for (const v of kind.versions.filter((x) => x.role === 'api')) {
      const schema = versionJsonSchema(cat, kind, v.name);
      if (!schema) continue;
      const doc = sampleResource(kind, v.name);
      const ok = ajv.validate(schema, doc);
      checked++;
      if (!ok) failures.push(`${kind.kind} ${v.name}: ${JSON.stringify(ajv.errors?.slice(0, 2))}`);
    }
  }
  return { checked, failures };
}

describe('sampleResource', () => {
  for (const id of BUILTIN_IDS) {
    it(`gives a valid sample for every version of the built-in ${id}`, () => {
      const r = checkAll(builtinCatalog(id));
      expect(r.checked).toBeGreaterThan(0);
      expect(r.failures).toEqual([]);
    });
  }
  for (const family of families) {
    it(`gives a valid sample for every version of every ${family} kind`, () => {
      const r = checkAll(importDir(path.join(CORPUS, family, 'crds'), family).catalog);
      expect(r.checked).toBeGreaterThan(0);
      expect(r.failures).toEqual([]);
    });
  }

  it('fills required fields and leaves optional ones out', () => {
    const cat = builtinCatalog('person-v1v2');
    const kind = cat.kinds[0];
    const v2 = kind?.versions.find((v) => v.name === 'v2');
    const specRef = v2?.types[v2.root]?.properties.find((p) => p.name === 'spec')?.type;
    const specType = specRef?.kind === 'object' ? v2?.types[specRef.name] : undefined;
    if (!kind || !specType) throw new Error('fixture changed');
    const doc = sampleResource(kind, 'v2') as { apiVersion: string; metadata: unknown; spec: Record<string, unknown> };
    const required = specType.properties.filter((p) => p.required).map((p) => p.name);
    expect(required).toContain('postalAddress');
    expect(Object.keys(doc.spec).sort()).toEqual([...required].sort());
    expect(doc.apiVersion).toBe(`${kind.group}/v2`);
    expect(doc.metadata).toEqual({ name: 'example' });
    expect(sampleResource(kind, 'nope')).toBeUndefined();
  });
});
