// Layout and wiring: the store, the catalog and the conversion, and the explorer parts (src/ui/explorer/)
// and platform hooks (src/ui/platform/) they feed.
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useCatalogIndex } from './queries/catalogQueries.ts';
import { useResolvedCatalog } from './catalogs/useCatalog.ts';
import { choose, ExplorerContext, firstVisit, needsFirstVisit, reduce, useExplorerStore } from './useExplorerState.ts';
import { useWorkerConversion } from './worker/useWorkerConversion.ts';
import type { ExploreResult, PaneView } from './viewModel/types.ts';
import { DocumentView } from './panels/DocumentView.tsx';
import { VerdictBadge } from './panels/VerdictBadge.tsx';
import { DEPLOYED_LEGEND } from '../core/index.ts';
import { Legend } from './panels/Legend.tsx';
import { legendCounts } from './panels/legendCounts.ts';
import { WriteBackBadge } from './panels/WriteBackBadge.tsx';
import { importAndStore, importDropped, loadCatalogFiles, type LoadOutcome } from './panels/CatalogLoader.tsx';
import { takeDropped } from './catalogs/droppedFiles.ts';
import { HelpOverlay } from './panels/HelpOverlay.tsx';
import { PrimerLink } from './panels/Primer.tsx';
import { Splitter, useDetailsHeight } from './panels/Splitter.tsx';
import { exampleFor } from './examples.ts';
import { skeletonFor } from './skeleton.ts';
import { useMediaQuery } from './useMediaQuery.ts';
import { useTheme } from './theme.ts';
import { ThemeToggle } from './panels/ThemeToggle.tsx';
import { PaneSwitcher, type PaneName } from './panels/PaneSwitcher.tsx';
import type { EditorHandle } from './editor/ResourceEditor.tsx';
import { useEditorSync } from './editor/editorSync.ts';
import { usePanesPainted } from './explorer/panesPainted.ts';
import { useDeferredEditor } from './editor/deferEditor.ts';
import { ShareBar } from './share/ShareBar.tsx';
import { ConversionChoice, PaneDrops, UndeterminedNote, WriteLossBanner } from './panels/DeployedControls.tsx';
import { ManageCatalogs } from './panels/ManageCatalogs.tsx';
import { CrdRefusedNote } from './panels/CrdRejections.tsx';
import { CatalogPicker, openBuiltin, refValue, useCatalogInputs } from './explorer/CatalogPicker.tsx';
import { StartBar } from './explorer/StartBar.tsx';
import { Toolbar, shownStrategy } from './explorer/Toolbar.tsx';
import { DetailsTabs } from './explorer/DetailsTabs.tsx';
import { explorerShortcuts } from './explorer/explorerShortcuts.ts';
import { useSelection } from './explorer/useSelection.ts';
import { typeChangesOf } from './explorer/typeChanges.ts';
import type { Problem } from './explorer/problems.ts';
import { checkedChoice } from './explorer/shownChoice.ts';
import { CatalogErrors, ImportProblems } from './explorer/Banners.tsx';
import { ResourcePane, pastedCatalogName } from './explorer/ResourcePane.tsx';
import { useRulesTestHook, useTestHook } from './platform/testHook.ts';
import { useGlobalShortcuts } from './platform/useGlobalShortcuts.ts';
import { useFileDrop } from './platform/useFileDrop.ts';

export function App() {
  const store = useExplorerStore();
  const { state, dispatch } = store;
  const index = useCatalogIndex();
  const qc = useQueryClient();
  const resolved = useResolvedCatalog(state.catalog);
  const theme = useTheme();
  const dark = theme.dark;
  const narrow = useMediaQuery('(max-width: 1000px)');
  const [paneShown, setPaneShown] = useState<PaneName>('Resource');
  const [helpOpen, setHelpOpen] = useState(false);
  const [importIssues, setImportIssues] = useState<LoadOutcome['issues']>([]);
  const [writeBackVersion, setWriteBackVersion] = useState<string | undefined>();
  const [detailsVh, setDetailsVh, detailsChosen] = useDetailsHeight();
  const editor = useRef<EditorHandle | null>(null);
  const editorSync = useEditorSync(state.input, editor);

  const fresh = needsFirstVisit(state);
  const firstEntry = index.data?.catalogs[0];
  useEffect(() => {
    if (fresh && firstEntry) dispatch({ type: 'update', update: (s) => firstVisit(s, firstEntry) });
  }, [fresh, firstEntry, dispatch]);

  const exploration = useWorkerConversion(resolved.input, {
    input: state.input,
    document: state.document,
    ...(state.sourceVersion ? { sourceVersion: state.sourceVersion } : {}),
    ...(state.targetVersion ? { targetVersion: state.targetVersion } : {}),
    ...(state.strategy ? { strategy: state.strategy } : {}),
    ...(state.hub ? { hub: state.hub } : {}),
    ...(writeBackVersion ? { writeBackVersion } : {}),
    roundTrip: state.view === 'roundtrip',
    ...(state.storage ? { storage: state.storage } : {}),
    ...(state.conversion ? { conversion: state.conversion } : {}),
    ...(state.rules ? { rules: state.rules } : {}),
  });
  const result = exploration.result;
  const editorReady = useDeferredEditor(result !== undefined);
  // The panes keep the last result that converted, so an error while typing never blanks them.
  const lastGood = useRef<ExploreResult | undefined>(undefined);
  const lastGoodCatalog = useRef<string | undefined>(undefined);
  if (result && result.blocking.length === 0) {
    lastGood.current = result;
    lastGoodCatalog.current = exploration.resultCatalogKey;
  }
  const shown = result && result.blocking.length === 0 ? result : lastGood.current;
  const stale = shown !== result;
  const catalogs = { shown: lastGoodCatalog.current, open: resolved.input?.key };

  const { typed } = editorSync;
  const setInput = useCallback(
    (text: string) => {
      typed(text);
      dispatch({ type: 'input', input: text });
    },
    [dispatch, typed],
  );
  // A paste's text goes to the conversion at once; a large one reaches the editor after the panes paint it.
  const panesPainted = usePanesPainted(exploration.resultInput, exploration.error);
  const { prime } = exploration;
  const pasteInput = useCallback(
    (text: string) => {
      // To the worker before the render: it converts while the page renders the new input.
      prime(text);
      flushSync(() => setInput(text));
      return panesPainted(text);
    },
    [prime, setInput, panesPainted],
  );
  const replaceInput = useCallback(
    (text: string) => {
      // Render (and send the conversion request) first, then let Monaco take in the text.
      flushSync(() => setInput(text));
      editor.current?.setText(text);
    },
    [setInput],
  );
  useTestHook(replaceInput, result, exploration.resultInput, exploration.resultCatalogKey);
  useRulesTestHook(useCallback((rules: string) => dispatch({ type: 'rules', rules }), [dispatch]));

  const selection = useSelection(state.highlight, result, dispatch);
  const { highlightKey, select } = selection;

  const catalogValue = refValue(state.catalog, resolved.builtinId);
  const catalogInputs = useCatalogInputs(catalogValue, state.input);
  const { forUserCatalog } = catalogInputs;

  // An import finishes later: it decides on the input as it is then (typed meanwhile), not as it was.
  const loaded = useCallback(
    (outcome: LoadOutcome) => {
      setImportIssues(outcome.issues);
      const c = outcome.stored;
      if (!c) return;
      dispatch({
        type: 'update',
        update: (s) =>
          reduce(s, {
            type: 'catalog',
            catalog: { type: 'embedded', name: c.name, hash: c.hash, sources: c.sources },
            input: forUserCatalog(s.input, c.hash, c.json),
          }),
      });
    },
    [dispatch, forUserCatalog],
  );
  const loadInputAsCatalog = () => {
    const text = state.input;
    const name = pastedCatalogName(text);
    return loadCatalogFiles(() => importAndStore([{ name: `${name}.yaml`, text }]), qc, loaded);
  };
  // Files dropped anywhere on the page load as a catalog.
  const onDrop = useCallback(
    (data: DataTransfer) => {
      const dropped = takeDropped(data); // now: the browser empties the drop afterwards
      void loadCatalogFiles(() => importDropped(dropped), qc, loaded);
    },
    [qc, loaded],
  );
  const dragging = useFileDrop(onDrop);

  const reset = () => {
    const input =
      state.catalog.type === 'builtin'
        ? exampleFor(resolved.builtinId ?? state.catalog.id)
        : skeletonFor(resolved.input?.json);
    dispatch({ type: 'catalog', catalog: state.catalog, input });
    setWriteBackVersion(undefined);
  };

  const openHelp = useCallback(() => setHelpOpen(true), []);
  const shortcuts = explorerShortcuts({
    result,
    shown,
    document: state.document,
    dispatch,
    openHelp,
    convertNow: () => exploration.flush(),
  });
  useGlobalShortcuts(shortcuts, openHelp);

  const legend = useMemo(() => legendCounts(shown), [shown]);
  const openProblems = useCallback(() => dispatch({ type: 'view', view: 'problems' }), [dispatch]);
  const goTo = useCallback(
    (p: Problem) => {
      const to = p.goTo;
      if (!to) return;
      if ('field' in to) {
        dispatch(choose('highlight', to.field));
        return;
      }
      if (to.editor === 'rules') dispatch({ type: 'view', view: 'rules' });
      // The rules editor mounts with its tab: try again for a moment.
      let tries = 0;
      const go = () =>
        void import('./editor/revealRange.ts').then((m) => {
          if (!m.revealRange(to.editor, to.range) && tries++ < 20) window.setTimeout(go, 100);
        });
      go();
    },
    [dispatch],
  );

  const deployed = shown?.deployed;
  const typeChanges = useMemo(() => typeChangesOf(shown), [shown]);
  const staleNote = stale && shown && <p className="stale-note">Showing the last input that converted.</p>;
  // The Hub/Stored and Target panes: a converted document, what the deployed view drops from it.
  const convertedPane = (pane: 'stored' | 'target', label: string, view?: PaneView, subtitle?: ReactNode) => (
    <DocumentView
      {...(pane === 'target' ? { typeChanges } : {})}
      label={label}
      {...(view ? { view } : {})}
      {...(subtitle !== undefined ? { subtitle } : {})}
      {...(highlightKey !== undefined ? { highlight: highlightKey } : {})}
      onSelect={select}
      busy={exploration.busy}
    >
      {staleNote}
      {deployed && <PaneDrops deployed={deployed} pane={pane} />}
    </DocumentView>
  );

  return (
    <ExplorerContext.Provider value={store}>
      <div
        className={`app${narrow ? ' narrow' : ''}${detailsChosen ? ' details-chosen' : ''}`}
        style={{ '--details-h': `${detailsVh}vh` } as CSSProperties}
      >
        <header className="app-header">
          <h1>
            <span className="logo" aria-hidden="true">
              ⇄
            </span>{' '}
            Version Explorer
          </h1>
          <p className="purpose">
            See what each version of your CRD keeps, drops or rejects when the API server stores and serves it.
          </p>
          <div className="spacer" />
          <ShareBar state={state} apply={store.applyState} update={store.updateState} result={shown} />
          <button type="button" onClick={reset} title="Replace the input with the catalog's example">
            Reset
          </button>
          <ThemeToggle setting={theme.setting} onChange={theme.set} />
          <button
            type="button"
            className="icon-button"
            aria-label="Keyboard shortcuts"
            title="Keyboard shortcuts (?)"
            onClick={() => setHelpOpen(true)}
          >
            ?
          </button>
        </header>

        <StartBar
          current={state.catalog.type === 'builtin' ? (resolved.builtinId ?? state.catalog.id) : undefined}
          onBuiltin={(id) => {
            dispatch(openBuiltin(id, index.data?.catalogs, catalogInputs));
            setWriteBackVersion(undefined);
          }}
          onLoaded={loaded}
        />
        <Toolbar
          lead={
            <>
              <CatalogPicker
                state={state}
                value={catalogValue}
                inputs={catalogInputs}
                dispatch={dispatch}
                onChosen={() => setWriteBackVersion(undefined)}
              />
              <CrdRefusedNote hash={state.catalog.type === 'embedded' ? state.catalog.hash : undefined} />
              <ManageCatalogs
                onRemoved={(hash) => {
                  // The catalog open now was removed: back to the first built-in example.
                  if (state.catalog.type === 'embedded' && state.catalog.hash === hash)
                    dispatch(openBuiltin(index.data?.catalogs[0]?.id ?? '', index.data?.catalogs, catalogInputs));
                }}
              />
            </>
          }
          state={state}
          dispatch={dispatch}
          result={result}
          shown={shown}
          catalogs={catalogs}
          busy={exploration.busy}
        />

        <ImportProblems issues={importIssues} onDismiss={() => setImportIssues([])} />
        <CatalogErrors
          catalogError={resolved.error}
          conversionError={exploration.error}
          catalogIssues={exploration.catalogIssues}
        />

        {deployed && <WriteLossBanner deployed={deployed} />}
        {deployed && <UndeterminedNote verdict={shown?.verdict} />}
        {deployed && (
          <ConversionChoice
            deployed={deployed}
            checked={checkedChoice(state.conversion, deployed.conversion, catalogs)}
            onChange={(c) => dispatch(choose('conversion', c))}
          />
        )}
        {narrow && <PaneSwitcher shown={paneShown} onShow={setPaneShown} />}
        <main className="panes" {...(narrow ? { 'data-show': paneShown } : {})}>
          <ResourcePane
            input={state.input}
            setInput={setInput}
            pasteInput={pasteInput}
            onReady={(h) => {
              editor.current = h;
              editorSync.attach(h);
            }}
            showEditor={editorReady && !fresh}
            dark={dark}
            result={result}
            shown={shown}
            selection={selection}
            shortcuts={shortcuts}
            onLoadAsCatalog={() => void loadInputAsCatalog()}
            onOpenProblems={openProblems}
          />
          {convertedPane('stored', deployed ? 'Stored' : 'Hub', deployed ? deployed.stored : shown?.hub)}
          {convertedPane(
            'target',
            'Target',
            deployed ? deployed.target : shown?.target,
            <>
              <VerdictBadge
                {...(shown?.validation?.target && shown.verdict ? { verdict: shown.verdict } : {})}
                side="target"
                onOpen={openProblems}
              />
              {shown?.writeBackVerdict && !deployed && (
                <WriteBackBadge
                  verdict={shown.writeBackVerdict}
                  onOpen={() => dispatch({ type: 'view', view: 'roundtrip' })}
                />
              )}
            </>,
          )}
        </main>

        <Legend counts={legend} {...(deployed ? { labels: DEPLOYED_LEGEND } : {})} />
        {!narrow && <Splitter vh={detailsVh} onChange={setDetailsVh} />}
        <section className="bottom" aria-label="Details">
          <DetailsTabs
            view={state.view}
            shown={shown}
            ctx={{
              select,
              dispatch,
              strategy: shownStrategy(state.strategy, shown),
              dark,
              onWriteBackVersion: setWriteBackVersion,
              catalog: resolved.input,
              input: state.input,
              catalogKey: exploration.catalogKey,
              rules: state.rules ?? '',
              latest: result,
              goTo,
            }}
            empty={
              <p className="empty">
                {resolved.loading ? 'Loading the catalog…' : 'Nothing to show yet.'} <PrimerLink />
              </p>
            }
          />
        </section>

        <HelpOverlay open={helpOpen} onClose={() => setHelpOpen(false)} shortcuts={shortcuts} />
        {dragging && (
          <div className="drop-overlay" aria-hidden="true">
            Drop CRD YAML, OpenAPI or catalog JSON files to load them
          </div>
        )}
      </div>
    </ExplorerContext.Provider>
  );
}
