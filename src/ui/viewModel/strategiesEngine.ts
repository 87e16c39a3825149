// Worker side of the Strategies tab: seed 003's storage design comparison for one kind, and the catalog's census.
// Both are pure functions of the catalog (and the options), so each answer is cached per catalog object.
import type { Catalog, Census, Issue, StrategyComparison } from '../../core/index.ts';
import { changeCensus, compareStrategies } from '../../core/index.ts';
import type { StrategiesRequest } from './types.ts';

const comparisons = new WeakMap<Catalog, Map<string, { comparison?: StrategyComparison; issues: readonly Issue[] }>>();
const censuses = new WeakMap<Catalog, Census>();

export function strategiesOf(
  catalog: Catalog,
  req: StrategiesRequest,
): { comparison?: StrategyComparison; issues: readonly Issue[] } {
  let byKey = comparisons.get(catalog);
  if (!byKey) {
    byKey = new Map();
    comparisons.set(catalog, byKey);
  }
  const key = JSON.stringify([req.group, req.kind, req.horizon ?? null, req.at ?? null]);
  const hit = byKey.get(key);
  if (hit) return hit;
  const r = compareStrategies(
    catalog,
    { group: req.group, kind: req.kind },
    {
      ...(req.horizon !== undefined ? { horizon: req.horizon } : {}),
      ...(req.at !== undefined ? { at: req.at } : {}),
    },
  );
  byKey.set(key, r);
  return r;
}

export function censusOf(catalog: Catalog): Census {
  let c = censuses.get(catalog);
  if (!c) {
    c = changeCensus([catalog]).census;
    censuses.set(catalog, c);
  }
  return c;
}
