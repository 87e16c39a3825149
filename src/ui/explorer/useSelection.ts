// The highlighted field: its key (for the panes) and Path (for the state), the editor's decorations and
// range, and the cursor in the editor selecting a field or a document.
import { useCallback, useMemo } from 'react';
import { parsePathKey, pathKey, type Path, type SourceRange } from '../../core/index.ts';
import type { ExploreResult } from '../viewModel/types.ts';
import { keyAtOffset, rangeAt, rangeIndex } from '../viewModel/rangeTable.ts';
import type { EditorDecoration } from '../editor/ResourceEditor.tsx';
import { fateTitle } from '../panels/fates.ts';
import { choose, type ExplorerAction } from '../useExplorerState.ts';

const MAX_EDITOR_DECORATIONS = 4000;

const keyToPath = (key: string): Path => parsePathKey(key);

export interface Selection {
  readonly highlightKey: string | undefined;
  readonly highlightRange: SourceRange | undefined;
  readonly select: (key: string | undefined) => void;
  readonly decorations: EditorDecoration[];
  readonly onCursor: (offset: number) => void;
  /** The line the shown document starts on. */
  readonly documentLine: number | undefined;
}

export function useSelection(
  highlight: Path | undefined,
  result: ExploreResult | undefined,
  dispatch: (a: ExplorerAction) => void,
): Selection {
  const highlightKey = highlight ? pathKey(highlight) : undefined;
  const select = useCallback(
    (key: string | undefined) => dispatch(choose('highlight', key === undefined ? undefined : keyToPath(key))),
    [dispatch],
  );

  const rangeByKey = useMemo(() => (result ? rangeIndex(result.ranges) : new Map<string, number>()), [result]);
  const highlightIndex = highlightKey !== undefined ? rangeByKey.get(highlightKey) : undefined;
  const highlightRange: SourceRange | undefined =
    result && highlightIndex !== undefined ? rangeAt(result.ranges, highlightIndex) : undefined;
  const decorations = useMemo<EditorDecoration[]>(() => {
    const out: EditorDecoration[] = [];
    if (!result) return out;
    // A field with a marker has its hover there already: one hover, not two saying the same.
    const marked = new Set(result.markers.map((m) => m.range.start.offset));
    for (const f of result.sourceFates) {
      if (out.length >= MAX_EDITOR_DECORATIONS) break;
      const r = rangeByKey.get(f.path);
      if (r === undefined) continue;
      const range = rangeAt(result.ranges, r);
      out.push({
        range,
        className: `mfate mfate-${f.fate}`,
        hover: marked.has(range.start.offset) ? '' : (fateTitle(f.fate, f.reason) ?? ''),
      });
    }
    return out;
  }, [result, rangeByKey]);
  const onCursor = useCallback(
    (offset: number) => {
      if (!result) return;
      // The cursor in another document of the input selects that document.
      const inDoc = result.validation?.documents.find((d) => offset >= d.start && offset <= d.end);
      if (inDoc && inDoc.index !== result.document && result.documents[inDoc.index]?.known !== false) {
        dispatch({ type: 'document', document: inDoc.index });
        return;
      }
      select(keyAtOffset(result.ranges, offset));
    },
    [result, select, dispatch],
  );
  const documentLine = result?.validation?.documents.find((d) => d.index === result.document)?.line;
  return { highlightKey, highlightRange, select, decorations, onCursor, documentLine };
}
