// Monaco's diff editor for round trips (read-only both sides). Loaded lazily with the Monaco chunk.
import { DiffEditor } from '@monaco-editor/react';
import { themeName } from './monacoSetup.ts';

export interface DiffViewProps {
  readonly original: string;
  readonly modified: string;
  readonly dark?: boolean;
  readonly label: string;
}

export default function DiffView({ original, modified, dark, label }: DiffViewProps) {
  return (
    <DiffEditor
      original={original}
      modified={modified}
      language="yaml"
      theme={themeName(dark)}
      onMount={(ed) => {
        // The inner editors need their own names (axe: aria-input-field-name).
        ed.getOriginalEditor().updateOptions({ ariaLabel: `${label}: before` });
        ed.getModifiedEditor().updateOptions({ ariaLabel: `${label}: after` });
      }}
      options={{
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
      }}
    />
  );
}
