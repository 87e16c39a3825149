// Nesting limits: walks over documents, schemas and catalogs recurse, so input nested deeper than any real one
// is reported (TOO_DEEP, with the path where the limit is crossed) before a walk can overflow the stack.
// Real resources and CRDs nest a few dozen levels; the API server's JSON decoder stops at 10,000.
import type { Path } from './issue.ts';

/** Objects and arrays nested deeper than this are rejected as TOO_DEEP. */
export const MAX_DEPTH = 512;

/** What makes a parsed value unfit: nesting past the limit, or a number JSON cannot hold (NaN, ±Infinity). */
export interface ValueProblem {
  readonly problem: 'too-deep' | 'not-json-number';
  readonly path: Path;
}

/**
 * The first problem of a parsed value, or undefined. Iterative depth-first walk holding only the current path
 * (memory grows with depth, not size); the root is level 1.
 */
export function valueProblemAt(value: unknown, limit = MAX_DEPTH, numbers = true): ValueProblem | undefined {
  if (typeof value === 'number')
    return numbers && !Number.isFinite(value) ? { problem: 'not-json-number', path: [] } : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  interface Frame {
    readonly v: Record<string, unknown> | unknown[];
    readonly keys: string[] | undefined;
    i: number;
  }
  const frame = (v: object): Frame =>
    Array.isArray(v) ? { v, keys: undefined, i: 0 } : { v: v as Record<string, unknown>, keys: Object.keys(v), i: 0 };
  const stack: Frame[] = [frame(value)];
  const here = (): Path => stack.map((s) => (s.keys ? (s.keys[s.i - 1] as string) : s.i - 1));
  while (stack.length > 0) {
    const f = stack[stack.length - 1] as Frame;
    const n = f.keys ? f.keys.length : (f.v as unknown[]).length;
    if (f.i >= n) {
      stack.pop();
      continue;
    }
    const k = f.keys ? (f.keys[f.i] as string) : f.i;
    f.i++;
    const c: unknown = (f.v as Record<string | number, unknown>)[k];
    if (typeof c === 'number') {
      if (numbers && !Number.isFinite(c)) return { problem: 'not-json-number', path: here() };
      continue;
    }
    if (c === null || typeof c !== 'object') continue;
    if (stack.length >= limit) return { problem: 'too-deep', path: here() };
    stack.push(frame(c));
  }
  return undefined;
}

/** The path to the first object or array nested more than `limit` levels deep, or undefined. */
export function tooDeepAt(value: unknown, limit = MAX_DEPTH): Path | undefined {
  return valueProblemAt(value, limit, false)?.path;
}
