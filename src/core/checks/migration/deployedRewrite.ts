// The migrator's rewrite through the API server's own pipeline (CONVERSION.md section 10): the object is written
// back at the version it was read at and stored at the new storage version, so pruning, null removal, defaulting
// and the CRD's conversion all apply, exactly as the "as deployed" view shows them.
import type { Catalog, Kind, Version } from '../../model/model.ts';
import type { Path } from '../../model/issue.ts';
import { findVersion } from '../../catalog/catalogLookup.ts';
import { runDeployed, type DeployedOptions } from '../../models/deployed/deployedPipeline.ts';
import type { Rewrite } from './planMigration.ts';
import { deployedVerdict } from '../../analyse/verdict.ts';

/** `kind` as it is once `storage` is its storage version (the first step of a migration). */
function storedAt(kind: Kind, storage: string): Kind {
  return {
    ...kind,
    versions: kind.versions.map((v): Version => (v.role === 'api' ? { ...v, crdStorage: v.name === storage } : v)),
  };
}

export function deployedRewrite(catalog: Catalog, kind: Kind, opts: DeployedOptions = {}): Rewrite {
  return (doc, fromVersion, toVersion) => {
    const moved = storedAt(kind, toVersion);
    const from = findVersion(moved, fromVersion);
    const to = findVersion(moved, toVersion);
    if (!from || !to) return { doc, dropped: [] };
    // The migrator writes back what it read: an update, whose status (with the subresource) stays the stored one
    const r = runDeployed(catalog, moved, from, { ...doc }, to, { ...opts, fates: false, update: { old: doc } });
    const dropped: Path[] = r.fates.filter((f) => f.kind === 'dropped-on-write').map((f) => f.path);
    return { doc: r.stored, dropped, verdict: deployedVerdict({ result: r }) };
  };
}
