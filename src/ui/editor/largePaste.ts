// A large paste reaches the panes before the editor takes it in. Monaco spends ~50 ms of main-thread time
// on a 1 MB paste (line starts, worker mirrors, a render); done at once, the conversion's answer waits
// behind it. So the text goes to the conversion first and into the editor once the panes have painted it
// (or after PASTE_WAIT_MS at most). Any key or click in the editor meanwhile applies it first, so nothing
// the user does lands in the text before it.
import { monaco } from './monacoSetup.ts';

/** Smaller pastes go into the editor at once: Monaco's work on them is short. */
export const DEFERRED_PASTE_CHARS = 64 * 1024;
/** The longest the editor shows the old text after a paste. */
export const PASTE_WAIT_MS = 400;

/**
 * Hears the whole text a paste produces. A large paste waits in the editor until the returned promise
 * settles (the panes have painted it); without a promise Monaco takes the paste in at once.
 */
export type PasteHandler = (next: string) => Promise<void> | void;

/** The model's text after pasting `text` over `selection` (line breaks as the model keeps them). */
export function pastedText(
  model: monaco.editor.ITextModel,
  selection: monaco.Selection,
  text: string,
): { readonly pasted: string; readonly next: string } {
  const eol = model.getEOL();
  const pasted =
    eol === '\n' ? (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text) : text.replace(/\r\n?|\n/g, eol);
  // Replacing everything (select all, paste) needs no copy of the old text.
  if (selection.equalsRange(model.getFullModelRange())) return { pasted, next: pasted };
  const full = model.getValue();
  const start = model.getOffsetAt(selection.getStartPosition());
  const end = model.getOffsetAt(selection.getEndPosition());
  return { pasted, next: full.slice(0, start) + pasted + full.slice(end) };
}

const readOnly = monaco.editor.EditorOption.readOnly;

/**
 * Listens for pastes on `editor`: `handler()` hears each one's resulting text before Monaco does. Returns
 * `flush`, which applies a paste still waiting (call it before replacing the editor's text).
 */
export function interceptPastes(
  editor: monaco.editor.ICodeEditor,
  handler: () => PasteHandler | undefined,
  beforeApply: (next: string) => void,
): () => void {
  let pending: (() => void) | undefined;
  const flush = () => pending?.();
  const dom = editor.getDomNode();
  if (!dom) return flush;
  // Capture phase: before Monaco's own handling of the event.
  dom.addEventListener('keydown', flush, true);
  dom.addEventListener('mousedown', flush, true);
  dom.addEventListener(
    'paste',
    (e) => {
      flush();
      // A paste into the find widget (inside the editor's node) is not a paste into the text.
      if (!editor.hasTextFocus()) return;
      const onPaste = handler();
      const text = e.clipboardData?.getData('text/plain');
      const model = editor.getModel();
      const selections = editor.getSelections();
      if (!onPaste || !text || !model || selections?.length !== 1 || editor.getOption(readOnly)) return;
      const selection = selections[0] as monaco.Selection;
      const { pasted, next } = pastedText(model, selection, text);
      // The conversion first; the editor's own preparation (its options for a large text) after: it makes
      // Monaco draw again, which would compete with the panes' first paint.
      const shown = onPaste(next);
      if (pasted.length < DEFERRED_PASTE_CHARS || !shown) {
        beforeApply(next);
        return;
      }
      e.preventDefault();
      e.stopPropagation();
      const version = model.getVersionId();
      const apply = () => {
        if (pending !== apply) return;
        pending = undefined;
        clearTimeout(timer);
        // Replaced meanwhile (a reset, a link): that text stands.
        if (editor.getModel() !== model || model.isDisposed() || model.getVersionId() !== version) return;
        beforeApply(next);
        editor.pushUndoStop();
        editor.executeEdits('paste', [{ range: selection, text: pasted, forceMoveMarkers: true }], (inverse) => {
          const end = inverse[0]?.range.getEndPosition() ?? selection.getEndPosition();
          return [monaco.Selection.fromPositions(end, end)];
        });
        editor.pushUndoStop();
        const at = editor.getPosition();
        if (at) editor.revealPosition(at);
      };
      pending = apply;
      const timer = setTimeout(apply, PASTE_WAIT_MS);
      void shown.then(apply, apply);
    },
    true,
  );
  return flush;
}
