// The legend's counts: the most of each fate either pane shows, except where a tab lists the same things,
// where the legend says what the tab says (lost and pruned: the Lost tab; in the bag: the Property bag tab).
import type { FateKind } from '../../core/index.ts';
import type { ExploreResult } from '../viewModel/types.ts';

export type LegendCounts = Partial<Record<FateKind, number>>;

export function legendCounts(
  shown: Pick<ExploreResult, 'hub' | 'target' | 'lost' | 'bag' | 'deployed' | 'verdict'> | undefined,
): LegendCounts {
  const out = new Map<FateKind, number>();
  // The as-deployed view has no bag or Lost tab: its panes' own counts, and the verdict's losses.
  if (shown?.deployed) {
    for (const v of [shown.deployed.stored.counts, shown.deployed.target.counts])
      for (const [k, n] of Object.entries(v ?? {}) as [FateKind, number | undefined][])
        out.set(k, Math.max(out.get(k) ?? 0, n ?? 0));
    // Dropped fields are not in the panes (they are gone): the verdict counts them.
    if (shown.verdict) out.set('lost', shown.verdict.lost.length);
    return Object.fromEntries(out) as LegendCounts;
  }
  for (const v of [shown?.hub?.counts, shown?.target?.counts])
    for (const [k, n] of Object.entries(v ?? {}) as [FateKind, number | undefined][])
      out.set(k, Math.max(out.get(k) ?? 0, n ?? 0));
  if (shown) {
    out.set('lost', shown.lost.filter((e) => e.kind === 'lost').length);
    out.set('pruned', shown.lost.filter((e) => e.kind === 'pruned').length);
    out.set('bagged', shown.bag.length);
  }
  return Object.fromEntries(out) as LegendCounts;
}
