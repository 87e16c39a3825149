// Reading a structural schema (a CRD version's `openAPIV3Schema`, as stored on `Version.schema`) the way the
// API server's `structuralschema.Structural` does: only the skeleton (`properties`, `items`,
// `additionalProperties`) and the extensions matter to pruning, null-pruning, defaulting and ObjectMeta coercion;
// `allOf`/`anyOf`/`oneOf`/`not` cannot add fields to a structural schema.
import type { StructuralSchema } from '../../model/model.ts';

export type Schema = StructuralSchema;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export function propertiesOf(s: Schema): Readonly<Record<string, Schema>> | undefined {
  const p = s.properties;
  return isRecord(p) ? (p as Record<string, Schema>) : undefined;
}

/** A declared property's schema (own keys only: `__proto__` and `constructor` are data). */
export function propertyOf(s: Schema, key: string): Schema | undefined {
  const p = propertiesOf(s);
  if (!p || !Object.hasOwn(p, key)) return undefined;
  const v = p[key];
  return isRecord(v) ? v : undefined;
}

/**
 * `additionalProperties`: absent -> undefined; present -> `{ schema }`, with `schema` undefined for `true`/`false`
 * (upstream `StructuralOrBool` with a nil `Structural`: keys are kept, values are pruned as if schemaless).
 */
export function additionalOf(s: Schema): { readonly schema: Schema | undefined } | undefined {
  const a = s.additionalProperties;
  if (a === undefined) return undefined;
  return { schema: isRecord(a) ? a : undefined };
}

export function itemsOf(s: Schema | undefined): Schema | undefined {
  const i = s?.items;
  return isRecord(i) ? i : undefined;
}

/** The schema of a map entry: the declared property, else the additionalProperties schema. */
export function fieldSchema(s: Schema | undefined, key: string): Schema | undefined {
  if (!s) return undefined;
  return propertyOf(s, key) ?? additionalOf(s)?.schema;
}

export const preservesUnknown = (s: Schema | undefined): boolean =>
  s?.['x-kubernetes-preserve-unknown-fields'] === true;
export const isEmbedded = (s: Schema | undefined): boolean => s?.['x-kubernetes-embedded-resource'] === true;
export const isNullable = (s: Schema | undefined): boolean => s?.nullable === true;

/** The default, or undefined when there is none (`default: null` is none, as upstream's nil `Default.Object`). */
export function defaultOf(s: Schema | undefined): unknown {
  const d = s?.default;
  return d === null ? undefined : d;
}

/** The root treated as an embedded resource (upstream `isResourceRoot`): apiVersion, kind, metadata are implicit. */
export function asResourceRoot(s: Schema | undefined): Schema {
  const base = s ?? {};
  return isEmbedded(base) ? base : { ...base, 'x-kubernetes-embedded-resource': true };
}

export const META_FIELDS: ReadonlySet<string> = new Set(['apiVersion', 'kind', 'metadata']);

export const isPlainObject = isRecord;

/** Calls `fn` for each object or array item of `x`, with its index pushed on `path` meanwhile. */
export function eachNestedItem(x: readonly unknown[], path: (string | number)[], fn: (v: object) => void): void {
  for (let i = 0; i < x.length; i++) {
    const v: unknown = x[i];
    if (v === null || typeof v !== 'object') continue;
    path.push(i);
    fn(v);
    path.pop();
  }
}

/** Calls `fn` for `x[k]` when it is an object or array, with `k` pushed on `path` meanwhile. */
export function visitKey(
  x: Record<string, unknown>,
  k: string,
  path: (string | number)[],
  fn: (v: object) => void,
): void {
  const v = x[k];
  if (v === null || typeof v !== 'object') return;
  path.push(k);
  fn(v);
  path.pop();
}
