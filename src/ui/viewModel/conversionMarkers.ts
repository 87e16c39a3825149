// Markers in the source text for what a conversion does to the input's fields (pruned, lost, schema errors),
// placed at the fields' ranges. Used by both phases of an explore (engine.ts).
import { locateIssue, pathKey, type Fate, type Issue, type IssueCode, type SourceRange } from '../../core/index.ts';
import type { Marker } from './types.ts';

const MARKER_SEVERITY: Partial<Record<IssueCode, Marker['severity']>> = {
  PRUNED: 'warning',
  ENUM_UNKNOWN_VALUE: 'warning',
  SCHEMA_VIOLATION: 'error',
  HOOK_FAILED: 'error',
  BAG_DECODE_FAILED: 'error',
};

/** A field's range cut to its first line (its key), so a marker does not underline a whole block. */
function firstLine(r: SourceRange): SourceRange {
  if (r.end.line === r.start.line) return r;
  return { start: r.start, end: { line: r.start.line, col: 10_000, offset: r.start.offset } };
}

/** Markers in the source text for conversion consequences, at the fields they concern. */
export function conversionMarkers(
  issues: readonly Issue[],
  hubFates: readonly Fate[],
  ranges: ReadonlyMap<string, SourceRange>,
  markers: Marker[] = [],
): Marker[] {
  // Quieter than input errors: a field lost in the chosen target view is not a mistake in the input.
  for (const i of issues) {
    if (i.range || i.path.length === 0) continue;
    // Only at the field itself: a consequence for a field the text lacks is not pinned to its parent.
    const at = locateIssue(i, ranges);
    const r = at?.exact ? at.range : undefined;
    if (r)
      markers.push({
        severity: MARKER_SEVERITY[i.code] ?? 'info',
        code: i.code,
        message: i.message,
        range: firstLine(r),
      });
  }
  for (const f of hubFates) {
    if (f.kind !== 'pruned' || !f.sourcePath) continue;
    const r = ranges.get(pathKey(f.sourcePath));
    if (r && !markers.some((m) => m.code === 'PRUNED' && m.range.start.offset === r.start.offset)) {
      markers.push({ severity: 'warning', code: 'PRUNED', message: f.reason, range: firstLine(r) });
    }
  }
  return markers;
}
