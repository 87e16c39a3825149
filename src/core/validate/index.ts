// Would the API server accept it? Every document of an input validated against its own kind and version (or a
// chosen version), with the issues' source ranges. See validateValue.ts for the rules.
import { issue, type Issue, type Path, type SourceRange } from '../model/issue.ts';
import type { Catalog, Kind, Version } from '../model/model.ts';
import { findVersion } from '../catalog/catalogLookup.ts';
import { findKindForDocument } from '../catalog/findKindForDocument.ts';
import type { ParsedDocument } from '../text/parseResources.ts';
import { pathKey } from '../model/path.ts';
import { validateValue, type ValidateOptions, type ValidationIssue } from './validateValue.ts';

export { validateValue, deepEqual, type ValidateOptions, type ValidationIssue } from './validateValue.ts';
export { parseFieldPath } from './celRules.ts';
export { checkedFormats, formatHolds } from './formats.ts';
export { applyDefaults } from './defaults.ts';

export interface DocumentValidation {
  readonly kind?: Kind;
  readonly version?: Version;
  /** Errors mean the API server would refuse the write; infos say what is checked only on update. */
  readonly issues: readonly ValidationIssue[];
}

export interface ValidateDocumentOptions extends ValidateOptions {
  /** Validate at this version of the document's kind instead of the one its apiVersion names. */
  readonly version?: string;
}

/** Validate one document against its own kind and version (or `opts.version`). */
export function validateDocument(
  catalog: Catalog,
  doc: unknown,
  opts: ValidateDocumentOptions = {},
): DocumentValidation {
  const found = findKindForDocument(catalog, doc);
  const kind = found.kind;
  if (!kind) {
    // Not a kind of this catalog (a Secret beside the custom resources): nothing to check it against.
    const i = found.issue ?? issue('warning', 'UNKNOWN_KIND', 'not a kind of the catalog');
    return { issues: [{ ...i, severity: i.code === 'UNKNOWN_KIND' ? 'warning' : i.severity }] };
  }
  const version = opts.version !== undefined ? findVersion(kind, opts.version) : found.version;
  if (!version) {
    const name = opts.version ?? '';
    return {
      kind,
      issues: found.issue
        ? [found.issue]
        : [issue('error', 'UNKNOWN_VERSION', `${kind.kind} has no version ${name}`, ['apiVersion'])],
    };
  }
  return { kind, version, issues: validateAtVersion(version, doc, opts) };
}

/** Validate a value against one version's CRD schema. */
export function validateAtVersion(version: Version, doc: unknown, opts: ValidateOptions = {}): ValidationIssue[] {
  if (!version.schema)
    return [
      issue(
        'info',
        'VALIDATION_NO_SCHEMA',
        `version ${version.name} has no CRD schema (not imported from a CRD): not validated`,
      ),
    ];
  return validateValue(version.schema, doc, opts);
}

/** The range of the nearest node that exists in the source (a missing required field points at its parent). */
export function rangeFor(ranges: ReadonlyMap<string, SourceRange>, path: Path): SourceRange | undefined {
  for (let n = path.length; n >= 0; n--) {
    const r = ranges.get(pathKey(path.slice(0, n)));
    if (r) return r;
  }
  return undefined;
}

/** Attach source ranges (and the file) to issues about a parsed document. */
export function withRanges<T extends Issue>(issues: readonly T[], doc: ParsedDocument, file?: string): T[] {
  const base = doc.listPath ?? [];
  return issues.map((i) => {
    const range = rangeFor(doc.ranges, [...base, ...i.path]) ?? doc.range;
    return { ...i, ...(range ? { range } : {}), ...(file !== undefined ? { file } : {}) };
  });
}
