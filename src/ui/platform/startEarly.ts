// Imported first by main.tsx, so this runs before React and the app evaluate: the worker's code, the catalog
// index and the catalog the page opens load while the rest of the page's code loads, and on a first visit the
// worker converts the example before the app asks for it.
import { conversionClient } from '../worker/conversionClient.ts';
import { restoreState } from '../useExplorerState.ts';
import { exampleFor } from '../examples.ts';
import { prefetchCatalogs } from './prefetch.ts';

const linked = window.location.hash.length > 1 || window.location.search.length > 1;
const restored = linked ? undefined : restoreState();
/** The built-in catalog the page will open ('' for the first), or undefined when a link or query decides. */
const opening = linked
  ? undefined
  : restored === undefined
    ? ''
    : restored.catalog.type === 'builtin'
      ? restored.catalog.id
      : undefined;

const client = conversionClient();

/** Settles once the opening catalog is on its way to the worker (or there is none, or it failed). */
export const catalogSent: Promise<void> = prefetchCatalogs(opening, (key, json, id) => {
  void client.loadCatalog(key, json, id);
  // A first visit opens the catalog's example (useExplorerState's firstVisit; App's request for it). The
  // worker answers messages in order: this runs right after the catalog is loaded.
  if (restored === undefined) client.prime({ catalogKey: key, input: exampleFor(id), document: 0, roundTrip: false });
});
