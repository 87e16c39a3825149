import { useMemo } from 'react';
import { DEPLOYED_LEGEND, type FateKind } from '../../core/index.ts';
import type { ExploreResult } from '../viewModel/types.ts';
import { FATES } from './fates.ts';
import { legendCounts } from './legendCounts.ts';

/** The colour key for field fates, with counts for the current view. */
export function Legend({
  counts,
  labels,
}: {
  readonly counts: Partial<Record<FateKind, number>>;
  /** The kinds this view shows and its words for them (As deployed: no bag); all, in ASO's words, when absent. */
  readonly labels?: Readonly<Partial<Record<FateKind, string>>>;
}) {
  return (
    <ul className="legend" aria-label="Legend">
      {FATES.filter((f) => !labels || labels[f.kind] !== undefined).map((f) => (
        <li
          key={f.kind}
          data-fate={f.kind}
          title={labels?.[f.kind] ?? f.meaning}
          className={counts[f.kind] ? '' : 'legend-zero'}
        >
          <span className="fate-swatch" aria-hidden="true">
            {f.glyph}
          </span>
          {labels?.[f.kind] ?? f.label}
          {counts[f.kind] ? <span className="legend-count">{counts[f.kind]}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The legend of the shown result's view, with its counts. */
export function ShownLegend({ shown }: { readonly shown: ExploreResult | undefined }) {
  const counts = useMemo(() => legendCounts(shown), [shown]);
  return <Legend counts={counts} {...(shown?.deployed ? { labels: DEPLOYED_LEGEND } : {})} />;
}
