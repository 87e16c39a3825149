// Lookups into a catalog shared by planning and execution (memoised per catalog: they sit on hot paths).
import type { Catalog, Kind, ObjectType, Property, TypeRef, Version } from '../model/model.ts';
import type { Path } from '../model/path.ts';
import { PROPERTY_BAG } from '../model/propertyBag.ts';
import { issue, type Issue } from '../model/issue.ts';

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

/**
 * The versions a client can name, for messages that list them: served, without the storage variants derived for
 * ASO's design (`v1storage`); every non-derived version when none is served.
 */
export function servedVersionNames(kind: Kind): string {
  const api = kind.versions.filter((v) => v.derived !== true);
  const served = api.filter((v) => v.served);
  return (served.length > 0 ? served : api).map((v) => v.name).join(', ');
}

/** The kind, or the UNKNOWN_KIND issue to return when the catalog has none of that name. */
export function findKindOrIssue(catalog: Catalog, ref: KindRef): { kind?: Kind; issue?: Issue } {
  const kind = findKind(catalog, ref);
  if (kind) return { kind };
  return {
    issue: issue(
      'error',
      'UNKNOWN_KIND',
      `no kind ${typeof ref === 'string' ? ref : ref.kind} in ${describeCatalog(catalog)}`,
    ),
  };
}

/** A version's object type by name: own entries only, so a type named `constructor` or `toString` is data. */
export function typeNamed(version: Version, name: string): ObjectType | undefined {
  return Object.hasOwn(version.types, name) ? version.types[name] : undefined;
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

/** The declared form of an object type (the twin's when the version is a derived storage variant). */
export function declaredType(kind: Kind, version: Version, typeName: string): ObjectType | undefined {
  return typeNamed(declaringVersion(kind, version), typeName) ?? typeNamed(version, typeName);
}

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

/** What a catalog holds, in one line, for "unknown kind" messages: `Kind (group: v1, v2); ...` (API versions). */
export function describeCatalog(c: Catalog): string {
  if (c.kinds.length === 0) return 'no kinds';
  return c.kinds
    .map(
      (k) =>
        `${k.kind} (${k.group}: ${k.versions
          .filter((v) => v.role === 'api')
          .map((v) => v.name)
          .join(', ')})`,
    )
    .join('; ');
}

/** The type of the value at `path` in a document of `version` (undefined where the schema has no type). */
export function typeAtPath(version: Version, path: Path): TypeRef | undefined {
  let t: TypeRef | undefined = { kind: 'object', name: version.root };
  for (const seg of path) {
    if (!t) return undefined;
    if (t.kind === 'array') t = typeof seg === 'number' ? t.items : undefined;
    else if (t.kind === 'map') t = typeof seg === 'string' ? t.values : undefined;
    else if (t.kind === 'object' && typeof seg === 'string') {
      const o: ObjectType | undefined = typeNamed(version, t.name);
      t = o ? propertiesByName(o).get(seg)?.type : undefined;
    } else return undefined;
  }
  return t;
}
