// Which rows of the Changes tab show: a bound tightened or loosened (minItems none -> 1, a pattern) on a field the
// resource does not use is noise to most readers (issue 25), folded behind a count unless asked for.
import type { ChangeRow } from './types.ts';

export const validationOnly = (r: Pick<ChangeRow, 'kind' | 'usedAt'>): boolean =>
  (r.kind === 'validation-tightened' || r.kind === 'validation-loosened') && r.usedAt === undefined;

/** The rows to show, and how many are folded away. */
export function shownChanges(
  rows: readonly ChangeRow[],
  all: boolean,
): { readonly rows: readonly ChangeRow[]; readonly folded: number } {
  const folded = rows.filter(validationOnly).length;
  return { rows: all ? rows : rows.filter((r) => !validationOnly(r)), folded };
}
