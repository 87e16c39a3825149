// Batches of input pieces judged by worker threads and by this thread, delivered strictly in input order. Each
// worker imports the catalog on its own (seconds), so workers start only when a run is long enough to gain from
// them (docs/performance.md): after a second of judging here, with input left and this thread CPU-bound, or at once
// with `--jobs N`. A batch names its input, so one set of workers serves every input of a run (`roundtrip
// --samples` over many files). This thread judges a batch itself whenever every worker already has enough queued,
// and stops reading input while too many batches wait to be delivered (back-pressure: memory stays bounded). A
// worker that fails, or a batch whose judge threw, is judged again here in order, so the output is the
// single-thread run's, byte for byte.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { TextPiece } from '../../core/index.ts';
import type { CommandArgs } from '../commands/command.ts';
import { judgeBatch, type Judge, type PieceJudged } from './judgeBatch.ts';

/** The arguments as they cross to a worker (no functions; the flags a list). */
export interface WireArgs {
  readonly values: Readonly<Record<string, string>>;
  readonly lists: Readonly<Record<string, readonly string[]>>;
  readonly flags: readonly string[];
  readonly positionals: readonly string[];
  readonly choice: CommandArgs['choice'];
}

/** How a worker builds the same judge as this thread: the command (judges.ts) and its arguments. */
export interface WorkerPlan {
  readonly command: string;
  readonly args: WireArgs;
  /** Judging threads, this one included (`--jobs N`); undefined: automatic. */
  readonly jobs?: number;
}

export const wireArgs = (a: CommandArgs): WireArgs => ({
  values: { ...a.values },
  lists: { ...a.lists },
  flags: [...a.flags],
  positionals: [...a.positionals],
  choice: { ...a.choice },
});

/** What a worker is given at start: bound to no input, each batch names its own (roundtrip --samples: many files). */
export interface WorkerStart {
  readonly plan: WorkerPlan;
}

/** Pieces of one input, its documents numbered from `start`. */
export interface Pending {
  /** How messages name the input. */
  readonly file: string;
  readonly start: number;
  readonly pieces: readonly TextPiece[];
}

export interface BatchMessage extends Pending {
  readonly seq: number;
}

/** Receives a batch, in input order, with its judgements (undefined: judge it again, in order). */
export type Deliver<J> = (batch: Pending, results: PieceJudged<J>[] | undefined) => void;

export type WorkerReply =
  | { readonly type: 'ready' }
  | { readonly type: 'failed' }
  | { readonly type: 'judged'; readonly seq: number; readonly results: PieceJudged<unknown>[] | undefined };

/** Judging here for this long, with input left, starts the workers (automatic mode). */
export const AUTO_AFTER_MS = 1000;
/** ... unless the input's size says the rest would take less than this (a worker's start costs about as much). */
const WORTH_MS = 2000;
/** The share of a core this thread must have had for a worker to pay (automatic mode). */
const BUSY = 0.8;
/** Idle CPU the machine must have had, in cores, for a worker to get a core of its own (automatic mode). */
const IDLE_CORES = 0.5;

/**
 * Whether starting workers pays (automatic mode): this thread is CPU-bound (it had at least BUSY of a core: else
 * the input, or a machine busy with other work, is the limit); the machine had a core's worth idle meanwhile (on
 * cores other processes keep busy a worker adds its start and gets no more CPU: the kernel shares the CPU between
 * sessions, not threads); and the input left, estimated from the time so far and the share still to read, takes
 * longer than a worker's start.
 */
export function workerPays(o: {
  /** This thread's CPU over its wall time since the start. */
  readonly share: number;
  /** The machine's idle CPU over the same time, in cores. */
  readonly idleCores: number;
  /** Time this thread spent judging. */
  readonly judgedMs: number;
  /** The input left to read per part read; undefined when its size is unknown (stdin). */
  readonly left: number | undefined;
}): boolean {
  return o.share >= BUSY && o.idleCores >= IDLE_CORES && (o.left === undefined || o.judgedMs * o.left >= WORTH_MS);
}

/** The machine's idle and total CPU time over every core so far. */
function machineIdle(): { idle: number; total: number; cores: number } {
  let idle = 0;
  let total = 0;
  const cpus = os.cpus();
  for (const c of cpus) {
    idle += c.times.idle;
    total += c.times.user + c.times.nice + c.times.sys + c.times.idle + c.times.irq;
  }
  return { idle, total, cores: cpus.length };
}

/** Batches queued at one worker: it never waits for the next. */
const QUEUE = 8;
/** Batches this thread may judge beyond the workers' queues before their oldest is delivered: it keeps judging
 * while a worker finishes an older batch, instead of waiting for it. */
const AHEAD = 16;

interface Slot {
  readonly worker: Worker;
  ready: boolean;
  dead: boolean;
  readonly queued: Set<number>;
  /** Where its replies go (its pool); until a pool takes it, they wait in `early`. */
  to?: (m: WorkerReply | 'lost') => void;
  readonly early: (WorkerReply | 'lost')[];
}

/** Batches workers judged, and workers started, in this process (the tests check that workers did the work they
 * compare, and that a run over many inputs starts its workers once). */
export const judgedByWorkers = { batches: 0, started: 0 };

/** A judging worker started, its replies held until a pool takes it. */
function spawn(start: WorkerStart): Slot {
  const worker = new Worker(ENTRY, { workerData: start satisfies WorkerStart, stdout: true, stderr: true });
  judgedByWorkers.started++;
  const slot: Slot = { worker, ready: false, dead: false, queued: new Set(), early: [] };
  const to = (m: WorkerReply | 'lost') => (slot.to ? slot.to(m) : void slot.early.push(m));
  worker.on('message', (m: WorkerReply) => to(m));
  worker.on('error', () => to('lost'));
  worker.on('exit', () => to('lost'));
  // a worker writes nothing: the command's output is this thread's alone
  worker.stdout.resume();
  worker.stderr.resume();
  return slot;
}

/**
 * Workers started with the command (`--jobs N`, startEarly), before its own setup: each imports its catalog while
 * this thread imports its own, instead of while this thread judges alone. The command's pool takes them; those no
 * pool took (the command ended before reading its input) end with the command (endEarly).
 */
const early = new Map<string, Slot[]>();
const earlyKey = (plan: WorkerPlan): string => JSON.stringify([plan.command, plan.args]);

export function startEarly(plan: WorkerPlan): void {
  const key = earlyKey(plan);
  if (plan.jobs === undefined || plan.jobs < 2 || early.has(key)) return;
  const workers = plan.jobs - 1;
  const slots = Array.from({ length: workers }, () => spawn({ plan }));
  // not kept alive by them: a command that ends early ends the process
  for (const s of slots) s.worker.unref();
  early.set(key, slots);
}

/** Workers startEarly started that no pool took yet (for the tests). */
export const earlyWaiting = (): number => [...early.values()].reduce((n, s) => n + s.length, 0);

/** The workers startEarly started that no pool took, ended. */
export async function endEarly(): Promise<void> {
  const slots = [...early.values()].flat();
  early.clear();
  await Promise.all(slots.map((s) => s.worker.terminate()));
}

/** The worker entry: registers the TypeScript loader, then runs judgeWorker.ts. */
const ENTRY = new URL('./judgeWorker.mjs', import.meta.url);

export class JudgePool<J> {
  private readonly slots: Slot[] = [];
  private readonly pending = new Map<number, { readonly batch: Pending; readonly deliver: Deliver<J> }>();
  private readonly results = new Map<number, PieceJudged<J>[] | undefined>();
  private nextSeq = 0;
  private nextDeliver = 0;
  private judgedHereMs = 0;
  private waiters: (() => void)[] = [];
  /** What a delivery threw (the command's own exception): thrown again from submit or finish. */
  private failure: { error: unknown } | undefined;
  private closed = false;
  private readonly cpu0 = process.cpuUsage();
  private readonly wall0 = performance.now();
  private readonly idle0 = machineIdle();

  constructor(
    private readonly plan: WorkerPlan & { readonly workers: number },
    private readonly judge: Judge<J>,
    /** The input left to read per part read, when its size is known: whether starting workers still pays. */
    private readonly left: () => number | undefined,
  ) {
    if (plan.jobs !== undefined) this.start();
  }

  /** Hands a batch on (a worker with room, else this thread); returns when there is room for another. */
  async submit(batch: Pending, deliver: Deliver<J>): Promise<void> {
    const { file, start, pieces } = batch;
    const seq = this.nextSeq++;
    this.pending.set(seq, { batch, deliver });
    let slot = this.free();
    // A worker's replies wait behind this thread's work (buffered input is read without a turn of the event
    // loop): take them in before judging here, or the worker runs dry while this thread judges for it.
    if (!slot && this.slots.some((s) => !s.dead && s.ready)) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      slot = this.free();
    }
    if (slot) {
      slot.queued.add(seq);
      slot.worker.postMessage({ seq, file, start, pieces } satisfies BatchMessage);
    } else {
      const t0 = performance.now();
      this.results.set(seq, judgeBatch(pieces, file, start, this.judge));
      this.judgedHereMs += performance.now() - t0;
      if (this.slots.length === 0 && this.judgedHereMs >= AUTO_AFTER_MS && this.pays()) this.start();
    }
    this.flush();
    const ahead = this.slots.filter((s) => !s.dead).length * QUEUE + AHEAD;
    while (!this.failure && this.nextSeq - this.nextDeliver > ahead) await this.event();
    if (this.failure) throw this.failure.error;
  }

  /** `then` called once every batch submitted before is delivered (an input's end, in input order). */
  after(then: () => void): void {
    const seq = this.nextSeq++;
    this.pending.set(seq, { batch: { file: '', start: 0, pieces: [] }, deliver: then });
    this.results.set(seq, []);
    this.flush();
  }

  /** Every batch delivered. */
  async finish(): Promise<void> {
    while (!this.failure && this.nextDeliver < this.nextSeq) await this.event();
    if (this.failure) throw this.failure.error;
  }

  /** The workers ended (always, even when the command threw: nothing is delivered after). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  /** Workers started (their count: for the tests and the bench). */
  get started(): number {
    return this.slots.length;
  }

  /** Whether a worker would pay now (workerPays), from this thread's CPU and the machine's since the start. */
  private pays(): boolean {
    const cpu = process.cpuUsage(this.cpu0);
    const idle = machineIdle();
    return workerPays({
      share: (cpu.user + cpu.system) / 1000 / (performance.now() - this.wall0),
      idleCores:
        idle.total > this.idle0.total
          ? ((idle.idle - this.idle0.idle) / (idle.total - this.idle0.total)) * idle.cores
          : 0,
      judgedMs: this.judgedHereMs,
      left: this.left(),
    });
  }

  private start(): void {
    const key = earlyKey(this.plan);
    const started = early.get(key) ?? [];
    early.delete(key);
    for (let i = 0; i < this.plan.workers; i++) {
      const slot = started[i] ?? spawn({ plan: this.plan });
      slot.worker.ref();
      slot.to = (m) => (m === 'lost' ? this.lost(slot) : this.reply(slot, m));
      this.slots.push(slot);
      for (const m of slot.early.splice(0)) slot.to(m);
    }
    for (const s of started.slice(this.plan.workers)) void s.worker.terminate();
  }

  /** A worker with room: loaded (or, with `--jobs N`, loading: its queue waits for it), fewest queued first. */
  private free(): Slot | undefined {
    let best: Slot | undefined;
    for (const s of this.slots)
      if (!s.dead && (s.ready || this.plan.jobs !== undefined) && s.queued.size < QUEUE)
        if (!best || s.queued.size < best.queued.size) best = s;
    return best;
  }

  private reply(slot: Slot, m: WorkerReply): void {
    if (m.type === 'ready') slot.ready = true;
    else if (m.type === 'failed') return this.lost(slot);
    else {
      slot.queued.delete(m.seq);
      judgedByWorkers.batches++;
      this.results.set(m.seq, m.results as PieceJudged<J>[] | undefined);
      this.flush();
    }
    this.wake();
  }

  /** Its queued batches are judged again here, in order. */
  private lost(slot: Slot): void {
    if (slot.dead) return;
    slot.dead = true;
    for (const seq of slot.queued) this.results.set(seq, undefined);
    slot.queued.clear();
    void slot.worker.terminate();
    this.flush();
    this.wake();
  }

  private flush(): void {
    while (!this.failure && !this.closed && this.results.has(this.nextDeliver)) {
      const seq = this.nextDeliver++;
      const r = this.results.get(seq);
      this.results.delete(seq);
      const { batch, deliver } = this.pending.get(seq) as { batch: Pending; deliver: Deliver<J> };
      this.pending.delete(seq);
      try {
        deliver(batch, r);
      } catch (error) {
        this.failure = { error };
      }
    }
  }

  private event(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}
