// What the YAML editors share: their options, and the worker's findings (1-based lines and columns) as markers.
import type { SourceRange } from '../../core/index.ts';
import { monaco } from './monacoSetup.ts';

export interface EditorMarker {
  readonly severity: 'error' | 'warning' | 'info';
  readonly code: string;
  readonly message: string;
  readonly range: SourceRange;
}

/** The options both YAML editors (resource, rules) start from. */
export const YAML_EDITOR_OPTIONS: monaco.editor.IStandaloneEditorConstructionOptions = {
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  fontSize: 13,
  tabSize: 2,
  automaticLayout: true,
  wordWrap: 'off',
  renderLineHighlight: 'line',
  // The dimmed number after the last newline fails contrast checks.
  renderFinalNewline: 'on',
  fixedOverflowWidgets: true,
  stickyScroll: { enabled: false },
};

const SEVERITY = {
  error: monaco.MarkerSeverity.Error,
  warning: monaco.MarkerSeverity.Warning,
  info: monaco.MarkerSeverity.Info,
} as const;

export function toMonacoRange(model: monaco.editor.ITextModel, r: SourceRange, firstLineOnly = false): monaco.IRange {
  const endLine = firstLineOnly ? r.start.line : r.end.line;
  const endCol =
    (firstLineOnly && r.end.line > r.start.line) ||
    r.end.col > model.getLineMaxColumn(Math.min(endLine, model.getLineCount()))
      ? model.getLineMaxColumn(Math.min(endLine, model.getLineCount()))
      : r.end.col;
  return { startLineNumber: r.start.line, startColumn: r.start.col, endLineNumber: endLine, endColumn: endCol };
}

/** The worker's markers on `model` (owner `version-explorer`; monaco-yaml's schema markers are owner `yaml`). */
export function setMarkers(model: monaco.editor.ITextModel, markers: readonly EditorMarker[]): void {
  monaco.editor.setModelMarkers(
    model,
    'version-explorer',
    markers.map((m) => ({
      ...toMonacoRange(model, m.range),
      severity: SEVERITY[m.severity],
      message: m.message,
      code: m.code,
      source: 'version-explorer',
    })),
  );
}
