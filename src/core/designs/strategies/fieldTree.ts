// A version's fields as a flat list of property paths with a storage signature each: the unit the storage
// designs compare (seed 003 reasons about properties and their types, not about documents).
import type { Kind, ObjectType, TypeRef, Version } from '../../model/model.ts';
import { declaredType } from '../../catalog/catalogLookup.ts';
import { displayType } from '../../model/typeRef.ts';

/** How two declarations of one property compare for storage (CONVERSION.md section 3: enums erased, optional). */
export type SignatureMode =
  /** Named object types by name (Go structs, seed 003's `Address` vs `Location`); inline ones by structure. */
  | 'named'
  /** By structure only: the API server's view (an object is an object, whatever its Go name). */
  | 'structural';

export interface Field {
  /** Property path from the resource root; `*` stands for any array item or map value. */
  readonly path: readonly string[];
  /** Index in the list of the property that holds this one (absent at the root). */
  readonly parent?: number;
  /** `*` segments between the parent property and this one (array items / map values of the parent). */
  readonly via: readonly string[];
  readonly name: string;
  readonly signature: string;
  /** Go-like display of the declared type: `*string`, `Address`, `[]Part`. */
  readonly display: string;
  readonly required: boolean;
  /** Keys below are kept without a schema (preserve-unknown-fields, free-form, int-or-string). */
  readonly opaque: boolean;
  /** The object below keeps unknown keys beside its properties (`x-kubernetes-preserve-unknown-fields`). */
  readonly keepsUnknown: boolean;
}

/** Root properties every resource has; the storage designs are about what lies beside them. */
const ROOT_MACHINERY = new Set(['apiVersion', 'kind', 'metadata']);
/** Self-referencing schemas (JSONSchemaProps) stop here; no real CRD nests deeper. */
const MAX_DEPTH = 16;

function signatureOf(ref: TypeRef, version: Version, mode: SignatureMode): string {
  switch (ref.kind) {
    case 'primitive':
      return ref.name;
    case 'enum':
      return ref.base;
    case 'object': {
      const t = version.types[ref.name];
      return mode === 'named' && t?.named === true ? `object:${ref.name}` : 'object';
    }
    case 'array':
      return `[]${signatureOf(ref.items, version, mode)}`;
    case 'map':
      return `map[string]${signatureOf(ref.values, version, mode)}`;
    case 'opaque':
      return ref.reason === 'int-or-string' ? 'int-or-string' : 'json';
  }
}

/** The object type at the leaf of a ref, with the `*` segments to reach it. */
function objectLeaf(ref: TypeRef, via: string[] = []): { type: string; via: string[] } | undefined {
  if (ref.kind === 'object') return { type: ref.name, via };
  if (ref.kind === 'array') return objectLeaf(ref.items, [...via, '*']);
  if (ref.kind === 'map') return objectLeaf(ref.values, [...via, '*']);
  return undefined;
}

const isOpaque = (ref: TypeRef): boolean =>
  ref.kind === 'opaque' ||
  (ref.kind === 'map' && isOpaque(ref.values)) ||
  (ref.kind === 'array' && isOpaque(ref.items));

const cache = new WeakMap<Version, Map<SignatureMode, readonly Field[]>>();

/**
 * Every property of a version below its root (apiVersion, kind and metadata left out), parents before children.
 * Declarations (named types, required) come from the API twin when the version is a derived storage variant.
 */
export function versionFields(kind: Kind, version: Version, mode: SignatureMode = 'named'): readonly Field[] {
  let byMode = cache.get(version);
  const hit = byMode?.get(mode);
  if (hit) return hit;
  const out: Field[] = [];
  const walk = (
    type: ObjectType | undefined,
    parent: number | undefined,
    base: string[],
    via: string[],
    chain: string[],
  ) => {
    if (!type || chain.length > MAX_DEPTH) return;
    for (const p of type.properties) {
      if (p.name === '$propertyBag') continue;
      if (parent === undefined && ROOT_MACHINERY.has(p.name)) continue;
      const path = [...base, ...via, p.name];
      const index = out.length;
      const leaf = objectLeaf(p.type);
      const leafType = leaf && (declaredType(kind, version, leaf.type) ?? version.types[leaf.type]);
      out.push({
        path,
        ...(parent !== undefined ? { parent } : {}),
        via,
        name: p.name,
        signature: signatureOf(p.type, version, mode),
        display: displayType(p.type, p.required),
        required: p.required,
        opaque: isOpaque(p.type),
        keepsUnknown: leafType?.preserveUnknownFields === true,
      });
      if (leaf && !chain.includes(leaf.type)) walk(leafType, index, path, leaf.via, [...chain, leaf.type]);
    }
  };
  walk(version.types[version.root], undefined, [], [], [version.root]);
  if (!byMode) {
    byMode = new Map();
    cache.set(version, byMode);
  }
  byMode.set(mode, out);
  return out;
}

export const fieldKey = (path: readonly string[]): string => path.join('.');
