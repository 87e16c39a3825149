import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { flushSync } from 'react-dom';
import { parsePathKey, pathKey, type Path, type SourceRange, type Strategy } from '../core/index.ts';
import { useCatalogIndex, useUserCatalogs } from './queries/catalogQueries.ts';
import { useResolvedCatalog } from './catalogs/useCatalog.ts';
import { ExplorerContext, reduce, useExplorerStore } from './useExplorerState.ts';
import { useWorkerConversion } from './worker/useWorkerConversion.ts';
import type { ExploreResult } from './worker/protocol.ts';
import { keyAtOffset, rangeAt, rangeIndex } from './worker/rangeTable.ts';
import { PlainEditor, ResourcePreview } from './panels/ResourcePreview.tsx';
import { ErrorBoundary } from './panels/ErrorBoundary.tsx';
import { DocumentView } from './panels/DocumentView.tsx';
import { ValidationBadge } from './panels/ValidationBadge.tsx';
import { Legend } from './panels/Legend.tsx';
import { legendCounts } from './panels/legendCounts.ts';
import { WriteBackBadge } from './panels/WriteBackBadge.tsx';
import { PropertyBagList } from './panels/PropertyBagList.tsx';
import { LostList } from './panels/LostList.tsx';
import { PlanTable } from './panels/PlanTable.tsx';
import { StrategiesView } from './panels/StrategiesView.tsx';
import { RoundTripView } from './panels/RoundTripView.tsx';
import { VersionMap } from './panels/VersionMap.tsx';
import { ChangesView } from './panels/ChangesView.tsx';
import { CompareCatalogs } from './panels/CompareCatalogs.tsx';
import { MigrationPlanView } from './panels/MigrationPlanView.tsx';
import { IssueList } from './panels/IssueList.tsx';
import {
  CatalogLoader,
  importAndStore,
  importDropped,
  loadCatalogFiles,
  type LoadOutcome,
} from './panels/CatalogLoader.tsx';
import { takeDropped } from './catalogs/droppedFiles.ts';
import { HelpOverlay } from './panels/HelpOverlay.tsx';
import { PrimerLink } from './panels/Primer.tsx';
import { Splitter, useDetailsHeight } from './panels/Splitter.tsx';
import { fateTitle } from './panels/fates.ts';
import { exampleFor } from './examples.ts';
import { inputFitsCatalog, skeletonFor } from './skeleton.ts';
import { useMediaQuery } from './useMediaQuery.ts';
import { useTheme } from './theme.ts';
import { ThemeToggle } from './panels/ThemeToggle.tsx';
import { PaneSwitcher, type PaneName } from './panels/PaneSwitcher.tsx';
import { matches, type Shortcut } from './shortcuts.ts';
import type { EditorDecoration, EditorHandle } from './editor/ResourceEditor.tsx';
import { useEditorSync } from './editor/editorSync.ts';
import { useDeferredEditor } from './editor/deferEditor.ts';
import type { CatalogRef, ViewId } from './state.ts';
import { useQueryClient } from '@tanstack/react-query';
import { ShareBar } from './share/ShareBar.tsx';
import {
  ConversionChoice,
  ASO_ONLY_VIEWS,
  DeployedTab,
  PaneDrops,
  StorageViewSwitch,
  WriteLossBanner,
} from './panels/DeployedControls.tsx';
import { LoadFromUrl } from './share/LoadFromUrl.tsx';
import { ExamplesMenu } from './panels/ExamplesMenu.tsx';

const ResourceEditor = lazy(() => import('./editor/ResourceEditor.tsx'));

declare global {
  interface Window {
    /** Test and benchmark hook: Playwright cannot type into Monaco reliably, so e2e tests set the input here. */
    __versionExplorer?: {
      setResource(text: string): void;
      /** Set after the panes have rendered a result: the length of the input it was computed from. */
      rendered?: {
        readonly inputLength: number;
        readonly at: number;
        readonly millis: number;
        /** False while the source ranges (markers, cursor sync) of a large input are still to come. */
        readonly complete: boolean;
      };
    };
  }
}

const VIEWS: readonly { readonly id: ViewId; readonly label: string }[] = [
  { id: 'bag', label: 'Property bag' },
  { id: 'lost', label: 'Lost' },
  { id: 'plan', label: 'Conversion plan' },
  { id: 'roundtrip', label: 'Round trip' },
  { id: 'map', label: 'Version map' },
  { id: 'changes', label: 'Changes' },
  { id: 'strategies', label: 'Strategies' },
];

const MAX_EDITOR_DECORATIONS = 4000;

/** CRD YAML/JSON or an OpenAPI document: text for the catalog, not for the resource editor. */
const looksLikeCatalog = (text: string): boolean =>
  /^kind:\s*["']?CustomResourceDefinition\b|"kind"\s*:\s*"CustomResourceDefinition"|^(swagger|openapi):|^\s*"(swagger|openapi)"\s*:/m.test(
    text,
  );

const HUB_REASON: Record<string, string> = {
  config: 'configured',
  'aso-storage': 'ASO storage version',
  'newest-ga': 'newest GA version',
  newest: 'newest version',
  'crd-storage': 'the CRD’s storage version',
};

const keyToPath = (key: string): Path => parsePathKey(key);

function refValue(ref: CatalogRef, builtinId: string | undefined): string {
  return ref.type === 'builtin'
    ? `b:${builtinId ?? ref.id}`
    : ref.type === 'embedded'
      ? `e:${ref.hash}`
      : `u:${ref.url}`;
}

export function App() {
  const store = useExplorerStore();
  const { state, dispatch } = store;
  const index = useCatalogIndex();
  const user = useUserCatalogs();
  const qc = useQueryClient();
  const resolved = useResolvedCatalog(state.catalog);
  const theme = useTheme();
  const dark = theme.dark;
  const narrow = useMediaQuery('(max-width: 1000px)');
  const [paneShown, setPaneShown] = useState<PaneName>('Resource');
  const [helpOpen, setHelpOpen] = useState(false);
  const [importIssues, setImportIssues] = useState<LoadOutcome['issues']>([]);
  const [writeBackVersion, setWriteBackVersion] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);
  const [detailsVh, setDetailsVh] = useDetailsHeight();
  const editor = useRef<EditorHandle | null>(null);
  const editorSync = useEditorSync(state.input, editor);

  // First visit: the first built-in catalog and its example.
  const firstEntry = index.data?.catalogs[0];
  // Decided on the state as it is when the action runs: a link or ?catalog= applied meanwhile wins.
  useEffect(() => {
    if (state.catalog.type === 'builtin' && state.catalog.id === '' && firstEntry) {
      dispatch({
        type: 'update',
        update: (s) =>
          s.catalog.type === 'builtin' && s.catalog.id === ''
            ? reduce(s, {
                type: 'catalog',
                catalog: { type: 'builtin', id: firstEntry.id, hash: firstEntry.hash },
                input: s.input || exampleFor(firstEntry.id),
              })
            : s,
      });
    }
  }, [state.catalog, firstEntry, dispatch]);

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
  });
  const result = exploration.result;
  const editorReady = useDeferredEditor(result !== undefined);
  // The panes keep the last result that converted, so an error while typing never blanks them.
  const lastGood = useRef<ExploreResult | undefined>(undefined);
  if (result && result.blocking.length === 0) lastGood.current = result;
  const shown = result && result.blocking.length === 0 ? result : lastGood.current;
  const stale = shown !== result;

  const { typed } = editorSync;
  const setInput = useCallback(
    (text: string) => {
      typed(text);
      dispatch({ type: 'input', input: text });
    },
    [dispatch, typed],
  );
  // A paste's text goes to the conversion at once (before Monaco has taken it in).
  const pasteInput = useCallback((text: string) => flushSync(() => setInput(text)), [setInput]);
  const replaceInput = useCallback(
    (text: string) => {
      // Render (and send the conversion request) first, then let Monaco take in the text.
      flushSync(() => setInput(text));
      editor.current?.setText(text);
    },
    [setInput],
  );

  useEffect(() => {
    window.__versionExplorer = { ...window.__versionExplorer, setResource: replaceInput };
  }, [replaceInput]);
  useEffect(() => {
    if (!result || exploration.resultInput === undefined) return;
    const inputLength = exploration.resultInput.length;
    const millis = result.millis;
    const complete = !result.rangesPending;
    // After the browser has painted the panes.
    requestAnimationFrame(() => {
      window.__versionExplorer = {
        ...window.__versionExplorer,
        setResource: replaceInput,
        rendered: { inputLength, at: performance.now(), millis, complete },
      };
    });
  }, [result, exploration.resultInput, replaceInput]);

  const highlightKey = state.highlight ? pathKey(state.highlight) : undefined;
  const select = useCallback(
    (key: string | undefined) => dispatch({ type: 'highlight', path: key === undefined ? undefined : keyToPath(key) }),
    [dispatch],
  );

  const rangeByKey = useMemo(() => (result ? rangeIndex(result.ranges) : new Map<string, number>()), [result]);
  const highlightIndex = highlightKey !== undefined ? rangeByKey.get(highlightKey) : undefined;
  const highlightRange: SourceRange | undefined =
    result && highlightIndex !== undefined ? rangeAt(result.ranges, highlightIndex) : undefined;
  const decorations = useMemo<EditorDecoration[]>(() => {
    const out: EditorDecoration[] = [];
    if (!result) return out;
    // A field with a marker has its hover there already: one hover, not two saying the same.
    const marked = new Set(result.markers.map((m) => m.range.start.offset));
    for (const f of result.sourceFates) {
      if (out.length >= MAX_EDITOR_DECORATIONS) break;
      const r = rangeByKey.get(f.path);
      if (r === undefined) continue;
      const range = rangeAt(result.ranges, r);
      out.push({
        range,
        className: `mfate mfate-${f.fate}`,
        hover: marked.has(range.start.offset) ? '' : (fateTitle(f.fate, f.reason) ?? ''),
      });
    }
    return out;
  }, [result, rangeByKey]);
  const onCursor = useCallback(
    (offset: number) => {
      if (!result) return;
      // The cursor in another document of the input selects that document.
      const inDoc = result.validation?.documents.find((d) => offset >= d.start && offset <= d.end);
      if (inDoc && inDoc.index !== result.document && result.documents[inDoc.index]?.known !== false) {
        dispatch({ type: 'document', document: inDoc.index });
        return;
      }
      select(keyAtOffset(result.ranges, offset));
    },
    [result, select, dispatch],
  );
  const documentLine = result?.validation?.documents.find((d) => d.index === result.document)?.line;

  const kind = shown?.kind;
  const versions = kind?.versions ?? [];
  const strategies = kind ? (Object.keys(kind.graphs) as Strategy[]) : [];
  /** A version the user picked, while the kind has it (pickers show a pick before the worker answers). */
  const picked = (v: string | undefined) => (v !== undefined && versions.some((x) => x.name === v) ? v : undefined);
  // The user's pick shows at once (the radio must not wait for the worker's answer to look checked).
  const strategy =
    (state.strategy && strategies.includes(state.strategy) ? state.strategy : undefined) ??
    shown?.strategy ??
    kind?.strategy ??
    'direct';

  const catalogValue = refValue(state.catalog, resolved.builtinId);
  // The last input per catalog: switching catalogs and back gives the user's text back, not an example.
  const inputs = useRef(new Map<string, string>());
  useEffect(() => {
    if (state.input.trim() !== '') inputs.current.set(catalogValue, state.input);
  }, [catalogValue, state.input]);
  /** The input to show with a user's catalog: the current one when it fits, else the last one used with it. */
  const inputForUserCatalog = useCallback(
    (current: string, hash: string, json: unknown) =>
      inputFitsCatalog(current, json) ? current : (inputs.current.get(`e:${hash}`) ?? skeletonFor(json)),
    [],
  );

  const chooseCatalog = (value: string) => {
    if (value.startsWith('b:')) {
      const id = value.slice(2);
      const e = index.data?.catalogs.find((c) => c.id === id);
      dispatch({
        type: 'catalog',
        catalog: { type: 'builtin', id, ...(e ? { hash: e.hash } : {}) },
        input: inputs.current.get(value) ?? exampleFor(id),
      });
    } else if (value.startsWith('e:')) {
      const c = user.data?.find((x) => x.hash === value.slice(2));
      if (c)
        dispatch({
          type: 'catalog',
          catalog: { type: 'embedded', name: c.name, hash: c.hash, sources: c.sources },
          input: inputForUserCatalog(state.input, c.hash, c.json),
        });
    }
    setWriteBackVersion(undefined);
  };

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
            input: inputForUserCatalog(s.input, c.hash, c.json),
          }),
      });
    },
    [dispatch, inputForUserCatalog],
  );
  // A CRD pasted into the resource editor (an easy mistake): one click makes it the catalog instead.
  const inputIsCatalog =
    (result?.blocking ?? []).some((i) => i.code === 'UNKNOWN_KIND') && looksLikeCatalog(state.input);
  const loadInputAsCatalog = () => {
    const name = /^metadata:\s*\n\s+name:\s*["']?([\w.-]+)/m.exec(state.input)?.[1] ?? 'pasted';
    const text = state.input;
    return loadCatalogFiles(() => importAndStore([{ name: `${name}.yaml`, text }]), qc, loaded);
  };

  const reset = () => {
    const input =
      state.catalog.type === 'builtin'
        ? exampleFor(resolved.builtinId ?? state.catalog.id)
        : skeletonFor(resolved.input?.json);
    dispatch({ type: 'catalog', catalog: state.catalog, input });
    setWriteBackVersion(undefined);
  };

  const cycleTarget = (step: number) => {
    const apis = versions.filter((v) => v.role === 'api').map((v) => v.name);
    if (apis.length === 0) return;
    const at = apis.indexOf(shown?.targetVersion ?? '');
    dispatch({ type: 'target', version: apis[(at + step + apis.length) % apis.length] });
  };

  const shortcuts: Shortcut[] = [
    { id: 'help', label: 'Show keyboard shortcuts', keys: { code: 'KeyH', alt: true }, run: () => setHelpOpen(true) },
    { id: 'convert', label: 'Convert now', keys: { code: 'Enter', mod: true }, run: () => exploration.flush() },
    {
      id: 'next-target',
      label: 'Next target version',
      keys: { code: 'BracketRight', alt: true },
      run: () => cycleTarget(1),
    },
    {
      id: 'prev-target',
      label: 'Previous target version',
      keys: { code: 'BracketLeft', alt: true },
      run: () => cycleTarget(-1),
    },
    {
      id: 'next-doc',
      label: 'Next document',
      keys: { code: 'Period', alt: true },
      run: () => {
        // The next document the catalog has (after the one shown), wrapping around.
        const docs = result?.documents ?? [];
        const at = result?.document ?? state.document;
        const next = [...docs.slice(at + 1), ...docs.slice(0, at + 1)].find((d) => d.known !== false);
        if (next) dispatch({ type: 'document', document: next.index });
      },
    },
    ...VIEWS.map((v, i) => ({
      id: `view-${v.id}`,
      label: `Show ${v.label}`,
      keys: { code: `Digit${i + 1}`, alt: true },
      run: () => dispatch({ type: 'view', view: v.id }),
    })),
  ];
  const shortcutsRef = useRef(shortcuts);
  useEffect(() => {
    shortcutsRef.current = shortcuts;
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      const typing =
        t &&
        (t.tagName === 'INPUT' ||
          t.tagName === 'TEXTAREA' ||
          t.tagName === 'SELECT' ||
          t.isContentEditable ||
          t.closest('.monaco-editor'));
      if (e.key === '?' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        setHelpOpen(true);
        return;
      }
      const s = shortcutsRef.current.find((x) => matches(e, x.keys));
      if (s) {
        e.preventDefault();
        s.run();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Drop files anywhere on the page to load them as a catalog.
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setDragging(true);
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const over = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const drop = async (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setDragging(false);
      if (!e.dataTransfer) return;
      const dropped = takeDropped(e.dataTransfer); // now: the browser empties the drop afterwards
      await loadCatalogFiles(() => importDropped(dropped), qc, loaded);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [qc, loaded]);

  const legend = useMemo(() => legendCounts(shown), [shown]);

  const blocking = result?.blocking ?? [];
  // The deployed view reports its own findings (banner, pane drops, fate list), not the ASO conversion's issues.
  const problems = (result?.deployed ? [] : (result?.issues ?? [])).filter(
    (i) => i.severity !== 'info' && !blocking.includes(i),
  );
  const tabCount = (id: ViewId): string => {
    if (!shown) return '';
    if (shown.deployed && ASO_ONLY_VIEWS.has(id)) return id === 'bag' ? String(shown.deployed.fates.length) : '';
    if (id === 'bag') return String(shown.bag.length);
    if (id === 'lost') return String(shown.lost.length);
    if (id === 'roundtrip' && shown.roundTrip) return shown.roundTrip.lossless ? '✓' : '≠';
    return '';
  };

  const view = state.view;
  const panel = (() => {
    if (!shown)
      return (
        <p className="empty">
          {resolved.loading ? 'Loading the catalog…' : 'Nothing to show yet.'} <PrimerLink />
        </p>
      );
    switch (view) {
      case 'bag':
        return <PropertyBagList entries={shown.bag} onSelect={select} />;
      case 'lost':
        return (
          <LostList
            entries={shown.lost}
            {...(shown.targetVersion ? { target: shown.targetVersion } : {})}
            onSelect={select}
          />
        );
      case 'plan':
        return (
          <PlanTable
            {...(shown.plan ? { plan: shown.plan } : {})}
            {...(shown.planUsed ? { used: shown.planUsed } : {})}
          />
        );
      case 'roundtrip':
        return (
          <RoundTripView
            {...(shown.roundTrip ? { roundTrip: shown.roundTrip } : {})}
            {...(shown.writeBack ? { writeBack: shown.writeBack } : {})}
            versions={versions}
            onWriteBackVersion={setWriteBackVersion}
            dark={dark}
          />
        );
      case 'map':
        return kind ? (
          <>
            <VersionMap
              kind={kind}
              strategy={strategy}
              {...(shown.sourceVersion ? { source: shown.sourceVersion } : {})}
              {...(shown.targetVersion ? { target: shown.targetVersion } : {})}
              onPick={(v) => dispatch({ type: 'target', version: v })}
            />
            {resolved.input && (
              <MigrationPlanView
                catalogJson={resolved.input.json}
                group={kind.group}
                kind={kind.kind}
                objects={state.input}
              />
            )}
          </>
        ) : (
          <p className="empty">No kind selected.</p>
        );
      case 'changes':
        return (
          <ChangesView
            {...(shown.changes ? { changes: shown.changes } : {})}
            {...(shown.sourceVersion ? { source: shown.sourceVersion } : {})}
            {...(shown.targetVersion ? { target: shown.targetVersion } : {})}
            onSelect={select}
          />
        );
      case 'strategies':
        return (
          <StrategiesView
            {...(exploration.catalogKey !== undefined ? { catalogKey: exploration.catalogKey } : {})}
            {...(kind ? { kind } : {})}
          />
        );
    }
  })();

  const deployed = shown?.deployed;
  const versionOptions = (
    <>
      <optgroup label="API versions">
        {versions
          .filter((v) => v.role === 'api')
          .map((v) => (
            <option key={v.name} value={v.name}>
              {v.name}
              {v.deprecated ? ' (deprecated)' : ''}
            </option>
          ))}
      </optgroup>
      {/* The deployed view has only the CRD's own versions. */}
      {!deployed && (
        <optgroup label="Storage versions">
          {versions
            .filter((v) => v.role === 'storage')
            .map((v) => (
              <option key={v.name} value={v.name}>
                {v.name}
                {v.name === kind?.hub ? ' (hub)' : ''}
              </option>
            ))}
        </optgroup>
      )}
    </>
  );

  return (
    <ExplorerContext.Provider value={store}>
      <div className={`app${narrow ? ' narrow' : ''}`} style={{ '--details-h': `${detailsVh}vh` } as CSSProperties}>
        <header className="app-header">
          <h1>
            <span className="logo" aria-hidden="true">
              ⇄
            </span>{' '}
            Version Explorer
          </h1>
          <label className="field">
            <span>Catalog</span>
            <select aria-label="Catalog" value={catalogValue} onChange={(e) => chooseCatalog(e.target.value)}>
              <optgroup label="Built-in examples">
                {(index.data?.catalogs ?? []).map((c) => (
                  <option key={c.id} value={`b:${c.id}`}>
                    {c.title}
                  </option>
                ))}
              </optgroup>
              {(user.data?.length ?? 0) > 0 && (
                <optgroup label="Your catalogs">
                  {user.data?.map((c) => (
                    <option key={c.hash} value={`e:${c.hash}`}>
                      {c.title} ({c.name})
                    </option>
                  ))}
                </optgroup>
              )}
              {state.catalog.type === 'url' && <option value={catalogValue}>{state.catalog.url}</option>}
              {state.catalog.type === 'embedded' &&
                !user.data?.some((c) => state.catalog.type === 'embedded' && c.hash === state.catalog.hash) && (
                  <option value={catalogValue}>{state.catalog.name}</option>
                )}
            </select>
          </label>
          <CatalogLoader onLoaded={loaded} />
          <CompareCatalogs />
          <LoadFromUrl onLoaded={loaded} />
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

        <div className="toolbar" role="toolbar" aria-label="Conversion">
          {(result?.documents.length ?? 0) > 1 && (
            <label className="field">
              <span>Document</span>
              <select
                aria-label="Document"
                value={result?.document ?? 0}
                onChange={(e) => dispatch({ type: 'document', document: Number(e.target.value) })}
              >
                {result?.documents.map((d) => (
                  <option key={d.index} value={d.index} disabled={d.known === false}>
                    {d.label}
                    {d.known === false ? ' · not in this catalog' : ''}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="field">
            <span>Source version</span>
            <select
              aria-label="Source version"
              value={picked(state.sourceVersion) ?? shown?.sourceVersion ?? ''}
              disabled={!kind}
              onChange={(e) => dispatch({ type: 'source', version: e.target.value })}
            >
              {!kind && <option value="">—</option>}
              {versionOptions}
            </select>
          </label>
          <span className="arrow" aria-hidden="true">
            →
          </span>
          {deployed ? (
            <span className="hub-chip" title="The CRD's storage: true version: what etcd holds">
              stored <code>{deployed.storage}</code>
            </span>
          ) : kind && (kind.hubChoices?.length ?? 0) > 1 ? (
            <label className="field hub-chip">
              <span>Hub version</span>
              <select
                aria-label="Hub version"
                value={state.hub ?? kind.hubChoices?.[0]?.hub ?? kind.hub}
                onChange={(e) => {
                  const first = kind.hubChoices?.[0]?.hub;
                  dispatch({ type: 'hub', hub: e.target.value === first ? undefined : e.target.value });
                }}
              >
                {kind.hubChoices?.map((c) => (
                  <option key={c.hub} value={c.hub}>
                    {c.hub} ({HUB_REASON[c.reason] ?? c.reason})
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <span
              className="hub-chip"
              title={
                kind ? `Hub (storage version), chosen by: ${HUB_REASON[kind.hubReason] ?? kind.hubReason}` : undefined
              }
            >
              hub <code>{kind?.hub ?? '—'}</code>
            </span>
          )}
          <span className="arrow" aria-hidden="true">
            →
          </span>
          <label className="field">
            <span>Target version</span>
            <select
              aria-label="Target version"
              value={picked(state.targetVersion) ?? shown?.targetVersion ?? ''}
              disabled={!kind}
              onChange={(e) => dispatch({ type: 'target', version: e.target.value })}
            >
              {!kind && <option value="">—</option>}
              {versionOptions}
            </select>
          </label>
          {strategies.length > 1 && !deployed && (
            <div className="segmented" role="radiogroup" aria-label="Strategy">
              {strategies.map((s) => (
                <label key={s} className={s === strategy ? 'on' : ''}>
                  <input
                    type="radio"
                    name="strategy"
                    value={s}
                    checked={s === strategy}
                    onChange={() => dispatch({ type: 'strategy', strategy: s })}
                  />
                  {s}
                </label>
              ))}
            </div>
          )}
          {shown?.storageView && (
            <StorageViewSwitch
              view={state.storage ?? shown.storageView}
              onChange={(v) => dispatch({ type: 'storage', storage: v })}
            />
          )}
          <div className="spacer" />
          <ExamplesMenu />
          <span className="status" role="status">
            {exploration.busy ? 'Converting…' : result ? `${Math.round(result.millis)} ms` : ''}
          </span>
        </div>

        {importIssues.length > 0 && (
          <div className="banner" role="region" aria-label="Import problems">
            <div className="banner-head">
              <strong>Import problems</strong>
              <button
                type="button"
                className="icon-button"
                aria-label="Dismiss import problems"
                onClick={() => setImportIssues([])}
              >
                ×
              </button>
            </div>
            <IssueList issues={importIssues} label="Import issues" />
          </div>
        )}
        {(resolved.error || exploration.catalogIssues.some((i) => i.severity === 'error') || exploration.error) && (
          <div className="banner banner-error" role="alert">
            {resolved.error && <p>{resolved.error}</p>}
            {exploration.error && <p>The conversion failed: {exploration.error}</p>}
            <IssueList
              issues={exploration.catalogIssues.filter((i) => i.severity === 'error')}
              label="Catalog problems"
            />
          </div>
        )}

        {deployed && <WriteLossBanner deployed={deployed} />}
        {deployed && (
          <ConversionChoice deployed={deployed} onChange={(c) => dispatch({ type: 'conversion', conversion: c })} />
        )}
        {narrow && <PaneSwitcher shown={paneShown} onShow={setPaneShown} />}
        <main className="panes" {...(narrow ? { 'data-show': paneShown } : {})}>
          <section className="pane" aria-label="Resource">
            <h2 className="pane-header">
              <span className="pane-title">Resource</span>
              {shown?.sourceVersion && <span className="version-badge">{shown.sourceVersion}</span>}
              <ValidationBadge summary={shown?.validation?.source} what="this document" />
              {shown?.sparseFates && <span className="muted pane-note">large input: copied fields are not marked</span>}
              <span className="muted pane-note">YAML or JSON · several documents allowed</span>
            </h2>
            <div className="editor-host">
              <ErrorBoundary
                fallback={(error) => <PlainEditor text={state.input} onChange={setInput} problem={error.message} />}
              >
                <Suspense fallback={<ResourcePreview text={state.input} />}>
                  {editorReady && (state.catalog.type !== 'builtin' || state.catalog.id !== '') ? (
                    <ResourceEditor
                      initialText={state.input}
                      onChange={setInput}
                      onPasteText={pasteInput}
                      onReady={(h) => {
                        editor.current = h;
                        editorSync.attach(h);
                      }}
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
                    />
                  ) : (
                    <ResourcePreview text={state.input} />
                  )}
                </Suspense>
              </ErrorBoundary>
            </div>
            {blocking.length > 0 && (
              <div className="pane-errors" role="alert">
                {inputIsCatalog && (
                  <p className="catalog-hint" data-testid="input-is-catalog">
                    This is a CRD or an OpenAPI document, not a resource.{' '}
                    <button type="button" onClick={() => void loadInputAsCatalog()}>
                      Load it as the catalog
                    </button>
                  </p>
                )}
                <IssueList issues={blocking} label="Input problems" />
              </div>
            )}
          </section>
          <DocumentView
            label={deployed ? 'Stored' : 'Hub'}
            {...(deployed ? { view: deployed.stored } : shown?.hub ? { view: shown.hub } : {})}
            {...(highlightKey !== undefined ? { highlight: highlightKey } : {})}
            onSelect={select}
            busy={exploration.busy}
          >
            {stale && shown && <p className="stale-note">Showing the last input that converted.</p>}
            {deployed && <PaneDrops deployed={deployed} pane="stored" />}
          </DocumentView>
          <DocumentView
            label="Target"
            subtitle={
              <>
                <ValidationBadge summary={shown?.validation?.target} what="the converted document" />
                {shown?.writeBackVerdict && !deployed && (
                  <WriteBackBadge
                    verdict={shown.writeBackVerdict}
                    onOpen={() => dispatch({ type: 'view', view: 'roundtrip' })}
                  />
                )}
              </>
            }
            {...(deployed ? { view: deployed.target } : shown?.target ? { view: shown.target } : {})}
            {...(highlightKey !== undefined ? { highlight: highlightKey } : {})}
            onSelect={select}
            busy={exploration.busy}
          >
            {stale && shown && <p className="stale-note">Showing the last input that converted.</p>}
            {deployed && <PaneDrops deployed={deployed} pane="target" />}
          </DocumentView>
        </main>

        <Legend counts={legend} />
        {problems.length > 0 && (
          <details className="problems">
            <summary>
              {problems.length} conversion issue{problems.length === 1 ? '' : 's'}
            </summary>
            <IssueList issues={problems} label="Conversion issues" />
          </details>
        )}

        {!narrow && <Splitter vh={detailsVh} onChange={setDetailsVh} />}
        <section className="bottom" aria-label="Details">
          <div className="tabs" role="tablist" aria-label="Views">
            {VIEWS.map((v) => (
              <button
                key={v.id}
                type="button"
                role="tab"
                id={`tab-${v.id}`}
                aria-selected={view === v.id}
                aria-controls={`panel-${v.id}`}
                tabIndex={view === v.id ? 0 : -1}
                onClick={() => dispatch({ type: 'view', view: v.id })}
                onKeyDown={(e) => {
                  const i = VIEWS.findIndex((x) => x.id === view);
                  const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : undefined;
                  if (next === undefined) return;
                  const target = VIEWS[(next + VIEWS.length) % VIEWS.length];
                  if (!target) return;
                  dispatch({ type: 'view', view: target.id });
                  document.getElementById(`tab-${target.id}`)?.focus();
                }}
              >
                {deployed && v.id === 'bag' ? 'As deployed' : v.label}
                {tabCount(v.id) && <span className="tab-count">{tabCount(v.id)}</span>}
              </button>
            ))}
          </div>
          <div className="tab-panel" role="tabpanel" id={`panel-${view}`} aria-labelledby={`tab-${view}`} tabIndex={0}>
            <ErrorBoundary
              key={view}
              fallback={(error) => (
                <p className="empty" role="alert">
                  This view could not be shown: {error.message}
                </p>
              )}
            >
              {deployed && ASO_ONLY_VIEWS.has(view) ? <DeployedTab deployed={deployed} /> : panel}
            </ErrorBoundary>
          </div>
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
