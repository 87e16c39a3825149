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
    // The second phase: a whole result (as when the full parse reads the text differently).
    if (m.type === 'ranges')
      queueMicrotask(() =>
        this.onmessage?.({ data: { type: 'update', id: m.id, update: { result: { millis: 100 + m.id } } } }),
      );
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

  it("hands the primed answer's update to the page's onUpdate, without asking again", async () => {
    const { c, worker } = await client();
    const big = { ...req, input: 'big' };
    c.prime(big);
    const updated = new Promise<[ExploreResult, ExploreResult]>((done) => {
      void c.explore(big, (r, base) => done([r, base])).then((r) => expect(millis(r)).toBe(1));
    });
    const [r, base] = await updated;
    expect([r.millis, base.millis]).toStrictEqual([101, 1]);
    expect(explores(worker)).toBe(1);
  });

  it('keeps an update that came before the page asked, and hands it over after the answer', async () => {
    const { c, worker } = await client();
    const big = { ...req, input: 'big' };
    c.prime(big);
    await vi.waitFor(() => expect(worker.posted.some((m) => m.type === 'ranges')).toBe(true));
    await new Promise((r) => setTimeout(r, 0));
    const seen: number[] = [];
    const r = await c.explore(big, (u, base) => seen.push(u.millis, base.millis));
    expect(millis(r)).toBe(1);
    await vi.waitFor(() => expect(seen).toStrictEqual([101, 1]));
    expect(explores(worker)).toBe(1);
  });

  it('drops the primed answer and its update for a different text (a later edit supersedes a paste)', async () => {
    const { c, worker } = await client();
    c.prime({ ...req, input: 'big' });
    const seen: number[] = [];
    const r = await c.explore({ ...req, input: 'big ' }, (u) => seen.push(u.millis));
    expect(millis(r)).toBe(2);
    expect(explores(worker)).toBe(2);
    await new Promise((done) => setTimeout(done, 10));
    expect(seen).toStrictEqual([]);
  });
});
