// Shared by resource parsing and the importers: positions from the `yaml` package, and a document's value
// with resource exhaustion (an alias bomb) turned into an issue instead of an exception.
import type { Document, LineCounter } from 'yaml';
import { issue, type Issue, type SourceRange } from './issue.ts';

export function toRange(lc: LineCounter, start: number, end: number): SourceRange {
  const s = lc.linePos(start);
  const e = lc.linePos(end);
  return { start: { line: s.line, col: s.col, offset: start }, end: { line: e.line, col: e.col, offset: end } };
}

/** The document as plain JS, or a YAML_SYNTAX issue at the document when conversion fails. */
export function documentValue(
  doc: Document,
  lc: LineCounter,
  file?: string,
): { readonly value: unknown } | { readonly issue: Issue } {
  try {
    return { value: doc.toJS({ maxAliasCount: 1000 }) };
  } catch (e) {
    const range = doc.range ? toRange(lc, doc.range[0], doc.range[1]) : undefined;
    return {
      issue: issue('error', 'YAML_SYNTAX', e instanceof Error ? e.message : String(e), [], {
        ...(file !== undefined ? { file } : {}),
        ...(range ? { range } : {}),
      }),
    };
  }
}
