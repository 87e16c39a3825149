// The CEL type of a schema node as the API server declares it (k8s.io/apiserver/pkg/cel/common schemas.go
// SchemaDeclType), with the size bounds the cost estimator uses: `maxElements` (maxItems / maxProperties /
// 4 x maxLength, else the most a 3 MiB request can hold) and `minSize` (the smallest JSON a value can be).
import type { StructuralSchema } from '../model/model.ts';
import { escapeCelName, schemaProps } from './values.ts';

export type CelT =
  | { readonly k: 'dyn' | 'null' | 'bool' | 'int' | 'uint' | 'double' | 'string' | 'bytes' | 'error' }
  | { readonly k: 'duration' | 'timestamp' | 'type' }
  | { readonly k: 'list'; readonly elem: Decl }
  | { readonly k: 'map'; readonly key: Decl; readonly val: Decl }
  /** A schema object: declared fields; `open` (preserve-unknown-fields, no properties) reads any field as dyn. */
  | { readonly k: 'object'; readonly fields: ReadonlyMap<string, Decl>; readonly open: boolean }
  /** Kubernetes' opaque types (kubernetes.URL, net.IP, ...) and optional_type(param). */
  | { readonly k: 'opaque'; readonly name: string; readonly param?: Decl }
  | { readonly k: 'param'; readonly name: string };

/** A type with the size bounds of the schema node it came from (absent for types of expressions). */
export type Decl = CelT & { readonly maxElements?: number; readonly minSize?: number };

export const MAX_REQUEST_SIZE = 3 * 1024 * 1024;
const STRING_MAX = MAX_REQUEST_SIZE - 2;

export const T = {
  dyn: { k: 'dyn' },
  null: { k: 'null' },
  bool: { k: 'bool' },
  int: { k: 'int' },
  uint: { k: 'uint' },
  double: { k: 'double' },
  string: { k: 'string' },
  bytes: { k: 'bytes' },
  duration: { k: 'duration' },
  timestamp: { k: 'timestamp' },
  type: { k: 'type' },
  error: { k: 'error' },
} as const satisfies Record<string, Decl>;

const obj = (x: unknown): StructuralSchema | undefined =>
  x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as StructuralSchema) : undefined;
const num = (x: unknown): number | undefined => (typeof x === 'number' ? Math.max(0, x) : undefined);

/** apiextensions' WithTypeAndObjectMeta: a resource root shows apiVersion, kind, metadata.name/generateName. */
function withTypeAndObjectMeta(s: StructuralSchema): StructuralSchema {
  const props = { ...(schemaProps(s) ?? {}) };
  props.apiVersion = { type: 'string' };
  props.kind = { type: 'string' };
  props.metadata = {
    type: 'object',
    properties: { name: { type: 'string' }, generateName: { type: 'string' } },
  };
  return { ...s, type: 'object', properties: props };
}

/** The declared type of a schema node; undefined when upstream has none (the field is then absent in CEL). */
export function schemaDeclType(s: StructuralSchema | undefined, resourceRoot: boolean): Decl | undefined {
  if (!s) return undefined;
  if (s['x-kubernetes-int-or-string'] === true) return { k: 'dyn', minSize: 1, maxElements: STRING_MAX };
  const node = resourceRoot ? withTypeAndObjectMeta(s) : s;
  switch (node.type) {
    case 'array':
      return arrayDecl(node);
    case 'object':
      return objectDecl(node);
    case 'string':
      return stringDecl(node);
    case 'boolean':
      return { k: 'bool', minSize: 4, maxElements: 0 };
    case 'number':
      return { k: 'double', minSize: 1, maxElements: 0 };
    case 'integer':
      return { k: 'int', minSize: 1, maxElements: 0 };
    default:
      // untyped (preserve-unknown-fields): upstream leaves such a field out; we read it as dyn (never refuse)
      return node['x-kubernetes-preserve-unknown-fields'] === true
        ? { k: 'dyn', minSize: 1, maxElements: STRING_MAX }
        : undefined;
  }
}

function arrayDecl(s: StructuralSchema): Decl | undefined {
  const items = obj(s.items);
  const elem = schemaDeclType(items, items?.['x-kubernetes-embedded-resource'] === true);
  if (!elem) return undefined;
  const maxItems = num(s.maxItems);
  return {
    k: 'list',
    elem,
    minSize: 2,
    maxElements: maxItems ?? Math.floor(STRING_MAX / ((elem.minSize ?? 1) + 1)),
  };
}

function objectDecl(s: StructuralSchema): Decl | undefined {
  const ap = obj(s.additionalProperties);
  if (ap) {
    const val = schemaDeclType(ap, ap['x-kubernetes-embedded-resource'] === true);
    if (!val) return undefined;
    const maxProps = num(s.maxProperties);
    return {
      k: 'map',
      key: { k: 'string', minSize: 2, maxElements: 0 },
      val,
      minSize: 2,
      maxElements: maxProps ?? Math.floor(STRING_MAX / ((val.minSize ?? 1) + 6)),
    };
  }
  const props = schemaProps(s) ?? {};
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const fields = new Map<string, Decl>();
  let minSize = 2;
  for (const [name, prop] of Object.entries(props)) {
    const t = schemaDeclType(prop, prop['x-kubernetes-embedded-resource'] === true);
    if (!t) continue;
    const escaped = escapeCelName(name);
    if (escaped !== undefined) fields.set(escaped, t);
    if (required.has(name) && prop.default === undefined) minSize += name.length + (t.minSize ?? 1) + 4;
  }
  const open = s['x-kubernetes-preserve-unknown-fields'] === true;
  return { k: 'object', fields, open, minSize, maxElements: 0 };
}

function stringDecl(s: StructuralSchema): Decl {
  const maxLength = num(s.maxLength);
  switch (s.format) {
    case 'byte':
      return { k: 'bytes', minSize: 2, maxElements: maxLength ?? STRING_MAX };
    case 'duration':
      return { k: 'duration', minSize: 3, maxElements: 64 };
    case 'date':
      return { k: 'timestamp', minSize: 12, maxElements: 12 };
    case 'date-time':
      return { k: 'timestamp', minSize: 21, maxElements: 32 };
  }
  if (maxLength !== undefined) return { k: 'string', minSize: 2, maxElements: maxLength * 4 };
  const en = Array.isArray(s.enum) ? s.enum.filter((x): x is string => typeof x === 'string') : [];
  if (en.length > 0) return { k: 'string', minSize: 2, maxElements: Math.max(...en.map((x) => x.length)) };
  return { k: 'string', minSize: 2, maxElements: STRING_MAX };
}

/** A type's name as cel-go prints it in errors. */
export function typeName(t: CelT): string {
  switch (t.k) {
    case 'list':
      return `list(${typeName(t.elem)})`;
    case 'map':
      return `map(${typeName(t.key)}, ${typeName(t.val)})`;
    case 'object':
      return 'object';
    case 'opaque':
      return t.param ? `${t.name}(${typeName(t.param)})` : t.name;
    case 'param':
      return t.name;
    case 'null':
      return 'null_type';
    case 'duration':
      return 'google.protobuf.Duration';
    case 'timestamp':
      return 'google.protobuf.Timestamp';
    default:
      return t.k;
  }
}
