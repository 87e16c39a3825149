// Helpers over TypeRef (model.ts): what an object leaf is, what counts as free-form, how a type reads.
import type { Primitive, TypeRef } from './model.ts';

/** The object type name at the leaf of a ref (through arrays and maps), if any. */
export function objectLeaf(r: TypeRef): string | undefined {
  if (r.kind === 'object') return r.name;
  if (r.kind === 'array') return objectLeaf(r.items);
  if (r.kind === 'map') return objectLeaf(r.values);
  return undefined;
}

/** Opaque, or a map of opaque values (`additionalProperties: true`): any JSON value fits. */
export const freeForm = (t: TypeRef): boolean => t.kind === 'opaque' || (t.kind === 'map' && freeForm(t.values));

const PRIMITIVE_DISPLAY: Record<Primitive, string> = {
  string: 'string',
  integer: 'int',
  number: 'float64',
  boolean: 'bool',
};

function baseDisplay(ref: TypeRef): string {
  switch (ref.kind) {
    case 'primitive':
      return PRIMITIVE_DISPLAY[ref.name];
    case 'enum':
      return ref.name ?? PRIMITIVE_DISPLAY[ref.base];
    case 'object':
      return ref.name;
    case 'array':
      return `[]${baseDisplay(ref.items)}`;
    case 'map':
      return `map[string]${baseDisplay(ref.values)}`;
    case 'opaque':
      return ref.reason === 'int-or-string' ? 'IntOrString' : 'JSON';
  }
}

/** Go-like display of a property's type, as in seed 001's table: `*Level`, `[]NodeTypes`, `string`. */
export function displayType(ref: TypeRef, required: boolean): string {
  return `${required ? '' : '*'}${baseDisplay(ref)}`;
}

/**
 * The object type pairs a value of type `s` converts through to become a `d`: both objects, or arrays or maps of
 * them at the same depth. Free-form on either side, scalars and mismatched shapes convert through none.
 */
export function objectPairs(s: TypeRef, d: TypeRef): { readonly source: string; readonly destination: string }[] {
  if (freeForm(s) || freeForm(d)) return [];
  if (s.kind === 'object' && d.kind === 'object') return [{ source: s.name, destination: d.name }];
  if (s.kind === 'array' && d.kind === 'array') return objectPairs(s.items, d.items);
  if (s.kind === 'map' && d.kind === 'map') return objectPairs(s.values, d.values);
  return [];
}
