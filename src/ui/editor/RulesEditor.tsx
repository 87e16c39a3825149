// The conversion rules editor: Monaco on `rules.yaml`, checked by monaco-yaml against the rules format's JSON
// Schema (completion, hover, markers) and marked with the worker's findings (paths the catalog lacks, CEL errors).
// Uncontrolled like the resource editor; text set from outside (a template, a draft, a link) replaces its own.
import { useEffect, useRef, useState } from 'react';
import Editor from '@monaco-editor/react';
import { RULES_JSON_SCHEMA } from '../../core/index.ts';
import type { monaco } from './monacoSetup.ts';
import { setYamlSchemas, themeName } from './monacoSetup.ts';
import { YAML_EDITOR_OPTIONS, peekColumns, setMarkers, type EditorMarker } from './monacoMarkers.ts';
import { useEditorSync, type EditorTextSink } from './editorSync.ts';
import { keyboardFocus } from './keyboardFocus.ts';
import type { KeyHint } from './KeyHintBar.tsx';

export const RULES_MODEL_URI = 'file:///rules.yaml';

const RULES_SCHEMA = [
  {
    uri: RULES_JSON_SCHEMA.$id,
    fileMatch: [RULES_MODEL_URI, '**/rules.yaml'],
    schema: RULES_JSON_SCHEMA as unknown as object,
  },
];

export interface RulesEditorProps {
  /** The rules text in the explorer state. */
  readonly text: string;
  readonly onChange: (text: string) => void;
  readonly dark?: boolean;
  readonly markers?: readonly EditorMarker[];
  /** Hears the keyboard hint to show beside the editor (never drawn over its code). */
  readonly onKeyHint?: (hint: KeyHint | undefined) => void;
}

export default function RulesEditor({ text, onChange, dark, markers, onKeyHint }: RulesEditorProps) {
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const sink = useRef<EditorTextSink | null>(null);
  const { typed, attach } = useEditorSync(text, sink);
  const [mounted, setMounted] = useState(0);
  const [columns, setColumns] = useState(80);

  useEffect(() => {
    setYamlSchemas(RULES_MODEL_URI, RULES_SCHEMA);
    return () => setYamlSchemas(RULES_MODEL_URI, undefined);
  }, []);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (model) setMarkers(model, markers ?? [], columns);
  }, [markers, mounted, columns]);

  useEffect(
    () => () => {
      editorRef.current = null;
      sink.current = null;
    },
    [],
  );

  return (
    <>
      <Editor
        language="yaml"
        path={RULES_MODEL_URI}
        defaultValue={text}
        theme={themeName(dark)}
        options={{ ...YAML_EDITOR_OPTIONS, ariaLabel: 'Conversion rules YAML' }}
        onChange={(v) => {
          const t = v ?? '';
          typed(t);
          onChange(t);
        }}
        onMount={(editor) => {
          editorRef.current = editor;
          sink.current = {
            setText(t) {
              const model = editor.getModel();
              if (model && model.getValue() !== t) model.setValue(t);
            },
          };
          attach(sink.current);
          // Reached with the keyboard, Tab leaves the editor until the user types (no keyboard trap).
          keyboardFocus(editor, (h) => onKeyHint?.(h));
          setColumns(peekColumns(editor));
          editor.onDidLayoutChange(() => setColumns(peekColumns(editor)));
          setMounted((n) => n + 1);
        }}
      />
    </>
  );
}
