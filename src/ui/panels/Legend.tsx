import type { FateKind } from '../../core/index.ts';
import { FATES } from './fates.ts';

/** The colour key for field fates, with counts for the current view. */
export function Legend({
  counts,
  kinds,
}: {
  readonly counts: Partial<Record<FateKind, number>>;
  /** The kinds this view can show (As deployed has no bag): all when absent. */
  readonly kinds?: readonly FateKind[];
}) {
  return (
    <ul className="legend" aria-label="Legend">
      {FATES.filter((f) => !kinds || kinds.includes(f.kind)).map((f) => (
        <li key={f.kind} data-fate={f.kind} title={f.meaning} className={counts[f.kind] ? '' : 'legend-zero'}>
          <span className="fate-swatch" aria-hidden="true">
            {f.glyph}
          </span>
          {f.label}
          {counts[f.kind] ? <span className="legend-count">{counts[f.kind]}</span> : null}
        </li>
      ))}
    </ul>
  );
}
