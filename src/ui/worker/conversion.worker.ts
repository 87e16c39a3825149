// The conversion worker: the core library, the importers and the built-in hooks run here, so typing and
// a 1 MB resource never block the page. Every reply carries the request id; the page drops stale ones.
import { catalogHash, serializeCatalog } from '../../core/index.ts';
import { builtinHooks } from '../../catalogs/hooks.ts';
import { importFiles } from '../../importers/index.ts';
import { explore, setCatalog } from './engine.ts';
import { transferablesOf } from './packLines.ts';
import type { WorkerRequest, WorkerResponse } from './protocol.ts';

const post = (m: WorkerResponse, transfer: Transferable[] = []) =>
  (self as unknown as { postMessage(m: WorkerResponse, t: Transferable[]): void }).postMessage(m, transfer);

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
        const result = explore(m.request);
        post({ type: 'explore', id: m.id, result }, [
          result.ranges.nums.buffer as ArrayBuffer,
          ...transferablesOf(result.hub?.lines),
          ...transferablesOf(result.target?.lines),
        ]);
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
    }
  } catch (err) {
    post({ type: 'error', id: m.id, message: err instanceof Error ? err.message : String(err) });
  }
};
