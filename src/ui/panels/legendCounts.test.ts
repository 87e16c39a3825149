import { describe, expect, it } from 'vitest';
import { legendCounts } from './legendCounts.ts';
import { fateTitle, ghostNote } from './fates.ts';
import type { BagEntry, LostEntry, PaneView } from '../viewModel/types.ts';

const pane = (counts: PaneView['counts']): PaneView =>
  ({ version: 'v', lines: { size: 0 }, counts }) as unknown as PaneView;

describe('legendCounts', () => {
  it('counts lost, pruned and bagged as the Lost and Property bag tabs list them, the rest as the panes show', () => {
    const lost: LostEntry[] = [
      { kind: 'lost', path: ['spec', 'a'], reason: 'r', stage: 'target' },
      { kind: 'lost', path: ['spec', 'b'], reason: 'r', stage: 'target' },
      { kind: 'pruned', path: ['spec', 'c'], reason: 'r', stage: 'hub' },
    ];
    const bag = [{ path: ['spec', '$propertyBag', 'A'], key: 'A', raw: '1', decoded: 1 }] as BagEntry[];
    const c = legendCounts({ hub: pane({ copied: 3, bagged: 5 }), target: pane({ copied: 4, renamed: 1 }), lost, bag });
    expect(c).toEqual({ copied: 4, renamed: 1, bagged: 1, lost: 2, pruned: 1 });
    expect((c.lost ?? 0) + (c.pruned ?? 0)).toBe(lost.length);
  });

  it('is empty with nothing shown', () => {
    expect(legendCounts(undefined)).toEqual({});
  });
});

describe('fate hovers', () => {
  it('never repeat the fate as its reason', () => {
    expect(fateTitle('converted', 'converted')).not.toBe('converted: converted');
    expect(fateTitle('copied', 'copied')).toMatch(/^copied: .+/);
    expect(fateTitle('copied', 'copied')).not.toBe('copied: copied');
    expect(fateTitle('lost', 'the destination has no property bag')).toBe('lost: the destination has no property bag');
  });

  it('say in plain words what a version lacks', () => {
    expect(ghostNote('lost', 'patchesStrategicMerge', 'v2')).toContain('v2 has no `patchesStrategicMerge`');
  });
});
