// Keeps the resource editor and the explorer state's input in step without ever pushing the user's own
// typing back into the editor. React may commit a state holding an older keystroke's text after the editor
// has moved on (an update outside React's discrete events, e.g. Chromium's EditContext, is rendered
// concurrently); comparing the state with the editor's latest text would then call setValue with the
// older text, dropping a character and putting the cursor at line 1, column 1.
import { useCallback, useEffect, useState } from 'react';

/**
 * The texts the editor produced that no committed state has shown yet. A committed input is the editor's
 * own (skip it) when it is one of them; anything else came from outside (a link, a reset, a catalog
 * switch) and replaces the editor's text.
 */
export class EditorEcho {
  private pending: string[] = [];
  private latestText: string | undefined;

  /** The editor produced `text`. */
  typed(text: string): void {
    this.latestText = text;
    // Only the texts still to be committed are kept (a few keystrokes' worth).
    if (this.pending[this.pending.length - 1] !== text) this.pending.push(text);
  }

  /** The editor's latest text as far as we know (undefined before any). */
  get latest(): string | undefined {
    return this.latestText;
  }

  /** A state with `input` was committed: true when the editor must be given that text. */
  committed(input: string): boolean {
    const at = this.pending.lastIndexOf(input);
    if (at >= 0) {
      // The editor's own text (possibly an older keystroke): what came before it is committed or superseded.
      this.pending = this.pending.slice(at + 1);
      return false;
    }
    if (input === this.latestText) return false;
    this.pending = [];
    this.latestText = input;
    return true;
  }
}

export interface EditorTextSink {
  setText(text: string): void;
}

/**
 * `typed` is to be called with every text the editor produces (before dispatching it); the returned
 * `attach` gives a newly mounted editor the latest text.
 */
export function useEditorSync(input: string, editor: { readonly current: EditorTextSink | null }) {
  const [echo] = useState(() => new EditorEcho());
  useEffect(() => {
    if (echo.committed(input)) editor.current?.setText(input);
  }, [echo, input, editor]);
  const typed = useCallback((text: string) => echo.typed(text), [echo]);
  const attach = useCallback(
    (h: EditorTextSink) => {
      const latest = echo.latest;
      if (latest !== undefined) h.setText(latest);
    },
    [echo],
  );
  return { typed, attach };
}
