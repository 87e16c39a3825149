// Issues of a converted document placed at the nearest source range of their path (core's locateIssue).
import type { Issue, ParsedDocument } from '../../core/index.ts';
import { locateIssue } from '../../core/index.ts';

/**
 * The issue placed at the nearest source range of its path (the path is relative to the document). An issue that
 * already has a place in another file (a conversion rule's line in the rules file) keeps it.
 */
export function located(i: Issue, doc: ParsedDocument, file: string): Issue {
  if (i.file !== undefined && i.file !== file && i.range !== undefined) return i;
  const at = locateIssue(i, doc.ranges);
  if (at) return { ...i, file, range: at.range, path: [...(doc.listPath ?? []), ...i.path] };
  return { ...i, file, ...(doc.range ? { range: doc.range } : {}) };
}
