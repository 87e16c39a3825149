// The storage-model seam: ASO's model through the seam gives what the default conversion gives, and another
// model plugs in beside it (here a toy "apiVersion only" model, the shape of the API server's `None`
// strategy) through the public API alone.
import { describe, expect, it } from 'vitest';
import {
  asoPlannedModel,
  convertResource,
  MODELS,
  roundTrip,
  type Fate,
  type Kind,
  type PlannedModel,
} from '../index.ts';
import { builtinCatalog } from '../testdata/loadCatalogs.ts';
import { chained, personV1V2 } from '../testdata/fixtures.ts';

const v1 = {
  apiVersion: 'example.com/v1',
  kind: 'Widget',
  metadata: { name: 'w' },
  spec: { oldName: 'o', colour: 'red' },
};

describe('StorageModel seam', () => {
  it('the ASO model through the seam converts as the default does', () => {
    for (const to of ['hub', 'v2', 'v1']) {
      const viaSeam = convertResource(chained(), v1, to, { model: asoPlannedModel });
      const direct = convertResource(chained(), v1, to);
      expect(viaSeam.output).toEqual(direct.output);
      expect(viaSeam.fates).toEqual(direct.fates);
      expect(viaSeam.path).toEqual(direct.path);
    }
  });

  // Stores at the newest API version; converting rewrites only apiVersion (every field copied as is).
  const storedAt = (k: Kind) => k.versions.filter((v) => v.role === 'api').at(-1)?.name ?? k.hub;
  const apiVersionOnly: PlannedModel = {
    id: 'deployed',
    title: 'apiVersion only',
    versions: (k) => k.versions.filter((v) => v.role === 'api'),
    storageVersion: storedAt,
    fateKinds: ['copied'],
    plan: (_c, kind, from, to) => ({
      plan: {
        group: kind.group,
        kind: kind.kind,
        from: from.name,
        to: to.name,
        strategy: kind.strategy,
        path: [from.name, to.name],
        hops: [{ from: from.name, to: to.name, direction: 'up', types: [] }],
      },
      issues: [],
    }),
    execute: (_c, kind, plan, doc) => {
      const fates: Fate[] = Object.keys((doc.spec ?? {}) as object).map((k) => ({
        kind: 'copied',
        sourcePath: ['spec', k],
        targetPath: ['spec', k],
        causes: [{ rule: 'copy', hop: { from: plan.from, to: plan.to } }],
        reason: 'copied',
      }));
      return {
        output: { ...doc, apiVersion: `${kind.group}/${plan.to}` },
        from: plan.from,
        to: plan.to,
        path: plan.path,
        fates,
        issues: [],
      };
    },
  };

  it('another model plugs in beside ASO and is chosen per conversion', () => {
    const r = convertResource(chained(), v1, 'hub', { model: apiVersionOnly });
    expect(r.to).toBe(storedAt(chained().kinds[0] as Kind));
    expect(r.output).toEqual({ ...v1, apiVersion: `example.com/${r.to}` });
    expect(r.fates.map((f) => f.causes[0]?.rule)).toEqual(['copy', 'copy']);
    // ASO's conversion of the same document is unchanged by the other model's existence
    expect(convertResource(chained(), v1, 'hub').to).toBe(chained().kinds[0]?.hub);
  });

  it('round trips run through the chosen model', () => {
    const doc = { apiVersion: 'example.com/v1', kind: 'Person', metadata: {}, spec: { name: 'a' } };
    const r = roundTrip(personV1V2(), doc, { model: apiVersionOnly });
    expect(r.ok).toBe(true);
    expect(r.via).toMatchObject({ apiVersion: 'example.com/v2' });
  });
});

describe('MODELS: one model per view', () => {
  const sf = builtinCatalog('servicefabric');
  const kind = sf.kinds[0] as Kind;
  const from = kind.versions.find((v) => v.role === 'api' && v.name !== kind.hub.replace(/storage$/, ''))!;
  const doc = { apiVersion: `${kind.group}/${from.name}`, kind: kind.kind, metadata: { name: 'c' }, spec: {} };

  it('As deployed offers only the CRD’s own versions and stores at one of them', () => {
    const m = MODELS.deployed;
    expect(m.versions(kind).every((v) => !v.derived)).toBe(true);
    expect(m.versions(kind).map((v) => v.name)).toContain(m.storageVersion(kind));
    const run = m.run(sf, kind, from, doc, from);
    expect(run.view).toBe('deployed');
    if (run.view === 'deployed') expect(run.result.storage).toBe(m.storageVersion(kind));
  });

  it('the ASO design stores at the hub and reads through it', () => {
    const m = MODELS.aso;
    expect(m.storageVersion(kind)).toBe(kind.hub);
    const run = m.run(sf, kind, from, doc, from);
    expect(run.view).toBe('aso');
    if (run.view === 'aso') {
      expect(run.hub.to).toBe(kind.hub);
      expect(run.target.to).toBe(from.name);
    }
  });
});
