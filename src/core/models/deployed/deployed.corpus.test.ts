// Every corpus CRD whose file declares no webhook: every sample, written at its version and read at every served
// version, gives what the pipeline defines, checked by walkers written here independently of the pipeline.
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { expect, it } from 'vitest';
import type { Catalog, DeployedResult, Kind, Path, Schema, Version } from '../../index.ts';
import {
  apiVersionOf,
  deployedStorageVersion,
  deployedVersions,
  findKindForDocument,
  runDeployed,
} from '../../index.ts';
import { corpusSamples, corpusUnits, importDir } from '../../testdata/loadCatalogs.ts';
import { describeCorpus } from '../../testdata/corpusSuite.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const META = new Set(['apiVersion', 'kind', 'metadata']);

/** Keys a schema does not allow at their place (root and embedded resources allow apiVersion/kind/metadata). */
function disallowed(x: unknown, s: Schema | undefined, root: boolean, at: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(x)) {
    x.forEach((v, i) => disallowed(v, isObj(s?.items) ? s.items : undefined, false, [...at, i], out));
    return out;
  }
  if (!isObj(x)) return out;
  const props = isObj(s?.properties) ? s.properties : {};
  const extra = s?.additionalProperties;
  const preserve = s?.['x-kubernetes-preserve-unknown-fields'] === true;
  const embedded = root || s?.['x-kubernetes-embedded-resource'] === true;
  for (const k of Object.keys(x)) {
    if (embedded && META.has(k)) continue;
    const p = Object.hasOwn(props, k) && isObj(props[k]) ? props[k] : undefined;
    if (p) disallowed(x[k], p, false, [...at, k], out);
    else if (extra !== undefined) disallowed(x[k], isObj(extra) ? extra : undefined, false, [...at, k], out);
    else if (!preserve) out.push([...at, k]);
  }
  return out;
}

/** Properties with a default missing from objects of `x` (reached through declared properties only). */
function missingDefaults(x: unknown, s: Schema | undefined, at: Path = [], out: Path[] = []): Path[] {
  if (!s) return out;
  if (Array.isArray(x)) {
    x.forEach((v, i) => missingDefaults(v, isObj(s.items) ? s.items : undefined, [...at, i], out));
    return out;
  }
  if (!isObj(x) || !isObj(s.properties)) return out;
  for (const [k, p] of Object.entries(s.properties)) {
    if (!isObj(p)) continue;
    if (p.default !== undefined && p.default !== null && !Object.hasOwn(x, k)) out.push([...at, k]);
    if (Object.hasOwn(x, k)) missingDefaults(x[k], p, [...at, k], out);
  }
  return out;
}

function leaves(x: unknown, at: Path = [], out: [Path, unknown][] = []): [Path, unknown][] {
  if (Array.isArray(x)) x.forEach((v, i) => leaves(v, [...at, i], out));
  else if (isObj(x)) for (const k of Object.keys(x)) leaves(x[k], [...at, k], out);
  else out.push([at, x]);
  return out;
}

function valueAt(x: unknown, p: Path): unknown {
  let v = x;
  for (const seg of p) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, seg)) return undefined;
    v = (v as Record<string | number, unknown>)[seg];
  }
  return v;
}

const under = (p: Path, prefix: Path): boolean => prefix.length <= p.length && prefix.every((s, i) => s === p[i]);

interface Run {
  readonly catalog: Catalog;
  readonly kind: Kind;
  readonly from: Version;
  readonly doc: Obj;
}

function runsOf(): { unit: string; runs: Run[] }[] {
  return corpusUnits().map((unit) => {
    const { catalog } = importDir(unit.dir, unit.id);
    const runs: Run[] = [];
    for (const file of corpusSamples(unit.family))
      for (const d of parseAllDocuments(readFileSync(file, 'utf8'))) {
        const doc = d.toJS() as unknown;
        const found = findKindForDocument(catalog, doc);
        if (!found.kind || !found.version || found.kind.conversionStrategy === 'Webhook' || found.kind.aso) continue;
        runs.push({ catalog, kind: found.kind, from: found.version, doc: doc as Obj });
      }
    return { unit: unit.id, runs };
  });
}

const units = runsOf();

describeCorpus('the deployed view over the corpus', () => {
  it('has samples to check', () => {
    expect(units.reduce((n, u) => n + u.runs.length, 0)).toBeGreaterThan(100);
  });

  it.each(units.filter((u) => u.runs.length > 0).map((u) => [u.unit, u.runs] as const))(
    '%s: stored and target hold only what their schemas allow, defaults present, nothing lost or invented silently',
    (_, runs) => {
      for (const { catalog, kind, from, doc } of runs) {
        const S = deployedStorageVersion(kind);
        for (const T of deployedVersions(kind).filter((v) => v.served)) {
          const r: DeployedResult = runDeployed(catalog, kind, from, doc, T, { fates: false });
          const where = `${kind.kind} ${from.name} -> ${T.name}`;
          expect(r.stored.apiVersion, where).toBe(apiVersionOf(kind.group, S.name));
          expect(r.target.apiVersion, where).toBe(apiVersionOf(kind.group, T.name));
          expect(disallowed(r.stored, S.schema, true), where).toEqual([]);
          expect(disallowed(r.target, T.schema, true), where).toEqual([]);
          if (T === S) expect(missingDefaults(r.target, S.schema), where).toEqual([]);
          const fatePaths = r.fates.map((f) => f.path);
          // every input leaf is in the target unchanged, or a fate covers it (or metadata was normalised)
          for (const [p, v] of leaves(doc)) {
            if (p[0] === 'apiVersion' || p[0] === 'metadata') continue;
            if (Object.is(valueAt(r.target, p), v)) continue;
            expect(
              fatePaths.some((f) => under(p, f)),
              `${where}: ${JSON.stringify(p)} vanished without a fate`,
            ).toBe(true);
          }
          // every target leaf came from the input or from a default
          const defaulted = r.fates.filter((f) => f.kind === 'defaulted').map((f) => f.path);
          for (const [p, v] of leaves(r.target)) {
            if (p[0] === 'apiVersion' || p[0] === 'metadata') continue;
            if (Object.is(valueAt(doc, p), v)) continue;
            expect(
              defaulted.some((f) => under(p, f)),
              `${where}: ${JSON.stringify(p)} appeared from nowhere`,
            ).toBe(true);
          }
        }
      }
    },
  );
});

describeCorpus('Flux HelmRelease v2beta1 with post-renderer patches, written and read at v2', () => {
  const flux = units.find((u) => u.unit === 'fluxcd-helm-controller');
  const withPatches = (flux?.runs ?? []).filter(
    (r) =>
      r.from.name === 'v2beta1' &&
      Array.isArray((r.doc.spec as Obj | undefined)?.postRenderers) &&
      ((r.doc.spec as Obj).postRenderers as Obj[]).some((p) => isObj(p.kustomize) && p.kustomize.patchesStrategicMerge),
  );

  it('the corpus has one', () => {
    expect(withPatches.length).toBeGreaterThan(0);
  });

  it.each(withPatches.map((r, i) => [i, r] as const))('sample %i: the patches are dropped on write by v2', (_, run) => {
    const v2 = run.kind.versions.find((v) => v.name === 'v2')!;
    const r = runDeployed(run.catalog, run.kind, run.from, run.doc, v2);
    const expected = ((run.doc.spec as Obj).postRenderers as Obj[]).flatMap((p, i) =>
      isObj(p.kustomize) && p.kustomize.patchesStrategicMerge !== undefined
        ? [['spec', 'postRenderers', i, 'kustomize', 'patchesStrategicMerge']]
        : [],
    );
    const dropped = r.fates.filter((f) => f.kind === 'dropped-on-write' && f.by === 'v2').map((f) => f.path);
    for (const p of expected) expect(dropped).toContainEqual(p);
    expect(r.issues.filter((i) => i.code === 'DROPPED_ON_WRITE').map((i) => i.path)).toEqual(
      expect.arrayContaining(expected),
    );
    for (const p of expected) expect(valueAt(r.stored, p)).toBeUndefined();
    // reading back at the version it was written at does not return them either
    const back = runDeployed(run.catalog, run.kind, run.from, run.doc, run.from);
    for (const p of expected) expect(valueAt(back.target, p)).toBeUndefined();
  });
});
