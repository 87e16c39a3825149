// Older catalog JSON formats, upgraded before validation so users' saved catalogs (IndexedDB autosave, catalog
// files) still load. Kept apart from catalogSchema.ts so the page can upgrade without pulling in the validator.
import { isRecord } from '../model/jsonValue.ts';
import { CATALOG_FORMAT_VERSION } from '../model/model.ts';

/** Format 1 named the CRD's own `storage: true` flag `storage`; format 2 calls it `crdStorage`. */
function upgradeVersion1Version(v: unknown): unknown {
  if (!isRecord(v) || !Object.hasOwn(v, 'storage') || Object.hasOwn(v, 'crdStorage')) return v;
  const { storage, ...rest } = v;
  return { ...rest, crdStorage: storage };
}

function upgradeVersion1Kind(k: unknown): unknown {
  if (!isRecord(k) || !Array.isArray(k.versions)) return k;
  return { ...k, versions: k.versions.map(upgradeVersion1Version) };
}

/**
 * The same catalog in the current format when `json` is a catalog object of an older format this build reads;
 * `json` itself otherwise (current format, unknown format, not a catalog: validation reports those). Never mutates.
 */
export function upgradeCatalogJson(json: unknown): unknown {
  if (!isRecord(json) || json.formatVersion !== 1) return json;
  const upgraded = { ...json, formatVersion: CATALOG_FORMAT_VERSION };
  return Array.isArray(json.kinds) ? { ...upgraded, kinds: json.kinds.map(upgradeVersion1Kind) } : upgraded;
}
