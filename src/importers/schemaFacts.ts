// Small facts read from a JSON Schema node, shared by the CRD and OpenAPI importers.
import { NUMERIC_VALIDATION_KEYS, type Primitive, type TypeRef, type Validation } from '../core/index.ts';
import { isRecord } from './parseSource.ts';

/** A value carried as-is: no schema to recurse into (no type, or `additionalProperties: true`). */
export const FREE_FORM: TypeRef = { kind: 'opaque', reason: 'free-form' };

export function primitiveOf(type: unknown): Primitive | undefined {
  return type === 'string' || type === 'integer' || type === 'number' || type === 'boolean' ? type : undefined;
}

export function enumValues(s: Record<string, unknown>): (string | number | boolean)[] | undefined {
  if (!Array.isArray(s.enum)) return undefined;
  return s.enum.filter(
    (v): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean',
  );
}

export function validationOf(s: Record<string, unknown>): Validation | undefined {
  const v: { -readonly [K in keyof Validation]: Validation[K] } = {};
  if (typeof s.pattern === 'string') v.pattern = s.pattern;
  if (typeof s.format === 'string') v.format = s.format;
  for (const k of NUMERIC_VALIDATION_KEYS) {
    const n = s[k];
    if (typeof n === 'number') v[k] = n;
  }
  // OpenAPI 3.1 writes exclusive bounds as numbers.
  if (typeof s.exclusiveMinimum === 'number') Object.assign(v, { minimum: s.exclusiveMinimum, exclusiveMinimum: true });
  else if (s.exclusiveMinimum === true) v.exclusiveMinimum = true;
  if (typeof s.exclusiveMaximum === 'number') Object.assign(v, { maximum: s.exclusiveMaximum, exclusiveMaximum: true });
  else if (s.exclusiveMaximum === true) v.exclusiveMaximum = true;
  if ('default' in s && s.default !== undefined) v.default = s.default;
  if (s.nullable === true || s['x-nullable'] === true) v.nullable = true;
  return Object.keys(v).length > 0 ? v : undefined;
}

export const descriptionOf = (s: Record<string, unknown>): string | undefined =>
  typeof s.description === 'string' && s.description !== '' ? s.description : undefined;

export const requiredOf = (s: Record<string, unknown>): Set<string> =>
  new Set(Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : []);

export const propertiesOf = (s: Record<string, unknown>): Record<string, unknown> | undefined =>
  isRecord(s.properties) ? s.properties : undefined;
