// Layout and wiring: the store, the catalog and the conversion, and the explorer parts (src/ui/explorer/)
// and platform hooks (src/ui/platform/) they feed.
import { useCallback, useState, type CSSProperties } from 'react';
import { useCatalogIndex } from './queries/catalogQueries.ts';
import { useResolvedCatalog } from './catalogs/useCatalog.ts';
import { choose, ExplorerContext, useExplorerStore, useFirstVisit, type ExplorerStore } from './useExplorerState.ts';
import { useWorkerConversion } from './worker/useWorkerConversion.ts';
import { requestOf, useShown, type Shown } from './explorer/useShown.ts';
import type { ExplorerState } from './state.ts';
import type { CatalogIndexEntry } from './queries/catalogQueries.ts';
import { useInputActions } from './explorer/useInputActions.ts';
import { useCatalogLoading } from './explorer/useCatalogLoading.ts';
import { useGoTo } from './explorer/useGoTo.ts';
import { ConvertedPanes } from './explorer/ConvertedPanes.tsx';
import { AppHeader } from './explorer/AppHeader.tsx';
import type { ExploreResult } from './viewModel/types.ts';
import { ShownLegend } from './panels/Legend.tsx';
import { HelpOverlay } from './panels/HelpOverlay.tsx';
import { PrimerLink } from './panels/Primer.tsx';
import { Splitter, useDetailsHeight } from './panels/Splitter.tsx';
import { exampleFor } from './examples.ts';
import { skeletonFor } from './skeleton.ts';
import { useMediaQuery } from './useMediaQuery.ts';
import { useTheme } from './theme.ts';
import { PaneSwitcher, type PaneName } from './panels/PaneSwitcher.tsx';
import { useDeferredEditor } from './editor/deferEditor.ts';
import { ConversionChoice, UndeterminedNote, WriteLossBanner } from './panels/DeployedControls.tsx';
import { ManageCatalogs } from './panels/ManageCatalogs.tsx';
import { CrdRefusedNote } from './panels/CrdRejections.tsx';
import {
  CatalogPicker,
  openBuiltin,
  refValue,
  useCatalogInputs,
  type CatalogInputs,
} from './explorer/CatalogPicker.tsx';
import { StartBar } from './explorer/StartBar.tsx';
import { Toolbar, shownStrategy } from './explorer/Toolbar.tsx';
import { DetailsTabs } from './explorer/DetailsTabs.tsx';
import { useExplorerShortcuts } from './explorer/explorerShortcuts.ts';
import { useSelection } from './explorer/useSelection.ts';
import { checkedChoice } from './explorer/shownChoice.ts';
import { CatalogErrors, DropOverlay, ImportProblems } from './explorer/Banners.tsx';
import type { LoadOutcome } from './panels/CatalogLoader.tsx';
import { ResourcePane } from './explorer/ResourcePane.tsx';

export function App() {
  const store = useExplorerStore();
  const { state, dispatch } = store;
  const index = useCatalogIndex();
  const resolved = useResolvedCatalog(state.catalog);
  const theme = useTheme();
  const narrow = useMediaQuery('(max-width: 1000px)');
  const [paneShown, setPaneShown] = useState<PaneName>('Resource');
  const [helpOpen, setHelpOpen] = useState(false);
  const [writeBackVersion, setWriteBackVersion] = useState<string | undefined>();
  const [detailsVh, setDetailsVh, detailsChosen] = useDetailsHeight();

  const fresh = useFirstVisit(state, index.data?.catalogs[0], dispatch);

  const exploration = useWorkerConversion(resolved.input, requestOf(state, writeBackVersion));
  const { result, shown, stale, catalogs } = useShown(exploration, resolved.input?.key);
  const editorReady = useDeferredEditor(result !== undefined);

  const { setInput, pasteInput, onEditorReady } = useInputActions(dispatch, exploration, state.input);

  const selection = useSelection(state.highlight, result, dispatch);

  const catalogValue = refValue(state.catalog, resolved.builtinId);
  const catalogInputs = useCatalogInputs(catalogValue, state.input);
  const loading = useCatalogLoading(dispatch, state.input, catalogInputs.forUserCatalog);

  const forgetWriteBack = useCallback(() => setWriteBackVersion(undefined), []);
  const reset = () => {
    dispatch({ type: 'catalog', catalog: state.catalog, input: exampleInput(state.catalog, resolved) });
    setWriteBackVersion(undefined);
  };

  const openHelp = useCallback(() => setHelpOpen(true), []);
  const shortcuts = useExplorerShortcuts({
    result,
    shown,
    document: state.document,
    dispatch,
    openHelp,
    convertNow: exploration.flush,
  });

  const openProblems = useCallback(() => dispatch({ type: 'view', view: 'problems' }), [dispatch]);
  const openRoundTrip = useCallback(() => dispatch({ type: 'view', view: 'roundtrip' }), [dispatch]);
  const goTo = useGoTo(dispatch);

  return (
    <ExplorerContext.Provider value={store}>
      <div
        className={`app${narrow ? ' narrow' : ''}${detailsChosen ? ' details-chosen' : ''}`}
        style={{ '--details-h': `${detailsVh}vh` } as CSSProperties}
      >
        <AppHeader store={store} shown={shown} theme={theme} onReset={reset} onHelp={openHelp} />

        <CatalogBars
          state={state}
          dispatch={dispatch}
          builtinId={resolved.builtinId}
          entries={index.data?.catalogs}
          value={catalogValue}
          inputs={catalogInputs}
          onLoaded={loading.loaded}
          onChosen={forgetWriteBack}
          result={result}
          shown={shown}
          catalogs={catalogs}
          busy={exploration.busy}
        />

        <ImportProblems issues={loading.importIssues} onDismiss={loading.dismissImportIssues} />
        <CatalogErrors
          catalogError={resolved.error}
          conversionError={exploration.error}
          catalogIssues={exploration.catalogIssues}
        />

        <DeployedNotes shown={shown} state={state} catalogs={catalogs} dispatch={dispatch} />
        {narrow && <PaneSwitcher shown={paneShown} onShow={setPaneShown} />}
        <main className="panes" {...(narrow ? { 'data-show': paneShown } : {})}>
          <ResourcePane
            input={state.input}
            setInput={setInput}
            pasteInput={pasteInput}
            onReady={onEditorReady}
            showEditor={editorReady && !fresh}
            dark={theme.dark}
            result={result}
            shown={shown}
            selection={selection}
            shortcuts={shortcuts}
            onLoadAsCatalog={loading.loadInputAsCatalog}
            onOpenProblems={openProblems}
          />
          <ConvertedPanes
            shown={shown}
            stale={stale}
            busy={exploration.busy}
            selection={selection}
            onOpenProblems={openProblems}
            onOpenRoundTrip={openRoundTrip}
          />
        </main>

        <ShownLegend shown={shown} />
        {!narrow && <Splitter vh={detailsVh} onChange={setDetailsVh} />}
        <section className="bottom" aria-label="Details">
          <DetailsTabs
            view={state.view}
            shown={shown}
            ctx={{
              select: selection.select,
              dispatch,
              strategy: shownStrategy(state.strategy, shown),
              dark: theme.dark,
              onWriteBackVersion: setWriteBackVersion,
              catalog: resolved.input,
              input: state.input,
              catalogKey: exploration.catalogKey,
              rules: state.rules ?? '',
              latest: result,
              goTo,
            }}
            empty={<NothingYet loading={resolved.loading} />}
          />
        </section>

        <HelpOverlay open={helpOpen} onClose={() => setHelpOpen(false)} shortcuts={shortcuts} />
        <DropOverlay shown={loading.dragging} />
      </div>
    </ExplorerContext.Provider>
  );
}

/** Above the panes in the As deployed view: what a write loses, when the webhook decides, and the conversion. */
function DeployedNotes({
  shown,
  state,
  catalogs,
  dispatch,
}: {
  shown: ExploreResult | undefined;
  state: ExplorerState;
  catalogs: Shown['catalogs'];
  dispatch: ExplorerStore['dispatch'];
}) {
  const deployed = shown?.deployed;
  if (!deployed) return null;
  return (
    <>
      <WriteLossBanner deployed={deployed} />
      <UndeterminedNote verdict={shown.verdict} />
      <ConversionChoice
        deployed={deployed}
        checked={checkedChoice(state.conversion, deployed.conversion, catalogs)}
        onChange={(c) => dispatch(choose('conversion', c))}
      />
    </>
  );
}

/** The toolbar's lead: the Catalog picker, whether the API server would refuse the CRD, and Manage…. */
function CatalogLead({
  state,
  dispatch,
  value,
  inputs,
  entries,
  onChosen,
}: {
  state: ExplorerState;
  dispatch: ExplorerStore['dispatch'];
  value: string;
  inputs: CatalogInputs;
  entries: readonly CatalogIndexEntry[] | undefined;
  onChosen: () => void;
}) {
  const embedded = state.catalog.type === 'embedded' ? state.catalog.hash : undefined;
  return (
    <>
      <CatalogPicker state={state} value={value} inputs={inputs} dispatch={dispatch} onChosen={onChosen} />
      <CrdRefusedNote hash={embedded} />
      <ManageCatalogs
        onRemoved={(hash) => {
          // The catalog open now was removed: back to the first built-in example.
          if (embedded === hash) dispatch(openBuiltin(entries?.[0]?.id ?? '', entries, inputs));
        }}
      />
    </>
  );
}

/** The details area before there is anything to show. */
const NothingYet = ({ loading }: { loading: boolean }) => (
  <p className="empty">
    {loading ? 'Loading the catalog…' : 'Nothing to show yet.'} <PrimerLink />
  </p>
);

/** The catalog bar (built-in examples, Open files…) and the toolbar with the Catalog picker as its lead. */
function CatalogBars(
  p: {
    state: ExplorerState;
    dispatch: ExplorerStore['dispatch'];
    builtinId: string | undefined;
    entries: readonly CatalogIndexEntry[] | undefined;
    value: string;
    inputs: CatalogInputs;
    onLoaded: (outcome: LoadOutcome) => void;
    onChosen: () => void;
  } & Omit<Parameters<typeof Toolbar>[0], 'lead' | 'state' | 'dispatch'>,
) {
  const { state, dispatch, entries, inputs, onChosen } = p;
  return (
    <>
      <StartBar
        current={state.catalog.type === 'builtin' ? (p.builtinId ?? state.catalog.id) : undefined}
        onBuiltin={(id) => {
          dispatch(openBuiltin(id, entries, inputs));
          onChosen();
        }}
        onLoaded={p.onLoaded}
      />
      <Toolbar
        lead={
          <CatalogLead
            state={state}
            dispatch={dispatch}
            value={p.value}
            inputs={inputs}
            entries={entries}
            onChosen={onChosen}
          />
        }
        state={state}
        dispatch={dispatch}
        result={p.result}
        shown={p.shown}
        catalogs={p.catalogs}
        busy={p.busy}
      />
    </>
  );
}

/** What Reset puts in the editor: a built-in catalog's example, else a skeleton of the catalog's first kind. */
const exampleInput = (
  catalog: ExplorerState['catalog'],
  resolved: { builtinId?: string | undefined; input?: { json: unknown } | undefined },
): string =>
  catalog.type === 'builtin' ? exampleFor(resolved.builtinId ?? catalog.id) : skeletonFor(resolved.input?.json);
