// Resource text (YAML or JSON, multi-document, `kind: List`) -> plain values with source ranges.
import { LineCounter, parseAllDocuments, isMap, isSeq, isScalar, isPair, type Node as YamlNode } from 'yaml';
import { issue, type Issue, type Path, type SourceRange } from '../model/issue.ts';
import { documentValue, parseError, toRange } from './yamlSource.ts';
import { pathKey, PATH_KEY_SEPARATOR } from '../model/path.ts';

export interface ParsedDocument {
  /** Index among the documents of the text (List items get their own entries, in order). */
  readonly index: number;
  readonly value: unknown;
  /** The document's own range in the text. */
  readonly range?: SourceRange;
  /** Set for an item expanded from a `kind: List` document: the path of the item in that document. */
  readonly listPath?: Path;
  /** Ranges of every node by JSON path (joined with U+0000), for markers and highlighting. */
  readonly ranges: ReadonlyMap<string, SourceRange>;
}

export interface ParsedResources {
  readonly documents: readonly ParsedDocument[];
  readonly issues: readonly Issue[];
}

function collectRanges(node: unknown, path: (string | number)[], lc: LineCounter, out: Map<string, SourceRange>): void {
  if (!node || typeof node !== 'object') return;
  const n = node as YamlNode;
  if (n.range) out.set(pathKey(path), toRange(lc, n.range[0], n.range[1]));
  if (isMap(n)) {
    for (const item of n.items) {
      if (!isPair(item)) continue;
      const key = isScalar(item.key) ? String(item.key.value) : String(item.key);
      const keyNode = item.key as YamlNode | null;
      const valueNode = item.value as YamlNode | null;
      const start = keyNode?.range?.[0];
      const end = valueNode?.range?.[1] ?? keyNode?.range?.[1];
      if (valueNode) collectRanges(valueNode, [...path, key], lc, out);
      // a field's range is its pair (key..value), not the value alone
      if (start !== undefined && end !== undefined) out.set(pathKey([...path, key]), toRange(lc, start, end));
    }
  } else if (isSeq(n)) {
    n.items.forEach((item, i) => collectRanges(item, [...path, i], lc, out));
  }
}

/** `Map keys must be unique`, as the `yaml` package's uniqueKeys says it, in linear time (iterative walk). */
export function duplicateKeys(root: unknown, lc: LineCounter, file?: string): Issue[] {
  const out: Issue[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const n = stack.pop();
    if (isMap(n)) {
      const seen = new Set<string>();
      for (const item of n.items) {
        const k = item.key;
        if (isScalar(k)) {
          const id = `${typeof k.value}:${String(k.value)}`;
          if (seen.has(id) && k.range)
            out.push(
              issue('error', 'YAML_SYNTAX', 'Map keys must be unique', [], {
                ...(file ? { file } : {}),
                range: toRange(lc, k.range[0], k.range[1]),
              }),
            );
          seen.add(id);
        } else if (k !== null) stack.push(k);
        stack.push(item.value);
      }
    } else if (isSeq(n)) for (const item of n.items) stack.push(item);
  }
  return out;
}

/** Parses every document; syntax errors become YAML_SYNTAX issues with line and column, never exceptions. */
export function parseResources(text: string, file?: string): ParsedResources {
  const lc = new LineCounter();
  const issues: Issue[] = [];
  const documents: ParsedDocument[] = [];
  const docs = parseAllDocuments(text, {
    lineCounter: lc,
    prettyErrors: false,
    // The package's own check compares every key with every other (quadratic: seconds for a 40,000-key map);
    // duplicateKeys below does it with a set per map.
    uniqueKeys: false,
    merge: true,
    intAsBigInt: true,
  });
  const list = Array.isArray(docs) ? docs : [docs];
  for (const doc of list) {
    for (const e of [...doc.errors, ...doc.warnings]) {
      const range = toRange(lc, e.pos[0], e.pos[1]);
      const severity = doc.errors.includes(e) ? 'error' : 'warning';
      const { code, message } = parseError(e.message, 'YAML_SYNTAX');
      issues.push(issue(severity, code, message, [], { ...(file ? { file } : {}), range }));
    }
    if (doc.errors.length > 0) continue;
    const dups = duplicateKeys(doc.contents, lc, file);
    if (dups.length > 0) {
      issues.push(...dups);
      continue;
    }
    const got = documentValue(doc, lc, file, true);
    if ('issue' in got) {
      issues.push(got.issue); // e.g. an alias bomb: an input error at the document, not a crash
      continue;
    }
    const value = got.value;
    if (value === null || value === undefined) continue; // empty document (e.g. a trailing ---)
    const ranges = new Map<string, SourceRange>();
    collectRanges(doc.contents, [], lc, ranges);
    const range = doc.range ? toRange(lc, doc.range[0], doc.range[1]) : undefined;
    const rec = value as Record<string, unknown>;
    if (
      typeof value === 'object' &&
      !Array.isArray(value) &&
      typeof rec.kind === 'string' &&
      rec.kind.endsWith('List') &&
      Array.isArray(rec.items)
    ) {
      // One pass over the ranges, split by item: each item scanning the whole map would be quadratic.
      const byItem = new Map<number, Map<string, SourceRange>>();
      const head = `items${PATH_KEY_SEPARATOR}`;
      for (const [k, r] of ranges) {
        if (!k.startsWith(head)) continue;
        const end = k.indexOf(PATH_KEY_SEPARATOR, head.length);
        const i = Number(k.slice(head.length, end < 0 ? k.length : end));
        let sub = byItem.get(i);
        if (!sub) byItem.set(i, (sub = new Map()));
        sub.set(end < 0 ? '' : k.slice(end + 1), r);
      }
      rec.items.forEach((item, i) => {
        const sub = byItem.get(i) ?? new Map<string, SourceRange>();
        documents.push({
          index: documents.length,
          value: item,
          listPath: ['items', i],
          ranges: sub,
          ...(sub.get('') ? { range: sub.get('') } : {}),
        });
      });
      continue;
    }
    documents.push({ index: documents.length, value, ranges, ...(range ? { range } : {}) });
  }
  if (documents.length === 0 && issues.length === 0) {
    issues.push(issue('error', 'EMPTY_INPUT', 'The input holds no document.', [], file ? { file } : {}));
  }
  return { documents, issues };
}
