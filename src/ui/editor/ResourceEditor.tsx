// The input editor. Uncontrolled (defaultValue) so fast typing never loses keystrokes; the parent hears
// changes through onChange and drives markers, fate colours, the highlighted field and the schema by props.
import { useEffect, useRef, useState } from 'react';
import Editor from '@monaco-editor/react';
import { monaco, themeName, yamlSettled } from './monacoSetup.ts';
import { exposeToTests } from '../platform/testHook.ts';
import { YAML_EDITOR_OPTIONS, peekColumns, type EditorMarker } from './monacoMarkers.ts';
import { RESOURCE_MODEL_URI, useEditorDecorations, useYamlSchema, type EditorDecoration } from './editorEffects.ts';
import type { SourceRange } from '../../core/index.ts';
import type { Shortcut } from '../shortcuts.ts';
import { keyboardFocus } from './keyboardFocus.ts';
import type { KeyHint } from './KeyHintBar.tsx';
import { interceptPastes, type PasteHandler } from './largePaste.ts';

export type { EditorDecoration, EditorMarker, PasteHandler };

export interface EditorHandle {
  setText(text: string): void;
  focus(): void;
}

export interface ResourceEditorProps {
  readonly initialText: string;
  readonly onChange: (text: string) => void;
  /**
   * The text a paste is about to produce, before Monaco takes it in; a large paste waits in the editor
   * until the returned promise settles (largePaste.ts). onChange follows with the actual text.
   */
  readonly onPasteText?: PasteHandler;
  /** Called once the editor exists, with a handle to replace its text. */
  readonly onReady?: (handle: EditorHandle) => void;
  readonly dark?: boolean;
  readonly markers?: readonly EditorMarker[];
  readonly decorations?: readonly EditorDecoration[];
  readonly highlight?: SourceRange;
  /** The cursor moved to this offset (user action only). */
  readonly onCursor?: (offset: number) => void;
  /** JSON Schema of the source version, for monaco-yaml's validation, hover and completion. */
  readonly schema?: unknown;
  /** The selected document's group and kind: monaco-yaml applies the schema to those documents only. */
  readonly schemaScope?: { readonly group: string; readonly kind: string };
  /** False when the worker validates the document as the API server does (monaco-yaml then only completes). */
  readonly schemaValidation?: boolean;
  /** Scroll to this line when it changes and the editor has no focus (picking a document). */
  readonly revealLine?: number;
  readonly shortcuts?: readonly Shortcut[];
  /** Hears the keyboard hint to show beside the editor (never drawn over its code). */
  readonly onKeyHint?: (hint: KeyHint | undefined) => void;
}

export { RESOURCE_MODEL_URI };
const MODEL_URI = RESOURCE_MODEL_URI;

/** Above this size bracket pair colouring is off: it parses the whole text on every change. */
const LARGE_TEXT = 256 * 1024;
const colouring = new WeakMap<monaco.editor.ICodeEditor, boolean>();
function fitToSize(editor: monaco.editor.ICodeEditor | null, length: number): void {
  const on = length < LARGE_TEXT;
  if (!editor || colouring.get(editor) === on) return;
  colouring.set(editor, on);
  editor.updateOptions({ bracketPairColorization: { enabled: on } });
}

function keybinding(k: Shortcut['keys']): number {
  const code = (monaco.KeyCode as unknown as Record<string, number>)[k.code] ?? monaco.KeyCode.Unknown;
  return (
    (k.mod ? monaco.KeyMod.CtrlCmd : 0) | (k.alt ? monaco.KeyMod.Alt : 0) | (k.shift ? monaco.KeyMod.Shift : 0) | code
  );
}

export default function ResourceEditor(props: ResourceEditorProps) {
  const {
    initialText,
    onChange,
    onPasteText,
    onReady,
    dark,
    markers,
    decorations,
    highlight,
    onCursor,
    schema,
    schemaScope,
    schemaValidation,
    revealLine,
    shortcuts,
    onKeyHint,
  } = props;
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const shortcutsRef = useRef(shortcuts);
  const cursorRef = useRef(onCursor);
  const pasteRef = useRef(onPasteText);
  useEffect(() => {
    shortcutsRef.current = shortcuts;
    cursorRef.current = onCursor;
    pasteRef.current = onPasteText;
  });
  useEffect(() => () => void (editorRef.current = null), []);

  useYamlSchema(schema, schemaScope, schemaValidation);

  // Bumped when the editor mounts, so the effects below run once it exists.
  const [mounted, setMounted] = useState(0);
  const [columns, setColumns] = useState(80);
  useEditorDecorations(editorRef, mounted, { markers, columns, decorations, highlight, revealLine });

  return (
    <>
      <Editor
        language="yaml"
        path={MODEL_URI}
        defaultValue={initialText}
        theme={themeName(dark)}
        options={{
          ...YAML_EDITOR_OPTIONS,
          ariaLabel: 'Resource YAML',
          // What to put in an empty editor (issue 25: it showed only "error EMPTY_INPUT").
          placeholder:
            'Paste a Kubernetes resource here (YAML or JSON, one or more documents), e.g. an object of the CRD picked above',
          // No tabFocusMode here: keyboardFocus.ts sets it on focus, and these options are re-applied on render.
        }}
        onChange={(v) => {
          fitToSize(editorRef.current, v?.length ?? 0);
          onChange(v ?? '');
        }}
        onMount={(editor) => {
          editorRef.current = editor;
          fitToSize(editor, editor.getModel()?.getValueLength() ?? 0);
          keyboardFocus(editor, (h) => onKeyHint?.(h));
          setColumns(peekColumns(editor));
          editor.onDidLayoutChange(() => setColumns(peekColumns(editor)));
          editor.onDidChangeCursorPosition((e) => {
            if (e.source === 'api' || e.reason === monaco.editor.CursorChangeReason.ContentFlush) return;
            const model = editor.getModel();
            if (model) cursorRef.current?.(model.getOffsetAt(e.position));
          });
          const flushPaste = interceptPastes(
            editor,
            () => pasteRef.current,
            (next) => fitToSize(editor, next.length),
          );
          for (const s of shortcutsRef.current ?? []) {
            editor.addAction({
              id: `version-explorer.${s.id}`,
              label: `Version Explorer: ${s.label}`,
              keybindings: [keybinding(s.keys)],
              run: () => shortcutsRef.current?.find((x) => x.id === s.id)?.run(),
            });
          }
          onReady?.({
            setText(text) {
              flushPaste();
              const model = editor.getModel();
              if (model && model.getValue() !== text) {
                fitToSize(editor, text.length);
                model.setValue(text);
              }
            },
            focus: () => editor.focus(),
          });
          exposeToTests({
            yamlSettled: () => {
              const m = editor.getModel();
              return m !== null && yamlSettled(m);
            },
          });
          setMounted((n) => n + 1);
        }}
      />
    </>
  );
}
