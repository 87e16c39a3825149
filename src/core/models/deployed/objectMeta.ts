// ObjectMeta coercion, as kubernetes/apiextensions-apiserver pkg/apiserver/schema/objectmeta/{coerce,algorithm}.go:
// metadata is round-tripped through the typed metav1.ObjectMeta (case-sensitive JSON), so keys ObjectMeta lacks
// are dropped, `null`s and empty values vanish (omitempty), label/annotation/finalizer nulls become "", times are
// normalised to RFC 3339 UTC seconds; a value of the wrong type makes the whole field malformed (dropped where the
// server drops malformed fields, i.e. on read; a write is rejected). Embedded resources also lose a non-string
// apiVersion/kind, and a zero creationTimestamp.
import type { Path } from '../../model/issue.ts';
import { compile } from './compiledSchema.ts';
import type { DeployedCause, Recorder } from './records.ts';
import {
  asResourceRoot,
  additionalOf,
  eachNestedItem,
  visitKey,
  isEmbedded,
  isPlainObject,
  itemsOf,
  propertyOf,
  type Schema,
} from './schemaNode.ts';

type Decoded = { readonly ok: true; readonly value: unknown } | { readonly ok: false };
type Decoder = (v: unknown, unknown: (path: Path) => void) => Decoded;
const OMIT: Decoded = { ok: true, value: undefined };
const BAD: Decoded = { ok: false };

const str = (v: unknown): Decoded => (v === null ? OMIT : typeof v === 'string' ? { ok: true, value: v } : BAD);
const omitEmpty = (d: Decoded): Decoded => (d.ok && d.value === '' ? OMIT : d);
const string: Decoder = (v) => omitEmpty(str(v));
const int64 =
  (keepZero: boolean): Decoder =>
  (v) =>
    v === null
      ? OMIT
      : typeof v === 'number' && Number.isSafeInteger(v)
        ? v === 0 && !keepZero
          ? OMIT
          : { ok: true, value: v }
        : BAD;
const bool: Decoder = (v) => (v === null ? OMIT : typeof v === 'boolean' ? { ok: true, value: v } : BAD);

const ZERO_TIME = '0001-01-01T00:00:00Z';
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
/** metav1.Time: RFC 3339 in, UTC seconds out (`2006-01-02T15:04:05Z`). */
const time: Decoder = (v) => {
  if (v === null) return OMIT;
  if (typeof v !== 'string' || !RFC3339.test(v)) return BAD;
  const ms = Date.parse(v.toUpperCase());
  if (Number.isNaN(ms)) return BAD;
  return { ok: true, value: new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z') };
};

/** map[string]string: a null value reads as "" (TestGetObjectMetaNils); empty map omitted. */
const stringMap: Decoder = (v) => {
  if (v === null) return OMIT;
  if (!isPlainObject(v)) return BAD;
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  let n = 0;
  for (const k of Object.keys(v)) {
    const e = v[k];
    if (e !== null && typeof e !== 'string') return BAD;
    Object.defineProperty(out, k, { value: e ?? '', enumerable: true, writable: true, configurable: true });
    n++;
  }
  return n === 0 ? OMIT : { ok: true, value: Object.assign({}, out) };
};

const stringList: Decoder = (v) => {
  if (v === null) return OMIT;
  if (!Array.isArray(v)) return BAD;
  if (v.some((e) => e !== null && typeof e !== 'string')) return BAD;
  return v.length === 0 ? OMIT : { ok: true, value: v.map((e: unknown) => e ?? '') };
};

/** A struct: its fields' decoders; `always` fields are written even when empty (no omitempty). */
function struct(fields: Record<string, Decoder>, always: readonly string[] = []): Decoder {
  return (v, unknown) => {
    if (v === null) v = {};
    if (!isPlainObject(v)) return BAD;
    const out: Record<string, unknown> = {};
    for (const k of always) out[k] = '';
    for (const k of Object.keys(v)) {
      const dec = Object.hasOwn(fields, k) ? fields[k] : undefined;
      if (!dec) {
        unknown([k]);
        continue;
      }
      const d = dec(v[k], (p) => unknown([k, ...p]));
      if (!d.ok) return BAD;
      if (d.value !== undefined) out[k] = d.value;
      else if (always.includes(k)) out[k] = '';
    }
    return { ok: true, value: out };
  };
}

function list(item: Decoder): Decoder {
  return (v, unknown) => {
    if (v === null) return OMIT;
    if (!Array.isArray(v)) return BAD;
    const out: unknown[] = [];
    for (let i = 0; i < v.length; i++) {
      const d = item(v[i], (p) => unknown([i, ...p]));
      if (!d.ok) return BAD;
      out.push(d.value);
    }
    return out.length === 0 ? OMIT : { ok: true, value: out };
  };
}

const ownerReference = struct(
  {
    apiVersion: (v) => str(v),
    kind: (v) => str(v),
    name: (v) => str(v),
    uid: (v) => str(v),
    controller: bool,
    blockOwnerDeletion: bool,
  },
  ['apiVersion', 'kind', 'name', 'uid'],
);
const managedFieldsEntry = struct({
  manager: string,
  operation: string,
  apiVersion: string,
  time,
  fieldsType: string,
  fieldsV1: (v) => (v === null ? OMIT : { ok: true, value: structuredClone(v) }),
  subresource: string,
});

/** metav1.ObjectMeta's JSON fields (k8s.io/apimachinery/pkg/apis/meta/v1/types.go). */
export const OBJECT_META_FIELDS: Readonly<Record<string, Decoder>> = {
  name: string,
  generateName: string,
  namespace: string,
  selfLink: string,
  uid: string,
  resourceVersion: string,
  generation: int64(false),
  creationTimestamp: time,
  deletionTimestamp: time,
  deletionGracePeriodSeconds: int64(true),
  labels: stringMap,
  annotations: stringMap,
  ownerReferences: list(ownerReference),
  finalizers: stringList,
  managedFields: list(managedFieldsEntry),
};

export interface ObjectMetaResult {
  /** The metadata as the server writes it back (SetObjectMeta), absent when the value is not an object. */
  readonly meta?: Record<string, unknown>;
  /** Keys (and nested keys) ObjectMeta does not have, relative to metadata. */
  readonly unknown: readonly Path[];
  /** Top-level fields whose value has the wrong type (dropped field by field). */
  readonly malformed: readonly string[];
  /** Known fields whose value the typed round trip changed (null -> "", an empty map omitted, a time normalised). */
  readonly normalized: readonly string[];
}

/** GetObjectMeta + SetObjectMeta: the typed round trip of one metadata value (null reads as empty). */
export function readObjectMeta(value: unknown): ObjectMetaResult {
  const unknown: Path[] = [];
  const malformed: string[] = [];
  const normalized: string[] = [];
  if (value !== null && !isPlainObject(value)) return { unknown, malformed: [], normalized };
  const meta: Record<string, unknown> = {};
  for (const k of Object.keys(value ?? {})) {
    const raw = (value as Record<string, unknown>)[k];
    const dec = Object.hasOwn(OBJECT_META_FIELDS, k) ? OBJECT_META_FIELDS[k] : undefined;
    if (!dec) {
      unknown.push([k]);
      continue;
    }
    const nested: Path[] = [];
    const d = dec(raw, (p) => void nested.push([k, ...p]));
    if (!d.ok) {
      malformed.push(k);
      continue;
    }
    unknown.push(...nested);
    if (d.value !== undefined) meta[k] = d.value;
    if (
      d.value === undefined ||
      (typeof raw === 'object' && JSON.stringify(raw) !== JSON.stringify(d.value)) ||
      (typeof raw !== 'object' && raw !== d.value)
    )
      if (nested.length === 0) normalized.push(k);
  }
  return { meta, unknown, malformed, normalized };
}

/** Why metadata at `path` could not be coerced (a write is rejected). */
export interface MetadataError {
  readonly path: Path;
  readonly cause: DeployedCause;
}

/**
 * Root metadata as customresource_handler.go's coercer treats it: the typed round trip; a zero creationTimestamp
 * is not written (the server sets it on create). Returns the error that rejects a write when `dropMalformed` is
 * false and a field is malformed (the fields are dropped either way, so the result can still be shown).
 */
export function coerceRootMetadataInPlace(
  doc: Record<string, unknown>,
  dropMalformed: boolean,
  record?: Recorder,
): MetadataError[] {
  if (!Object.hasOwn(doc, 'metadata')) return [];
  return coerceMeta(doc, [], dropMalformed, record);
}

function coerceMeta(
  x: Record<string, unknown>,
  at: Path,
  dropMalformed: boolean,
  record: Recorder | undefined,
): MetadataError[] {
  const r = readObjectMeta(x.metadata);
  if (!r.meta) return dropMalformed ? [] : [{ path: [...at, 'metadata'], cause: 'malformed-metadata-field' }];
  for (const p of r.unknown) record?.([...at, 'metadata', ...p], 'unknown-metadata-field');
  for (const k of r.malformed) record?.([...at, 'metadata', k], 'malformed-metadata-field');
  // A zero creationTimestamp is removed (Coerce); at the root the server sets it on create.
  if (r.meta.creationTimestamp === ZERO_TIME) delete r.meta.creationTimestamp;
  x.metadata = r.meta;
  return dropMalformed
    ? []
    : r.malformed.map((k) => ({ path: [...at, 'metadata', k], cause: 'malformed-metadata-field' as const }));
}

/**
 * `objectmeta.Coerce`: embedded resources (and the root when `isResourceRoot`) get string apiVersion/kind and typed
 * metadata; recurses through properties, additionalProperties and items. `dropInvalidFields` false: the first
 * problem is an error (upstream returns a field.Error), reported with what was dropped.
 */
export function coerceEmbeddedInPlace(
  x: unknown,
  s: Schema | undefined,
  isResourceRoot: boolean,
  dropInvalidFields: boolean,
  record?: Recorder,
): MetadataError[] {
  const errors: MetadataError[] = [];
  walk(x, isResourceRoot ? asResourceRoot(s) : s, [], dropInvalidFields, errors, record);
  return errors;
}

function walk(
  x: unknown,
  s: Schema | undefined,
  path: (string | number)[],
  drop: boolean,
  errors: MetadataError[],
  record: Recorder | undefined,
): void {
  if (!s || !compile(s).deepEmbedded) return; // no embedded resource below
  if (Array.isArray(x)) {
    const items = itemsOf(s);
    eachNestedItem(x, path, (v) => walk(v, items, path, drop, errors, record));
    return;
  }
  if (!isPlainObject(x)) return;
  const embedded = isEmbedded(s);
  const additional = additionalOf(s);
  for (const k of Object.keys(x)) {
    if (embedded && (k === 'apiVersion' || k === 'kind') && typeof x[k] !== 'string') {
      if (drop) {
        record?.([...path, k], 'non-string-type-meta');
        delete x[k];
      } else errors.push({ path: [...path, k], cause: 'non-string-type-meta' });
    } else if (embedded && k === 'metadata') {
      errors.push(...coerceMeta(x, [...path], drop, record));
    }
    if (!Object.hasOwn(x, k)) continue;
    const child = propertyOf(s, k) ?? additional?.schema;
    if (child !== undefined) visitKey(x, k, path, (v) => walk(v, child, path, drop, errors, record));
  }
}
