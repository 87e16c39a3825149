// Which story a pane tells (CONVERSION.md 1a): `deployed`, what the API server does with the CRD as written,
// or `aso`, ASO's hub + property-bag design. One rule picks the default for a catalog and kind.
import type { Catalog, ConversionStrategy, Kind, Version } from '../../model/model.ts';
import { findVersion } from '../../catalog/catalogLookup.ts';
import { rulesConvert, type KindName } from '../../rules/apply.ts';
import type { RuleSet } from '../../rules/format.ts';

export type StorageView = 'deployed' | 'aso';
export const STORAGE_VIEWS: readonly StorageView[] = ['deployed', 'aso'];

/** The built-in seed catalogs tell ASO's story (CONVERSION.md 1a). */
const SEED_CATALOGS: ReadonlySet<string> = new Set(['crm-person', 'person-v1v2', 'servicefabric']);

/** A kind imported from CRD YAML (its versions carry the CRD's schema) that is not ASO-style. */
const plainCrd = (k: Kind): boolean => !k.aso && k.versions.some((v) => v.schema !== undefined);

/**
 * The default view: `aso` for the built-in seed catalogs, ASO-style kinds (storage twins carrying `$propertyBag`)
 * and kinds not imported from a CRD (OpenAPI files); `deployed` for every other CRD. With no kind, the catalog's:
 * `deployed` when any kind is a plain CRD.
 */
export function defaultStorageView(catalog: Catalog, kind?: Kind): StorageView {
  if (SEED_CATALOGS.has(catalog.id)) return 'aso';
  if (kind) return plainCrd(kind) ? 'deployed' : 'aso';
  return catalog.kinds.some(plainCrd) ? 'deployed' : 'aso';
}

/** The CRD's own versions (no derived `<v>storage` variants), oldest first. */
export function deployedVersions(kind: Kind): Version[] {
  return kind.versions.filter((v) => v.derived !== true);
}

/** The version etcd holds objects at: the CRD's `storage: true` version (else the hub's API twin). */
export function deployedStorageVersion(kind: Kind): Version {
  const own = kind.versions.find((v) => v.crdStorage && v.derived !== true);
  if (own) return own;
  const hub = findVersion(kind, kind.hub);
  const twin = hub?.derived && hub.twin ? findVersion(kind, hub.twin) : undefined;
  return twin ?? hub ?? (kind.versions[kind.versions.length - 1] as Version);
}

/**
 * True for a multi-version CRD whose versions' schemas differ and that declares no conversion: often a
 * controller-gen base CRD whose install adds a webhook (kubebuilder's kustomize patches), so the user chooses
 * between "None, as the file says" and "a webhook" (which the explorer cannot see without its rules).
 */
export function conversionUndeclared(kind: Kind): boolean {
  if (kind.conversionStrategy !== undefined || kind.aso) return false;
  let hit = undeclared.get(kind);
  if (hit === undefined) {
    const vs = deployedVersions(kind).filter((v) => v.schema !== undefined);
    const first = JSON.stringify(vs[0]?.schema);
    hit = vs.length > 1 && vs.some((v) => JSON.stringify(v.schema) !== first);
    undeclared.set(kind, hit);
  }
  return hit;
}
const undeclared = new WeakMap<Kind, boolean>();

/** The strategy the deployed view runs: the user's choice, else the file's, else None (the API server's default). */
export function effectiveConversion(kind: Kind, choice?: ConversionStrategy): ConversionStrategy {
  return choice ?? kind.conversionStrategy ?? 'None';
}

/**
 * The conversion to run when the user has rules (`convert --rules`, the explorer's rules editor): the user's
 * choice, else `Webhook` when the rules convert this kind (they are the webhook, whatever the CRD declares), else
 * undefined (the CRD's own). Without `kind`, any conversion in the rules counts.
 */
export function conversionWithRules(
  choice: ConversionStrategy | undefined,
  rules: RuleSet | undefined,
  kind?: KindName,
): ConversionStrategy | undefined {
  if (choice !== undefined || !rules) return choice;
  const converts = kind ? rulesConvert(rules, kind) : rules.conversions.length > 0;
  return converts ? 'Webhook' : undefined;
}
