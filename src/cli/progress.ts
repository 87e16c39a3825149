// The progress line of a long run, on stderr when it is a terminal: objects done, objects per second and, when
// the input's size is known, the time left. Shown from about a second in (from the start with --progress),
// rewritten in place at most a few times a second, and wiped before anything else is written to stderr.

export interface ProgressOptions {
  readonly write: (text: string) => void;
  /** Total input size (characters or bytes, as `done` counts them), when known. */
  readonly total?: number;
  /** Show from the start instead of after SHOW_AFTER_MS. */
  readonly eager?: boolean;
  readonly now?: () => number;
}

export const SHOW_AFTER_MS = 1000;
const EVERY_MS = 200;

const seconds = (ms: number): string => {
  const s = Math.max(0, Math.round(ms / 1000));
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
};

export class Progress {
  private readonly start: number;
  private last = -Infinity;
  private shown = false;
  private readonly now: () => number;

  constructor(private readonly o: ProgressOptions) {
    this.now = o.now ?? (() => performance.now());
    this.start = this.now();
  }

  /** `objects` done so far, `done` of the input's size read. */
  tick(objects: number, done: number): void {
    const t = this.now();
    if (t - this.last < EVERY_MS || (!this.o.eager && t - this.start < SHOW_AFTER_MS)) return;
    this.last = t;
    this.shown = true;
    const elapsed = Math.max(1, t - this.start);
    const rate = (objects * 1000) / elapsed;
    const parts = [`${objects} objects`, `${rate < 10 ? rate.toFixed(1) : Math.round(rate)}/s`];
    const total = this.o.total;
    if (total !== undefined && total > 0 && done > 0) {
      const f = Math.min(1, done / total);
      parts.push(`${Math.floor(f * 100)}%`, `about ${seconds((elapsed * (1 - f)) / f)} left`);
    }
    this.o.write(`\r${parts.join(', ')}\u001b[K`);
  }

  /** Wipes the line (before other stderr output, and at the end). */
  clear(): void {
    if (!this.shown) return;
    this.shown = false;
    this.o.write('\r\u001b[K');
  }
}
