// The version map's placement: which storage versions are drawn where for each strategy, and which edges are on
// the path from the source and the target to the hub.
import { describe, expect, it } from 'vitest';
import type { KindSummary, VersionSummary } from '../viewModel/types.ts';
import { edgePath, placeVersionMap } from './versionMapPlacement.ts';

const api = (name: string): VersionSummary => ({
  name,
  role: 'api',
  served: true,
  crdStorage: false,
  deprecated: false,
});
const storage = (name: string, twin: string): VersionSummary => ({ ...api(name), role: 'storage', twin });

// v1, v2, v3 with storage twins; the hub is v3storage. Chained: v1storage -> v2storage -> v3storage.
const kind: KindSummary = {
  group: 'example.com',
  kind: 'Widget',
  hub: 'v3storage',
  hubReason: 'newest',
  strategy: 'chained',
  versions: [
    api('v1'),
    api('v2'),
    api('v3'),
    storage('v1storage', 'v1'),
    storage('v2storage', 'v2'),
    storage('v3storage', 'v3'),
  ],
  graphs: {
    direct: {
      strategy: 'direct',
      edges: [
        { from: 'v1', to: 'v3storage' },
        { from: 'v2', to: 'v3storage' },
        { from: 'v3', to: 'v3storage' },
      ],
    },
    chained: {
      strategy: 'chained',
      edges: [
        { from: 'v1', to: 'v1storage' },
        { from: 'v2', to: 'v2storage' },
        { from: 'v3', to: 'v3storage' },
        { from: 'v1storage', to: 'v2storage' },
        { from: 'v2storage', to: 'v3storage' },
      ],
    },
  },
};

describe('placeVersionMap', () => {
  it('chained: every storage version under its twin, and the path runs through the chain', () => {
    const p = placeVersionMap(kind, 'chained', 'v1', 'v3');
    expect(p.shownStorage.map((v) => v.name)).toEqual(['v1storage', 'v2storage', 'v3storage']);
    for (const [s, a] of [
      ['v1storage', 'v1'],
      ['v2storage', 'v2'],
      ['v3storage', 'v3'],
    ] as const)
      expect(p.pos.get(s)?.x).toBe(p.pos.get(a)?.x);
    expect(p.pos.get('v1storage')!.y).toBeGreaterThan(p.pos.get('v1')!.y);
    expect(p.edges).toHaveLength(5);
    expect([...p.onPath].sort()).toEqual([
      'v1>v1storage',
      'v1storage>v2storage',
      'v2storage>v3storage',
      'v3>v3storage',
    ]);
  });

  it('direct: only the hub among the storage versions, centred under the API row', () => {
    const p = placeVersionMap(kind, 'direct', 'v2', 'v1');
    expect(p.shownStorage.map((v) => v.name)).toEqual(['v3storage']);
    expect(p.pos.get('v3storage')?.x).toBe(p.pos.get('v2')?.x);
    expect([...p.onPath].sort()).toEqual(['v1>v3storage', 'v2>v3storage']);
    expect(p.edges.every((e) => p.pos.has(e.from) && p.pos.has(e.to))).toBe(true);
  });

  it('no path without both a source and a target; a strategy the kind lacks falls back to its own', () => {
    expect(placeVersionMap(kind, 'chained', 'v1', undefined).onPath.size).toBe(0);
    const { direct: _, ...onlyChained } = kind.graphs;
    const p = placeVersionMap({ ...kind, graphs: onlyChained }, 'direct', 'v1', 'v2');
    expect(p.edges.map((e) => `${e.from}>${e.to}`)).toEqual(['v3>v3storage']);
  });

  it('nodes are wide enough for the longest name, and the drawing for every node', () => {
    const long = { ...kind, versions: [...kind.versions, api('v4alpha1-experimental')] };
    const p = placeVersionMap(long, 'chained', undefined, undefined);
    expect(p.w).toBeGreaterThan(placeVersionMap(kind, 'chained', undefined, undefined).w);
    for (const at of p.pos.values()) expect(at.x + p.w).toBeLessThanOrEqual(p.width);
  });
});

describe('edgePath', () => {
  it('joins facing sides within a row, bottom to top between rows', () => {
    expect(edgePath({ x: 0, y: 10 }, { x: 200, y: 10 }, 100)).toBe('M100,28 L200,28');
    expect(edgePath({ x: 200, y: 10 }, { x: 0, y: 10 }, 100)).toBe('M200,28 L100,28');
    expect(edgePath({ x: 0, y: 10 }, { x: 0, y: 150 }, 100)).toBe('M50,46 L50,150');
  });
});
