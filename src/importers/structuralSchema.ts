// Stage: a CRD version's openAPIV3Schema -> the schema the API server acts on (Version.schema). Only text that
// changes no result is dropped; property names and values inside `default`/`enum`/rules are data and kept whole.
import type { StructuralSchema } from '../core/index.ts';
import { isRecord } from './parseSource.ts';

const DROPPED = new Set(['description', 'example', 'externalDocs']);
/** Keywords whose value is one schema. */
const SCHEMA = new Set(['items', 'additionalProperties', 'not', 'additionalItems']);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP = new Set(['properties', 'patternProperties', 'definitions', 'dependencies']);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf']);

/** An own data property, safe for any key (`__proto__` included). */
function put(o: Record<string, unknown>, k: string, v: unknown): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

function strip(s: unknown): unknown {
  if (!isRecord(s)) return s;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    if (DROPPED.has(k)) continue;
    if (SCHEMA.has(k)) put(out, k, Array.isArray(v) ? v.map(strip) : strip(v));
    else if (SCHEMA_MAP.has(k) && isRecord(v)) {
      const m: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries(v)) put(m, name, strip(sub));
      put(out, k, m);
    } else if (SCHEMA_LIST.has(k) && Array.isArray(v)) put(out, k, v.map(strip));
    else put(out, k, v);
  }
  return out;
}

export function structuralSchema(schema: Record<string, unknown>): StructuralSchema {
  return strip(schema) as StructuralSchema;
}
