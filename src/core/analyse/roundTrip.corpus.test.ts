// Corpus-driven laws (CONVERSION.md §9): every multi-version kind of ../shared/corpus round-trips generated
// instances (1,000 per API version; cluster-api here, the rest in roundTrip.corpus2.test.ts) and every sample through the hub; the hub form of every sample validates
// against the hub's storage schema. New CRDs or samples in the corpus are covered without a new test.
import { expect, it } from 'vitest';
import { describeCorpus } from '../testdata/corpusSuite.ts';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import type { Catalog, Kind } from '../index.ts';
import { convertResource } from '../models/aso/convertResource.ts';
import { findKindForDocument } from '../catalog/findKindForDocument.ts';
import { roundTrip } from './roundTrip.ts';
import { corpusFuzz } from '../testdata/corpusFuzz.ts';
import { versionJsonSchema } from './versionJsonSchema.ts';
import { CORPUS, corpusUnits, importDir } from '../testdata/loadCatalogs.ts';
import { catalogForSample, samplesOf } from '../testdata/corpusSampleDocs.ts';

const units = corpusUnits().map((u) => ({ ...u, catalog: importDir(u.dir, u.id.replace('/', '-')).catalog }));

// cluster-api (the largest family) here; every other family in roundTrip.corpus2.test.ts.
corpusFuzz((u) => u.family === 'cluster-api');

const catalogFor = (family: string, file: string, doc: unknown): Catalog | undefined =>
  catalogForSample(units, family, file, doc);

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const validators = new Map<string, ValidateFunction>();
function validatorFor(cat: Catalog, kind: Kind, version: string): ValidateFunction {
  const key = `${cat.id}\u0000${kind.group}\u0000${kind.kind}\u0000${version}`;
  let v = validators.get(key);
  if (!v) {
    const { $id: _id, ...schema } = versionJsonSchema(cat, kind, version) as Record<string, unknown>;
    void _id;
    v = ajv.compile(schema);
    validators.set(key, v);
  }
  return v;
}

const under = (p: readonly (string | number)[], prefix: readonly (string | number)[]): boolean =>
  prefix.length <= p.length && prefix.every((s, i) => s === p[i]);

describeCorpus('corpus: every sample round-trips and its hub form validates', () => {
  for (const family of [...new Set(units.map((u) => u.family))]) {
    it(family, () => {
      const samples = samplesOf(family);
      let checked = 0;
      const failures: string[] = [];
      let invalid = 0;
      for (const s of samples) {
        const cat = catalogFor(family, s.file, s.doc);
        if (!cat) continue; // a Secret, a Namespace, or a kind of another family
        const found = findKindForDocument(cat, s.doc);
        const kind = found.kind as Kind;
        const version = found.version?.name as string;
        // Samples with placeholders (`appID: "**app ID goes here**"`) would be rejected by the API server:
        // only schema-valid ones (unknown fields aside: those are pruned) are held to the hub-schema check.
        const apiValidate = validatorFor(cat, kind, version);
        const valid =
          apiValidate(s.doc) || (apiValidate.errors ?? []).every((e) => e.keyword === 'additionalProperties');
        checked++;
        const where = `${path.relative(CORPUS, s.file)}#${s.index}`;
        const up = convertResource(cat, s.doc, 'hub', { fates: false });
        const pruned = up.issues.filter((i) => i.code === 'PRUNED').map((i) => i.path);
        const r = roundTrip(cat, s.doc);
        // Lossless up to what the API server prunes (reported as PRUNED, never carried).
        const lost = r.differences.filter((d) => !pruned.some((p) => under(d, p)));
        const other = r.issues.filter((i) => i.code !== 'ROUND_TRIP_MISMATCH');
        if (lost.length > 0 || other.length > 0)
          failures.push(`${where}: ${JSON.stringify({ lost, other: other.slice(0, 2) })}`);
        if (!valid) {
          invalid++;
          continue;
        }
        const hubValidate = validatorFor(cat, kind, kind.hub);
        if (!hubValidate(up.output))
          failures.push(`${where}: hub form invalid: ${JSON.stringify(hubValidate.errors?.slice(0, 2))}`);
      }
      void invalid;
      expect(failures).toEqual([]);
      expect(checked).toBeGreaterThan(0);
    });
  }
});
