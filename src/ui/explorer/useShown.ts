// What the panes show: the latest result when it converted, else the last one that did (an error while typing
// never blanks them), and the request the page asks the worker for.
import { useRef } from 'react';
import type { ExplorerState } from '../state.ts';
import type { ExploreRequest, ExploreResult } from '../viewModel/types.ts';
import type { Exploration } from '../worker/useWorkerConversion.ts';

export interface Shown {
  /** The latest result (it may block: a syntax error). */
  readonly result: ExploreResult | undefined;
  /** The result the panes show. */
  readonly shown: ExploreResult | undefined;
  /** The panes show an older result than the latest. */
  readonly stale: boolean;
  /** The catalog the shown result was computed with, and the one open now. */
  readonly catalogs: { readonly shown: string | undefined; readonly open: string | undefined };
}

export function useShown(exploration: Exploration, openCatalog: string | undefined): Shown {
  const result = exploration.result;
  const lastGood = useRef<ExploreResult | undefined>(undefined);
  const lastGoodCatalog = useRef<string | undefined>(undefined);
  if (result && result.blocking.length === 0) {
    lastGood.current = result;
    lastGoodCatalog.current = exploration.resultCatalogKey;
  }
  const shown = result && result.blocking.length === 0 ? result : lastGood.current;
  return { result, shown, stale: shown !== result, catalogs: { shown: lastGoodCatalog.current, open: openCatalog } };
}

/** The worker's request for the page's state (the catalog is the worker's own key). */
export const requestOf = (
  state: ExplorerState,
  writeBackVersion: string | undefined,
): Omit<ExploreRequest, 'catalogKey'> => ({
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
