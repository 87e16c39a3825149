// The input editor's effects that follow its props: the schema monaco-yaml validates against, and the markers,
// fate colours, highlighted field and revealed line drawn on the editor once it exists.
import { useEffect, useRef, type RefObject } from 'react';
import { monaco, setYamlSchemas } from './monacoSetup.ts';
import { escapeMarkdown, schemaForHover } from './markdownText.ts';
import { setMarkers, toMonacoRange, type EditorMarker } from './monacoMarkers.ts';
import { scopedSchema } from './scopedSchema.ts';
import type { SourceRange } from '../../core/index.ts';

export const RESOURCE_MODEL_URI = 'file:///resource.yaml';
const MODEL_URI = RESOURCE_MODEL_URI;

export interface EditorDecoration {
  readonly range: SourceRange;
  readonly className: string;
  readonly hover?: string;
}

/** The source version's schema for monaco-yaml, applied to the selected document's group and kind only. */
export function useYamlSchema(
  schema: unknown,
  schemaScope: { readonly group: string; readonly kind: string } | undefined,
  schemaValidation: boolean | undefined,
): void {
  const scopeGroup = schemaScope?.group;
  const scopeKind = schemaScope?.kind;
  // Every answer brings the schema anew (an equal copy, as a rule): monaco-yaml is told only of a change, since
  // each update makes it send the schemas to its worker and validate again (milliseconds on a paste's path).
  const applied = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (schema === undefined || schema === null) return;
    const same = JSON.stringify([schema, scopeGroup ?? null, scopeKind ?? null, schemaValidation !== false]);
    if (same === applied.current) return;
    applied.current = same;
    const hover = schemaForHover(schema) as object;
    const scoped =
      scopeGroup !== undefined && scopeKind !== undefined ? scopedSchema(hover, scopeGroup, scopeKind) : hover;
    setYamlSchemas(
      MODEL_URI,
      [
        {
          uri: 'inmemory://version-explorer/source.schema.json',
          fileMatch: [MODEL_URI, '**/resource.yaml'],
          schema: scoped,
        },
      ],
      schemaValidation !== false,
    );
  }, [schema, scopeGroup, scopeKind, schemaValidation]);
}

export interface Drawn {
  readonly markers: readonly EditorMarker[] | undefined;
  /** The editor's width in columns: long marker messages are wrapped to it. */
  readonly columns: number;
  readonly decorations: readonly EditorDecoration[] | undefined;
  readonly highlight: SourceRange | undefined;
  readonly revealLine: number | undefined;
}

/** What is drawn on the editor; `mounted` changes when the editor exists, so the effects run then. */
export function useEditorDecorations(
  editorRef: RefObject<monaco.editor.IStandaloneCodeEditor | null>,
  mounted: number,
  { markers, columns, decorations, highlight, revealLine }: Drawn,
): void {
  const fateDecorations = useRef<monaco.editor.IEditorDecorationsCollection | null>(null);
  const hlDecorations = useRef<monaco.editor.IEditorDecorationsCollection | null>(null);
  useEffect(() => {
    const ed = editorRef.current;
    const model = ed?.getModel();
    if (!ed || !model) return;
    setMarkers(model, markers ?? [], columns);
  }, [markers, mounted, columns]);

  useEffect(() => {
    const ed = editorRef.current;
    const model = ed?.getModel();
    if (!ed || !model) return;
    const lines = model.getLineCount();
    const ds = (decorations ?? [])
      .filter((d) => d.range.start.line <= lines)
      .map((d) => ({
        range: toMonacoRange(model, d.range, true),
        options: {
          inlineClassName: d.className,
          ...(d.hover ? { hoverMessage: { value: escapeMarkdown(d.hover) } } : {}),
          stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges,
        },
      }));
    fateDecorations.current ??= ed.createDecorationsCollection();
    fateDecorations.current.set(ds);
  }, [decorations, mounted]);

  useEffect(() => {
    const ed = editorRef.current;
    const model = ed?.getModel();
    if (!ed || !model) return;
    hlDecorations.current ??= ed.createDecorationsCollection();
    if (!highlight || highlight.start.line > model.getLineCount()) {
      hlDecorations.current.clear();
      return;
    }
    const range = toMonacoRange(model, highlight);
    hlDecorations.current.set([{ range, options: { isWholeLine: true, className: 'monaco-field-highlight' } }]);
    if (!ed.hasTextFocus()) ed.revealRangeInCenterIfOutsideViewport(range, monaco.editor.ScrollType.Smooth);
  }, [highlight, mounted]);

  useEffect(() => {
    const ed = editorRef.current;
    if (!ed || revealLine === undefined || ed.hasTextFocus()) return;
    ed.revealLineNearTop(revealLine, monaco.editor.ScrollType.Smooth);
  }, [revealLine, mounted]);
}
