// Seed 003's fixed storage version: one superset type ("v1") built from a set of API versions. Every property any
// of them declares is kept (all optional); a property that comes back with another type cannot share the name, so
// the newcomer is stored as `<name>_v<version>` (the seed's `MailingAddress_v20190909`); each version converts
// straight to and from the superset.
import type { Kind, Version } from '../../model/model.ts';
import { isPreRelease } from '../../versions/versionOrder.ts';
import { fieldKey, versionFields, type Field } from './fieldTree.ts';
import { newestGa } from './horizon.ts';

export interface StorageProperty {
  /** Path in the storage type: stored names, so a collision's renamed property appears under its new name. */
  readonly path: readonly string[];
  /** The property name the API versions declare. */
  readonly declaredName: string;
  readonly signature: string;
  /** Go-like display of the (optional) storage type, from the first version that declares it. */
  readonly type: string;
  /** API versions that use it, in version order. */
  readonly versions: readonly string[];
  /** Path of the property it collides with: same declared name, another type (set on the renamed newcomer). */
  readonly collidesWith?: readonly string[];
  /** Used only by versions older than the newest GA version: bloat in seed 003's words. */
  readonly obsolete: boolean;
  /** Used only by pre-release versions (seed 003's preview-only `FullName`). */
  readonly previewOnly: boolean;
  /** The resource's `spec` or `status` object itself: it holds the properties, it is not one of them. */
  readonly container: boolean;
}

export interface FixedStorage {
  /** The versions it was built from, oldest first. */
  readonly versions: readonly string[];
  readonly newestGa?: string;
  /** Sorted by path. */
  readonly properties: readonly StorageProperty[];
}

interface Building {
  readonly path: string[];
  readonly declaredName: string;
  readonly signature: string;
  readonly type: string;
  readonly versions: string[];
  readonly collidesWith?: string[];
}

/** `2019-09-09` -> `v20190909`, `v1beta2` -> `v1beta2`: the seed's suffix for a colliding property. */
export function collisionSuffix(version: string): string {
  const s = version.replace(/[^A-Za-z0-9]/g, '');
  return s.startsWith('v') ? s : `v${s}`;
}

/**
 * Where each field of a version is stored: its storage path, or undefined when the storage has no property of
 * that name and type (the field, and everything below it, would be forgotten). `lookup` finds the variants
 * stored under a declared name's plain path.
 */
function routeFields(
  fields: readonly Field[],
  place: (field: Field, parentPath: readonly string[]) => readonly string[] | undefined,
): (readonly string[] | undefined)[] {
  const routes: (readonly string[] | undefined)[] = [];
  for (const f of fields) {
    if (f.parent === undefined) {
      routes.push(place(f, []));
      continue;
    }
    const up = routes[f.parent];
    routes.push(up ? place(f, [...up, ...f.via]) : undefined);
  }
  return routes;
}

/** Variants per plain path (the declared name under the parent's storage path), oldest first. */
type Variants = Map<string, Building[]>;

function findVariant(variants: Variants, plain: readonly string[], signature: string): Building | undefined {
  return variants.get(fieldKey(plain))?.find((b) => b.signature === signature);
}

/** Builds the superset storage type from `versions` (API versions of `kind`, in version order). */
export function buildFixedStorage(kind: Kind, versions: readonly Version[]): FixedStorage {
  const variants: Variants = new Map();
  const all: Building[] = [];
  for (const v of versions) {
    routeFields(versionFields(kind, v), (f, parentPath) => {
      const plain = [...parentPath, f.name];
      const found = findVariant(variants, plain, f.signature);
      if (found) {
        if (found.versions[found.versions.length - 1] !== v.name) found.versions.push(v.name);
        return found.path;
      }
      const list = variants.get(fieldKey(plain)) ?? [];
      const first = list[0];
      const b: Building = {
        path: first ? [...parentPath, `${f.name}_${collisionSuffix(v.name)}`] : plain,
        declaredName: f.name,
        signature: f.signature,
        type: f.display.startsWith('*') ? f.display : `*${f.display}`,
        versions: [v.name],
        ...(first ? { collidesWith: first.path } : {}),
      };
      list.push(b);
      variants.set(fieldKey(plain), list);
      all.push(b);
      return b.path;
    });
  }
  const names = versions.map((v) => v.name);
  const ga = newestGa(names);
  const gaAt = ga === undefined ? -1 : names.indexOf(ga);
  const properties: StorageProperty[] = all.map((b) => ({
    path: b.path,
    declaredName: b.declaredName,
    signature: b.signature,
    type: b.type,
    versions: b.versions,
    ...(b.collidesWith ? { collidesWith: b.collidesWith } : {}),
    obsolete: b.versions.every((x) => names.indexOf(x) < gaAt),
    // "only preview users" means something only when a GA version exists to compare with
    previewOnly: ga !== undefined && !isPreRelease(ga) && b.versions.every((x) => isPreRelease(x)),
    container: b.path.length === 1 && versions.some((v) => v.spec === b.declaredName || v.status === b.declaredName),
  }));
  properties.sort((a, b) => cmpPath(a.path, b.path));
  return { versions: names, ...(ga !== undefined ? { newestGa: ga } : {}), properties };
}

function cmpPath(a: readonly string[], b: readonly string[]): number {
  const x = fieldKey(a);
  const y = fieldKey(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Where each field of `version` lives in an existing superset (by declared name and type): its storage path, or
 * undefined when the superset does not hold it. Used for versions outside the horizon (property amnesia).
 */
export function locateFields(kind: Kind, storage: FixedStorage, version: Version): (readonly string[] | undefined)[] {
  const byPlain = new Map<string, StorageProperty[]>();
  for (const p of storage.properties) {
    const plain = [...p.path.slice(0, -1), p.declaredName];
    const k = fieldKey(plain);
    byPlain.set(k, [...(byPlain.get(k) ?? []), p]);
  }
  return routeFields(
    versionFields(kind, version),
    (f, parentPath) => byPlain.get(fieldKey([...parentPath, f.name]))?.find((p) => p.signature === f.signature)?.path,
  );
}

/** The topmost entries of a list of paths (a path whose ancestor is listed is left out). */
export function topmost<T extends { readonly path: readonly string[] }>(items: readonly T[]): T[] {
  const keys = new Set(items.map((i) => fieldKey(i.path)));
  return items.filter((i) => !i.path.some((_, n) => n > 0 && keys.has(fieldKey(i.path.slice(0, n)))));
}
