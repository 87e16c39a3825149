import type { FateKind } from '../../core/index.ts';
import { FATES } from './fates.ts';

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
