// The Compare catalogs view: two stored catalogs (an old and a new release of the same CRDs) checked by the rules
// `version-explorer check` runs in CI. The dialog only renders this value.
import type { CompatReport } from '../../core/index.ts';
import { checkCatalogs } from '../../core/checks/compat/index.ts';
import { trustedCatalog } from '../catalogs/trustedCatalog.ts';

export interface NamedCatalogJson {
  readonly name: string;
  readonly json: unknown;
}

export interface CompatView {
  readonly report?: CompatReport;
  readonly error?: string;
}

export function compatView(old: NamedCatalogJson, neu: NamedCatalogJson): CompatView {
  const a = trustedCatalog(old.json);
  const b = trustedCatalog(neu.json);
  if (!a || !b) return { error: `${a ? neu.name : old.name} is not a catalog this version of the app can read` };
  try {
    return { report: checkCatalogs(a, b) };
  } catch (e) {
    return { error: `the catalogs could not be compared: ${e instanceof Error ? e.message : String(e)}` };
  }
}
