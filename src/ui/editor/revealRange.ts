// Moves the cursor of the editor holding `uri` to a range, shows it and focuses the editor (the Problems list).
// Loaded on demand: by then the editor, and so Monaco, is on the page.
import type { SourceRange } from '../../core/index.ts';
import { monaco } from './monacoSetup.ts';
import { RESOURCE_MODEL_URI } from './ResourceEditor.tsx';
import { RULES_MODEL_URI } from './RulesEditor.tsx';

const URI = { resource: RESOURCE_MODEL_URI, rules: RULES_MODEL_URI } as const;

export function revealRange(which: keyof typeof URI, r: SourceRange): boolean {
  const editor = monaco.editor.getEditors().find((e) => e.getModel()?.uri.toString() === URI[which]);
  if (!editor) return false;
  const position = { lineNumber: r.start.line, column: r.start.col };
  editor.setPosition(position);
  editor.revealPositionInCenterIfOutsideViewport(position);
  editor.focus();
  return true;
}
