// apiVersion/kind of a document -> the catalog's kind and version, or an Issue saying what is missing.
import { issue, type Issue } from '../model/issue.ts';
import type { Catalog, Kind, Version } from '../model/model.ts';
import { findVersion, servedVersionNames } from './catalogLookup.ts';

export interface FoundKind {
  readonly kind?: Kind;
  readonly version?: Version;
  readonly issue?: Issue;
}

/** Splits `group/version` (core group: just `version`). */
export function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const i = apiVersion.lastIndexOf('/');
  return i < 0
    ? { group: '', version: apiVersion }
    : { group: apiVersion.slice(0, i), version: apiVersion.slice(i + 1) };
}

export function findKindForDocument(catalog: Catalog, doc: unknown): FoundKind {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    return { issue: issue('error', 'NOT_AN_OBJECT', 'the document is not an object') };
  }
  const d = doc as Record<string, unknown>;
  if (typeof d.apiVersion !== 'string' || d.apiVersion === '') {
    return { issue: issue('error', 'MISSING_API_VERSION', 'the document has no apiVersion', ['apiVersion']) };
  }
  if (typeof d.kind !== 'string' || d.kind === '') {
    return { issue: issue('error', 'MISSING_KIND', 'the document has no kind', ['kind']) };
  }
  const { group, version } = splitApiVersion(d.apiVersion);
  const kind = catalog.kinds.find((k) => k.group === group && k.kind === d.kind);
  if (!kind) {
    const has = catalog.kinds.map((k) => `${k.group}/${k.kind}`).join(', ');
    return {
      issue: issue(
        'error',
        'UNKNOWN_KIND',
        `${group === '' ? '' : `${group}/`}${d.kind} is not in the catalog (it has: ${has || 'nothing'})`,
        ['kind'],
      ),
    };
  }
  const v = findVersion(kind, version);
  if (!v) {
    return {
      kind,
      issue: issue(
        'error',
        'UNKNOWN_VERSION',
        `${kind.kind} has no version ${version} (it serves: ${servedVersionNames(kind)})`,
        ['apiVersion'],
      ),
    };
  }
  return { kind, version: v };
}
