// Imported first by main.tsx, so this runs before React and the app evaluate: the worker's code, the catalog
// index and the catalog the page opens load while the rest of the page's code loads, and on a first visit the
// worker converts the example before the app asks for it.
import { conversionClient } from '../worker/conversionClient.ts';
import { restoreState } from '../useExplorerState.ts';
import { exampleFor } from '../examples.ts';
import { prefetchCatalogs, prefetchJson } from './prefetch.ts';
import { answers, FIRST_ANSWER_URL } from '../worker/firstAnswer.ts';

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

/** A first visit's answer, computed by the build (worker/firstAnswer.ts): the app renders it at once. */
const firstAnswer = !linked && restored === undefined ? prefetchJson(FIRST_ANSWER_URL) : undefined;

const sent = prefetchCatalogs(opening, (key, json, id) => {
  void client.loadCatalog(key, json, id);
  // A first visit opens the catalog's example (useExplorerState's firstVisit; App's request for it). Unless
  // the build's answer is for exactly that request, the worker computes it now (it answers messages in
  // order: right after the catalog is loaded).
  if (restored !== undefined || !firstAnswer) return;
  const request = { catalogKey: key, input: exampleFor(id), document: 0, roundTrip: false };
  firstAnswer.then(
    (file) => answers(file, request) || client.prime(request),
    () => client.prime(request),
  );
});

/** Settles once the opening catalog is on its way to the worker and a first visit's answer is here (or failed). */
export const catalogSent: Promise<void> = Promise.all([sent, firstAnswer?.catch(() => undefined)]).then(
  () => undefined,
);
