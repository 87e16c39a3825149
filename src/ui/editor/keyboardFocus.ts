// Tab inside Monaco indents, which traps a keyboard user. When the editor gets focus from the keyboard,
// Tab moves focus on (Monaco's tab focus mode) until the user types; then Tab indents and Ctrl+M (Monaco's
// toggle) lets it leave again. A hint says which is in force while the editor has keyboard focus.
import { monaco } from './monacoSetup.ts';
import type { KeyHint } from './KeyHintBar.tsx';

/** Wires the behaviour to `editor`; `onHint` hears the hint to show (undefined: none). */
export function keyboardFocus(
  editor: monaco.editor.IStandaloneCodeEditor,
  onHint: (h: KeyHint | undefined) => void,
): void {
  const tabFocusOption = monaco.editor.EditorOption.tabFocusMode;
  let pointer = false;
  let keyboard = false;
  const dom = editor.getDomNode();
  dom?.addEventListener('pointerdown', () => void (pointer = true), true);
  const hint = () => onHint(keyboard ? (editor.getOption(tabFocusOption) ? 'leave' : 'indent') : undefined);
  editor.onDidFocusEditorText(() => {
    keyboard = !pointer;
    pointer = false;
    editor.updateOptions({ tabFocusMode: keyboard });
    hint();
  });
  editor.onDidBlurEditorText(() => {
    keyboard = false;
    pointer = false;
    onHint(undefined);
  });
  editor.onDidChangeModelContent((e) => {
    // Typing (not a text set from outside) turns Tab back into indentation.
    if (e.isFlush || !keyboard || !editor.hasTextFocus()) return;
    if (editor.getRawOptions().tabFocusMode) editor.updateOptions({ tabFocusMode: false });
    hint();
  });
  // Ctrl+M toggles this editor's mode (Monaco's own toggle flips a global flag no event reports).
  editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyM, () => {
    editor.updateOptions({ tabFocusMode: !editor.getRawOptions().tabFocusMode });
    hint();
  });
}
