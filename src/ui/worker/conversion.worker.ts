// The conversion worker: the core library, the importers and the built-in hooks run here, so typing and
// a 1 MB resource never block the page. Every reply carries the request id; the page drops stale ones.
import { catalogHash, serializeCatalog } from '../../core/index.ts';
import { builtinHooks } from '../../catalogs/hooks.ts';
import { importFiles } from '../../importers/index.ts';
import { census, explore, exploreRanges, setCatalog, strategies } from '../viewModel/engine.ts';
import { crdAcceptance } from '../viewModel/crdAcceptance.ts';
import { transferablesOf } from '../viewModel/packLines.ts';
import type { ExploreResult } from '../viewModel/types.ts';
import type { WorkerRequest, WorkerResponse } from './protocol.ts';

const post = (m: WorkerResponse, transfer: Transferable[] = []) =>
  (self as unknown as { postMessage(m: WorkerResponse, t: Transferable[]): void }).postMessage(m, transfer);

// (Not empty buffers: the shared empty range table must stay usable.)
const transferables = (r: ExploreResult): Transferable[] =>
  [r.ranges.nums.buffer as ArrayBuffer, ...transferablesOf(r.hub?.lines), ...transferablesOf(r.target?.lines)].filter(
    (b) => !(b instanceof ArrayBuffer) || b.byteLength > 0,
  );

/** The request whose ranges are still to come (the page asks for them once it has painted the panes). */
let rangesFor: number | undefined;

self.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const m = e.data;
  try {
    switch (m.type) {
      case 'catalog': {
        // Hooks are compiled code shipped with built-ins; a loaded catalog only gets them by built-in id.
        const hooks = m.hooks !== undefined ? builtinHooks[m.hooks] : undefined;
        const r = setCatalog(m.key, m.json, hooks);
        post({ type: 'catalog', id: m.id, issues: r.issues, ...(r.summary ? { summary: r.summary } : {}) });
        break;
      }
      case 'explore': {
        const result = explore(m.request, true);
        rangesFor = result.rangesPending ? m.id : undefined;
        post({ type: 'explore', id: m.id, result }, transferables(result));
        break;
      }
      case 'ranges': {
        // Only for the latest explore: a newer request has replaced an older one's second phase.
        if (m.id !== rangesFor) break;
        rangesFor = undefined;
        const update = exploreRanges();
        if (!update) break;
        post(
          { type: 'update', id: m.id, update },
          'result' in update ? transferables(update.result) : [update.ranges.nums.buffer as ArrayBuffer],
        );
        break;
      }
      case 'import': {
        const { catalog, issues } = importFiles(m.files);
        if (catalog.kinds.length === 0) {
          post({ type: 'import', id: m.id, result: { issues } });
          break;
        }
        const text = serializeCatalog(catalog);
        post({
          type: 'import',
          id: m.id,
          result: { json: JSON.parse(text) as unknown, title: catalog.title, hash: catalogHash(text), issues },
        });
        break;
      }
      case 'strategies':
        post({ type: 'strategies', id: m.id, ...strategies(m.request) });
        break;
      case 'census':
        post({ type: 'census', id: m.id, ...census(m.catalogKey) });
        break;
      case 'crdCheck':
        post({ type: 'crdCheck', id: m.id, result: crdAcceptance(m.files) });
        break;
    }
  } catch (err) {
    // Recursion over a document nested thousands of levels deep runs out of stack: say what it means.
    const deep = err instanceof RangeError && /call stack/i.test(err.message);
    const message = deep
      ? 'the input is nested too deeply to convert and show'
      : err instanceof Error
        ? err.message
        : String(err);
    post({ type: 'error', id: m.id, message });
  }
};
