// What the deployed view can say about a conversion webhook whose code it does not know: a field at the same
// path with the same type in both schemas is shown copied; everything else is "webhook-defined, not modelled"
// (never lost, never in a bag). After any webhook the server restores all metadata but labels and annotations
// (conversion/webhook_converter.go `restoreObjectMeta`).
import type { Path } from '../issue.ts';
import { deepClone, setKey } from '../jsonValue.ts';
import type { Recorder } from './records.ts';
import { META_FIELDS, fieldSchema, isPlainObject, itemsOf, preservesUnknown, type Schema } from './schemaNode.ts';

const SKIP = Symbol('not modelled');

function typeName(s: Schema | undefined): unknown {
  if (!s) return undefined;
  if (s['x-kubernetes-int-or-string'] === true) return 'int-or-string';
  return s.type;
}

function sameType(a: Schema | undefined, b: Schema | undefined): boolean {
  const ta = typeName(a);
  const tb = typeName(b);
  return ta === undefined || tb === undefined || ta === tb;
}

/**
 * The modelled part of a webhook's output for `doc` (root apiVersion set to `apiVersion`, kind and metadata
 * kept). `record` gets `webhook-not-modelled` per field left out and, when `copies`, `webhook-same-path` per copied
 * scalar leaf.
 */
export function webhookCopy(
  doc: Record<string, unknown>,
  from: Schema,
  to: Schema,
  apiVersion: string,
  record: Recorder,
  copies: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(doc)) {
    if (k === 'apiVersion') out.apiVersion = apiVersion;
    else if (META_FIELDS.has(k)) out[k] = deepClone(doc[k]);
    else {
      const r = copy(doc[k], fieldSchema(from, k), fieldSchema(to, k), preservesUnknown(to), [k], record, copies);
      if (r !== SKIP) setKey(out, k, r);
    }
  }
  return out;
}

function copy(
  x: unknown,
  from: Schema | undefined,
  to: Schema | undefined,
  parentPreserves: boolean,
  path: Path,
  record: Recorder,
  copies: boolean,
): unknown {
  if (to === undefined) {
    if (parentPreserves) return deepClone(x);
    record([...path], 'webhook-not-modelled');
    return SKIP;
  }
  if (!sameType(from, to)) {
    record([...path], 'webhook-not-modelled');
    return SKIP;
  }
  if (Array.isArray(x)) {
    const fi = itemsOf(from);
    const ti = itemsOf(to);
    const out: unknown[] = [];
    for (let i = 0; i < x.length; i++) {
      const r = copy(x[i], fi, ti, false, [...path, i], record, copies);
      if (r === SKIP) return SKIP;
      out.push(r);
    }
    return out;
  }
  if (isPlainObject(x)) {
    const out: Record<string, unknown> = {};
    const preserves = preservesUnknown(to);
    for (const k of Object.keys(x)) {
      const r = copy(x[k], fieldSchema(from, k), fieldSchema(to, k), preserves, [...path, k], record, copies);
      if (r !== SKIP) setKey(out, k, r);
    }
    return out;
  }
  if (copies) record([...path], 'webhook-same-path');
  return x;
}

/** Every metadata field of `original` replaces the converted one, except labels and annotations. */
export function restoreObjectMeta(
  original: Record<string, unknown>,
  converted: Record<string, unknown>,
  record: Recorder,
): void {
  const response = isPlainObject(converted.metadata) ? converted.metadata : {};
  const restored: Record<string, unknown> = isPlainObject(original.metadata) ? deepClone(original.metadata) : {};
  for (const k of Object.keys(response))
    if (k !== 'labels' && k !== 'annotations' && JSON.stringify(response[k]) !== JSON.stringify(restored[k]))
      record(['metadata', k], 'metadata-restored');
  for (const k of Object.keys(restored))
    if (k !== 'labels' && k !== 'annotations' && !Object.hasOwn(response, k))
      record(['metadata', k], 'metadata-restored');
  for (const f of ['labels', 'annotations']) {
    if (Object.hasOwn(response, f)) restored[f] = deepClone(response[f]);
    else delete restored[f];
  }
  converted.metadata = restored;
}
