// What the API server does to an object before validating it (apiextensions-apiserver schema/defaulting):
// null values of non-nullable fields without a default are pruned, then absent (or null) fields with a default
// get a copy of it, recursively. Works on a copy; data keys are set as own properties (any key is safe).
import type { StructuralSchema } from '../model/model.ts';

const isObj = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

function put(o: Record<string, unknown>, k: string, v: unknown): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

function propSchema(s: StructuralSchema | undefined, k: string): StructuralSchema | undefined {
  const ps = isObj(s?.properties) ? (s.properties as Record<string, StructuralSchema>) : undefined;
  if (ps && Object.hasOwn(ps, k)) return ps[k];
  return isObj(s?.additionalProperties) ? (s.additionalProperties as StructuralSchema) : undefined;
}

export function applyDefaults(x: unknown, s: StructuralSchema | undefined): unknown {
  if (Array.isArray(x)) {
    const items = isObj(s?.items) ? (s.items as StructuralSchema) : undefined;
    return x.map((v) =>
      applyDefaults(v === null && items && items.nullable !== true && 'default' in items ? items.default : v, items),
    );
  }
  if (!isObj(x)) return x;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) {
    const ps = propSchema(s, k);
    if (v === null && ps !== undefined && ps.nullable !== true && ps.default === undefined) continue; // pruned
    put(out, k, v);
  }
  const ps = isObj(s?.properties) ? (s.properties as Record<string, StructuralSchema>) : {};
  for (const [k, p] of Object.entries(ps)) {
    if (!isObj(p) || p.default === undefined) continue;
    if (!Object.hasOwn(out, k) || (out[k] === null && p.nullable !== true)) put(out, k, structuredClone(p.default));
  }
  for (const [k, v] of Object.entries(out)) put(out, k, applyDefaults(v, propSchema(s, k)));
  return out;
}
