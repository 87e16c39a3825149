// loadCatalog rejects what would fail later: duplicate kinds or versions, a cyclic conversion graph, an API
// version as the hub. Each with its code and the path of the offending entry.
import { describe, expect, it } from 'vitest';
import { loadCatalog } from './catalogSchema.ts';
import type { Catalog, Kind } from '../model/model.ts';
import { personV1V2 } from '../testdata/fixtures.ts';

const clone = (): Catalog => JSON.parse(JSON.stringify(personV1V2())) as Catalog;
const codes = (c: Catalog) => loadCatalog(JSON.parse(JSON.stringify(c))).issues.map((i) => [i.code, i.path]);

describe('loadCatalog integrity', () => {
  it('accepts the fixture as is', () => {
    expect(codes(clone())).toEqual([]);
  });

  it('rejects a duplicate kind', () => {
    const c = clone();
    const k = c.kinds[0] as Kind;
    const out = codes({ ...c, kinds: [k, k] });
    expect(out).toEqual([['DUPLICATE_KIND', ['kinds', 1, 'kind']]]);
  });

  it('rejects a duplicate version', () => {
    const c = clone();
    const k = c.kinds[0] as Kind;
    const last = k.versions.length;
    const out = codes({
      ...c,
      kinds: [{ ...k, versions: [...k.versions, k.versions[0] as Kind['versions'][number]] }],
    });
    expect(out).toEqual([['DUPLICATE_VERSION', ['kinds', 0, 'versions', last, 'name']]]);
  });

  it('rejects an API version as the hub', () => {
    const c = clone();
    const k = c.kinds[0] as Kind;
    const api = k.versions.find((v) => v.role === 'api')?.name as string;
    expect(codes({ ...c, kinds: [{ ...k, hub: api }] })).toContainEqual(['HUB_NOT_STORAGE', ['kinds', 0, 'hub']]);
  });

  it('rejects a cycle in a conversion graph, of any length', () => {
    const c = clone();
    const k = c.kinds[0] as Kind;
    const names = k.versions.map((v) => v.name);
    const edges = names.map((from, i) => ({ from, to: names[(i + 1) % names.length] as string }));
    const out = codes({ ...c, kinds: [{ ...k, graphs: { ...k.graphs, direct: { strategy: 'direct', edges } } }] });
    expect(out).toHaveLength(1);
    expect(out[0]?.[0]).toBe('GRAPH_CYCLE');
    expect(out[0]?.[1]).toEqual(['kinds', 0, 'graphs', 'direct', 'edges', expect.any(Number)]);
  });
});
