// OriginalGVK and the versioned spec (seed 000/004, aso-reference §5.3): the hub remembers which API version
// the user wrote (`spec.originalVersion`); pivot the hub spec back to it to get the payload sent upstream.
import { issue, type Issue } from '../model/issue.ts';
import type { Catalog } from '../model/model.ts';
import { findVersion } from '../catalog/catalogLookup.ts';
import { convertAt, type ConvertOptions } from '../models/aso/convertResource.ts';
import { findKindForDocument } from '../catalog/findKindForDocument.ts';
import type { ConversionResult } from '../plan/conversionTypes.ts';

export interface GroupVersionKind {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
}

/** The GVK the user wrote: `spec.originalVersion` of a storage document, or the document's own version. */
export function originalGVK(catalog: Catalog, hubDoc: unknown): { gvk?: GroupVersionKind; issue?: Issue } {
  const found = findKindForDocument(catalog, hubDoc);
  if (!found.kind || !found.version)
    return { issue: found.issue ?? issue('error', 'UNKNOWN_KIND', 'unknown document') };
  const doc = hubDoc as Record<string, unknown>;
  const specName = found.version.spec ?? 'spec';
  const spec = doc[specName];
  const ov = spec !== null && typeof spec === 'object' ? (spec as Record<string, unknown>).originalVersion : undefined;
  if (found.version.role === 'api' || typeof ov !== 'string' || ov === '') {
    return { gvk: { group: found.kind.group, version: found.version.name, kind: found.kind.kind } };
  }
  if (!findVersion(found.kind, ov)) {
    return {
      issue: issue('error', 'UNKNOWN_VERSION', `originalVersion ${ov} is not a version of ${found.kind.kind}`, [
        specName,
        'originalVersion',
      ]),
    };
  }
  return { gvk: { group: found.kind.group, version: ov, kind: found.kind.kind } };
}

export interface VersionedSpec {
  /** The spec at the original version, or undefined when it could not be computed. */
  readonly spec: unknown;
  readonly gvk?: GroupVersionKind;
  readonly result?: ConversionResult;
  readonly issues: readonly Issue[];
}

/** The hub's spec converted (spec-only) to the version the user wrote. */
export function versionedSpec(
  catalog: Catalog,
  hubDoc: unknown,
  opts: Omit<ConvertOptions, 'part'> = {},
): VersionedSpec {
  const g = originalGVK(catalog, hubDoc);
  if (!g.gvk) return { spec: undefined, issues: g.issue ? [g.issue] : [] };
  const found = findKindForDocument(catalog, hubDoc);
  if (!found.kind || !found.version) return { spec: undefined, issues: found.issue ? [found.issue] : [] };
  const result = convertAt(catalog, found.kind, found.version, hubDoc as Record<string, unknown>, g.gvk.version, {
    ...opts,
    part: 'spec',
  });
  const target = findVersion(found.kind, g.gvk.version);
  const out = result.output as Record<string, unknown> | undefined;
  return { spec: out?.[target?.spec ?? 'spec'], gvk: g.gvk, result, issues: result.issues };
}
