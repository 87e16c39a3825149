// Monaco's diff editor for round trips (read-only both sides). Loaded lazily with the Monaco chunk.
import { useEffect, useMemo, useRef } from 'react';
import { DiffEditor } from '@monaco-editor/react';
import { monaco, themeName } from './monacoSetup.ts';

/** How long a closed diff's models outlive it (a diff of a large input can take seconds on a loaded machine). */
const MODEL_GRACE_MS = 30_000;

export interface DiffViewProps {
  readonly original: string;
  readonly modified: string;
  readonly dark?: boolean;
  readonly label: string;
}

/** Gives an inner editor its own name and keeps it (axe: aria-input-field-name). */
function keepLabel(editor: monaco.editor.ICodeEditor, label: string): void {
  const apply = () => {
    if (editor.getOption(monaco.editor.EditorOption.ariaLabel) !== label) editor.updateOptions({ ariaLabel: label });
  };
  apply();
  // The diff editor recomputes its inner editors' labels on option changes and drops a custom one.
  editor.onDidChangeConfiguration((e) => {
    if (e.hasChanged(monaco.editor.EditorOption.ariaLabel)) apply();
  });
}

export default function DiffView({ original, modified, dark, label }: DiffViewProps) {
  // One options object per label: a new object each render would make the wrapper call updateOptions.
  const options = useMemo<monaco.editor.IDiffEditorConstructionOptions>(
    () => ({
      readOnly: true,
      originalEditable: false,
      renderSideBySide: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      automaticLayout: true,
      fontSize: 12,
      ariaLabel: label,
      originalAriaLabel: `${label}: before`,
      modifiedAriaLabel: `${label}: after`,
      renderOverviewRuler: false,
      renderFinalNewline: 'on',
      // Only the changes and a few lines around them; the rest folds behind "N hidden lines".
      hideUnchangedRegions: { enabled: true, contextLineCount: 3, minimumLineCount: 5, revealLineCount: 20 },
    }),
    [label],
  );
  // The wrapper disposes the models before the diff editor, which Monaco reports as an error: it keeps
  // them, and they are disposed here once the editor is gone. Not at once: a diff still computing in Monaco's
  // worker when the tab closes finds its models gone and throws "no diff result available" (its cancellation
  // does not cover that case), so they outlive any computation still in flight.
  const models = useRef<monaco.editor.IDiffEditorModel | null>(null);
  useEffect(
    () => () => {
      const m = models.current;
      if (m) setTimeout(() => [m.original, m.modified].forEach((t) => t.isDisposed() || t.dispose()), MODEL_GRACE_MS);
    },
    [],
  );
  return (
    <DiffEditor
      keepCurrentOriginalModel
      keepCurrentModifiedModel
      original={original}
      modified={modified}
      language="yaml"
      theme={themeName(dark)}
      onMount={(ed) => {
        models.current = ed.getModel();
        keepLabel(ed.getOriginalEditor(), `${label}: before`);
        keepLabel(ed.getModifiedEditor(), `${label}: after`);
        // Open at the first change (once: a later recomputation must not scroll under the reader).
        const first = ed.onDidUpdateDiff(() => {
          const change = ed.getLineChanges()?.[0];
          if (!change) return;
          first.dispose();
          const line = Math.max(1, change.modifiedStartLineNumber || change.originalStartLineNumber);
          ed.getModifiedEditor().revealLineNearTop(line, monaco.editor.ScrollType.Immediate);
        });
      }}
      options={options}
    />
  );
}
