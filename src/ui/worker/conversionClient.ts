// The page's side of the conversion worker: one worker, request ids, promises per request.
import type {
  CatalogSummary,
  ExploreRequest,
  ExploreResult,
  ImportResult,
  StrategiesRequest,
} from '../viewModel/types.ts';
import type { WorkerRequest, WorkerResponse } from './protocol.ts';
import type { CrdAcceptance } from '../viewModel/crdAcceptance.ts';
import type { Census, Issue, StrategyComparison } from '../../core/index.ts';
import { sameRequest } from './firstAnswer.ts';
import { completed } from '../viewModel/firstLines.ts';

type Pending = { resolve: (m: WorkerResponse) => void };
/**
 * A result sent with `rangesPending`, waiting for its `update` reply. A primed request's `onUpdate` comes when
 * the page claims it; an update that arrives before that waits in `done`.
 */
type Updating = {
  base?: ExploreResult;
  onUpdate?: (r: ExploreResult, base: ExploreResult) => void;
  done?: ExploreResult;
};

// Distributes Omit over the union so each request keeps its own fields.
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export class ConversionClient {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly updating = new Map<number, Updating>();
  private readonly loaded = new Map<string, Promise<{ summary?: CatalogSummary; issues: readonly Issue[] }>>();
  /** A request sent before the page asked (see prime), with its answer and its update still due. */
  private primed:
    { request: ExploreRequest; reply: Promise<ExploreResult | { error: string }>; updating: Updating } | undefined;

  constructor() {
    this.worker = new Worker(new URL('./conversion.worker.ts', import.meta.url), {
      type: 'module',
      name: 'conversion',
    });
    this.worker.onmessage = (e: MessageEvent<WorkerResponse>) => {
      const m = e.data;
      const u = this.updating.get(m.id);
      if (u) {
        if (m.type === 'explore' && m.result.rangesPending) {
          u.base = m.result;
          // The ranges' full parse takes a core for a while: ask for it once the panes are on screen.
          requestAnimationFrame(() => setTimeout(() => this.worker.postMessage({ type: 'ranges', id: m.id })));
        } else if (m.type === 'update' && u.base) {
          this.updating.delete(m.id);
          const r = completed(u.base, m.update);
          if (u.onUpdate) u.onUpdate(r, u.base);
          else u.done = r;
          return;
        } else this.updating.delete(m.id);
      }
      if (m.type === 'update') return;
      const p = this.pending.get(e.data.id);
      this.pending.delete(e.data.id);
      p?.resolve(e.data);
    };
    this.worker.onerror = (e) => {
      // A crash of the worker must not leave the page waiting forever.
      for (const [id, p] of this.pending)
        p.resolve({ type: 'error', id, message: e.message || 'the conversion worker failed' });
      this.pending.clear();
    };
  }

  private send(m: WithoutId<WorkerRequest>, updating?: Updating): Promise<WorkerResponse> {
    const id = this.nextId++;
    if (updating) this.updating.set(id, updating);
    return new Promise((resolve) => {
      this.pending.set(id, { resolve });
      this.worker.postMessage({ ...m, id } as WorkerRequest);
    });
  }

  /** Sends a catalog once per key; later calls return the first answer. */
  loadCatalog(
    key: string,
    json: unknown,
    hooks?: string,
  ): Promise<{ summary?: CatalogSummary; issues: readonly Issue[] }> {
    let p = this.loaded.get(key);
    if (!p) {
      p = this.send({ type: 'catalog', key, json, ...(hooks !== undefined ? { hooks } : {}) }).then((r) => {
        if (r.type === 'catalog') return { ...(r.summary ? { summary: r.summary } : {}), issues: r.issues };
        return { issues: [errorIssue(r.type === 'error' ? r.message : 'unexpected reply')] };
      });
      this.loaded.set(key, p);
    }
    return p;
  }

  /**
   * The result of one view. A large input's first answer may come without source ranges
   * (`rangesPending`); `onUpdate` then gets the completed result, with the first one to compare against.
   * A newer explore request drops the updates still due for older ones.
   */
  async explore(
    request: ExploreRequest,
    onUpdate?: (r: ExploreResult, base: ExploreResult) => void,
  ): Promise<ExploreResult | { error: string }> {
    const primed = this.primed;
    this.primed = undefined;
    if (primed && sameRequest(primed.request, request)) {
      const u = primed.updating;
      if (onUpdate) u.onUpdate = onUpdate;
      const r = await primed.reply;
      // (Its update came before the page asked: handed over once the page has the answer it completes.)
      const done = u.done;
      if (done && onUpdate && !('error' in r)) queueMicrotask(() => onUpdate(done, r));
      return r;
    }
    return this.sendExplore(request, onUpdate ? { onUpdate } : undefined);
  }

  private async sendExplore(request: ExploreRequest, updating?: Updating): Promise<ExploreResult | { error: string }> {
    this.updating.clear();
    // For the UI benchmark: the request leaves the page (a primed one before the page renders it).
    performance.mark('ve:send');
    const r = await this.send({ type: 'explore', request }, updating);
    return r.type === 'explore' ? r.result : { error: r.type === 'error' ? r.message : 'unexpected reply' };
  }

  /**
   * Sends `request` now, before the page asks for it (the first view while the app's code still loads, or a
   * paste's text while the page renders it); the page's next explore with an equal request gets this answer
   * and its update. Any other request drops it (and, being newer, the updates still due for it).
   */
  prime(request: ExploreRequest): void {
    const updating: Updating = {};
    this.primed = { request, reply: this.sendExplore(request, updating), updating };
  }

  async importFiles(files: readonly { name: string; text: string }[]): Promise<ImportResult> {
    const r = await this.send({ type: 'import', files });
    return r.type === 'import'
      ? r.result
      : { issues: [errorIssue(r.type === 'error' ? r.message : 'unexpected reply')] };
  }

  async strategies(request: StrategiesRequest): Promise<{ comparison?: StrategyComparison; issues: readonly Issue[] }> {
    const r = await this.send({ type: 'strategies', request });
    return r.type === 'strategies' ? r : { issues: [errorIssue(r.type === 'error' ? r.message : 'unexpected reply')] };
  }

  /** Would the API server accept the CRDs in these files (their CEL: compiled, typed, cost-estimated)? */
  async checkCrds(files: readonly { name: string; text: string }[]): Promise<CrdAcceptance> {
    const r = await this.send({ type: 'crdCheck', files });
    if (r.type === 'crdCheck') return r.result;
    throw new Error(r.type === 'error' ? r.message : 'unexpected reply');
  }

  async census(catalogKey: string): Promise<{ census?: Census; issues: readonly Issue[] }> {
    const r = await this.send({ type: 'census', catalogKey });
    return r.type === 'census' ? r : { issues: [errorIssue(r.type === 'error' ? r.message : 'unexpected reply')] };
  }
}

function errorIssue(message: string): Issue {
  return { severity: 'error', code: 'INVALID_CATALOG', message, path: [] };
}

let client: ConversionClient | undefined;
export function conversionClient(): ConversionClient {
  client ??= new ConversionClient();
  return client;
}
