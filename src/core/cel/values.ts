// JSON values as CEL sees them (k8s.io/apiserver/pkg/cel UnstructuredToVal): integers of `type: integer` are
// int (bigint), `number` is double, objects with `properties` expose their fields under Kubernetes' escaped
// names (`namespace` -> `__namespace__`, `a.b` -> `a__dot__b`), maps keep their keys. Maps are JS Maps, so any
// key (`__proto__`) is data.
import type { StructuralSchema } from '../model/model.ts';

const RESERVED = new Set([
  'true',
  'false',
  'null',
  'in',
  'as',
  'break',
  'const',
  'continue',
  'else',
  'for',
  'function',
  'if',
  'import',
  'let',
  'loop',
  'package',
  'namespace',
  'return',
  'var',
  'void',
  'while',
]);

/** Kubernetes' CEL property-name escaping (apiserver/pkg/cel/escaping.go); undefined when not expressible. */
export function escapeCelName(name: string): string | undefined {
  if (RESERVED.has(name)) return `__${name}__`;
  if (!/^[a-zA-Z_.\-/][a-zA-Z0-9_.\-/]*$/.test(name)) return undefined;
  let out = '';
  for (let i = 0; i < name.length; i++) {
    if (name.startsWith('__', i)) {
      out += '__underscores__';
      i++;
    } else if (name[i] === '.') out += '__dot__';
    else if (name[i] === '-') out += '__dash__';
    else if (name[i] === '/') out += '__slash__';
    else out += name[i];
  }
  return out;
}

type Schema = StructuralSchema | undefined;

const obj = (x: unknown): Readonly<Record<string, unknown>> | undefined =>
  x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : undefined;

export const schemaProps = (s: Schema): Readonly<Record<string, StructuralSchema>> | undefined =>
  obj(s?.properties) as Readonly<Record<string, StructuralSchema>> | undefined;

export function propSchema(s: Schema, key: string): StructuralSchema | undefined {
  const props = schemaProps(s);
  if (props && Object.hasOwn(props, key)) return props[key];
  const ap = s?.additionalProperties;
  return obj(ap) as StructuralSchema | undefined;
}

/** A JSON value under `schema` as a CEL input. `embedded` marks x-kubernetes-embedded-resource objects. */
export function toCelValue(value: unknown, schema: Schema): unknown {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') {
    const t = schema?.type;
    if (t === 'number') return value;
    // integer, int-or-string, or schemaless: JSON integers decode as int64 in the API server
    return Number.isInteger(value) && t !== 'number' ? BigInt(value) : value;
  }
  if (Array.isArray(value)) {
    const items = obj(schema?.items) as StructuralSchema | undefined;
    return value.map((v) => toCelValue(v, items));
  }
  const o = obj(value);
  if (!o) return null;
  const props = schemaProps(schema);
  const embedded = schema?.['x-kubernetes-embedded-resource'] === true;
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(o)) {
    if (props !== undefined || embedded) {
      const known =
        (props !== undefined && Object.hasOwn(props, k)) ||
        (embedded && ['apiVersion', 'kind', 'metadata'].includes(k));
      if (known) {
        const name = escapeCelName(k);
        if (name !== undefined) out.set(name, toCelValue(v, propSchema(schema, k)));
        continue;
      }
      if (schema?.additionalProperties === undefined && schema?.['x-kubernetes-preserve-unknown-fields'] !== true)
        continue;
    }
    out.set(k, toCelValue(v, propSchema(schema, k)));
  }
  return out;
}
