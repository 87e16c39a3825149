// Lets a large paste wait until the panes have painted its conversion (largePaste.ts applies it to the
// editor then). Framework-free waiters plus a hook that feeds them the committed results.
import { useCallback, useEffect, useState } from 'react';

export class PaintWaiters {
  private waiting: { readonly text: string; readonly done: () => void }[] = [];
  private shown: string | undefined;

  /** Settles once a result for `text` is committed; an earlier wait settles at once (superseded). */
  wait(text: string): Promise<void> {
    const earlier = this.waiting;
    this.waiting = [];
    for (const w of earlier) w.done();
    if (text === this.shown) return Promise.resolve();
    return new Promise((done) => this.waiting.push({ text, done }));
  }

  /**
   * A result computed from `input` was committed, or the conversion failed (`failed`): the waits it ends,
   * to be settled once the browser has painted it.
   */
  committed(input: string | undefined, failed: boolean): (() => void)[] {
    this.shown = input;
    const ended = this.waiting.filter((w) => failed || w.text === input);
    this.waiting = this.waiting.filter((w) => !ended.includes(w));
    return ended.map((w) => w.done);
  }
}

/** `wait(text)`: a promise that settles after the panes have painted a result for `text` (or an error). */
export function usePanesPainted(resultInput: string | undefined, error: unknown): (text: string) => Promise<void> {
  const [waiters] = useState(() => new PaintWaiters());
  useEffect(() => {
    const ended = waiters.committed(resultInput, error !== undefined);
    // A frame, then a task: after that frame's paint.
    if (ended.length > 0) requestAnimationFrame(() => setTimeout(() => ended.forEach((d) => d())));
  }, [waiters, resultInput, error]);
  return useCallback((text: string) => waiters.wait(text), [waiters]);
}
