// Validation in the worker, beside the conversion: every document of the input against its own kind and version
// (what `kubectl apply` would meet), and the converted document at the target (what a client at that version
// writing it back would meet). Rejections become editor markers and pane badges; infos ("checked on update")
// stay out of the editor.
import {
  formatPath,
  rangeFor,
  validateDocument,
  type Catalog,
  type ParsedResources,
  type Path,
  type ValidationIssue,
} from '../../core/index.ts';
import type { Marker, ValidationSummary, ValidationView } from './types.ts';

const FIRST = 5;

function summary(version: string | undefined, issues: readonly ValidationIssue[]): ValidationSummary {
  const errors = issues.filter((i) => i.severity === 'error');
  return {
    ...(version !== undefined ? { version } : {}),
    errors: errors.length,
    warnings: issues.filter((i) => i.severity === 'warning').length,
    first: errors.slice(0, FIRST).map((i) => ({ code: i.code, message: i.message, path: formatPath(i.path) })),
  };
}

/** A marker's range cut to its first line, so a rule on a block does not underline the whole block. */
function firstLine(r: Marker['range']): Marker['range'] {
  return r.end.line === r.start.line
    ? r
    : { start: r.start, end: { line: r.start.line, col: 10_000, offset: r.start.offset } };
}

/**
 * Where to underline a rejection: a CEL rule on an object (no fieldPath) that reads members of `self` is about
 * the member it reads last (`cond ? self.value.startsWith('/') : true` -> `value`), the value the user must
 * change; anything else at its own path, cut to its first line.
 */
function markerRange(
  ranges: Parameters<typeof rangeFor>[0],
  at: Path,
  is: ValidationIssue,
  fallback: Marker['range'] | undefined,
): Marker['range'] | undefined {
  const own = rangeFor(ranges, at) ?? fallback;
  if (is.code === 'CEL_RULE' && is.rule) {
    const members = [...is.rule.matchAll(/\bself\.([A-Za-z_][\w]*)/g)].map((m) => m[1] ?? '');
    for (const name of members.reverse()) {
      const r = rangeFor(ranges, [...at, name]);
      if (r) return firstLine(r);
    }
  }
  return own && firstLine(own);
}

export interface ValidationOptions {
  /** The selected document and the version it is read at (the source-version picker may differ from its text). */
  readonly selected: number;
  readonly selectedVersion?: string;
  /** The converted document shown in the Target pane. */
  readonly target?: unknown;
}

/** Markers for every document's rejections, and the summaries the panes show. Never throws. */
export function validationView(
  catalog: Catalog,
  parsed: ParsedResources,
  opts: ValidationOptions,
): {
  readonly view: ValidationView;
  readonly markers: Marker[];
  /** The selected document's issues at its version, and the converted document's at the target (the verdict's). */
  readonly sourceIssues: readonly ValidationIssue[];
  readonly targetIssues: readonly ValidationIssue[];
} {
  const markers: Marker[] = [];
  const documents: ValidationView['documents'][number][] = [];
  let source: ValidationSummary | undefined;
  let sourceIssues: readonly ValidationIssue[] = [];
  let targetIssues: readonly ValidationIssue[] = [];
  let covered = false;
  parsed.documents.forEach((doc, i) => {
    const selected = i === opts.selected;
    const r = validateDocument(
      catalog,
      doc.value,
      selected && opts.selectedVersion !== undefined ? { version: opts.selectedVersion } : {},
    );
    // A document of a kind the catalog lacks is not judged here (the document picker says it is unknown).
    const issues = r.version ? r.issues : [];
    const base = doc.listPath ?? [];
    for (const is of issues) {
      if (is.severity === 'info') continue;
      const range = markerRange(doc.ranges, [...base, ...is.path], is, doc.range);
      if (range)
        markers.push({
          severity: is.severity,
          code: is.code,
          message: is.path.length > 0 ? `${is.message} (at ${formatPath(is.path)})` : is.message,
          range,
        });
    }
    if (selected) {
      source = summary(r.version?.name, issues);
      sourceIssues = issues;
      covered = r.version?.schema !== undefined;
    }
    // Where each document is, when there are several (cursor -> document, picker -> scroll).
    if (doc.range && parsed.documents.length > 1)
      documents.push({
        index: i,
        start: doc.range.start.offset,
        end: doc.range.end.offset,
        line: doc.range.start.line,
        errors: issues.filter((x) => x.severity === 'error').length,
      });
  });
  let target: ValidationSummary | undefined;
  if (opts.target !== undefined) {
    const r = validateDocument(catalog, opts.target);
    if (r.version?.schema) {
      target = summary(r.version.name, r.issues);
      targetIssues = r.issues;
    }
  }
  return {
    view: { covered, documents, ...(source ? { source } : {}), ...(target ? { target } : {}) },
    markers,
    sourceIssues,
    targetIssues,
  };
}
