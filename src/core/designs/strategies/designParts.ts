// Pieces the storage designs share: collecting per-property facts across versions, the version map's nodes,
// the storage type's usage by version (rolling hub and as deployed, by structure: a CRD knows no Go names).
import type { Kind, Version } from '../../model/model.ts';
import { isPreRelease } from '../../versions/versionOrder.ts';
import { fieldKey, versionFields } from './fieldTree.ts';
import { topmost } from './fixedStorage.ts';
import { newestGa } from './horizon.ts';
import type { Loss, LossKind, StoragePropertyView, VersionMapNode } from './strategyTypes.ts';
import { byString } from '../../model/path.ts';

/** Adds `version` to the entry for `k`, keeping the first entry's other facts. */
export function collect<T extends { versions: string[] }>(
  m: Map<string, T>,
  k: string,
  version: string,
  make: () => T,
): void {
  const e = m.get(k) ?? make();
  if (!e.versions.includes(version)) e.versions.push(version);
  m.set(k, e);
}

export function mapNodes(storage: string, current: Version[], retired: Version[]): VersionMapNode[] {
  return [
    { id: storage, role: 'storage', status: 'current', preview: false },
    ...[...retired, ...current].map((v) => ({
      id: v.name,
      role: 'version' as const,
      status: retired.includes(v) ? ('retired' as const) : ('current' as const),
      preview: isPreRelease(v.name),
    })),
  ];
}

export function storageView(
  kind: Kind,
  storageVersion: Version,
  current: Version[],
): { properties: StoragePropertyView[]; obsolete: StoragePropertyView[] } {
  const fields = versionFields(kind, storageVersion, 'structural').filter(
    (f) => !(f.parent === undefined && (f.name === storageVersion.spec || f.name === storageVersion.status)),
  );
  const users = new Map<string, string[]>();
  for (const v of current)
    for (const f of versionFields(kind, v, 'structural')) {
      const k = `${fieldKey(f.path)}\u0000${f.signature}`;
      users.set(k, [...(users.get(k) ?? []), v.name]);
    }
  const names = current.map((v) => v.name);
  const ga = newestGa(names);
  const gaAt = ga === undefined ? -1 : names.indexOf(ga);
  const properties = fields.map((f) => {
    const versions = users.get(`${fieldKey(f.path)}\u0000${f.signature}`) ?? [];
    return {
      path: fieldKey(f.path),
      type: f.display.startsWith('*') || storageVersion.role === 'api' ? f.display : `*${f.display}`,
      versions,
      obsolete: versions.every((x) => names.indexOf(x) < gaAt),
      depth: f.path.length,
    };
  });
  const view = (p: (typeof properties)[number]): StoragePropertyView => ({
    path: p.path,
    type: p.type,
    versions: p.versions,
    obsolete: p.obsolete,
  });
  properties.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const obsolete = topmost(properties.filter((p) => p.obsolete).map((p) => ({ ...p, path: p.path.split('.') })));
  return {
    properties: properties.map(view),
    obsolete: obsolete.map((p) => view({ ...p, path: p.path.join('.') })),
  };
}

export function sortLosses<T extends Loss>(losses: T[]): T[] {
  const order: LossKind[] = ['bloat', 'forgotten', 'colliding', 'pruned-on-write', 'type-conflict'];
  return losses.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || byString(a.path, b.path));
}
