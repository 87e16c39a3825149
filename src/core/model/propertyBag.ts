// ASO's property bag (`genruntime.PropertyBag`, CONVERSION.md §6, aso-reference §6): a string -> string
// map on storage objects holding what the storage shape has no field for.
import type { TypeRef } from './model.ts';
import { setKey } from './dataKeys.ts';
import { parseJsonExact, stringifyJsonExact } from './numbers.ts';

/** The JSON key of the bag on storage objects. */
export const PROPERTY_BAG = '$propertyBag';

/** A working bag: Go-style property name -> stored text. Made by `emptyBag`/`readBag`: any key is data. */
export type PropertyBag = Record<string, string>;

/** A bag without a prototype: `bag['constructor']` is absent and `bag['__proto__']` an ordinary entry. */
export const emptyBag = (): PropertyBag => Object.create(null) as PropertyBag;

/** True when values of this type are stored raw (a Go `string`), not as JSON text. */
export function storedRaw(type: TypeRef | undefined): boolean {
  return (
    type !== undefined &&
    (type.kind === 'primitive' || type.kind === 'enum') &&
    (type.kind === 'primitive' ? type.name : type.base) === 'string'
  );
}

/** Absent, null, an empty array or an empty map: ASO removes the key instead of storing it. */
export function isEmptyForBag(value: unknown, type?: TypeRef): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  // Only maps are "empty" when they have no keys; an empty struct is still a value ("{}").
  if (type?.kind === 'map' && typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** Encodes one value as ASO does: a string (of a string-typed property) raw, anything else as JSON text. */
export function encodeBagValue(value: unknown, type?: TypeRef): string {
  if (typeof value === 'string' && (type === undefined || storedRaw(type))) return value;
  return stringifyJsonExact(value);
}

/** Decodes one stored text for a destination of `type`; `undefined` plus ok=false when it is not valid JSON. */
export function decodeBagValue(
  text: string,
  type?: TypeRef,
): { ok: true; value: unknown } | { ok: false; error: string } {
  if (storedRaw(type)) return { ok: true, value: text };
  try {
    return { ok: true, value: parseJsonExact(text) };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/** `Add` / `Remove`: a present value overwrites the key; an absent or empty one removes it. */
export function bagWrite(bag: PropertyBag, key: string, value: unknown, type?: TypeRef): void {
  if (isEmptyForBag(value, type)) delete bag[key];
  else setKey(bag, key, encodeBagValue(value, type));
}

/** `Pull`: parse and delete (the key stays deleted even when decoding fails). */
export function bagPull(
  bag: PropertyBag,
  key: string,
  type?: TypeRef,
): { found: false } | { found: true; ok: true; value: unknown } | { found: true; ok: false; error: string } {
  if (!Object.hasOwn(bag, key)) return { found: false };
  const text = bag[key] as string;
  delete bag[key];
  return { found: true, ...decodeBagValue(text, type) };
}

/** The bag of a document object (a copy), or an empty bag. Non-string entries are kept as JSON text. */
export function readBag(obj: unknown): PropertyBag {
  const out = emptyBag();
  if (obj === null || typeof obj !== 'object' || !Object.hasOwn(obj, PROPERTY_BAG)) return out;
  const raw = (obj as Record<string, unknown>)[PROPERTY_BAG];
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return out;
  for (const [k, v] of Object.entries(raw as Record<string, unknown>))
    setKey(out, k, typeof v === 'string' ? v : stringifyJsonExact(v));
  return out;
}

/** Epilogue: sets the bag on an object with sorted keys (determinism), or omits it when empty. */
export function setBag(obj: Record<string, unknown>, bag: PropertyBag): void {
  const keys = Object.keys(bag);
  if (keys.length === 0) {
    delete obj[PROPERTY_BAG];
    return;
  }
  keys.sort();
  const sorted: PropertyBag = {};
  for (const k of keys) setKey(sorted, k, bag[k]);
  obj[PROPERTY_BAG] = sorted;
}

/**
 * Helpers for hooks editing a destination object's bag in place: `get` reads without removing,
 * `pull` reads and removes (a hook must remove entries it has taken over), `set` writes or removes.
 */
export interface BagAccess {
  has(key: string): boolean;
  get(key: string, type?: TypeRef): unknown;
  pull(key: string, type?: TypeRef): unknown;
  set(key: string, value: unknown, type?: TypeRef): void;
  remove(key: string): void;
  keys(): string[];
}

/** A BagAccess over `obj.$propertyBag` that keeps the object's bag normalised (sorted, omitted when empty). */
export function bagAccess(obj: Record<string, unknown>): BagAccess {
  const edit = (f: (bag: PropertyBag) => void): void => {
    const bag = readBag(obj);
    f(bag);
    setBag(obj, bag);
  };
  const get = (key: string, type?: TypeRef): unknown => {
    const bag = readBag(obj);
    if (!Object.hasOwn(bag, key)) return undefined;
    const r = decodeBagValue(bag[key] as string, type);
    return r.ok ? r.value : undefined;
  };
  return {
    has: (key) => Object.hasOwn(readBag(obj), key),
    get,
    pull: (key, type) => {
      const v = get(key, type);
      edit((b) => delete b[key]);
      return v;
    },
    set: (key, value, type) => edit((b) => bagWrite(b, key, value, type)),
    remove: (key) => edit((b) => delete b[key]),
    keys: () => Object.keys(readBag(obj)).sort(),
  };
}
