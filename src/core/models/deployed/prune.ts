// Pruning, exactly as kubernetes/apiextensions-apiserver pkg/apiserver/schema/pruning/algorithm.go
// (`PruneWithOptions`): unknown map keys are deleted, arrays recurse into `items`, scalars are never touched;
// `x-kubernetes-preserve-unknown-fields` keeps unknown keys at its own node only; `additionalProperties` keeps
// every key and prunes the values by its schema (`true`/`false`: values pruned as schemaless); embedded
// resources (and the resource root) keep apiVersion/kind/metadata. Mutates `x` in place.
import type { Path } from '../../model/issue.ts';
import type { Recorder } from './records.ts';
import {
  META_FIELDS,
  additionalOf,
  eachNestedItem,
  visitKey,
  asResourceRoot,
  isEmbedded,
  isPlainObject,
  itemsOf,
  preservesUnknown,
  propertyOf,
  type Schema,
} from './schemaNode.ts';

const SCALAR_TYPES: ReadonlySet<unknown> = new Set(['string', 'integer', 'number', 'boolean']);

function causeAt(s: Schema | undefined): 'no-schema' | 'under-scalar' | 'unknown-field' {
  if (!s) return 'no-schema';
  if (SCALAR_TYPES.has(s.type) || s['x-kubernetes-int-or-string'] === true) return 'under-scalar';
  return 'unknown-field';
}

/**
 * Prunes `x` by `s`. `isResourceRoot`: the root is treated as an embedded resource. Pruned paths go to
 * `record` (as upstream, a root-level apiVersion/kind/metadata removed from a non-root schema is not reported).
 */
export function pruneInPlace(x: unknown, s: Schema | undefined, isResourceRoot: boolean, record?: Recorder): void {
  prune(x, isResourceRoot ? asResourceRoot(s) : s, [], record);
}

function prune(x: unknown, s: Schema | undefined, path: (string | number)[], record: Recorder | undefined): void {
  if (s && preservesUnknown(s)) {
    skipPrune(x, s, path, record);
    return;
  }
  if (Array.isArray(x)) {
    const items = itemsOf(s);
    eachNestedItem(x, path, (v) => prune(v, items, path, record));
    return;
  }
  if (!isPlainObject(x)) return;
  const embedded = isEmbedded(s);
  const additional = s ? additionalOf(s) : undefined;
  for (const k of Object.keys(x)) {
    if (embedded && META_FIELDS.has(k)) continue;
    const prop = s ? propertyOf(s, k) : undefined;
    if (prop !== undefined || additional !== undefined) {
      visitKey(x, k, path, (v) => prune(v, prop ?? additional?.schema, path, record));
      continue;
    }
    if (record && (!META_FIELDS.has(k) || path.length > 0)) record([...path, k], causeAt(s));
    delete x[k];
  }
}

function skipPrune(x: unknown, s: Schema | undefined, path: (string | number)[], record: Recorder | undefined): void {
  if (!s) return;
  if (Array.isArray(x)) {
    const items = itemsOf(s);
    eachNestedItem(x, path, (v) => skipPrune(v, items, path, record));
    return;
  }
  if (!isPlainObject(x)) return;
  const embedded = isEmbedded(s);
  const additional = additionalOf(s);
  for (const k of Object.keys(x)) {
    if (embedded && META_FIELDS.has(k)) continue;
    const prop = propertyOf(s, k);
    if (prop !== undefined || additional !== undefined)
      visitKey(x, k, path, (v) => prune(v, prop ?? additional?.schema, path, record));
  }
}

/** Pruned paths of `x` by `s` without changing it (a clone is pruned). */
export function prunedPaths(x: unknown, s: Schema | undefined, isResourceRoot: boolean): Path[] {
  const out: Path[] = [];
  pruneInPlace(structuredClone(x), s, isResourceRoot, (p) => void out.push(p));
  return out;
}
