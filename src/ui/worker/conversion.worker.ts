// The conversion worker: the core library, the importers and the built-in hooks run here, so typing and
// a 1 MB resource never block the page. Every reply carries the request id; the page drops stale ones.
import { catalogHash, serializeCatalog } from '../../core/index.ts';
import { builtinHooks } from '../../catalogs/hooks.ts';
import { census, explore, exploreRanges, prepareWholePanes, setCatalog, strategies } from '../viewModel/engine.ts';
import { transferablesOf } from '../viewModel/packLines.ts';
import type { ExploreResult } from '../viewModel/types.ts';
import type { ExploreRequest } from '../viewModel/types.ts';
import { FAST_PARSE_CHARS } from '../viewModel/parseInput.ts';
import type { WorkerRequest, WorkerResponse } from './protocol.ts';
import { WARM_UP_IDLE_MS, warmUp } from './warmUp.ts';

const post = (m: WorkerResponse, transfer: Transferable[] = []) =>
  (self as unknown as { postMessage(m: WorkerResponse, t: Transferable[]): void }).postMessage(m, transfer);

// (Not empty buffers: the shared empty range table must stay usable.)
const transferables = (r: ExploreResult): Transferable[] =>
  [
    r.ranges.nums.buffer as ArrayBuffer,
    ...[r.hub, r.target, r.deployed?.stored, r.deployed?.target].flatMap((p) => transferablesOf(p?.lines)),
  ].filter((b) => !(b instanceof ArrayBuffer) || b.byteLength > 0);

/** The request whose ranges are still to come (the page asks for them once it has painted the panes). */
let rangesFor: number | undefined;

/** The warm-up (warmUp.ts): once per page, after the worker has been idle a moment; any message postpones it. */
let warmed = false;
let warmReq: ExploreRequest | undefined;
let warmTimer: ReturnType<typeof setTimeout> | undefined;
function scheduleWarmUp(): void {
  clearTimeout(warmTimer);
  if (warmed || !warmReq) return;
  warmTimer = setTimeout(() => {
    // Not while a second phase waits for the page's ranges request: the warm-up would replace it.
    if (rangesFor !== undefined || !warmReq) return scheduleWarmUp();
    warmed = true;
    try {
      warmUp(warmReq);
    } catch {
      // Only a warm-up: the next real request reports whatever fails.
    }
  }, WARM_UP_IDLE_MS);
}

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
        // (While the page paints the first lines: the ranges request comes after that.)
        if (result.rangesPending) prepareWholePanes();
        // A large input has been through the path itself.
        if (m.request.input.length >= FAST_PARSE_CHARS) warmed = true;
        warmReq = m.request;
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
          'result' in update
            ? transferables(update.result)
            : [
                update.ranges.nums.buffer as ArrayBuffer,
                ...[update.panes?.hub, update.panes?.stored, update.panes?.target].flatMap((p) =>
                  transferablesOf(p?.lines),
                ),
              ],
        );
        break;
      }
      case 'import':
        void later(m.id, () => importReply(m.id, m.files));
        break;
      case 'strategies':
        post({ type: 'strategies', id: m.id, ...strategies(m.request) });
        break;
      case 'census':
        post({ type: 'census', id: m.id, ...census(m.catalogKey) });
        break;
      case 'crdCheck':
        void later(m.id, async () => {
          const { crdAcceptance } = await import('../viewModel/crdAcceptance.ts');
          post({ type: 'crdCheck', id: m.id, result: crdAcceptance(m.files) });
        });
        break;
    }
  } catch (err) {
    post(errorReply(m.id, err));
  }
  scheduleWarmUp();
};

/** Work whose code loads on first use (importers, CRD acceptance: not needed for the first render). */
async function later(id: number, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    post(errorReply(id, err));
  }
}

async function importReply(id: number, files: readonly { name: string; text: string }[]): Promise<void> {
  const { importFiles } = await import('../../importers/index.ts');
  const { catalog, issues } = importFiles(files);
  if (catalog.kinds.length === 0) {
    post({ type: 'import', id, result: { issues } });
    return;
  }
  const text = serializeCatalog(catalog);
  post({
    type: 'import',
    id,
    result: { json: JSON.parse(text) as unknown, title: catalog.title, hash: catalogHash(text), issues },
  });
}

function errorReply(id: number, err: unknown): WorkerResponse {
  // Recursion over a document nested thousands of levels deep runs out of stack: say what it means.
  const deep = err instanceof RangeError && /call stack/i.test(err.message);
  const message = deep
    ? 'the input is nested too deeply to convert and show'
    : err instanceof Error
      ? err.message
      : String(err);
  return { type: 'error', id, message };
}
