// Source ranges as two flat arrays: 40,000 nodes of a 1 MB document cross the worker boundary as one
// transferable buffer instead of 120,000 small objects.
import type { SourceRange } from '../../core/index.ts';
import type { RangeTable } from './types.ts';

export function toRangeTable(ranges: ReadonlyMap<string, SourceRange>): RangeTable {
  const keys: string[] = [];
  const nums = new Int32Array(ranges.size * 6);
  let i = 0;
  for (const [k, r] of ranges) {
    keys.push(k);
    nums.set([r.start.offset, r.start.line, r.start.col, r.end.offset, r.end.line, r.end.col], i);
    i += 6;
  }
  return { keys, nums };
}

export function rangeAt(t: RangeTable, i: number): SourceRange {
  const n = t.nums;
  const b = i * 6;
  return {
    start: { offset: n[b] ?? 0, line: n[b + 1] ?? 1, col: n[b + 2] ?? 1 },
    end: { offset: n[b + 3] ?? 0, line: n[b + 4] ?? 1, col: n[b + 5] ?? 1 },
  };
}

/** pathKey -> index into the table. */
export function rangeIndex(t: RangeTable): Map<string, number> {
  const m = new Map<string, number>();
  t.keys.forEach((k, i) => m.set(k, i));
  return m;
}

/** The deepest node whose range holds `offset` (the smallest enclosing range). */
export function keyAtOffset(t: RangeTable, offset: number): string | undefined {
  let best = -1;
  let span = Infinity;
  const n = t.nums;
  for (let i = 0, b = 0; i < t.keys.length; i++, b += 6) {
    const s = n[b] as number;
    const e = n[b + 3] as number;
    if (
      s <= offset &&
      offset <= e &&
      (e - s < span || (e - s === span && (t.keys[i]?.length ?? 0) > (t.keys[best]?.length ?? 0)))
    ) {
      best = i;
      span = e - s;
    }
  }
  return best < 0 ? undefined : t.keys[best];
}

export const EMPTY_RANGES: RangeTable = { keys: [], nums: new Int32Array(0) };
