// Seed 003's fixed storage: one superset type over the versions inside the horizon (CONVERSION.md section 2).
import type { Kind, Version } from '../../model/model.ts';
import { fieldKey, versionFields } from './fieldTree.ts';
import { locateFields, topmost, type FixedStorage } from './fixedStorage.ts';
import { collect, mapNodes, sortLosses } from './designParts.ts';
import type { Design, Loss, VersionMapEdge } from './strategyTypes.ts';

export function fixedDesign(kind: Kind, storage: FixedStorage, current: Version[], retired: Version[]): Design {
  const losses: Loss[] = [];
  for (const p of topmost(storage.properties.filter((x) => x.obsolete)))
    losses.push({
      kind: 'bloat',
      path: fieldKey(p.path),
      versions: p.versions,
      ...(p.previewOnly ? { previewOnly: true } : {}),
      detail: `kept for ${p.previewOnly ? 'pre-release users of ' : ''}${p.versions.join(', ')}; unused since ${storage.newestGa}`,
    });
  const forgotten = new Map<string, { versions: string[]; signature: string }>();
  const lostBy = new Map<string, number>();
  for (const v of retired) {
    const fields = versionFields(kind, v);
    const routes = locateFields(kind, storage, v);
    fields.forEach((f, i) => {
      const parentRouted = f.parent === undefined || routes[f.parent] !== undefined;
      if (routes[i] !== undefined || !parentRouted) return;
      collect(forgotten, `${fieldKey(f.path)}\u0000${f.signature}`, v.name, () => ({
        versions: [],
        signature: f.signature,
      }));
      lostBy.set(v.name, (lostBy.get(v.name) ?? 0) + 1);
    });
  }
  for (const [k, e] of forgotten) {
    const path = k.slice(0, k.indexOf('\u0000'));
    losses.push({
      kind: 'forgotten',
      path,
      versions: e.versions,
      detail: `only ${e.versions.join(', ')} declared it (${e.signature}); objects written through them lose it`,
    });
  }
  const collisionRoutes = new Map<string, string[]>();
  for (const p of storage.properties) {
    if (!p.collidesWith) continue;
    const declared = fieldKey([...p.path.slice(0, -1), p.declaredName]);
    const original = storage.properties.find((o) => fieldKey(o.path) === fieldKey(p.collidesWith ?? []));
    losses.push({
      kind: 'colliding',
      path: declared,
      versions: p.versions,
      storedAs: fieldKey(p.path),
      detail: `${p.type} in ${p.versions.join(', ')} vs ${original?.type ?? '?'} in ${original?.versions.join(', ') ?? '?'}`,
    });
    for (const v of p.versions)
      collisionRoutes.set(v, [...(collisionRoutes.get(v) ?? []), `${declared} -> ${fieldKey(p.path)}`]);
  }
  // seed 003 names the fixed storage version `v1`; a kind with an API version of that name gets a distinct node
  const v1 = [...current, ...retired].some((v) => v.name === 'v1') ? 'v1 (fixed)' : 'v1';
  const nodes = mapNodes(v1, current, retired);
  const edges: VersionMapEdge[] = [
    ...current.map((v) => ({
      from: v.name,
      to: v1,
      kind: 'converts' as const,
      notes: collisionRoutes.get(v.name) ?? [],
    })),
    ...retired.map((v) => ({
      from: v.name,
      to: v1,
      kind: lostBy.has(v.name) ? ('lost' as const) : ('retired' as const),
      notes: lostBy.has(v.name) ? [`${lostBy.get(v.name)} field(s) forgotten`] : [],
    })),
  ];
  const props = storage.properties
    .filter((p) => !p.container)
    .map((p) => ({
      path: fieldKey(p.path),
      type: p.type,
      versions: p.versions,
      obsolete: p.obsolete,
    }));
  return {
    id: 'fixed',
    title: 'Fixed storage (superset)',
    storage: v1,
    propertyCount: props.length,
    properties: props,
    obsolete: topmost(storage.properties.filter((x) => x.obsolete)).map((p) => ({
      path: fieldKey(p.path),
      type: p.type,
      versions: p.versions,
      obsolete: true,
    })),
    losses: sortLosses(losses),
    kept: [],
    map: { storage: v1, nodes, edges },
    notes: [
      `superset of ${storage.versions.length} version(s): every property optional, never removed while a version declaring it is in the horizon`,
    ],
  };
}
