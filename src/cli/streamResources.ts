// Resources read one at a time from a file or stdin: the text arrives in chunks, pieceSplitter cuts it into
// documents and List items, each is parsed alone (the fast path at any size) and its positions moved to where it
// sits in the whole text. Memory stays bounded by the largest object, whatever the count.
import type { Issue, ParsedDocument, SourcePos, SourceRange, TextPiece } from '../core/index.ts';
import { issue, parseResources, pieceSplitter } from '../core/index.ts';
import { readResources } from './readResources.ts';

function shiftPos(p: TextPiece, s: SourcePos): SourcePos {
  return {
    line: p.line + s.line - 1,
    col: s.col + p.indent + (s.line === 1 ? p.col - 1 : 0),
    offset: p.offset + s.offset + s.line * p.indent,
  };
}

const shifter =
  (p: TextPiece) =>
  (r: SourceRange): SourceRange => ({ start: shiftPos(p, r.start), end: shiftPos(p, r.end) });

/** A piece's ranges seen from the whole text (looked up on demand: most objects never need a position). */
class ShiftedRanges extends Map<string, SourceRange> {
  constructor(
    private readonly inner: ReadonlyMap<string, SourceRange>,
    private readonly shift: (r: SourceRange) => SourceRange,
  ) {
    super();
  }
  override get(k: string): SourceRange | undefined {
    const r = this.inner.get(k);
    return r && this.shift(r);
  }
  override has(k: string): boolean {
    return this.inner.has(k);
  }
  override get size(): number {
    return this.inner.size;
  }
  override *entries(): MapIterator<[string, SourceRange]> {
    for (const [k, r] of this.inner) yield [k, this.shift(r)];
  }
  override [Symbol.iterator](): MapIterator<[string, SourceRange]> {
    return this.entries();
  }
}

export interface StreamedBatch {
  readonly documents: readonly ParsedDocument[];
  readonly issues: readonly Issue[];
}

/** The documents of one piece, numbered from `index`. */
export function parsePiece(p: TextPiece, file: string, index: number): StreamedBatch {
  const shift = shifter(p);
  const moved = (i: Issue): Issue => (i.range ? { ...i, range: shift(i.range) } : i);
  if (p.wrapper) {
    // A List's own document, its items already read: it must be a List (else they were not items)
    const r = parseResources(p.text, file);
    const issues = r.issues.filter((i) => i.code !== 'EMPTY_INPUT').map(moved);
    const notList = r.documents[0];
    if (issues.length === 0 && notList)
      issues.push(
        moved(
          issue('error', 'NOT_A_LIST', "its items were read as a List's, but its kind is not a List", [], {
            file,
            ...(notList.range ? { range: notList.range } : {}),
          }),
        ),
      );
    return { documents: [], issues };
  }
  const r = readResources(p.text, file, 0);
  const documents = r.documents.map((d, k): ParsedDocument => {
    const ranges = new ShiftedRanges(d.ranges, shift);
    const listPath = p.item !== undefined ? ['items', p.item] : d.listPath;
    return {
      index: index + k,
      value: d.value,
      ranges,
      ...(listPath ? { listPath } : {}),
      get range() {
        const at = d.range;
        return at && shift(at);
      },
    };
  });
  return { documents, issues: r.issues.filter((i) => i.code !== 'EMPTY_INPUT').map(moved) };
}

/** Every document of the text `chunks` yields, a batch per piece, in order; EMPTY_INPUT when there is none. */
export async function* streamResources(chunks: AsyncIterable<string>, file: string): AsyncGenerator<StreamedBatch> {
  const split = pieceSplitter();
  let index = 0;
  let any = false;
  const each = function* (pieces: readonly TextPiece[]): Generator<StreamedBatch> {
    for (const p of pieces) {
      const b = parsePiece(p, file, index);
      index += b.documents.length;
      if (b.documents.length > 0 || b.issues.length > 0) any = true;
      yield b;
    }
  };
  for await (const chunk of chunks) yield* each(split.push(chunk));
  yield* each(split.end());
  if (!any)
    yield { documents: [], issues: [issue('error', 'EMPTY_INPUT', 'The input holds no document.', [], { file })] };
}
