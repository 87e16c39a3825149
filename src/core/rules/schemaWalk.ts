// A version's shape as rules see it: which paths exist, and which fields the API server would prune. Reads the
// CRD's structural schema when the version has one, else the catalog's object types.
import type { Path } from '../model/issue.ts';
import type { StructuralSchema, TypeRef, Version } from '../model/model.ts';
import { defineKey, type PathPattern } from './paths.ts';

/** A position in the shape: `any` below opaque values (preserve-unknown-fields, int-or-string, metadata). */
type Node =
  | { readonly t: 'any' }
  | { readonly t: 'schema'; readonly s: StructuralSchema; readonly root?: boolean }
  | { readonly t: 'type'; readonly ref: TypeRef; readonly root?: boolean };

const ANY: Node = { t: 'any' };
type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => x !== null && typeof x === 'object' && !Array.isArray(x);
const ROOT_META = new Set(['apiVersion', 'kind', 'metadata']);

export function rootNode(v: Version): Node {
  return v.schema
    ? { t: 'schema', s: v.schema, root: true }
    : { t: 'type', ref: { kind: 'object', name: v.root }, root: true };
}

/** The node of a property; undefined when the shape has no such property (the API server prunes it). */
function child(v: Version, n: Node, key: string): Node | undefined {
  if (n.t === 'any') return ANY;
  const root = n.t === 'schema' ? n.root : n.root;
  if (root && ROOT_META.has(key)) return ANY;
  if (n.t === 'schema') {
    const s = n.s;
    if (s['x-kubernetes-embedded-resource'] === true && ROOT_META.has(key)) return ANY;
    const props = isObj(s.properties) ? (s.properties as Record<string, StructuralSchema>) : undefined;
    if (props && Object.hasOwn(props, key)) return { t: 'schema', s: props[key]! };
    if (isObj(s.additionalProperties)) return { t: 'schema', s: s.additionalProperties as StructuralSchema };
    if (s.additionalProperties === true || s['x-kubernetes-preserve-unknown-fields'] === true) return ANY;
    return undefined;
  }
  const ref = n.ref;
  if (ref.kind === 'opaque') return ANY;
  if (ref.kind === 'map') return { t: 'type', ref: ref.values };
  if (ref.kind !== 'object') return undefined;
  const type = v.types[ref.name];
  if (!type) return ANY;
  if (key === '$propertyBag' && type.hasPropertyBag) return ANY;
  const p = type.properties.find((x) => x.name === key);
  if (p) return { t: 'type', ref: p.type };
  if (type.additionalProperties) return { t: 'type', ref: type.additionalProperties };
  return type.preserveUnknownFields ? ANY : undefined;
}

function items(n: Node): Node | undefined {
  if (n.t === 'any') return ANY;
  if (n.t === 'schema') {
    if (n.s['x-kubernetes-int-or-string'] === true) return undefined;
    if (isObj(n.s.items)) return { t: 'schema', s: n.s.items as StructuralSchema };
    return n.s.type === 'array' ? ANY : n.s['x-kubernetes-preserve-unknown-fields'] === true ? ANY : undefined;
  }
  if (n.ref.kind === 'opaque') return ANY;
  return n.ref.kind === 'array' ? { t: 'type', ref: n.ref.items } : undefined;
}

/** Does the version have this path? Returns the depth of the first segment it lacks, or -1 when all exist. */
export function missingAt(v: Version, p: PathPattern): number {
  let n: Node | undefined = rootNode(v);
  for (let i = 0; i < p.length; i++) {
    const seg = p[i];
    n = seg === null || seg === undefined ? items(n) : child(v, n, seg);
    if (!n) return i;
  }
  return -1;
}

/** A copy of `value` without the fields `v` lacks (the API server's pruning), and the paths pruned. */
export function pruneTo(v: Version, value: unknown): { value: unknown; pruned: Path[] } {
  const pruned: Path[] = [];
  const walk = (x: unknown, n: Node, path: Path): unknown => {
    if (n.t === 'any') return x;
    if (Array.isArray(x)) {
      const it = items(n);
      return it ? x.map((e, i) => walk(e, it, [...path, i])) : x;
    }
    if (!isObj(x)) return x;
    const out = Object.create(null) as Obj;
    for (const [k, e] of Object.entries(x)) {
      const c = child(v, n, k);
      if (!c) pruned.push([...path, k]);
      else defineKey(out, k, walk(e, c, [...path, k]));
    }
    return { ...out };
  };
  return { value: walk(value, rootNode(v), []), pruned };
}
