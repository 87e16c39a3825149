import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExploreRequest, ExploreResult } from '../viewModel/types.ts';
import type { WorkerRequest } from './protocol.ts';

/** A stand-in worker: records what the page posts and answers each explore with a result naming its id. */
class FakeWorker {
  static last: FakeWorker | undefined;
  readonly posted: WorkerRequest[] = [];
  onmessage: ((e: { data: unknown }) => void) | undefined;
  onerror: unknown;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(m: WorkerRequest): void {
    this.posted.push(m);
    if (m.type === 'explore') {
      const result = { millis: m.id, rangesPending: m.request.input === 'big' ? true : undefined };
      queueMicrotask(() => this.onmessage?.({ data: { type: 'explore', id: m.id, result } }));
    }
  }
}

async function client() {
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('requestAnimationFrame', (f: () => void) => setTimeout(f, 0));
  const { ConversionClient } = await import('./conversionClient.ts');
  const c = new ConversionClient();
  return { c, worker: FakeWorker.last as FakeWorker };
}

const explores = (w: FakeWorker) => w.posted.filter((m) => m.type === 'explore').length;
const millis = (r: ExploreResult | { error: string }) => ('error' in r ? NaN : r.millis);

afterEach(() => vi.unstubAllGlobals());

describe('ConversionClient.prime', () => {
  const req: ExploreRequest = { catalogKey: 'k', input: 'a: 1', document: 0, roundTrip: false };

  it("answers the page's equal request (fields in any order) with the primed answer, without asking again", async () => {
    const { c, worker } = await client();
    c.prime(req);
    const r = await c.explore({ roundTrip: false, document: 0, input: 'a: 1', catalogKey: 'k' });
    expect(explores(worker)).toBe(1);
    expect(millis(r)).toBe(1);
  });

  it('asks again for a different request, and the primed answer is used at most once', async () => {
    const { c, worker } = await client();
    c.prime(req);
    expect(millis(await c.explore({ ...req, targetVersion: 'v2' }))).toBe(2);
    expect(millis(await c.explore(req))).toBe(3);
    expect(explores(worker)).toBe(3);
  });

  it('asks again when the primed answer still waits for its ranges (its update would reach nobody)', async () => {
    const { c, worker } = await client();
    const big = { ...req, input: 'big' };
    c.prime(big);
    expect(millis(await c.explore(big, () => undefined))).toBe(2);
    expect(explores(worker)).toBe(2);
  });
});
