// Defaulting, exactly as kubernetes/apiextensions-apiserver pkg/apiserver/schema/defaulting/algorithm.go
// (`Default`): top-down; a missing property, or a non-nullable `null`, takes the property's default; inside
// `items`/`additionalProperties` only existing entries are defaulted (a non-nullable null entry takes the value
// schema's default), no item or key is created. Defaults are deep-copied, and pruned by their own schema first as
// the server does when it loads the CRD (defaulting/prune.go `PruneDefaults`). Mutates `x` in place.
import { setKey } from '../../model/jsonValue.ts';
import { compile } from './compiledSchema.ts';
import { pruneInPlace } from './prune.ts';
import type { Recorder } from './records.ts';
import {
  additionalOf,
  defaultOf,
  isEmbedded,
  isNullable,
  isPlainObject,
  itemsOf,
  propertiesOf,
  propertyOf,
  type Schema,
} from './schemaNode.ts';

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
  walk(x, s, [], record);
}

// No closure per key or item: it runs twice over every object of a stream (the write and the read).
function walk(x: unknown, s: Schema | undefined, path: (string | number)[], record: Recorder | undefined): void {
  if (!s || !compile(s).deepDefaults) return; // nothing below carries a default
  if (Array.isArray(x)) {
    const items = itemsOf(s);
    for (let i = 0; i < x.length; i++) {
      if (x[i] === null && items && !isNullable(items)) {
        const d = freshDefault(items);
        if (d !== undefined) {
          x[i] = d;
          record?.([...path, i], 'null');
        }
      }
    }
    for (let i = 0; i < x.length; i++) {
      const v: unknown = x[i];
      if (v === null || typeof v !== 'object') continue;
      path.push(i);
      walk(v, items, path, record);
      path.pop();
    }
    return;
  }
  if (!isPlainObject(x)) return;
  const props = propertiesOf(s);
  if (props) {
    for (const k of Object.keys(props)) {
      const prop = propertyOf(s, k);
      if (!prop || defaultOf(prop) === undefined) continue;
      const has = Object.hasOwn(x, k);
      if (!has || (x[k] === null && !isNullable(prop))) {
        setKey(x, k, freshDefault(prop));
        record?.([...path, k], has ? 'null' : 'missing');
      }
    }
  }
  const additional = additionalOf(s);
  for (const k of Object.keys(x)) {
    let child = propertyOf(s, k);
    if (child === undefined && additional !== undefined) {
      child = additional.schema;
      if (x[k] === null && child && !isNullable(child)) {
        const d = freshDefault(child);
        if (d !== undefined) {
          setKey(x, k, d);
          record?.([...path, k], 'null');
        }
      }
    }
    const v = x[k];
    if (child === undefined || v === null || typeof v !== 'object') continue;
    path.push(k);
    walk(v, child, path, record);
    path.pop();
  }
}
