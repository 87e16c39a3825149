// Policy the explorer (UI worker) and the CLI share: which hub, which target, where an issue sits in the
// text, what a property bag holds. One rule each, here, so the two front ends cannot disagree.
import type { Catalog, Kind, Version } from '../model/model.ts';
import type { Fate } from '../fates/fate.ts';
import type { Issue, SourceRange } from '../model/issue.ts';
import { pathKey, type Path, type PathKey } from '../model/path.ts';
import { withHub } from '../versions/buildKind.ts';
import { typeAtPath } from '../catalog/catalogLookup.ts';
import { PROPERTY_BAG, decodeBagValue } from '../model/propertyBag.ts';
import { isRecord } from '../model/jsonValue.ts';

const rehubbed = new WeakMap<Catalog, Map<string, Catalog>>();

/**
 * The catalog converting through `hub` (a version or storage variant; CONVERSION.md §2): every kind that has
 * such a storage variant, or only `kind` when given, is re-centred on it. The same catalog object when
 * nothing changes, and the same re-hubbed object for the same request (conversions cache per catalog).
 */
export function withCatalogHub(catalog: Catalog, hub: string, kind?: Kind): Catalog {
  const key = `${hub}\u0000${kind ? `${kind.group}/${kind.kind}` : '*'}`;
  let byKey = rehubbed.get(catalog);
  const hit = byKey?.get(key);
  if (hit) return hit;
  let changed = false;
  const kinds = catalog.kinds.map((k) => {
    if (kind && k !== kind) return k;
    const alt = withHub(k, hub);
    if (!alt || alt === k) return k;
    changed = true;
    return alt;
  });
  const out = changed ? { ...catalog, kinds } : catalog;
  if (!byKey) rehubbed.set(catalog, (byKey = new Map()));
  byKey.set(key, out);
  return out;
}

/** The version a view converts to when none is chosen: the newest API version other than the source. */
export function defaultTarget(kind: Kind, source: string): string {
  const apis = kind.versions.filter((v) => v.role === 'api');
  return [...apis].reverse().find((v) => v.name !== source)?.name ?? source;
}

/**
 * The version a client reads at when none is chosen (write-back check): the target being looked at, since
 * reading back at the source version is always harmless; the oldest API version when the target is not one.
 */
export function defaultReadAt(kind: Kind, target: string): string {
  return kind.versions.some((v) => v.role === 'api' && v.name === target)
    ? target
    : (kind.versions.find((v) => v.role === 'api')?.name ?? target);
}

/** `version` when the kind has it, else `fallback`. */
export const knownVersion = (kind: Kind, version: string | undefined, fallback: string): string =>
  version !== undefined && kind.versions.some((v) => v.name === version) ? version : fallback;

/**
 * Where an issue sits in source text: the range of its path, else of its nearest ancestor that has one
 * (`exact` says which). Undefined when the issue already has a range, its path is not a document path
 * (`subject`: a catalog, config, source, plan or hooks path names no place in the document), or nothing on its
 * path has one.
 */
export function locateIssue(
  issue: Pick<Issue, 'path' | 'range' | 'subject'>,
  ranges: ReadonlyMap<PathKey, SourceRange>,
): { range: SourceRange; exact: boolean; at: Path } | undefined {
  if (issue.range || (issue.subject ?? 'document') !== 'document') return undefined;
  for (let n = issue.path.length; n >= 0; n--) {
    const at = issue.path.slice(0, n);
    const range = ranges.get(pathKey(at));
    if (range) return { range, exact: n === issue.path.length, at };
  }
  return undefined;
}

/** One `$propertyBag` entry of a storage document. */
export interface PropertyBagEntry {
  /** The owning object's path, `$propertyBag`, the key. */
  readonly path: Path;
  readonly key: string;
  /** The stored text. */
  readonly raw: string;
  /** The value as the conversion reads it back (the property's type decides: a string is stored raw). */
  readonly decoded: unknown;
  /** Where the value came from in the source document, when a fate says so. */
  readonly sourcePath?: Path;
  /** The fate that put it there. */
  readonly fate?: Fate;
}

/**
 * Every bag entry of a converted document, decoded as the core's bag decoder does: with the type of the
 * property the entry came from (the fate's source path in `source`), JSON when that type is unknown.
 */
export function propertyBagEntries(doc: unknown, fates: readonly Fate[], source?: Version): PropertyBagEntry[] {
  const byTarget = new Map<PathKey, Fate>();
  for (const f of fates)
    if (f.targetPath && (f.kind === 'bagged' || f.kind === 'manual')) byTarget.set(pathKey(f.targetPath), f);
  const out: PropertyBagEntry[] = [];
  // One path array, pushed and popped (a 1 MB document has 40,000 nodes): copied only for an entry.
  const path: (string | number)[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        path.push(i);
        walk(node[i]);
        path.pop();
      }
      return;
    }
    if (!isRecord(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if (k === PROPERTY_BAG && isRecord(v)) {
        for (const [key, stored] of Object.entries(v)) {
          const raw = typeof stored === 'string' ? stored : JSON.stringify(stored);
          const p = [...path, k, key];
          const fate = byTarget.get(pathKey(p));
          const type = source && fate?.sourcePath ? typeAtPath(source, fate.sourcePath) : undefined;
          const d = decodeBagValue(raw, type);
          out.push({
            path: p,
            key,
            raw,
            decoded: d.ok ? d.value : raw,
            ...(fate?.sourcePath ? { sourcePath: fate.sourcePath } : {}),
            ...(fate ? { fate } : {}),
          });
        }
        continue;
      }
      path.push(k);
      walk(v);
      path.pop();
    }
  };
  walk(doc);
  return out;
}
