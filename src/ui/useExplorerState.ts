// The one place ExplorerState lives. Share links (src/ui/share/, H4) read it and call applyState;
// autosave keeps the last state in localStorage so a reload restores it.
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef } from 'react';
import { DEFAULT_VIEW, settleDelay, type CatalogRef, type ExplorerState, type ViewId } from './state.ts';
import { exampleFor } from './examples.ts';
import { readLocal, writeLocal } from './platform/storage.ts';
import { CATALOG_INDEX_URL, prefetchedValue } from './platform/prefetch.ts';

export type ExplorerAction =
  | { readonly type: 'apply'; readonly state: ExplorerState }
  /** A change computed from the state as it is when the action runs (not as a component last saw it). */
  | { readonly type: 'update'; readonly update: (s: ExplorerState) => ExplorerState }
  | { readonly type: 'input'; readonly input: string }
  | { readonly type: 'catalog'; readonly catalog: CatalogRef; readonly input: string }
  | { readonly type: 'document'; readonly document: number }
  | { readonly type: 'view'; readonly view: ViewId }
  /** The conversion rules text (the rules editor, a template, a draft); blank: none. */
  | { readonly type: 'rules'; readonly rules: string | undefined }
  | SetAction;

/** The optional choices of the state: an action sets one, or clears it (undefined: the default decides). */
export type Choice = 'sourceVersion' | 'targetVersion' | 'strategy' | 'hub' | 'highlight' | 'storage' | 'conversion';

type SetAction = {
  [K in Choice]: { readonly type: 'set'; readonly field: K; readonly value: ExplorerState[K] | undefined };
}[Choice];

/** The action that sets (or clears) one choice. */
export const choose = <K extends Choice>(field: K, value: ExplorerState[K] | undefined): ExplorerAction =>
  ({ type: 'set', field, value }) as SetAction;

function omit<K extends keyof ExplorerState>(s: ExplorerState, k: K): ExplorerState {
  const copy = { ...s };
  delete copy[k];
  return copy;
}

function set<K extends Choice>(s: ExplorerState, k: K, v: ExplorerState[K] | undefined): ExplorerState {
  // The same value: the same state (a click on the option already chosen re-renders and autosaves nothing).
  if (s[k] === v) return s;
  return v === undefined ? omit(s, k) : { ...s, [k]: v };
}

export function reduce(s: ExplorerState, a: ExplorerAction): ExplorerState {
  switch (a.type) {
    case 'apply':
      return a.state;
    case 'update':
      return a.update(s);
    case 'input':
      return a.input === s.input ? s : { ...s, input: a.input };
    case 'catalog':
      // The rules are the user's typing: kept (a kind the new catalog lacks is an issue in the rules tab).
      return {
        catalog: a.catalog,
        input: a.input,
        document: 0,
        view: s.view,
        ...(s.rules !== undefined ? { rules: s.rules } : {}),
      };
    case 'document':
      return omit(omit({ ...s, document: a.document }, 'sourceVersion'), 'highlight');
    case 'view':
      return { ...s, view: a.view };
    case 'set':
      return set(s, a.field, a.value);
    case 'rules':
      return a.rules === s.rules
        ? s
        : a.rules?.trim() === '' || a.rules === undefined
          ? omit(s, 'rules')
          : { ...s, rules: a.rules };
  }
}

/** A built-in catalog as the catalog index lists it. */
export interface BuiltinEntry {
  readonly id: string;
  readonly hash: string;
}

/**
 * First visit (no catalog chosen yet): the first built-in catalog and its example, keeping an input already
 * there. Decided on the state the action meets, so a link or ?catalog= applied meanwhile wins.
 */
export function firstVisit(s: ExplorerState, first: BuiltinEntry): ExplorerState {
  return needsFirstVisit(s)
    ? reduce(s, {
        type: 'catalog',
        catalog: { type: 'builtin', id: first.id, hash: first.hash },
        input: s.input || exampleFor(first.id),
      })
    : s;
}

/** No catalog chosen yet: the state a fresh visit starts from. */
export const needsFirstVisit = (s: ExplorerState): boolean => s.catalog.type === 'builtin' && s.catalog.id === '';

const STORAGE_KEY = 'version-explorer:state:v1';

export function initialState(): ExplorerState {
  return { catalog: { type: 'builtin', id: '' }, input: '', document: 0, view: DEFAULT_VIEW };
}

/**
 * A visit without a saved state: with no link to apply and the catalog index already here (prefetched), the
 * first visit's state at once, so the first render already asks for the example (else App applies it).
 */
function openingState(): ExplorerState {
  const linked = window.location.hash.length > 1 || window.location.search.length > 1;
  const first = (prefetchedValue(CATALOG_INDEX_URL) as { catalogs?: BuiltinEntry[] } | undefined)?.catalogs?.[0];
  return !linked && first ? firstVisit(initialState(), first) : initialState();
}

/** The autosaved state, if any and well-formed. */
export function restoreState(): ExplorerState | undefined {
  try {
    const raw = readLocal(STORAGE_KEY);
    if (!raw) return undefined;
    const s = JSON.parse(raw) as Partial<ExplorerState>;
    if (typeof s.input !== 'string' || !s.catalog || typeof s.catalog !== 'object' || typeof s.document !== 'number')
      return undefined;
    if (s.rules !== undefined && typeof s.rules !== 'string') return undefined;
    return { ...initialState(), ...s } as ExplorerState;
  } catch {
    return undefined;
  }
}

function saveState(s: ExplorerState): void {
  // Embedded catalogs are kept in the catalog store; the autosave names them by hash only.
  const catalog = s.catalog.type === 'embedded' ? { ...s.catalog, sources: [] } : s.catalog;
  // Storage full or disabled: autosave is best effort.
  writeLocal(STORAGE_KEY, JSON.stringify({ ...omit(s, 'highlight'), catalog }));
}

export interface ExplorerStore {
  readonly state: ExplorerState;
  readonly dispatch: (a: ExplorerAction) => void;
  /** Replaces the whole state (share links). */
  readonly applyState: (s: ExplorerState) => void;
  /** Changes the state from its latest value (sources that arrive asynchronously). */
  readonly updateState: (update: (s: ExplorerState) => ExplorerState) => void;
  /** Called after every change (share links keep the URL fragment in step). */
  readonly onStateChange: (listener: (s: ExplorerState) => void) => () => void;
}

export function useExplorerStore(): ExplorerStore {
  const [state, dispatch] = useReducer(reduce, undefined, () => restoreState() ?? openingState());
  const listeners = useRef(new Set<(s: ExplorerState) => void>());
  const unsaved = useRef<ExplorerState | undefined>(undefined);
  useEffect(() => {
    for (const l of listeners.current) l(state);
    unsaved.current = state;
    const t = setTimeout(
      () => {
        unsaved.current = undefined;
        saveState(state);
      },
      settleDelay(state.input, 400),
    );
    return () => clearTimeout(t);
  }, [state]);
  // A reload right after a change still restores it.
  useEffect(() => {
    const onHide = () => unsaved.current && saveState(unsaved.current);
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, []);
  const applyState = useCallback((s: ExplorerState) => dispatch({ type: 'apply', state: s }), []);
  const updateState = useCallback(
    (update: (s: ExplorerState) => ExplorerState) => dispatch({ type: 'update', update }),
    [],
  );
  const onStateChange = useCallback((l: (s: ExplorerState) => void) => {
    listeners.current.add(l);
    return () => void listeners.current.delete(l);
  }, []);
  return useMemo(
    () => ({ state, dispatch, applyState, updateState, onStateChange }),
    [state, applyState, updateState, onStateChange],
  );
}

export const ExplorerContext = createContext<ExplorerStore | undefined>(undefined);

/** The explorer's state and actions, for any component under <App>. */
export function useExplorer(): ExplorerStore {
  const s = useContext(ExplorerContext);
  if (!s) throw new Error('useExplorer outside <App>');
  return s;
}

/** A first visit (nothing restored or linked) opens the first built-in catalog once the index is here; true until. */
export function useFirstVisit(
  state: ExplorerState,
  first: Parameters<typeof firstVisit>[1] | undefined,
  dispatch: ExplorerStore['dispatch'],
): boolean {
  const fresh = needsFirstVisit(state);
  useEffect(() => {
    if (fresh && first) dispatch({ type: 'update', update: (s) => firstVisit(s, first) });
  }, [fresh, first, dispatch]);
  return fresh;
}
