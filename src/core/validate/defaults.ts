// What the API server does to an object before validating it (apiextensions-apiserver schema/defaulting):
// null values of non-nullable fields without a default are pruned, then absent (or null) fields with a default
// get a copy of it, recursively. Never mutates its input: a changed node is a copy, an unchanged one is returned
// as it is (most of a stored object has nothing to default: it is not copied). Data keys are set as own
// properties (any key is safe).
import type { StructuralSchema } from '../model/model.ts';

const isObj = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

function put(o: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__')
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

function propSchema(s: StructuralSchema | undefined, k: string): StructuralSchema | undefined {
  const ps = isObj(s?.properties) ? (s.properties as Record<string, StructuralSchema>) : undefined;
  if (ps && Object.hasOwn(ps, k)) return ps[k];
  return isObj(s?.additionalProperties) ? (s.additionalProperties as StructuralSchema) : undefined;
}

const PRUNED = Symbol('pruned');

export function applyDefaults(x: unknown, s: StructuralSchema | undefined): unknown {
  if (Array.isArray(x)) {
    const items = isObj(s?.items) ? (s.items as StructuralSchema) : undefined;
    let out: unknown[] | undefined;
    for (let i = 0; i < x.length; i++) {
      const v: unknown = x[i];
      const d = applyDefaults(
        v === null && items && items.nullable !== true && 'default' in items ? items.default : v,
        items,
      );
      if (d !== v) (out ??= x.slice())[i] = d;
    }
    return out ?? x;
  }
  if (!isObj(x)) return x;
  // A node whose keys stay, with no default to add and no child changed, is returned as it is.
  const ps = isObj(s?.properties) ? (s.properties as Record<string, StructuralSchema>) : {};
  let defaulted: Map<string, unknown> | undefined;
  for (const k of Object.keys(ps)) {
    const p = ps[k];
    if (!isObj(p) || p.default === undefined) continue;
    // a key with a default is never pruned: it is kept when present
    if (!Object.hasOwn(x, k) || (x[k] === null && p.nullable !== true))
      (defaulted ??= new Map()).set(k, structuredClone(p.default));
  }
  let changed = defaulted !== undefined || Object.getPrototypeOf(x) !== Object.prototype;
  const keys = Object.keys(x);
  const children: unknown[] = new Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const v = x[k];
    const p = propSchema(s, k);
    if (v === null && p !== undefined && p.nullable !== true && p.default === undefined) {
      children[i] = PRUNED;
      changed = true;
      continue;
    }
    const c = applyDefaults(defaulted?.has(k) ? defaulted.get(k) : v, p);
    if (c !== v) changed = true;
    children[i] = c;
  }
  if (!changed) return x;
  const out: Record<string, unknown> = {};
  keys.forEach((k, i) => children[i] !== PRUNED && put(out, k, children[i]));
  for (const [k, d] of defaulted ?? []) if (!Object.hasOwn(out, k)) put(out, k, applyDefaults(d, propSchema(s, k)));
  return out;
}
