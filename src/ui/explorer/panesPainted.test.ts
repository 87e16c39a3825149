import { describe, expect, it } from 'vitest';
import { PaintWaiters } from './panesPainted.ts';

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('PaintWaiters', () => {
  it('ends a wait when a result for that text is committed, not for another text', async () => {
    const w = new PaintWaiters();
    const p = w.wait('big');
    expect(w.committed('old', false)).toHaveLength(0);
    const ended = w.committed('big', false);
    expect(ended).toHaveLength(1);
    expect(await settled(p)).toBe(false);
    ended.forEach((d) => d());
    expect(await settled(p)).toBe(true);
  });

  it('ends every wait when the conversion fails', () => {
    const w = new PaintWaiters();
    void w.wait('big');
    expect(w.committed(undefined, true)).toHaveLength(1);
  });

  it('settles an earlier wait when a newer one starts, and a wait for what is shown at once', async () => {
    const w = new PaintWaiters();
    const first = w.wait('one');
    const second = w.wait('two');
    expect(await settled(first)).toBe(true);
    expect(await settled(second)).toBe(false);
    w.committed('two', false).forEach((d) => d());
    expect(await settled(second)).toBe(true);
    expect(await settled(w.wait('two'))).toBe(true);
  });
});
