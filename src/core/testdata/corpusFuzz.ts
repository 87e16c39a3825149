// Test-only: the corpus fuzz law, shared by the two corpus test files (split so vitest runs them in parallel).
import { it } from 'vitest';
import { describeCorpus } from './corpusSuite.ts';
import fc from 'fast-check';
import { arbitraryInstance } from '../testing/arbitrary.ts';
import { roundTrip } from '../analyse/roundTrip.ts';
import { corpusUnits, importDir, type CorpusUnit } from './loadCatalogs.ts';

const API_RUNS = Number(process.env.CORPUS_RUNS ?? 1000);

/** Every version of every multi-version kind of the selected corpus units: API versions 1,000 instances each. */
export function corpusFuzz(select: (u: CorpusUnit) => boolean): void {
  const units = corpusUnits()
    .filter(select)
    .map((u) => ({ ...u, catalog: importDir(u.dir, u.id.replace('/', '-')).catalog }));
  describeCorpus('corpus: generated instances round-trip through the hub', () => {
    for (const u of units) {
      for (const kind of u.catalog.kinds) {
        if (kind.versions.filter((v) => v.role === 'api').length < 2) continue;
        for (const v of kind.versions) {
          const runs = v.role === 'api' ? API_RUNS : Math.ceil(API_RUNS / 10);
          it(`${u.id} ${kind.kind} ${v.name} x${runs}`, () => {
            let n = 0;
            fc.assert(
              fc.property(
                // broad and shallow, or narrow and deep: both stay small enough for 1,000 per version
                fc.oneof(
                  arbitraryInstance(u.catalog, kind, v.name, { maxDepth: 2, maxItems: 2 }),
                  arbitraryInstance(u.catalog, kind, v.name, { maxDepth: 6, maxItems: 1 }),
                ),
                (doc) => {
                  const r = roundTrip(u.catalog, doc);
                  if (!r.ok) throw new Error(JSON.stringify(r.issues.slice(0, 3)));
                  // deterministic: the same bytes twice (checked on every 10th instance to keep the suite fast)
                  if (n++ % 10 === 0 && JSON.stringify(roundTrip(u.catalog, doc).via) !== JSON.stringify(r.via))
                    throw new Error('not deterministic');
                },
              ),
              { numRuns: runs, seed: 20261122 },
            );
          });
        }
      }
    }
  });
}
