// Nesting limits: walks over documents, schemas and catalogs recurse, so input nested deeper than any real one
// is reported (TOO_DEEP, with the path where the limit is crossed) before a walk can overflow the stack.
// Real resources and CRDs nest a few dozen levels; the API server's JSON decoder stops at 10,000.
import type { Path } from './issue.ts';

/** Objects and arrays nested deeper than this are rejected as TOO_DEEP. */
export const MAX_DEPTH = 512;

/**
 * The path to the first object or array nested more than `limit` levels deep (the root is level 1), or
 * undefined. Iterative depth-first walk holding only the current path (memory grows with depth, not size).
 */
export function tooDeepAt(value: unknown, limit = MAX_DEPTH): Path | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  interface Frame {
    readonly v: Record<string, unknown> | unknown[];
    readonly keys: string[] | undefined;
    i: number;
  }
  const frame = (v: object): Frame =>
    Array.isArray(v) ? { v, keys: undefined, i: 0 } : { v: v as Record<string, unknown>, keys: Object.keys(v), i: 0 };
  const stack: Frame[] = [frame(value)];
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
    if (c === null || typeof c !== 'object') continue;
    if (stack.length >= limit) return stack.map((s) => (s.keys ? (s.keys[s.i - 1] as string) : s.i - 1));
    stack.push(frame(c));
  }
  return undefined;
}
