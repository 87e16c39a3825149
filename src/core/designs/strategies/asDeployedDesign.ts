// As deployed: the CRD's own `storage: true` version; a write at another version is pruned by its schema.
// Schema-level only (conversion None; a webhook could move it elsewhere): the API server pipeline is not run.
import type { Kind, Version } from '../../model/model.ts';
import { findVersion } from '../../catalog/catalogLookup.ts';
import { fieldKey, versionFields, type Field } from './fieldTree.ts';
import { newestGa } from './horizon.ts';
import { collect, mapNodes, sortLosses, storageView } from './designParts.ts';
import type { Design, Loss } from './strategyTypes.ts';

export function asDeployedDesign(
  kind: Kind,
  history: Version[],
  current: Version[],
  retired: Version[],
): Design | undefined {
  const names = new Set(history.map((v) => v.name));
  const declared = kind.versions.find(
    (v) => v.crdStorage && (names.has(v.name) || (v.twin !== undefined && names.has(v.twin))),
  );
  const gaName = newestGa(current.map((v) => v.name));
  const storage = declared ?? (gaName === undefined ? undefined : findVersion(kind, gaName));
  if (!storage) return undefined;
  const sFields = versionFields(kind, storage, 'structural');
  const sByPath = new Map<string, Field>(sFields.map((f) => [fieldKey(f.path), f]));
  const losses = new Map<string, Loss & { versions: string[] }>();
  const prunedBy = new Map<string, number>();
  for (const v of history) {
    if (v.name === storage.name || v.name === storage.twin || v.twin === storage.name) continue;
    const fields = versionFields(kind, v, 'structural');
    const matched: boolean[] = [];
    fields.forEach((f, i) => {
      const parentOk = f.parent === undefined || matched[f.parent] === true;
      const s = sByPath.get(fieldKey(f.path));
      matched[i] = parentOk && s !== undefined && s.signature === f.signature && !s.opaque;
      if (!parentOk) return;
      // A parent that keeps unknown fields, or an opaque one, holds whatever is below it.
      const holder = f.parent === undefined ? undefined : sByPath.get(fieldKey(fields[f.parent]?.path ?? []));
      if (!s && holder?.keepsUnknown) return;
      if (s?.opaque) return;
      if (!s) {
        collect(losses, `pruned-on-write\u0000${fieldKey(f.path)}`, v.name, () => ({
          kind: 'pruned-on-write' as const,
          path: fieldKey(f.path),
          versions: [],
          detail: `${storage.name} has no ${f.name}: the API server prunes it when the object is stored`,
        }));
        prunedBy.set(v.name, (prunedBy.get(v.name) ?? 0) + 1);
      } else if (s.signature !== f.signature)
        collect(losses, `type-conflict\u0000${fieldKey(f.path)}`, v.name, () => ({
          kind: 'type-conflict' as const,
          path: fieldKey(f.path),
          versions: [],
          detail: `${f.display} here, ${s.display} in ${storage.name}`,
        }));
    });
  }
  const view = storageView(kind, storage, current);
  const strategy = kind.conversionStrategy ?? 'None';
  return {
    id: 'as-deployed',
    title: 'As deployed (CRD storage version)',
    storage: storage.name,
    ...(declared ? {} : { assumed: true }),
    propertyCount: view.properties.length,
    properties: view.properties,
    obsolete: view.obsolete,
    losses: sortLosses([...losses.values()]),
    kept: [],
    map: {
      storage: storage.name,
      nodes: mapNodes(
        storage.name,
        current.filter((v) => v !== storage),
        retired.filter((v) => v !== storage),
      ),
      edges: [...current, ...retired]
        .filter((v) => v !== storage)
        .map((v) => ({
          from: v.name,
          to: storage.name,
          kind: retired.includes(v) ? ('retired' as const) : ('converts' as const),
          notes: prunedBy.has(v.name) ? [`${prunedBy.get(v.name)} field(s) pruned on write`] : [],
        })),
    },
    notes: [
      declared
        ? `${storage.name} is the CRD's storage: true version`
        : `the source declares no storage: true version; ${storage.name} (newest GA) stands in`,
      `conversion strategy ${strategy}: ${strategy === 'Webhook' ? 'a webhook may move fields the schema-level view counts as pruned' : 'only apiVersion is rewritten, so fields the storage schema lacks are pruned'}`,
      'schema-level comparison of object types; the API server pipeline (defaults, validation) is not run',
    ],
  };
}
