// The migration plan's view: the storage-version migration plan for a kind and a target version, with the
// objects in the editor rewritten at it. The same plan `version-explorer migrate` prints; the panel only renders.
import type { Kind, Version } from '../../core/index.ts';
import { findKind, parseResources } from '../../core/index.ts';
import { deployedRewrite, planMigration, type MigrationPlan } from '../../core/checks/migration/index.ts';
import { trustedCatalog } from '../catalogs/trustedCatalog.ts';

export interface MigrationView {
  readonly kind: Kind;
  /** The versions an object can be stored at (those with a schema). */
  readonly versions: readonly Version[];
  /** The version picked, or the CRD's storage version. */
  readonly to: string;
  readonly plan: MigrationPlan;
}

/** Undefined when the catalog cannot be read or holds no such kind with a schema. */
export function migrationView(
  catalogJson: unknown,
  at: { readonly group: string; readonly kind: string },
  objects: string,
  picked?: string,
): MigrationView | undefined {
  const catalog = trustedCatalog(catalogJson);
  const kind = catalog ? findKind(catalog, at) : undefined;
  if (!catalog || !kind) return undefined;
  const versions = kind.versions.filter((v) => v.schema !== undefined);
  const fallback = versions.find((v) => v.crdStorage)?.name ?? versions[versions.length - 1]?.name;
  const to = picked !== undefined && versions.some((v) => v.name === picked) ? picked : fallback;
  if (to === undefined) return undefined;
  const rewrite = deployedRewrite(catalog, kind);
  const plan = planMigration(kind, to, { objects: parseResources(objects).documents, rewrite }).plan;
  return plan ? { kind, versions, to, plan } : undefined;
}
