// Resources for the CLI, fast at any size: a large text's values come from JSON.parse (exact integers), one line
// scan of a plain block-style YAML document (blockValues) or
// js-yaml (YAML_CORE), 10-20x faster than the ranges-keeping `yaml` parse, and its source ranges are found
// only when an issue must be placed (a linear scan for JSON; for YAML one line scan of a plain block-style
// document, blockRanges, else the full parse). Anything the fast path cannot read exactly as the full parse
// does (aliases, merge keys, errors, TOO_DEEP, NaN) goes to it.
import type { ParsedDocument, ParsedResources, Path, SourceRange } from '../core/index.ts';
import {
  ALIAS,
  blockRanges,
  blockValues,
  jsonRangeAt,
  jsonRanges,
  loadYamlValues,
  parseJsonExact,
  parseResources,
  pathKey,
  PATH_KEY_SEPARATOR,
  valueProblemAt,
} from '../core/index.ts';

/** Texts from this size on take the fast path (below it the full parse costs milliseconds). */
export const FAST_CHARS = 64 * 1024;

/**
 * Up to this size a YAML text that is not one plain block-style document gets line:col from the full parse
 * (about a second per megabyte); above it its issues name the path only (`file: warning CODE: ... (at spec.x)`),
 * so a 20 MB resource stays seconds. A plain block-style document gets them at any size (a line scan).
 */
export const YAML_POSITIONS_CHARS = 4 * 1024 * 1024;

/** A range map filled on first use. */
class LazyRanges extends Map<string, SourceRange> {
  private loaded = false;
  constructor(private readonly load: () => ReadonlyMap<string, SourceRange>) {
    super();
  }
  private fill(): void {
    if (this.loaded) return;
    this.loaded = true;
    for (const [k, r] of this.load()) super.set(k, r);
  }
  override get(k: string): SourceRange | undefined {
    this.fill();
    return super.get(k);
  }
  override has(k: string): boolean {
    this.fill();
    return super.has(k);
  }
  override get size(): number {
    this.fill();
    return super.size;
  }
  override entries(): MapIterator<[string, SourceRange]> {
    this.fill();
    return super.entries();
  }
  override [Symbol.iterator](): MapIterator<[string, SourceRange]> {
    return this.entries();
  }
}

/** Scans by path before one map of every node pays off: each scan reads the text up to the path. */
const SCANS_BEFORE_INDEX = 64;

/** One text's ranges, shared by its documents: scans per path at first, every node's range once asked often. */
interface JsonIndex {
  scans: number;
  all?: Map<string, SourceRange>;
}

/**
 * JSON ranges looked up one path at a time (jsonRangeAt: a scan, no map of every node of a huge text), until
 * many are asked for (200,000 pruned keys, each located by a scan from the start, were quadratic): then one pass.
 */
class JsonPathRanges extends Map<string, SourceRange> {
  constructor(
    private readonly text: string,
    private readonly prefix: Path,
    private readonly index: JsonIndex,
  ) {
    super();
  }
  override get(k: string): SourceRange | undefined {
    if (super.has(k)) return super.get(k);
    const path = [...this.prefix.map(String), ...(k === '' ? [] : k.split(PATH_KEY_SEPARATOR))];
    const ix = this.index;
    if (!ix.all && ++ix.scans > SCANS_BEFORE_INDEX) ix.all = jsonRanges(this.text);
    const r = ix.all ? ix.all.get(path.join(PATH_KEY_SEPARATOR)) : jsonRangeAt(this.text, path);
    if (r && !ix.all) super.set(k, r);
    return r;
  }
}

/** Values of every document, or undefined when only the full parse can read the text faithfully. */
function fastValues(text: string): { values: unknown[]; json: boolean } | undefined {
  const json = /\S/.exec(text)?.[0] === '{';
  try {
    if (json) return { values: [parseJsonExact(text)], json };
    // one plain block-style document (kubectl's output, a stream's piece): one line scan, js-yaml's value in
    // about half its time (a law in blockValues.test.ts)
    const block = blockValues(text);
    if (block) return { values: [block], json };
    if (ALIAS.test(text) || /(^|[\s{,])<<\s*:/m.test(text)) return undefined;
    return { values: loadYamlValues(text), json };
  } catch {
    return undefined;
  }
}

/**
 * A List's ranges split by item (`items.<i>.rest` -> item i, keyed `rest`), in one pass: each item asking for
 * its own slice of the whole map would make positions quadratic in the number of items.
 */
function byItem(ranges: ReadonlyMap<string, SourceRange>): Map<string, Map<string, SourceRange>> {
  const out = new Map<string, Map<string, SourceRange>>();
  const head = `items${PATH_KEY_SEPARATOR}`;
  for (const [k, r] of ranges) {
    if (!k.startsWith(head)) continue;
    const end = k.indexOf(PATH_KEY_SEPARATOR, head.length);
    const item = k.slice(0, end < 0 ? k.length : end);
    let m = out.get(item);
    if (!m) out.set(item, (m = new Map()));
    m.set(end < 0 ? '' : k.slice(end + 1), r);
  }
  return out;
}

const isListOf = (v: unknown): v is { kind: string; items: unknown[] } =>
  v !== null &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  typeof (v as { kind?: unknown }).kind === 'string' &&
  (v as { kind: string }).kind.endsWith('List') &&
  Array.isArray((v as { items?: unknown }).items);

/**
 * The root node's range of one plain block-style YAML document, as blockRanges gives it (its first content line to
 * past its last), from a line scan that keeps nothing: `doc.range` (a sample's `file:line:col`) must not build the
 * range of every node of a 20 MB resource. Undefined where blockRanges would not read the text (tabs, CRs, a
 * comment after the content began, a document marker or directive, content not at column 1).
 */
export function rootRange(text: string): SourceRange | undefined {
  if (/[\r\t]/.test(text)) return undefined;
  let first: { line: number; offset: number } | undefined;
  let last = { line: 0, after: 0 };
  for (let start = 0, n = 1; start <= text.length; n++) {
    const nl = text.indexOf('\n', start);
    const stop = nl < 0 ? text.length : nl;
    let i = start;
    while (i < stop && text.charCodeAt(i) === 32) i++;
    if (i < stop && !(text.charCodeAt(i) === 35 && first === undefined)) {
      const c = text.charCodeAt(i);
      if (c === 35 || (i === start && (text.startsWith('---', i) || text.startsWith('...', i) || c === 37)))
        return undefined;
      if (first === undefined) {
        if (i !== start) return undefined;
        first = { line: n, offset: i };
      }
      last = { line: n, after: nl < 0 ? stop : nl + 1 };
    }
    if (nl < 0) break;
    start = nl + 1;
  }
  if (first === undefined) return undefined;
  const endsLine = text.charCodeAt(last.after - 1) === 10;
  const lineStart = text.lastIndexOf('\n', last.after - (endsLine ? 2 : 1)) + 1;
  return {
    start: { line: first.line, col: 1, offset: first.offset },
    end: endsLine
      ? { line: last.line + 1, col: 1, offset: last.after }
      : { line: last.line, col: last.after - lineStart + 1, offset: last.after },
  };
}

/** `fastFrom`: the size from which the fast path is taken (0 for one object of a stream: many small texts). */
export function readResources(text: string, file?: string, fastFrom = FAST_CHARS): ParsedResources {
  if (text.length < fastFrom) return parseResources(text, file);
  const fast = fastValues(text);
  if (!fast || fast.values.some((v) => valueProblemAt(v) !== undefined)) return parseResources(text, file);
  // Positions, when first asked for: JSON by a scan per path; YAML by one line scan of a plain block-style
  // document, else from the full parse, whose documents come in the same order (List items expanded alike).
  let full: ParsedResources | undefined;
  let block: Map<string, SourceRange> | null | undefined;
  let items: Map<string, Map<string, SourceRange>> | undefined;
  const rangesOf = (k: number, prefix: Path): ReadonlyMap<string, SourceRange> => {
    block ??= fast.values.length === 1 ? (blockRanges(text, fast.values[0]) ?? null) : null;
    if (block && prefix.length === 0) return block;
    // a List item's prefix is always `items.<i>`
    if (block) return (items ??= byItem(block)).get(pathKey(prefix)) ?? new Map<string, SourceRange>();
    return text.length > YAML_POSITIONS_CHARS
      ? new Map<string, SourceRange>()
      : ((full ??= parseResources(text, file)).documents[k]?.ranges ?? new Map<string, SourceRange>());
  };
  const documents: ParsedDocument[] = [];
  const jsonIndex: JsonIndex = { scans: 0 };
  for (const value of fast.values) {
    if (value === null || value === undefined) continue;
    const parts: { value: unknown; prefix: Path }[] = isListOf(value)
      ? value.items.map((item, i) => ({ value: item, prefix: ['items', i] }))
      : [{ value, prefix: [] }];
    for (const part of parts) {
      const k = documents.length;
      const ranges = fast.json
        ? new JsonPathRanges(text, part.prefix, jsonIndex)
        : new LazyRanges(() => rangesOf(k, part.prefix));
      // A lone YAML document's own range without its every node's (the root's range as the map would give it)
      const own = !fast.json && fast.values.length === 1 && part.prefix.length === 0;
      let root: SourceRange | null | undefined;
      documents.push({
        index: k,
        value: part.value,
        ranges,
        ...(part.prefix.length > 0 ? { listPath: part.prefix } : {}),
        get range() {
          if (own) root ??= rootRange(text) ?? null;
          return root ?? ranges.get('');
        },
      });
    }
  }
  if (documents.length === 0) return parseResources(text, file);
  return { documents, issues: [] };
}
