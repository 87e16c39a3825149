// Runs explore requests in the worker: typing is debounced, a paste (a big change) goes at once, only one
// request is in flight and only the newest waiting one is sent next, so stale results never overwrite new ones.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Issue } from '../../core/index.ts';
import { conversionClient } from './conversionClient.ts';
import { answerFor, FIRST_ANSWER_URL, sameAnswer, sameRequest } from './firstAnswer.ts';
import { prefetchedValue } from '../platform/prefetch.ts';
import type { CatalogSummary, ExploreRequest, ExploreResult } from '../viewModel/types.ts';

export interface CatalogInput {
  readonly key: string;
  readonly json: unknown;
  /** Built-in catalog id whose hooks apply. */
  readonly hooks?: string;
}

export interface Exploration {
  readonly result?: ExploreResult;
  /** The input text the shown result was computed from. */
  readonly resultInput?: string;
  /** The worker's key of the catalog the shown result was computed with (the result outlives a catalog change). */
  readonly resultCatalogKey?: string;
  readonly catalogIssues: readonly Issue[];
  readonly busy: boolean;
  readonly error?: string;
  /** Sends the current request now (Ctrl/Cmd+Enter). */
  readonly flush: () => void;
  /**
   * A paste's whole text, before the page renders it: a large change goes to the worker at once, and the
   * request the render then makes for that text gets its answer (any other text asks anew).
   */
  readonly prime: (input: string) => void;
  /** The worker's key of the loaded catalog (the Strategies tab asks the worker about it). */
  readonly catalogKey?: string;
}

const TYPING_DEBOUNCE_MS = 120;
/** A change touching more characters than this is a paste or a replacement, not typing: no debounce. */
const PASTE_CHARS = 200;

/** A request without the texts the user types (the resource and the rules): a keystroke in either is debounced. */
const paramsKey = (r: ExploreRequest): string => JSON.stringify({ ...r, input: undefined, rules: undefined });

/** Size of the region where two texts differ (length minus common prefix and suffix). */
export function changedChars(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let p = 0;
  while (p < n && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  let q = 0;
  while (q < n - p && a.charCodeAt(a.length - 1 - q) === b.charCodeAt(b.length - 1 - q)) q++;
  return Math.max(a.length, b.length) - p - q;
}

export function useWorkerConversion(
  catalog: CatalogInput | undefined,
  request: Omit<ExploreRequest, 'catalogKey'>,
): Exploration {
  const [ready, setReady] = useState<{ key: string; summary?: CatalogSummary; issues: readonly Issue[] } | undefined>();
  // A first visit's first request may have its answer here already, computed by the build (firstAnswer.ts):
  // the first render shows it, and the worker is not asked again for the same request.
  const [first] = useState(() => {
    if (catalog === undefined) return undefined;
    const req: ExploreRequest = { ...request, catalogKey: catalog.key };
    const result = answerFor(prefetchedValue(FIRST_ANSWER_URL), req);
    return result ? { req, result } : undefined;
  });
  const [state, setState] = useState<{
    result?: ExploreResult;
    input?: string;
    catalogKey?: string;
    error?: string;
    busy: boolean;
  }>(() =>
    first
      ? { result: first.result, input: first.req.input, catalogKey: first.req.catalogKey, busy: false }
      : { busy: false },
  );
  const inFlight = useRef(false);
  const queued = useRef<ExploreRequest | undefined>(undefined);
  const seq = useRef(0);
  const lastSent = useRef<ExploreRequest | undefined>(first?.req);
  // The build's answer is shown until the worker's own answer to the same request replaces it (which also
  // gives the status line a time measured here, and checks the two are the same).
  const fromBuild = useRef(first !== undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const key = catalog?.key;
  const json = catalog?.json;
  const hooks = catalog?.hooks;
  useEffect(() => {
    if (key === undefined) return;
    let live = true;
    void conversionClient()
      .loadCatalog(key, json, hooks)
      .then((r) => {
        if (live) setReady({ key, ...r });
      });
    return () => {
      live = false;
    };
  }, [key, json, hooks]);

  const pump = useCallback(() => {
    if (inFlight.current) return;
    const req = queued.current;
    if (!req) return;
    queued.current = undefined;
    inFlight.current = true;
    lastSent.current = req;
    const mine = ++seq.current;
    setState((s) => ({ ...s, busy: true }));
    // A large input's ranges (markers, cursor sync) follow the panes: they replace the result they complete,
    // after the panes have painted (a quick update must not delay the first frame).
    const onUpdate = (r: ExploreResult, base: ExploreResult) =>
      requestAnimationFrame(() => setTimeout(() => setState((s) => (s.result === base ? { ...s, result: r } : s))));
    const built = fromBuild.current && first && sameRequest(first.req, req) ? first.result : undefined;
    fromBuild.current = false;
    void conversionClient()
      .explore(req, onUpdate)
      .then((r) => {
        // For the UI benchmark: answer received (conversionClient marks the request sent).
        performance.mark('ve:reply');
        if (built && !('error' in r) && !sameAnswer(built, r))
          console.error("the build's first answer differs from the worker's: rebuild (scripts/gen-first-answer.ts)");
        inFlight.current = false;
        // Only the newest answer is shown; an older one is dropped when a newer request waits.
        if (mine === seq.current && !queued.current) {
          if ('error' in r) setState((s) => ({ ...s, error: r.error, busy: false }));
          else setState({ result: r, input: req.input, catalogKey: req.catalogKey, busy: false });
        }
        pump();
      });
  }, [first]);

  const full: ExploreRequest | undefined =
    ready && ready.key === key ? { ...request, catalogKey: ready.key } : undefined;
  const fullKey = full ? paramsKey(full) : undefined;
  const input = full?.input;
  const rules = full?.rules;

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    pump();
  }, [pump]);

  // A layout effect: with a flushSync'd input change the request is on its way before the editor
  // spends its own time on a large paste.
  useLayoutEffect(() => {
    if (!full) return;
    // Already asked and nothing else waiting: the result in hand or on its way is this one's.
    if (!queued.current && !fromBuild.current && lastSent.current && sameRequest(lastSent.current, full)) return;
    const prev = lastSent.current ?? queued.current;
    queued.current = full;
    const sameParams = prev !== undefined && paramsKey(prev) === fullKey;
    if (timer.current) clearTimeout(timer.current);
    const changed = sameParams
      ? changedChars(prev.input, full.input) + changedChars(prev.rules ?? '', full.rules ?? '')
      : Infinity;
    if (changed < PASTE_CHARS) timer.current = setTimeout(pump, TYPING_DEBOUNCE_MS);
    else pump();
    // `full` is derived from fullKey, input and rules.
  }, [fullKey, input, rules, pump]);

  useEffect(() => () => timer.current && clearTimeout(timer.current), []);

  // The request as of the last render, for prime (a paste changes only the input).
  const current = useRef(full);
  useLayoutEffect(() => {
    current.current = full;
  });
  const prime = useCallback((text: string) => {
    const now = current.current;
    if (!now || changedChars(now.input, text) < PASTE_CHARS) return;
    conversionClient().prime({ ...now, input: text });
  }, []);

  return {
    ...(state.result ? { result: state.result } : {}),
    ...(state.input !== undefined ? { resultInput: state.input } : {}),
    ...(state.catalogKey !== undefined ? { resultCatalogKey: state.catalogKey } : {}),
    catalogIssues: ready?.issues ?? [],
    busy: state.busy || (full !== undefined && state.result === undefined),
    ...(state.error ? { error: state.error } : {}),
    flush,
    prime,
    ...(ready ? { catalogKey: ready.key } : {}),
  };
}
