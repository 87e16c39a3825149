// Lookups into a catalog shared by planning and execution (memoised per catalog: they sit on hot paths).
import type { Catalog, Kind, ObjectType, Property, Version } from './model.ts';
import { PROPERTY_BAG } from './propertyBag.ts';

/** A kind named by its name (first match across groups) or by group and name. */
export type KindRef = string | { readonly group: string; readonly kind: string };

export function findKind(catalog: Catalog, ref: KindRef): Kind | undefined {
  if (typeof ref === 'string') {
    const [group, name] = ref.includes('/')
      ? [ref.slice(0, ref.lastIndexOf('/')), ref.slice(ref.lastIndexOf('/') + 1)]
      : [undefined, ref];
    return catalog.kinds.find((k) => k.kind === name && (group === undefined || k.group === group));
  }
  return catalog.kinds.find((k) => k.group === ref.group && k.kind === ref.kind);
}

export function findVersion(kind: Kind, name: string): Version | undefined {
  return kind.versions.find((v) => v.name === name);
}

/**
 * The version whose declarations name the types of `version`: a derived storage variant erases enum names and
 * optionality, so naming and display (seed 001's `*Level`, `string` for a required field) use its API twin's
 * declarations. An imported storage variant (ASO's own `<v>storage` schema) is real: it declares itself.
 */
const declaring = new WeakMap<Version, Version>();

export function declaringVersion(kind: Kind, version: Version): Version {
  const hit = declaring.get(version);
  if (hit) return hit;
  let out = version;
  if (version.role === 'storage' && version.twin !== undefined && version.derived !== false) {
    const twin = findVersion(kind, version.twin);
    if (twin && twin.role === 'api') out = twin;
  }
  declaring.set(version, out);
  return out;
}

const propIndex = new WeakMap<ObjectType, Map<string, Property>>();

/** A type's properties by JSON name (the bag is not a property). */
export function propertiesByName(type: ObjectType): Map<string, Property> {
  let m = propIndex.get(type);
  if (!m) {
    m = new Map();
    for (const p of type.properties) if (p.name !== PROPERTY_BAG) m.set(p.name, p);
    propIndex.set(type, m);
  }
  return m;
}

/** `group/version`, or just `version` for the core group. */
export function apiVersionOf(group: string, version: string): string {
  return group === '' ? version : `${group}/${version}`;
}
