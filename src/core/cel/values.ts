// JSON values as CEL sees them (k8s.io/apiserver/pkg/cel UnstructuredToVal): integers of `type: integer` are
// int (bigint), `number` is double, objects with `properties` expose their fields under Kubernetes' escaped
// names (`namespace` -> `__namespace__`, `a.b` -> `a__dot__b`), maps keep their keys. Maps are JS Maps, so any
// key (`__proto__`) is data.
import { celList, celMap } from '@bufbuild/cel';
import { create } from '@bufbuild/protobuf';
import { DurationSchema, TimestampSchema } from '@bufbuild/protobuf/wkt';
import type { StructuralSchema } from '../model/model.ts';
import { UNORDERED } from './celCompare.ts';

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

/** What toCelValue reads of a schema node, found once per node: a whole cluster's objects share their schema. */
interface Shape {
  readonly items: StructuralSchema | undefined;
  /** A set or map list: compares without order. */
  readonly unordered: boolean;
  readonly props: Readonly<Record<string, StructuralSchema>> | undefined;
  readonly embedded: boolean;
  /** Fields it does not declare are kept (additionalProperties, or x-kubernetes-preserve-unknown-fields). */
  readonly keepsUnknown: boolean;
  readonly additional: StructuralSchema | undefined;
  /** Its declared fields' CEL names (escaped; undefined: not expressible), as they are met. */
  readonly names: Map<string, string | undefined>;
}
const EMBEDDED_FIELDS = new Set(['apiVersion', 'kind', 'metadata']);
const shapes = new WeakMap<object, Shape>();
const NO_SCHEMA: Shape = {
  items: undefined,
  unordered: false,
  props: undefined,
  embedded: false,
  keepsUnknown: true,
  additional: undefined,
  names: new Map(),
};
function shapeOf(s: Schema): Shape {
  if (s === undefined) return NO_SCHEMA;
  let sh = shapes.get(s);
  if (!sh) {
    const listType = s['x-kubernetes-list-type'];
    sh = {
      items: obj(s.items) as StructuralSchema | undefined,
      unordered: listType === 'set' || listType === 'map',
      props: schemaProps(s),
      embedded: s['x-kubernetes-embedded-resource'] === true,
      keepsUnknown: s.additionalProperties !== undefined || s['x-kubernetes-preserve-unknown-fields'] === true,
      additional: obj(s.additionalProperties) as StructuralSchema | undefined,
      names: new Map(),
    };
    shapes.set(s, sh);
  }
  return sh;
}

/** CEL views of JSON objects and lists already converted, with the schema each was converted under. */
export type CelViews = WeakMap<object, { readonly schema: Schema; readonly view: unknown }>;

/**
 * A JSON value under `schema` as a CEL input. `embedded` marks x-kubernetes-embedded-resource objects. Lists
 * and maps are the CEL library's own (celList, celMap), so it need not wrap them again at every read. `views`:
 * the objects and lists met are looked up and kept there (CEL values are immutable: a node's view is the same
 * inside its parent's), so nested rules convert each subtree once.
 */
export function toCelValue(value: unknown, schema: Schema, views?: CelViews): unknown {
  if (views === undefined || value === null || typeof value !== 'object') return convert(value, schema, views);
  const hit = views.get(value);
  if (hit !== undefined && hit.schema === schema) return hit.view;
  const view = convert(value, schema, views);
  views.set(value, { schema, view });
  return view;
}

function convert(value: unknown, schema: Schema, views: CelViews | undefined): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'string') return typeof schema?.format === 'string' ? formatted(value, schema.format) : value;
  if (typeof value === 'bigint') return schema?.type === 'number' ? Number(value) : value;
  if (typeof value === 'number') {
    const t = schema?.type;
    if (t === 'number') return value;
    // integer, int-or-string, or schemaless: JSON integers decode as int64 in the API server
    return Number.isInteger(value) && t !== 'number' ? BigInt(value) : value;
  }
  const sh = shapeOf(schema);
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = toCelValue(value[i], sh.items, views);
    const l = celList(out as never) as object;
    // set and map lists compare without order (apiserver/pkg/cel/common values.go)
    if (sh.unordered) Object.defineProperty(l, UNORDERED, { value: true });
    return l;
  }
  const o = obj(value);
  if (!o) return null;
  const { props, embedded } = sh;
  const out = new Map<string, unknown>();
  for (const k of Object.keys(o)) {
    const declared = props !== undefined && Object.hasOwn(props, k);
    const child = declared ? props[k] : sh.additional;
    if (props !== undefined || embedded) {
      if (declared || (embedded && EMBEDDED_FIELDS.has(k))) {
        let name = sh.names.get(k);
        if (name === undefined && !sh.names.has(k)) sh.names.set(k, (name = escapeCelName(k)));
        if (name !== undefined) out.set(name, toCelValue(o[k], child, views));
        continue;
      }
      if (!sh.keepsUnknown) continue;
    }
    out.set(k, toCelValue(o[k], child, views));
  }
  return celMap(out as never);
}

// Strings with a format CEL has a type for (apiserver/pkg/cel/common values.go): duration, date, date-time, byte.
// A value the format does not accept stays a string (schema validation reports it).
function formatted(s: string, format: string): unknown {
  switch (format) {
    case 'duration': {
      const nanos = parseDurationNanos(s);
      if (nanos === undefined) return s;
      return create(DurationSchema, { seconds: nanos / 1_000_000_000n, nanos: Number(nanos % 1_000_000_000n) });
    }
    case 'date':
    case 'date-time': {
      const t = parseTimestamp(s, format === 'date');
      return t === undefined ? s : create(TimestampSchema, t);
    }
    case 'byte':
      return /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s)
        ? Uint8Array.from(atob(s), (c) => c.charCodeAt(0))
        : s;
    default:
      return s;
  }
}

const UNIT_NANOS: Readonly<Record<string, bigint>> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n,
  μs: 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
  d: 86_400_000_000_000n,
  w: 604_800_000_000_000n,
};

/** go-openapi strfmt.ParseDuration: Go's time.ParseDuration, plus days and weeks. */
export function parseDurationNanos(s: string): bigint | undefined {
  const m = /^([-+]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h|d|w))+$/.exec(s);
  if (!m && s !== '0') return undefined;
  if (s === '0') return 0n;
  let total = 0n;
  for (const part of s.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h|d|w)/g)) {
    const [whole = '0', frac = ''] = (part[1] as string).split('.');
    const unit = UNIT_NANOS[part[2] as string] as bigint;
    total += BigInt(whole || '0') * unit;
    if (frac) total += (BigInt(frac) * unit) / 10n ** BigInt(frac.length);
  }
  return s.startsWith('-') ? -total : total;
}

function parseTimestamp(s: string, dateOnly: boolean): { seconds: bigint; nanos: number } | undefined {
  const m = dateOnly
    ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
    : /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/.exec(s);
  if (!m) return undefined;
  const ms = Date.parse(
    dateOnly ? `${s}T00:00:00Z` : `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[8] === 'z' ? 'Z' : m[8]}`,
  );
  if (Number.isNaN(ms)) return undefined;
  return { seconds: BigInt(ms / 1000), nanos: dateOnly ? 0 : Number((m[7] ?? '').padEnd(9, '0')) };
}
