import { describe, expect, it } from 'vitest';
import type { VersionMap } from './strategyTypes.ts';
import { layoutVersionMap, versionMapSvg } from './versionMapLayout.ts';

const map = (n: number): VersionMap => ({
  storage: 'v1',
  nodes: [
    { id: 'v1', role: 'storage', status: 'current', preview: false },
    ...Array.from({ length: n }, (_, i) => ({
      id: `2019-0${i}-01<&>`,
      role: 'version' as const,
      status: i < 2 ? ('retired' as const) : ('current' as const),
      preview: false,
    })),
  ],
  edges: Array.from({ length: n }, (_, i) => ({
    from: `2019-0${i}-01<&>`,
    to: 'v1',
    kind: i < 2 ? ('lost' as const) : ('converts' as const),
    notes: [],
  })),
});

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('layoutVersionMap', () => {
  for (const n of [1, 2, 4, 10])
    it(`puts the storage node in the middle and ${n} version(s) around it, none overlapping, all inside`, () => {
      const l = layoutVersionMap(map(n));
      const [hub, ...spokes] = l.nodes;
      expect(hub?.role).toBe('storage');
      expect((hub?.x ?? 0) + (hub?.width ?? 0) / 2).toBeCloseTo(l.width / 2, 0);
      const all = l.nodes;
      for (let i = 0; i < all.length; i++) {
        const a = all[i] as (typeof all)[number];
        expect(a.x).toBeGreaterThanOrEqual(0);
        expect(a.y).toBeGreaterThanOrEqual(0);
        expect(a.x + a.width).toBeLessThanOrEqual(l.width);
        expect(a.y + a.height).toBeLessThanOrEqual(l.height);
        for (let j = i + 1; j < all.length; j++) expect(overlap(a, all[j] as typeof a)).toBe(false);
      }
      expect(spokes).toHaveLength(n);
      // every line runs from a version's centre to the storage node's centre
      for (const e of l.edges) {
        const from = l.nodes.find((x) => x.id === e.from);
        expect(e.x1).toBeCloseTo((from?.x ?? 0) + (from?.width ?? 0) / 2, 0);
        expect(e.x2).toBeCloseTo((hub?.x ?? 0) + (hub?.width ?? 0) / 2, 0);
      }
    });

  it('writes a standalone SVG with labels escaped and retired versions dashed', () => {
    const svg = versionMapSvg(map(3), 'a <title> & more');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('<title>a &lt;title&gt; &amp; more</title>');
    expect(svg).toContain('2019-00-01&lt;&amp;&gt;');
    expect(svg).not.toContain('01<&>');
    expect(svg.match(/stroke-dasharray="4 3"/g)).toHaveLength(2);
    expect(versionMapSvg(map(3), 't')).toBe(versionMapSvg(map(3), 't'));
  });
});
