// A catalog the app itself imported and the worker validated (the selected catalog, the user's stored ones),
// read without validating it again: the full validator (loadCatalog) lives in the worker, and pulling it into
// the page's first bundle for the on-demand views (Compare catalogs, the migration plan) would cost ~7 KB gzip.
// A catalog saved by an older build is upgraded (upgradeCatalogJson) rather than refused.
import { CATALOG_FORMAT_VERSION, type Catalog, upgradeCatalogJson } from '../../core/index.ts';

export function trustedCatalog(saved: unknown): Catalog | undefined {
  const json = upgradeCatalogJson(saved);
  if (typeof json !== 'object' || json === null) return undefined;
  const c = json as Partial<Catalog>;
  return c.formatVersion === CATALOG_FORMAT_VERSION && Array.isArray(c.kinds) ? (c as Catalog) : undefined;
}
