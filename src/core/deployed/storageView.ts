// Which story a pane tells (CONVERSION.md 1a): `deployed`, what the API server does with the CRD as written,
// or `aso`, ASO's hub + property-bag design. One rule picks the default for a catalog and kind.
import type { Catalog, ConversionStrategy, Kind, Version } from '../model.ts';
import { findVersion } from '../catalogLookup.ts';

export type StorageView = 'deployed' | 'aso';
export const STORAGE_VIEWS: readonly StorageView[] = ['deployed', 'aso'];

/** The built-in seed catalogs tell ASO's story (CONVERSION.md 1a). */
const SEED_CATALOGS: ReadonlySet<string> = new Set(['crm-person', 'person-v1v2', 'servicefabric']);

/**
 * The default view: `aso` for the built-in seed catalogs and ASO-style kinds (storage twins carrying
 * `$propertyBag`), `deployed` for every other CRD. With no kind, the catalog's: `aso` when any kind is ASO-style.
 */
export function defaultStorageView(catalog: Catalog, kind?: Kind): StorageView {
  if (SEED_CATALOGS.has(catalog.id)) return 'aso';
  if (kind) return kind.aso ? 'aso' : 'deployed';
  return catalog.kinds.length > 0 && catalog.kinds.every((k) => k.aso) ? 'aso' : 'deployed';
}

/** The CRD's own versions (no derived `<v>storage` variants), oldest first. */
export function deployedVersions(kind: Kind): Version[] {
  return kind.versions.filter((v) => v.derived !== true);
}

/** The version etcd holds objects at: the CRD's `storage: true` version (else the hub's API twin). */
export function deployedStorageVersion(kind: Kind): Version {
  const own = kind.versions.find((v) => v.storage && v.derived !== true);
  if (own) return own;
  const hub = findVersion(kind, kind.hub);
  const twin = hub?.derived && hub.twin ? findVersion(kind, hub.twin) : undefined;
  return twin ?? hub ?? (kind.versions[kind.versions.length - 1] as Version);
}

/**
 * True for a multi-version CRD whose versions' schemas differ and that declares no conversion: often a
 * controller-gen base CRD whose install adds a webhook (kubebuilder's kustomize patches), so the user chooses
 * between "None, as the file says" and "a webhook, as installs usually add".
 */
export function conversionUndeclared(kind: Kind): boolean {
  if (kind.conversionStrategy !== undefined || kind.aso) return false;
  const vs = deployedVersions(kind).filter((v) => v.schema !== undefined);
  if (vs.length < 2) return false;
  const first = JSON.stringify(vs[0]?.schema);
  return vs.some((v) => JSON.stringify(v.schema) !== first);
}

/** The strategy the deployed view runs: the user's choice, else the file's, else None (the API server's default). */
export function effectiveConversion(kind: Kind, choice?: ConversionStrategy): ConversionStrategy {
  return choice ?? kind.conversionStrategy ?? 'None';
}
