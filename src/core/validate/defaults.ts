// What the API server does to an object before validating it (apiextensions-apiserver schema/defaulting):
// null values of non-nullable fields without a default are pruned, then absent (or null) fields with a default
// get a copy of it, recursively. Never mutates its input: a changed node is a copy, an unchanged one is returned
// as it is (most of a stored object has nothing to default: it is not copied). Data keys are set as own
// properties (any key is safe).
import type { StructuralSchema } from '../model/model.ts';

const isObj = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

function put(o: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__')
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

/** What applyDefaults reads of a schema node, found once per node (a whole cluster's objects share it). */
interface Node {
  readonly props: Readonly<Record<string, StructuralSchema>> | undefined;
  readonly additional: StructuralSchema | undefined;
  readonly items: StructuralSchema | undefined;
  /** Its properties that have a default, in the schema's order. */
  readonly defaults: readonly (readonly [string, StructuralSchema])[];
}
const NO_NODE: Node = { props: undefined, additional: undefined, items: undefined, defaults: [] };
const nodes = new WeakMap<object, Node>();
function nodeOf(s: StructuralSchema | undefined): Node {
  if (s === null || typeof s !== 'object') return NO_NODE;
  let n = nodes.get(s);
  if (!n) {
    const props = isObj(s.properties) ? (s.properties as Record<string, StructuralSchema>) : undefined;
    const defaults: [string, StructuralSchema][] = [];
    for (const k of Object.keys(props ?? {})) {
      const p = props?.[k];
      if (isObj(p) && p.default !== undefined) defaults.push([k, p]);
    }
    n = {
      props,
      additional: isObj(s.additionalProperties) ? (s.additionalProperties as StructuralSchema) : undefined,
      items: isObj(s.items) ? (s.items as StructuralSchema) : undefined,
      defaults,
    };
    nodes.set(s, n);
  }
  return n;
}

function propSchema(n: Node, k: string): StructuralSchema | undefined {
  if (n.props && Object.hasOwn(n.props, k)) return n.props[k];
  return n.additional;
}

const PRUNED = Symbol('pruned');

export function applyDefaults(x: unknown, s: StructuralSchema | undefined): unknown {
  const n = nodeOf(s);
  if (Array.isArray(x)) {
    const items = n.items;
    let out: unknown[] | undefined;
    for (let i = 0; i < x.length; i++) {
      const v: unknown = x[i];
      const d = applyDefaults(
        v === null && items && items.nullable !== true && 'default' in items ? items.default : v,
        items,
      );
      if (d !== v) (out ??= x.slice())[i] = d;
    }
    return out ?? x;
  }
  if (!isObj(x)) return x;
  // A node whose keys stay, with no default to add and no child changed, is returned as it is (nothing allocated).
  let defaulted: Map<string, unknown> | undefined;
  for (const [k, p] of n.defaults)
    // a key with a default is never pruned: it is kept when present
    if (!Object.hasOwn(x, k) || (x[k] === null && p.nullable !== true))
      (defaulted ??= new Map()).set(k, structuredClone(p.default));
  const changed = defaulted !== undefined || Object.getPrototypeOf(x) !== Object.prototype;
  const keys = Object.keys(x);
  let children: unknown[] | undefined = changed ? new Array(keys.length) : undefined;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const v = x[k];
    const p = propSchema(n, k);
    const c =
      v === null && p !== undefined && p.nullable !== true && p.default === undefined
        ? PRUNED
        : applyDefaults(defaulted?.has(k) ? defaulted.get(k) : v, p);
    if (c !== v && !children) {
      children = new Array(keys.length);
      for (let j = 0; j < i; j++) children[j] = x[keys[j] as string];
    }
    if (children) children[i] = c;
  }
  if (!children) return x;
  const out: Record<string, unknown> = {};
  keys.forEach((k, i) => children[i] !== PRUNED && put(out, k, children[i]));
  for (const [k, d] of defaulted ?? []) if (!Object.hasOwn(out, k)) put(out, k, applyDefaults(d, propSchema(n, k)));
  return out;
}
