// The Resource pane: the editor (Monaco, loaded late; a plain preview before), its badges and the input's
// blocking problems, with a one-click fix when the input is a CRD pasted in the wrong place.
import { lazy, Suspense, useState } from 'react';
import type { Issue } from '../../core/index.ts';
import type { ExploreResult } from '../viewModel/types.ts';
import type { EditorHandle, PasteHandler } from '../editor/ResourceEditor.tsx';
import { PlainEditor, ResourcePreview } from '../panels/ResourcePreview.tsx';
import { ErrorBoundary } from '../panels/ErrorBoundary.tsx';
import { VerdictBadge } from '../panels/VerdictBadge.tsx';
import { IssueList } from '../panels/IssueList.tsx';
import { KeyHintBar } from '../editor/KeyHintBar.tsx';
import type { KeyHint } from '../editor/KeyHintBar.tsx';
import type { Shortcut } from '../shortcuts.ts';
import type { Selection } from './useSelection.ts';

const ResourceEditor = lazy(() => import('../editor/ResourceEditor.tsx'));

/** CRD YAML/JSON or an OpenAPI document: text for the catalog, not for the resource editor. */
export const looksLikeCatalog = (text: string): boolean =>
  /^kind:\s*["']?CustomResourceDefinition\b|"kind"\s*:\s*"CustomResourceDefinition"|^(swagger|openapi):|^\s*"(swagger|openapi)"\s*:/m.test(
    text,
  );

/** The name to store a pasted catalog under: its metadata.name, else "pasted". */
export const pastedCatalogName = (text: string): string =>
  /^metadata:\s*\n\s+name:\s*["']?([\w.-]+)/m.exec(text)?.[1] ?? 'pasted';

export function ResourcePane({
  input,
  setInput,
  pasteInput,
  onReady,
  showEditor,
  dark,
  result,
  shown,
  selection,
  shortcuts,
  onLoadAsCatalog,
  onOpenProblems,
}: {
  readonly input: string;
  readonly setInput: (text: string) => void;
  readonly pasteInput: PasteHandler;
  readonly onReady: (h: EditorHandle) => void;
  /** Monaco may load (else a plain preview of the text). */
  readonly showEditor: boolean;
  readonly dark: boolean;
  readonly result: ExploreResult | undefined;
  readonly shown: ExploreResult | undefined;
  readonly selection: Selection;
  readonly shortcuts: readonly Shortcut[];
  readonly onLoadAsCatalog: () => void;
  readonly onOpenProblems: () => void;
}) {
  const blocking: readonly Issue[] = result?.blocking ?? [];
  // A CRD pasted into the resource editor (an easy mistake): one click makes it the catalog instead.
  const inputIsCatalog = blocking.some((i) => i.code === 'UNKNOWN_KIND') && looksLikeCatalog(input);
  const { decorations, highlightRange, onCursor, documentLine } = selection;
  // Shown in the header in place of the input note, so it never covers code.
  const [keyHint, setKeyHint] = useState<KeyHint | undefined>();
  return (
    <section className="pane" aria-label="Resource">
      <h2 className="pane-header">
        <span className="pane-title">Resource</span>
        {shown?.sourceVersion && <span className="version-badge">{shown.sourceVersion}</span>}
        <VerdictBadge
          {...(shown?.validation?.source && shown.verdict ? { verdict: shown.verdict } : {})}
          side="source"
          onOpen={onOpenProblems}
        />
        {shown?.sparseFates && <span className="muted pane-note">large input: copied fields are not marked</span>}
        {keyHint ? (
          <KeyHintBar hint={keyHint} testId="editor-key-hint" />
        ) : (
          <span className="muted pane-note">YAML or JSON · several documents allowed</span>
        )}
      </h2>
      <div className="editor-host">
        <ErrorBoundary fallback={(error) => <PlainEditor text={input} onChange={setInput} problem={error.message} />}>
          <Suspense fallback={<ResourcePreview text={input} />}>
            {showEditor ? (
              <ResourceEditor
                initialText={input}
                onChange={setInput}
                onPasteText={pasteInput}
                onReady={onReady}
                dark={dark}
                markers={result?.markers ?? []}
                decorations={decorations}
                {...(highlightRange ? { highlight: highlightRange } : {})}
                onCursor={onCursor}
                schema={result?.schema}
                {...(result?.kind ? { schemaScope: { group: result.kind.group, kind: result.kind.kind } } : {})}
                schemaValidation={result?.validation?.covered !== true}
                {...(documentLine !== undefined ? { revealLine: documentLine } : {})}
                shortcuts={shortcuts}
                onKeyHint={setKeyHint}
              />
            ) : (
              <ResourcePreview text={input} />
            )}
          </Suspense>
        </ErrorBoundary>
      </div>
      {blocking.length > 0 && (
        <div className="pane-errors" role="alert">
          {inputIsCatalog && (
            <p className="catalog-hint" data-testid="input-is-catalog">
              This is a CRD or an OpenAPI document, not a resource.{' '}
              <button type="button" onClick={onLoadAsCatalog}>
                Load it as the catalog
              </button>
            </p>
          )}
          <IssueList issues={blocking} label="Input problems" />
        </div>
      )}
    </section>
  );
}
