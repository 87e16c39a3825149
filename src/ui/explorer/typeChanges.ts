// The fields whose type changed between the source and target versions (from the Changes the worker
// computed), for the Target pane's ghost lines: "changed type (A in v1, B in v2)", never a false "has no".
import { typeChangeWords } from '../panels/fates.ts';
import type { ExploreResult } from '../viewModel/types.ts';

export function typeChangesOf(shown: ExploreResult | undefined): ReadonlyMap<string, string> {
  const c = shown?.changes;
  const out = new Map<string, string>();
  if (!c || c.from !== shown.sourceVersion || c.to !== shown.targetVersion) return out;
  for (const r of c.rows)
    if (r.change === 'type changed' && r.usedAt !== undefined)
      out.set(r.usedAt, typeChangeWords(c.from, c.to, r.detail));
  return out;
}
