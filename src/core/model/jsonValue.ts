// Plain JSON values: cloning, safe key assignment, lookups. Data keys may be any string (`__proto__` too).
import type { Path } from './path.ts';

export type JsonRecord = Record<string, unknown>;

export const isRecord = (v: unknown): v is JsonRecord => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Assigns a data key; `__proto__` (legal in JSON) must become an own property, not the prototype. */
export function setKey(o: JsonRecord, k: string, v: unknown): void {
  if (k === '__proto__')
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

/** The own value at a data key: `{}['constructor']` is absent, not Object. */
export function ownValue<T>(o: Readonly<Record<string, T>>, k: string): T | undefined {
  return Object.hasOwn(o, k) ? o[k] : undefined;
}

export function deepClone<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = deepClone(v[i]);
    return out as T;
  }
  const out: JsonRecord = {};
  for (const k in v as JsonRecord) setKey(out, k, deepClone((v as JsonRecord)[k]));
  return out as T;
}

/** The value at `path`, or undefined when the path leaves the document. */
export function valueAt(doc: unknown, path: Path): unknown {
  let v = doc;
  for (const s of path) {
    if (v === null || typeof v !== 'object') return undefined;
    const o = v as Record<string | number, unknown>;
    if (!Object.hasOwn(o, s)) return undefined;
    v = o[s];
  }
  return v;
}

/** True when the object has at least one enumerable key (without building a key array). */
export function hasKeys(o: object): boolean {
  for (const _ in o) return true;
  return false;
}
