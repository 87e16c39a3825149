// Objects keyed by data (documents' field names, bag keys, type names): any string is a key, including
// `__proto__`, `constructor` and `toString`. Reads see own properties only; writes define own properties.

/** Assigns a data key; `__proto__` (legal in JSON) must become an own property, not the prototype. */
export function setKey(o: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__')
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

/** The own value at a data key: `{}['constructor']` is absent, not Object. */
export function ownValue<T>(o: Readonly<Record<string, T>>, k: string): T | undefined {
  return Object.hasOwn(o, k) ? o[k] : undefined;
}
