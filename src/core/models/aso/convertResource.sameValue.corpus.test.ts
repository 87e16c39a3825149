// Corpus law: a field whose value comes out as it went in is not "converted" (an enum in a storage
// variant is a plain string; taking it back into the same enum changes nothing). Enumerates the
// corpus: the first samples of every family, converted to every API version of their kind.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import type { Catalog, Path } from '../../index.ts';
import { convertResource } from './convertResource.ts';
import { valueAt } from '../../model/jsonValue.ts';
import { findKindForDocument } from '../../catalog/findKindForDocument.ts';
import { corpusSamples, corpusUnits, importDir } from '../../testdata/loadCatalogs.ts';

const SAMPLES_PER_FAMILY = 4;

const at = (v: unknown, p: Path): unknown => valueAt(v, p);

const scalar = (v: unknown) => v === null || typeof v !== 'object';

const units = corpusUnits();
const families = [...new Set(units.map((u) => u.family))];

describe.each(families)('%s', (family) => {
  it('marks no field "converted" whose value and type did not change', () => {
    const catalogs: Catalog[] = units.filter((u) => u.family === family).map((u) => importDir(u.dir, u.id).catalog);
    let checked = 0;
    for (const file of corpusSamples(family)) {
      if (checked >= SAMPLES_PER_FAMILY) break;
      for (const d of parseAllDocuments(readFileSync(file, 'utf8'))) {
        const doc = d.toJS() as unknown;
        const catalog = catalogs.find((c) => findKindForDocument(c, doc).version);
        const kind = catalog && findKindForDocument(catalog, doc).kind;
        if (!catalog || !kind) continue;
        checked++;
        for (const v of kind.versions.filter((x) => x.role === 'api')) {
          const r = convertResource(catalog, doc, v.name);
          for (const f of r.fates) {
            if (f.kind !== 'converted' || !f.sourcePath || !f.targetPath) continue;
            const before = at(doc, f.sourcePath);
            if (!scalar(before)) continue;
            expect({ file, to: v.name, path: f.sourcePath, same: at(r.output, f.targetPath) === before }).toEqual({
              file,
              to: v.name,
              path: f.sourcePath,
              same: false,
            });
          }
        }
      }
    }
  });
});

describe('Gateway API HTTPRoute v1beta1 -> v1 (identical schemas)', () => {
  it('copies the enum fields: no field is converted', () => {
    const u = units.find((x) => x.id === 'gateway-api/v1.6.1-standard');
    if (!u) return;
    const { catalog } = importDir(u.dir, u.id);
    const doc = {
      apiVersion: 'gateway.networking.k8s.io/v1beta1',
      kind: 'HTTPRoute',
      metadata: { name: 'r' },
      spec: { rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/a' } }] }] },
    };
    const r = convertResource(catalog, doc, 'v1');
    expect(r.fates.filter((f) => f.kind === 'converted').map((f) => f.sourcePath)).toEqual([]);
    expect(at(r.output, ['spec', 'rules', 0, 'matches', 0, 'path', 'type'])).toBe('PathPrefix');
  });
});
