// The kind as the toolbar, the pickers and the Version map show it: ASO's versions and hub, or, As deployed, only
// the CRD's own versions around its storage version.
import { deployedStorageVersion, deployedVersions, type Kind } from '../../core/index.ts';
import type { KindSummary } from './types.ts';

export function kindSummary(k: Kind): KindSummary {
  return {
    group: k.group,
    kind: k.kind,
    hub: k.hub,
    hubReason: k.hubReason,
    ...(k.crdStorageVersion !== undefined ? { crdStorageVersion: k.crdStorageVersion } : {}),
    ...(k.storedVersions !== undefined ? { storedVersions: k.storedVersions } : {}),
    strategy: k.strategy,
    graphs: k.graphs,
    versions: k.versions.map((v) => ({
      name: v.name,
      role: v.role,
      ...(v.twin !== undefined ? { twin: v.twin } : {}),
      served: v.served,
      crdStorage: v.crdStorage,
      deprecated: v.deprecated,
      ...(v.deprecationWarning !== undefined ? { deprecationWarning: v.deprecationWarning } : {}),
    })),
  };
}

/** As deployed: only the CRD's own versions; every version converts straight to and from the storage version. */
export function deployedKindSummary(k: Kind): KindSummary {
  const versions = deployedVersions(k);
  const storage = deployedStorageVersion(k).name;
  const names = new Set(versions.map((v) => v.name));
  const base = kindSummary(k);
  return {
    ...base,
    hub: storage,
    hubChoices: [],
    strategy: 'direct',
    graphs: {
      direct: {
        strategy: 'direct',
        edges: versions.filter((v) => v.name !== storage).map((v) => ({ from: v.name, to: storage })),
      },
    },
    versions: base.versions.filter((v) => names.has(v.name)),
  };
}
