import { describe, expect, it } from 'vitest';
import { shownChanges } from './changeRows.ts';
import type { ChangeRow } from './types.ts';

const row = (path: string, kind: ChangeRow['kind'], usedAt?: string): ChangeRow => ({
  path,
  change: kind,
  kind,
  detail: '',
  ...(usedAt !== undefined ? { usedAt } : {}),
});

describe('shownChanges', () => {
  const rows = [
    row('spec.a', 'removed'),
    row('spec.b', 'validation-tightened'),
    row('spec.c', 'validation-loosened', 'spec.c'),
    row('spec.d', 'validation-loosened'),
  ];
  it('folds validation-only changes to fields the resource does not use', () => {
    const r = shownChanges(rows, false);
    expect(r.rows.map((x) => x.path)).toEqual(['spec.a', 'spec.c']);
    expect(r.folded).toBe(2);
  });
  it('shows every row when asked', () => {
    expect(shownChanges(rows, true).rows).toEqual(rows);
  });
});
