// What the YAML editors share: their options, and the worker's findings (1-based lines and columns) as markers.
import type { SourceRange } from '../../core/index.ts';
import { monaco } from './monacoSetup.ts';
import { wrapMessage } from './wrapMessage.ts';

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

const SOURCE = 'version-explorer';

/** How many characters fit on one line of EDITOR's F8 peek (as wide as the editor less minimap and scrollbar). */
export function peekColumns(editor: monaco.editor.IStandaloneCodeEditor): number {
  const { width, minimap, verticalScrollbarWidth } = editor.getLayoutInfo();
  const charWidth = editor.getOption(monaco.editor.EditorOption.fontInfo).typicalHalfwidthCharacterWidth || 8;
  // less the peek's own padding (20 px left, 12 right) and a character's margin
  return Math.floor((width - minimap.minimapWidth - verticalScrollbarWidth - 40) / charWidth);
}

/** MESSAGE wrapped to COLUMNS; the peek puts `source(code)` after the last line, so it gets a line of its own when it would not fit. */
function peekMessage(message: string, code: string, columns: number): string {
  const wrapped = wrapMessage(message, columns);
  const last = wrapped.length - wrapped.lastIndexOf('\n') - 1;
  return last + SOURCE.length + code.length + 3 > columns ? `${wrapped}\n` : wrapped;
}

/**
 * The worker's markers on `model` (owner `version-explorer`; monaco-yaml's schema markers are owner `yaml`),
 * each message wrapped to COLUMNS so the F8 peek shows it whole.
 */
export function setMarkers(model: monaco.editor.ITextModel, markers: readonly EditorMarker[], columns = 80): void {
  monaco.editor.setModelMarkers(
    model,
    SOURCE,
    markers.map((m) => ({
      ...toMonacoRange(model, m.range),
      severity: SEVERITY[m.severity],
      message: peekMessage(m.message, m.code, columns),
      code: m.code,
      source: SOURCE,
    })),
  );
}
