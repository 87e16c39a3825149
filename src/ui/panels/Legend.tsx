import type { FateKind } from '../../core/index.ts';
import { FATES } from './fates.ts';

/** The colour key for field fates, with counts for the current view. */
export function Legend({ counts }: { readonly counts: Partial<Record<FateKind, number>> }) {
  return (
    <ul className="legend" aria-label="Legend">
      {FATES.map((f) => (
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
