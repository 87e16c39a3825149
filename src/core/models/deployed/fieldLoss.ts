// What the deployed pipeline drops for a whole version pair, read from the schemas alone: the fields V declares
// that the storage version S lacks (dropped on write), and those S keeps that T lacks (dropped on read), as
// `fieldLoss(V, S, T)`. Paths use "*" for any array item or map value (as `versionChanges` does); a dropped field
// is listed once, not its descendants.
import { additionalOf, itemsOf, preservesUnknown, propertiesOf, propertyOf, type Schema } from './schemaNode.ts';

export interface FieldLoss {
  readonly droppedOnWrite: readonly (readonly string[])[];
  readonly droppedOnRead: readonly (readonly string[])[];
}

/** Declared fields of `a` that `b` would prune. */
export function fieldsPrunedBy(a: Schema, b: Schema | undefined, at: readonly string[] = []): string[][] {
  const out: string[][] = [];
  const items = itemsOf(a);
  if (items) out.push(...fieldsPrunedBy(items, b ? itemsOf(b) : undefined, [...at, '*']));
  const extra = additionalOf(a)?.schema;
  if (extra) out.push(...fieldsPrunedBy(extra, b ? additionalOf(b)?.schema : undefined, [...at, '*']));
  const props = propertiesOf(a);
  if (!props) return out;
  for (const k of Object.keys(props)) {
    const pa = propertyOf(a, k) as Schema;
    const pb = b ? (propertyOf(b, k) ?? additionalOf(b)?.schema) : undefined;
    const kept = pb !== undefined || (b !== undefined && (preservesUnknown(b) || additionalOf(b) !== undefined));
    if (!kept) out.push([...at, k]);
    else if (pb !== undefined && !preservesUnknown(pb)) out.push(...fieldsPrunedBy(pa, pb, [...at, k]));
  }
  return out;
}

const under = (p: readonly string[], prefix: readonly string[]): boolean =>
  prefix.length <= p.length && prefix.every((s, i) => s === p[i]);

export function fieldLoss(from: Schema, storage: Schema, to: Schema): FieldLoss {
  const droppedOnWrite = fieldsPrunedBy(from, storage);
  const droppedOnRead = fieldsPrunedBy(from, to).filter((p) => !droppedOnWrite.some((w) => under(p, w)));
  return { droppedOnWrite, droppedOnRead };
}
