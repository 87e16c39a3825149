// The pipeline's hot path for the coercer's first two steps: a pruned copy of a value, with non-nullable nulls
// without default dropped, in one walk. Equal to `pruneInPlace` then `pruneNullsInPlace` on a clone (a property
// test pins it); used where the pipeline would clone anyway.
import { setKey } from '../../model/jsonValue.ts';
import type { Node } from './compiledSchema.ts';
import type { Recorder } from './records.ts';
import { pruneNullsInPlace } from './pruneNulls.ts';
import { META_FIELDS } from './schemaNode.ts';

/** Copies `x` pruned by `n` (`root`: the resource root, treated as embedded), nulls dropped as the server does. */
export function pruneCopy(
  x: unknown,
  n: Node | undefined,
  root: boolean,
  pruned?: Recorder,
  nulls?: Recorder,
): unknown {
  return copy(x, n, root, false, [], pruned, nulls);
}

/** `skip`: upstream's skipPrune (an item of an array under a preserve-unknown-fields node). */
function copy(
  x: unknown,
  n: Node | undefined,
  root: boolean,
  skip: boolean,
  path: (string | number)[],
  pruned: Recorder | undefined,
  nulls: Recorder | undefined,
): unknown {
  if (x === null || typeof x !== 'object') return x;
  // preserve-unknown-fields: unknown keys are kept as they are; declared ones are still pruned (skipPrune)
  const keepUnknown = skip || (n !== undefined && n.preserve);
  if (keepUnknown && n === undefined) return plainCopy(x);
  if (Array.isArray(x)) {
    const items = n?.items;
    const out = new Array<unknown>(x.length);
    for (let i = 0; i < x.length; i++) {
      const v: unknown = x[i];
      if (v === null || typeof v !== 'object') out[i] = v;
      else {
        path.push(i);
        out[i] = copy(v, items, false, keepUnknown, path, pruned, nulls);
        path.pop();
      }
    }
    return out;
  }
  const o = x as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const embedded = root || (n !== undefined && n.embedded);
  const props = n?.props;
  const additional = n?.additional;
  for (const k in o) {
    if (!Object.hasOwn(o, k)) continue;
    const v = o[k];
    const child = props?.get(k) ?? (additional === undefined ? undefined : (additional ?? undefined));
    if (embedded && META_FIELDS.has(k)) {
      // kept unpruned; null-pruning still looks inside (prunenulls.go does not skip them)
      if (v === null && child !== undefined && !child.nullable && !child.hasDefault)
        nulls?.([...path, k], 'non-nullable-null');
      else {
        const c = plainCopy(v);
        if (child !== undefined && c !== null && typeof c === 'object') {
          path.push(k);
          pruneNullsInPlace(c, child.raw, nulls && ((p, cause) => nulls([...path, ...p], cause)));
          path.pop();
        }
        setKey(out, k, c);
      }
      continue;
    }
    const known = child !== undefined || additional !== undefined;
    if (!known) {
      if (keepUnknown) {
        setKey(out, k, plainCopy(v));
        continue;
      }
      if (pruned && (!META_FIELDS.has(k) || path.length > 0)) pruned([...path, k], causeOf(n));
      continue;
    }
    if (v === null) {
      if (child !== undefined && !child.nullable && !child.hasDefault) {
        nulls?.([...path, k], 'non-nullable-null');
        continue;
      }
      setKey(out, k, null);
      continue;
    }
    if (typeof v !== 'object') {
      setKey(out, k, v);
      continue;
    }
    path.push(k);
    setKey(out, k, copy(v, child, false, false, path, pruned, nulls));
    path.pop();
  }
  return out;
}

const causeOf = (n: Node | undefined): 'no-schema' | 'under-scalar' | 'unknown-field' =>
  n === undefined ? 'no-schema' : n.scalar ? 'under-scalar' : 'unknown-field';

function plainCopy(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(plainCopy);
  const out: Record<string, unknown> = {};
  for (const k in v) if (Object.hasOwn(v, k)) setKey(out, k, plainCopy((v as Record<string, unknown>)[k]));
  return out;
}
