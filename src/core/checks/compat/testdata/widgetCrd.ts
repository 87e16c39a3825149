// The compat tests' Widget CRD (widget-crd.yaml), with the accessors and runners they edit and check it with.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import YAML from 'yaml';
import { importFiles } from '../../../../importers/index.ts';
import type { Catalog } from '../../../model/model.ts';
import { checkCatalogs } from '../checkCatalogs.ts';
import { formatSchemaPath } from '../compareSchemas.ts';

export type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const BASE = readFileSync(path.join(import.meta.dirname, 'widget-crd.yaml'), 'utf8');
export const base = (): Rec => YAML.parse(BASE) as Rec;
export const version = (crd: Rec, i = 0): Rec => crd.spec.versions[i];
const root = (crd: Rec, i = 0): Rec => version(crd, i).schema.openAPIV3Schema;
export const props = (crd: Rec, i = 0): Rec => root(crd, i).properties.spec.properties;
export const spec = (crd: Rec, i = 0): Rec => root(crd, i).properties.spec;

export function catalogOf(...crds: Rec[]): Catalog {
  const r = importFiles(crds.map((c, i) => ({ name: `crd${i}.yaml`, text: YAML.stringify(c) })));
  expect(r.issues.filter((x) => x.severity === 'error')).toEqual([]);
  return r.catalog;
}

/** A second version (v1) beside v1beta1, same schema, served, not storage. */
export function twoVersions(crd: Rec): Rec {
  const v1 = structuredClone(version(crd));
  v1.name = 'v1';
  v1.storage = false;
  crd.spec.versions.push(v1);
  return crd;
}

export const found = (old: Rec, neu: Rec, withHarmless = false) =>
  checkCatalogs(catalogOf(old), catalogOf(neu))
    .findings.filter((f) => withHarmless || f.severity !== 'harmless')
    .map((f) => ({ rule: f.rule, path: formatSchemaPath(f.path), ...(f.version ? { version: f.version } : {}) }));

export const WEBHOOK = {
  strategy: 'Webhook',
  webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: 'https://x.example/convert' } },
};
