import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { arbitraryInstance } from '../testing/arbitrary.ts';
import { convertResource } from '../models/aso/convertResource.ts';
import { readWriteBack, roundTrip } from './roundTrip.ts';
import { hookRegistry } from '../plan/hooks.ts';
import { chained, gap, personV1V2, serviceFabric } from '../testdata/fixtures.ts';

const catalogs = [serviceFabric(), personV1V2(), chained(), gap()];
// gap's `secret` is `conversion: manual`: a hook owns it on every edge.
const copySecret = (s: Readonly<Record<string, unknown>>, d: Record<string, unknown>): void => {
  if (s.secret !== undefined) d.secret = s.secret;
};
const gapHooks = hookRegistry([
  {
    kind: 'Gadget',
    from: '*',
    to: '*',
    type: 'GadgetSpec',
    hook: { afterToHub: copySecret, afterFromHub: copySecret },
  },
]);
const hooksOf = (id: string) => (id === 'gap' ? { hooks: gapHooks } : {});

describe('roundTrip', () => {
  for (const cat of catalogs) {
    for (const kind of cat.kinds) {
      for (const strategy of ['direct', 'chained'] as const) {
        for (const v of kind.versions) {
          it(`${cat.id} ${kind.kind} ${v.name} -> hub -> ${v.name} is lossless (${strategy})`, () => {
            fc.assert(
              fc.property(arbitraryInstance(cat, kind, v.name), (doc) => {
                const r = roundTrip(cat, doc, { strategy, ...hooksOf(cat.id) });
                if (!r.ok) throw new Error(JSON.stringify(r.issues.slice(0, 3)));
                const again = roundTrip(cat, doc, { strategy, ...hooksOf(cat.id) });
                expect(JSON.stringify(again.back)).toBe(JSON.stringify(r.back));
              }),
              { numRuns: 200 },
            );
          });
        }
      }
    }
  }

  it('reports differences as ROUND_TRIP_MISMATCH with paths', () => {
    const cat = personV1V2();
    // a hook that drops `name` on the way to the hub: a real loss
    const hooks = hookRegistry([
      {
        kind: 'Person',
        from: '*',
        to: '*',
        type: 'PersonSpec',
        hook: {
          afterToHub: (_s, d) => {
            delete d.name;
          },
          afterFromHub: () => undefined,
        },
      },
    ]);
    const doc = { apiVersion: 'example.com/v1', kind: 'Person', metadata: {}, spec: { name: 'a' } };
    const r = roundTrip(cat, doc, { hooks });
    expect(r.ok).toBe(false);
    expect(r.lost).toEqual([['spec', 'name']]);
    expect(r.issues.filter((i) => i.code === 'ROUND_TRIP_MISMATCH').map((i) => i.path)).toEqual([['spec', 'name']]);
  });

  it('does not count a field the schema prunes as lost (the API server never stores it)', () => {
    const cat = personV1V2();
    const doc = { apiVersion: 'example.com/v1', kind: 'Person', metadata: {}, spec: { name: 'a', junk: 1 } };
    const r = roundTrip(cat, doc);
    expect(r.differences).toEqual([['spec', 'junk']]);
    expect(r.pruned).toEqual([['spec', 'junk']]);
    expect(r.lost).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.issues.map((i) => i.code)).toEqual([]);
    const wb = readWriteBack(cat, doc, 'v1');
    expect(wb.lost).toEqual([]);
    expect(wb.ok).toBe(true);
  });

  it('read at an older version and write back: reports what the older client destroys', () => {
    const cat = chained();
    const v3 = {
      apiVersion: 'example.com/v3',
      kind: 'Widget',
      metadata: {},
      spec: { newName: 'n', extra: { id: 'x' } },
      status: { message: 'm' },
    };
    const r = readWriteBack(cat, v3, 'v2');
    expect(r.lost.map((p) => p.join('.'))).toEqual(['spec.extra', 'status.message']);
    expect(r.lostAtRead.map((f) => f.sourcePath?.join('.'))).toEqual(['spec.extra', 'status.message']);
  });

  for (const cat of [chained(), gap()])
    it(`chained: hub -> every older storage version -> hub is lossless for generated hub documents (${cat.id})`, () => {
      const kind = cat.kinds[0]!;
      fc.assert(
        fc.property(arbitraryInstance(cat, kind, 'v3'), (doc) => {
          const hub = convertResource(cat, doc, 'hub', {
            strategy: 'chained',
            fates: false,
            ...hooksOf(cat.id),
          }).output;
          for (const v of kind.versions.filter((x) => x.role === 'storage')) {
            const r = roundTrip(cat, hub, { strategy: 'chained', via: v.name, ...hooksOf(cat.id) });
            if (!r.ok) throw new Error(`${v.name}: ${JSON.stringify(r.issues.slice(0, 3))}`);
          }
        }),
        { numRuns: 200 },
      );
    });
});
