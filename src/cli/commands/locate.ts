// Issues of a converted document placed at the nearest source range of their path.
import type { Issue, ParsedDocument } from '../../core/index.ts';
import { pathKey } from '../../core/index.ts';

/** The issue placed at the nearest source range of its path (the path is relative to the document). */
export function located(i: Issue, doc: ParsedDocument, file: string): Issue {
  for (let n = i.path.length; n >= 0; n--) {
    const r = doc.ranges.get(pathKey(i.path.slice(0, n)));
    if (r) return { ...i, file, range: r, path: [...(doc.listPath ?? []), ...i.path] };
  }
  return { ...i, file, ...(doc.range ? { range: doc.range } : {}) };
}
