// Stage 1: text -> documents (plain values) that can still point back at their source text.
import { LineCounter, isAlias, isMap, isScalar, isSeq, parseAllDocuments, parseDocument } from 'yaml';
import type { Node as YamlNode, Document } from 'yaml';
import type { Issue, IssueCode, Path, SourceRange } from '../core/index.ts';
import {
  documentValue,
  duplicateKeys,
  loadYamlValuesWithoutAliases,
  issue,
  notJsonNumberIssue,
  parseError,
  toRange,
  tooDeepIssue,
  valueProblemAt,
} from '../core/index.ts';

export interface SourceFile {
  readonly name: string;
  readonly text: string;
}

/** One document of a file: its value, and a way back to the text for issues. */
export interface SourceDoc {
  readonly file: string;
  /** 0-based index of the document in a multi-document file. */
  readonly index: number;
  readonly value: unknown;
  /** Range of the node at `path` (or of its nearest existing ancestor). */
  rangeAt(path: Path): SourceRange | undefined;
  /** Range of the map key at the end of `path` (for "unknown key" issues); falls back to rangeAt. */
  keyRangeAt?(path: Path): SourceRange | undefined;
}

function nodeAt(root: unknown, path: Path, key = false): YamlNode | undefined {
  let node = root as YamlNode | undefined;
  for (const [i, seg] of path.entries()) {
    let child: unknown;
    if (isMap(node)) {
      const pair = node.items.find((p) => String(isScalar(p.key) ? p.key.value : p.key) === String(seg));
      child = key && i === path.length - 1 ? (pair?.key ?? pair?.value) : (pair?.value ?? pair?.key);
    } else if (isSeq(node) && typeof seg === 'number') child = node.items[seg];
    if (isAlias(child) || child === undefined || child === null) break;
    node = child as YamlNode;
  }
  return node;
}

function rangeFinder(doc: Document, lc: LineCounter, key = false): (path: Path) => SourceRange | undefined {
  return (path) => {
    const node = nodeAt(doc.contents, path, key);
    return node?.range ? toRange(lc, node.range[0], node.range[1]) : undefined;
  };
}

function syntaxIssues(doc: Document, lc: LineCounter, file: string, code: IssueCode): Issue[] {
  return doc.errors.map((e) => {
    const p = parseError(e.message, code);
    return issue('error', p.code, p.message, [], { file, range: toRange(lc, e.pos[0], e.pos[1]) });
  });
}

/** Parses YAML (multi-document) or JSON; syntax errors become issues and their documents are skipped. */
export function parseSource(file: SourceFile): { docs: SourceDoc[]; issues: Issue[] } {
  const issues: Issue[] = [];
  const docs: SourceDoc[] = [];
  if (file.name.toLowerCase().endsWith('.json')) {
    // JSON.parse is much faster; the YAML parser only runs when a range is needed or the JSON is bad.
    try {
      const value: unknown = JSON.parse(file.text);
      let finder: ((p: Path) => SourceRange | undefined) | undefined;
      const rangeAt = (p: Path) => {
        if (!finder) {
          const lc = new LineCounter();
          finder = rangeFinder(parseDocument(file.text, { lineCounter: lc, uniqueKeys: false }), lc);
        }
        return finder(p);
      };
      const problem = valueProblemAt(value);
      if (problem?.problem === 'too-deep') issues.push(tooDeepIssue(problem.path, file.name, rangeAt(problem.path)));
      else if (problem) issues.push(notJsonNumberIssue(problem.path, file.name, rangeAt(problem.path)));
      else docs.push({ file: file.name, index: 0, value, rangeAt });
    } catch {
      const lc = new LineCounter();
      const doc = parseDocument(file.text, { lineCounter: lc, prettyErrors: false });
      const found = syntaxIssues(doc, lc, file.name, 'JSON_SYNTAX');
      issues.push(
        ...(found.length > 0 ? found : [issue('error', 'JSON_SYNTAX', 'not valid JSON', [], { file: file.name })]),
      );
    }
    return { docs, issues };
  }
  return fastYaml(file) ?? parseYaml(file);
}

const hasBigInt = (v: unknown): boolean =>
  typeof v === 'bigint' || (v !== null && typeof v === 'object' && Object.values(v).some(hasBigInt));

/**
 * The documents of a YAML file from the values-only parse (fastParse.ts: a catalog's CRDs, each time a process or
 * a worker starts, in a fraction of the full parse's time), their positions from the full parse when first asked
 * for. Undefined where only the full parse reads the text as it does: anchors (so aliases), merge keys, syntax errors and
 * duplicate keys (js-yaml throws), empty documents, integers past 2^53 (kept as numbers here), values it refuses.
 */
function fastYaml(file: SourceFile): { docs: SourceDoc[]; issues: Issue[] } | undefined {
  const text = file.text;
  if (/(^|[\s{,])<<\s*:/m.test(text)) return undefined;
  let values: unknown[];
  try {
    values = loadYamlValuesWithoutAliases(text);
  } catch {
    return undefined;
  }
  if (values.some((v) => v === null || v === undefined || valueProblemAt(v) !== undefined || hasBigInt(v)))
    return undefined;
  let full: SourceDoc[] | undefined;
  const at = (index: number): SourceDoc | undefined => (full ??= parseYaml(file).docs).find((d) => d.index === index);
  const docs = values.map((value, index): SourceDoc => ({
    file: file.name,
    index,
    value,
    rangeAt: (p) => at(index)?.rangeAt(p),
    keyRangeAt: (p) => at(index)?.keyRangeAt?.(p),
  }));
  return { docs, issues: [] };
}

/** Full YAML parses in this process (the tests check which texts the values-only parse reads). */
export const fullParses = { count: 0 };

/** YAML by the full parse (ranges kept): syntax errors, duplicate keys and bad values become issues (parseSource
 * takes it when the values-only parse cannot stand in for it; exported for the tests that compare the two). */
export function parseYaml(file: SourceFile): { docs: SourceDoc[]; issues: Issue[] } {
  fullParses.count++;
  const issues: Issue[] = [];
  const docs: SourceDoc[] = [];
  const lc = new LineCounter();
  // prettyErrors off: the message must not repeat the position (the issue carries it as file:line:col).
  // The package's own uniqueKeys check is quadratic in a map's size (minutes for 200,000 properties).
  const parsed = parseAllDocuments(file.text, { lineCounter: lc, prettyErrors: false, uniqueKeys: false });
  if (!Array.isArray(parsed)) {
    return { docs, issues };
  }
  parsed.forEach((doc, index) => {
    if (doc.errors.length > 0) {
      issues.push(...syntaxIssues(doc, lc, file.name, 'YAML_SYNTAX'));
      return;
    }
    if (doc.contents === null) return;
    const dups = duplicateKeys(doc.contents, lc, file.name);
    if (dups.length > 0) {
      issues.push(...dups);
      return;
    }
    const got = documentValue(doc, lc, file.name);
    if ('issue' in got) {
      issues.push(got.issue);
      return;
    }
    const value = got.value;
    docs.push({ file: file.name, index, value, rangeAt: rangeFinder(doc, lc), keyRangeAt: rangeFinder(doc, lc, true) });
  });
  return { docs, issues };
}

/** An issue located in a document at a path (with file and range); `atKey` points at the map key, not its value. */
export function docIssue(
  doc: SourceDoc,
  severity: Issue['severity'],
  code: IssueCode,
  message: string,
  path: Path,
  atKey = false,
): Issue {
  const range = (atKey ? doc.keyRangeAt?.(path) : undefined) ?? doc.rangeAt(path);
  return issue(severity, code, message, path, { file: doc.file, ...(range ? { range } : {}) });
}

export { isRecord } from '../core/index.ts';
