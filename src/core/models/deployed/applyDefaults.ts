// Defaulting, exactly as kubernetes/apiextensions-apiserver pkg/apiserver/schema/defaulting/algorithm.go
// (`Default`): top-down; a missing property, or a non-nullable `null`, takes the property's default; inside
// `items`/`additionalProperties` only existing entries are defaulted (a non-nullable null entry takes the value
// schema's default), no item or key is created. Defaults are deep-copied, and pruned by their own schema first as
// the server does when it loads the CRD (defaulting/prune.go `PruneDefaults`). Mutates `x` in place.
import { setKey } from '../../model/jsonValue.ts';
import { compile, type Node } from './compiledSchema.ts';
import { pruneInPlace } from './prune.ts';
import type { Recorder } from './records.ts';
import { defaultOf, isEmbedded, isPlainObject, type Schema } from './schemaNode.ts';

const prunedDefaults = new WeakMap<Schema, unknown>();

/** A fresh copy of `s`'s default, pruned by `s` (undefined when it has none). */
function freshDefault(s: Schema): unknown {
  let d = prunedDefaults.get(s);
  if (d === undefined && !prunedDefaults.has(s)) {
    d = defaultOf(s);
    if (d !== undefined && typeof d === 'object') {
      d = structuredClone(d);
      pruneInPlace(d, s, isEmbedded(s));
    }
    prunedDefaults.set(s, d);
  }
  return d !== null && typeof d === 'object' ? structuredClone(d) : d;
}

export function applyDefaultsInPlace(x: unknown, s: Schema | undefined, record?: Recorder): void {
  if (s) walk(x, compile(s), [], record);
}

/** A node's properties that carry a default, in the schema's order (found once per node). */
const defaultedOf = new WeakMap<Node, readonly (readonly [string, Node])[]>();
function defaulted(n: Node): readonly (readonly [string, Node])[] {
  let d = defaultedOf.get(n);
  if (!d) {
    d = n.props ? [...n.props].filter(([, p]) => p.hasDefault) : [];
    defaultedOf.set(n, d);
  }
  return d;
}

// On compiled nodes, with no closure per key or item: it runs twice over every object of a stream (the write and
// the read).
function walk(x: unknown, n: Node, path: (string | number)[], record: Recorder | undefined): void {
  if (!n.deepDefaults) return; // nothing below carries a default
  if (Array.isArray(x)) {
    const items = n.items;
    if (items && !items.nullable)
      for (let i = 0; i < x.length; i++) {
        if (x[i] !== null) continue;
        const d = freshDefault(items.raw);
        if (d !== undefined) {
          x[i] = d;
          record?.([...path, i], 'null');
        }
      }
    for (let i = 0; i < x.length; i++) {
      const v: unknown = x[i];
      if (v === null || typeof v !== 'object' || !items) continue;
      path.push(i);
      walk(v, items, path, record);
      path.pop();
    }
    return;
  }
  if (!isPlainObject(x)) return;
  for (const [k, prop] of defaulted(n)) {
    const has = Object.hasOwn(x, k);
    if (!has || (x[k] === null && !prop.nullable)) {
      setKey(x, k, freshDefault(prop.raw));
      record?.([...path, k], has ? 'null' : 'missing');
    }
  }
  const additional = n.additional;
  for (const k of Object.keys(x)) {
    let child: Node | null | undefined = n.props?.get(k);
    if (child === undefined && additional !== undefined) {
      child = additional;
      if (x[k] === null && child && !child.nullable) {
        const d = freshDefault(child.raw);
        if (d !== undefined) {
          setKey(x, k, d);
          record?.([...path, k], 'null');
        }
      }
    }
    const v = x[k];
    if (!child || v === null || typeof v !== 'object') continue;
    path.push(k);
    walk(v, child, path, record);
    path.pop();
  }
}
