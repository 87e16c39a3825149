// A batch of input pieces parsed and each document judged: the one function this thread and every worker run, so
// the two cannot judge differently. What it returns crosses threads (structured clone): issues and the command's
// judgements, plain data.
import type { Issue, ParsedDocument, TextPiece } from '../../core/index.ts';
import { hasErrors } from '../../core/index.ts';
import { parsePiece } from '../streamResources.ts';

/** A command's work on one document of `file` (as messages name it), with no effect: what it writes and counts is
 * in the value it returns. */
export type Judge<J> = (doc: ParsedDocument, file: string) => J;

/** One piece's parse problems, how many documents it held and their judgements (none once the input is bad). */
export interface PieceJudged<J> {
  readonly issues: readonly Issue[];
  readonly count: number;
  readonly judged: readonly J[];
}

/** Documents a piece holds when it is what it looks like (a List's own document holds none, its items are pieces). */
export const expectedDocuments = (pieces: readonly TextPiece[]): number => pieces.filter((p) => !p.wrapper).length;

/**
 * Every piece parsed (documents numbered from `start`) and judged. After a piece with errors nothing more is judged
 * (the input is bad: no document after it is handed over), but the rest is parsed for its problems. Undefined when
 * a judge threw: the batch is then judged again in order, where the exception surfaces at its document.
 */
export function judgeBatch<J>(
  pieces: readonly TextPiece[],
  file: string,
  start: number,
  judge: Judge<J>,
): PieceJudged<J>[] | undefined {
  const out: PieceJudged<J>[] = [];
  let index = start;
  let bad = false;
  try {
    for (const p of pieces) {
      const b = parsePiece(p, file, index);
      index += b.documents.length;
      if (hasErrors(b.issues)) bad = true;
      out.push({
        issues: b.issues,
        count: b.documents.length,
        judged: bad ? [] : b.documents.map((d) => judge(d, file)),
      });
    }
  } catch {
    return undefined;
  }
  return out;
}
