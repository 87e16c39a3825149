// How the resource's text changes: typed (the editor has it already), pasted (to the worker before the render; a
// large paste reaches the editor once the panes painted it) or replaced (the page renders it, then the editor
// takes it in).
import { useCallback, useRef } from 'react';
import { flushSync } from 'react-dom';
import type { ExplorerStore } from '../useExplorerState.ts';
import type { Exploration } from '../worker/useWorkerConversion.ts';
import type { EditorHandle } from '../editor/ResourceEditor.tsx';
import { useEditorSync } from '../editor/editorSync.ts';
import { usePanesPainted } from './panesPainted.ts';
import { useRulesTestHook, useTestHook } from '../platform/testHook.ts';

export interface InputActions {
  readonly setInput: (text: string) => void;
  readonly pasteInput: (text: string) => Promise<void>;
  readonly replaceInput: (text: string) => void;
  /** The editor mounted: it takes the latest text, and later replacements. */
  readonly onEditorReady: (handle: EditorHandle) => void;
}

export function useInputActions(
  dispatch: ExplorerStore['dispatch'],
  exploration: Pick<Exploration, 'prime' | 'result' | 'resultInput' | 'resultCatalogKey' | 'error'>,
  input: string,
): InputActions {
  const editor = useRef<EditorHandle | null>(null);
  const { typed, attach } = useEditorSync(input, editor);
  const setInput = useCallback(
    (text: string) => {
      typed(text);
      dispatch({ type: 'input', input: text });
    },
    [dispatch, typed],
  );
  const panesPainted = usePanesPainted(exploration.resultInput, exploration.error);
  const { prime } = exploration;
  const pasteInput = useCallback(
    (text: string) => {
      // To the worker before the render: it converts while the page renders the new input.
      prime(text);
      flushSync(() => setInput(text));
      return panesPainted(text);
    },
    [prime, setInput, panesPainted],
  );
  const replaceInput = useCallback(
    (text: string) => {
      // Render (and send the conversion request) first, then let Monaco take in the text.
      flushSync(() => setInput(text));
      editor.current?.setText(text);
    },
    [setInput],
  );
  const onEditorReady = useCallback(
    (h: EditorHandle) => {
      editor.current = h;
      attach(h);
    },
    [attach],
  );
  // The e2e tests set the resource and the rules the way a paste and the rules editor do.
  useTestHook(replaceInput, exploration.result, exploration.resultInput, exploration.resultCatalogKey);
  useRulesTestHook(useCallback((rules: string) => dispatch({ type: 'rules', rules }), [dispatch]));
  return { setInput, pasteInput, replaceInput, onEditorReady };
}
