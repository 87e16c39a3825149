// Dropping non-nullable nulls without a default, exactly as kubernetes/apiextensions-apiserver
// pkg/apiserver/schema/defaulting/prunenulls.go (`PruneNonNullableNullsWithoutDefaults`): map entries only (a
// null array item stays); non-nullable nulls that have a default are left for defaulting. Mutates `x` in place.
import type { Recorder } from './records.ts';
import {
  defaultOf,
  eachNestedItem,
  visitKey,
  fieldSchema,
  isNullable,
  isPlainObject,
  itemsOf,
  type Schema,
} from './schemaNode.ts';

export function pruneNullsInPlace(x: unknown, s: Schema | undefined, record?: Recorder): void {
  walk(x, s, [], record);
}

function walk(x: unknown, s: Schema | undefined, path: (string | number)[], record: Recorder | undefined): void {
  if (Array.isArray(x)) {
    const items = itemsOf(s);
    eachNestedItem(x, path, (v) => walk(v, items, path, record));
    return;
  }
  if (!isPlainObject(x)) return;
  for (const k of Object.keys(x)) {
    const v = x[k];
    const schema = fieldSchema(s, k);
    if (v === null) {
      if (schema && !isNullable(schema) && defaultOf(schema) === undefined) {
        record?.([...path, k], 'non-nullable-null');
        delete x[k];
      }
      continue;
    }
    visitKey(x, k, path, (o) => walk(o, schema, path, record));
  }
}
