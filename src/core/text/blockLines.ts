// The content lines of a plain block-style YAML text, scanned once: the shape blockRanges (source ranges) and
// blockValues (values) both read, and the one-line forms they both accept.

/** A key that is not a string in YAML's core schema (null or a boolean): such keys go to the parser. */
export const NOT_STRING_KEY = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;
// A one-line scalar value: a simple quoted one, or a plain one that cannot start a collection, alias, tag,
// block scalar or comment (callers also refuse `: ` and ` #` inside).
export const QUOTED = /^(?:"[^"\\]*"|'(?:[^']|'')*')$/;
export const PLAIN_START = /^[^\s\-?:,[\]{}#&*!|>'"%@`]|^[-?:][^\s,[\]{}]/;

/** Per content line (blank lines and a leading comment header skipped), index by index. */
export interface BlockLines {
  /** Offset of its first visible character (callers move it past a sequence item's `- `). */
  readonly off: number[];
  /** Its column, 0-based (moved with `off`). */
  readonly col: number[];
  /** Offset after its trimmed text. */
  readonly end: number[];
  /** Offset after its newline (or the text's end). */
  readonly after: number[];
  /** Its line number, 1-based. */
  readonly lineNo: number[];
}

/**
 * The content lines of `text`, or undefined when it is not one block document starting at column 0: a comment
 * after the header, a document marker or a directive is the parser's job.
 */
export function blockLines(text: string): BlockLines | undefined {
  const lines: BlockLines = { off: [], col: [], end: [], after: [], lineNo: [] };
  const { off, col, end, after, lineNo } = lines;
  for (let start = 0, n = 1; start <= text.length; n++) {
    const nl = text.indexOf('\n', start);
    const stop = nl < 0 ? text.length : nl;
    let i = start;
    while (i < stop && text.charCodeAt(i) === 32) i++;
    let e = stop;
    while (e > i && text.charCodeAt(e - 1) === 32) e--;
    const first = text.charCodeAt(i);
    // A comment line before the document (a licence header) is skipped.
    if (i < e && !(first === 35 && off.length === 0)) {
      if (first === 35 || (i === start && (text.startsWith('---', i) || text.startsWith('...', i) || first === 37)))
        return undefined;
      off.push(i);
      col.push(i - start);
      end.push(e);
      after.push(nl < 0 ? stop : nl + 1);
      lineNo.push(n);
    }
    if (nl < 0) break;
    start = nl + 1;
  }
  return off.length === 0 || col[0] !== 0 ? undefined : lines;
}
