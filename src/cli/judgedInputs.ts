// Inputs read object by object (pieceSplitter, parsePiece), each document judged (here, or by worker threads over
// batches) and applied in input order, with the progress line on a terminal. One run may read several inputs in
// turn (`roundtrip --samples` over many files): its workers start once and judge every input, and batches flow
// across an input's end (each batch names its input), so many small files keep the workers busy too.
import os from 'node:os';
import type { Issue, TextPiece } from '../core/index.ts';
import { formatIssue, hasErrors, issue, pieceSplitter } from '../core/index.ts';
import { InputIssueError, type CommandIO } from './io.ts';
import { expectedDocuments, type Judge, type PieceJudged } from './parallel/judgeBatch.ts';
import { JudgePool, type Pending, type WorkerPlan } from './parallel/judgePool.ts';
import { Progress } from './progress.ts';
import { boundHeapGrowth } from './streamHeap.ts';
import { parsePiece } from './streamResources.ts';
import { fileIssue, inputName, printIssues } from './commands/conversionArgs.ts';

export interface StreamedRun {
  /** How messages name the input. */
  readonly name: string;
  /** Documents handed to the command. */
  readonly read: number;
  /** The input could not be read, or did not parse (the problems were printed): exit 2. */
  readonly bad: boolean;
}

/** Why FILE could not be read: its bytes are not UTF-8 (at the byte), or the file system's reason. */
const readIssue = (e: unknown, file: string): Issue => (e instanceof InputIssueError ? e.issue : fileIssue(e, file));

/** The text of FILE (stdin for `-`) in chunks; a read failure is kept for the caller instead of thrown. */
async function* chunksOf(io: CommandIO, file: string, failed: { error?: unknown }, count: (n: number) => void) {
  try {
    if (io.readChunks)
      for await (const c of io.readChunks(file)) {
        count(c.length);
        yield c;
      }
    else {
      const text = file === '-' ? await io.readStdin() : await io.readText(file);
      count(text.length);
      yield text;
    }
  } catch (e) {
    failed.error = e;
  }
}

/** What a command does with each document: `judge` (no effect, in any thread) then `apply`, in input order, here. */
export interface Judging<J> {
  readonly judge: Judge<J>;
  /** Writes and counts what `judge` found (through the `io` it is given: its output first wipes the progress line). */
  readonly apply: (judged: J, io: CommandIO) => void;
  /** How workers build the same judge; absent: this thread only. */
  readonly workers?: WorkerPlan;
}

export interface InputsOptions {
  /**
   * Sample files (`roundtrip --samples`): an empty one is nothing to check, only errors are printed, and after a
   * bad one no later input is printed or applied.
   */
  readonly samples?: boolean;
}

/** Pieces per batch grow from this size of text to BATCH_CHARS: the first results come early. */
const FIRST_BATCH_CHARS = 4096;
const BATCH_CHARS = 64 * 1024;

/** Judging threads by default: the machine's (workers = this - 1, started when they pay: judgePool.ts). */
const autoJobs = (): number => os.availableParallelism();

/** One input's state as its documents are applied. */
interface Input {
  readonly file: string;
  readonly name: string;
  readonly failed: { error?: unknown };
  /** The next document's number, as applied. */
  index: number;
  /** Where the next batch's documents are numbered from (corrected when a piece holds more). */
  assumed: number;
  any: boolean;
  bad: boolean;
  read: number;
}

/**
 * Every document of each of FILES judged and applied in order, as it is read. Problems reading or parsing an input
 * are printed where they are found; after the first, no document of it is applied (the rest is read for its
 * problems). With `workers`, batches may be judged by worker threads; what is applied, and so written, is the same.
 */
export async function judgeInputs<J>(
  io: CommandIO,
  files: readonly string[],
  progress: 'no' | 'yes' | 'eager',
  judging: Judging<J>,
  o: InputsOptions = {},
): Promise<StreamedRun[]> {
  boundHeapGrowth();
  const jobs = judging.workers ? (judging.workers.jobs ?? autoJobs()) : 1;
  const total = progress === 'no' && jobs < 2 ? undefined : await sizeOfAll(io, files);
  const run = new InputsRun(io, progress, judging, jobs, total, o);
  return run.all(files);
}

/** The inputs' total size, when every one is known. */
async function sizeOfAll(io: CommandIO, files: readonly string[]): Promise<number | undefined> {
  let sum = 0;
  for (const f of files) {
    const n = await io.sizeOf?.(f).catch(() => undefined);
    if (n === undefined) return undefined;
    sum += n;
  }
  return sum;
}

class InputsRun<J> {
  private readonly line: Progress | undefined;
  /** What the command writes first wipes the progress line. */
  private readonly around: CommandIO;
  private readonly pool: JudgePool<J> | undefined;
  private chars = 0;
  private read = 0;
  private limit = FIRST_BATCH_CHARS;
  /** A sample input ended bad: nothing after it is printed or applied. */
  private stopped = false;

  constructor(
    private readonly io: CommandIO,
    progress: 'no' | 'yes' | 'eager',
    private readonly judging: Judging<J>,
    jobs: number,
    total: number | undefined,
    private readonly o: InputsOptions,
  ) {
    const line = (this.line =
      progress === 'no'
        ? undefined
        : new Progress({ write: io.err, ...(total !== undefined ? { total } : {}), eager: progress === 'eager' }));
    this.around = line
      ? {
          ...io,
          out: (t) => {
            line.clear();
            io.out(t);
          },
          err: (t) => {
            line.clear();
            io.err(t);
          },
        }
      : io;
    this.pool =
      judging.workers && jobs > 1
        ? new JudgePool<J>({ ...judging.workers, workers: jobs - 1 }, judging.judge, () =>
            total === undefined || this.chars === 0 ? undefined : Math.max(0, total - this.chars) / this.chars,
          )
        : undefined;
  }

  async all(files: readonly string[]): Promise<StreamedRun[]> {
    const inputs: Input[] = [];
    try {
      for (const file of files) {
        if (this.stopped) break;
        const input: Input = {
          file,
          name: inputName(file),
          failed: {},
          index: 0,
          assumed: 0,
          any: false,
          bad: false,
          read: 0,
        };
        inputs.push(input);
        await this.readInput(input);
        if (this.pool) this.pool.after(() => this.end(input));
        else this.end(input);
      }
      await this.pool?.finish();
    } finally {
      await this.pool?.close();
    }
    this.line?.clear();
    return inputs.map((i) => ({ name: i.name, read: i.read, bad: i.bad }));
  }

  /** The input read, cut into batches and each handed on (judged and applied here without workers). */
  private async readInput(input: Input): Promise<void> {
    const split = pieceSplitter();
    let batch: TextPiece[] = [];
    let size = 0;
    const send = async (): Promise<void> => {
      const pieces = batch;
      batch = [];
      size = 0;
      this.limit = Math.min(this.limit * 2, BATCH_CHARS);
      if (!this.pool) return this.inOrder(input, pieces);
      const start = input.assumed;
      input.assumed += expectedDocuments(pieces);
      await this.pool.submit({ file: input.name, start, pieces }, (b, r) => this.delivered(input, b, r));
    };
    const take = async (pieces: readonly TextPiece[]): Promise<void> => {
      for (const p of pieces) {
        batch.push(p);
        size += p.text.length;
        if (size >= this.limit) await send();
      }
    };
    for await (const chunk of chunksOf(this.io, input.file, input.failed, (n) => (this.chars += n))) {
      // a sample file before this one was bad (found as the workers' results came in): nothing of this one counts
      if (this.stopped) return;
      await take(split.push(chunk));
    }
    if (input.failed.error === undefined) await take(split.end());
    if (batch.length > 0) await send();
  }

  /** A batch's judgements applied (judged again here, in order, when its numbering was off or a judge threw). */
  private delivered(input: Input, batch: Pending, results: PieceJudged<J>[] | undefined): void {
    if (this.stopped) return;
    const from = input.index;
    if (results && batch.start === input.index) for (const r of results) this.piece(input, r.issues, r.count, r.judged);
    else this.inOrder(input, batch.pieces);
    input.assumed += input.index - from - expectedDocuments(batch.pieces);
  }

  /** Parsed, judged and applied one document at a time. */
  private inOrder(input: Input, pieces: readonly TextPiece[]): void {
    const judge = this.judging.judge;
    for (const p of pieces) {
      const b = parsePiece(p, input.name, input.index);
      this.piece(
        input,
        b.issues,
        b.documents.length,
        lazyMap(b.documents, (d) => judge(d, input.name)),
      );
    }
  }

  /** One piece's problems printed, then its documents applied (unless the input is bad). */
  private piece(input: Input, issues: readonly Issue[], count: number, judged: Iterable<J>): void {
    if (this.stopped) return;
    if (count > 0 || issues.length > 0) input.any = true;
    input.index += count;
    const shown = this.o.samples === true ? issues.filter((i) => i.severity === 'error') : issues;
    if (shown.length > 0) {
      this.line?.clear();
      printIssues(this.io, shown);
    }
    if (hasErrors(issues)) input.bad = true;
    if (input.bad) return;
    for (const j of judged) {
      input.read++;
      this.read++;
      this.judging.apply(j, this.around);
      this.line?.tick(this.read, this.chars);
    }
  }

  /** After the input's last batch: nothing in it (bad, unless a sample), or why it could not be read. */
  private end(input: Input): void {
    if (this.stopped) return;
    if (input.failed.error === undefined && !input.any && this.o.samples !== true)
      this.piece(
        input,
        [issue('error', 'EMPTY_INPUT', 'The input holds no document.', [], { file: input.name })],
        0,
        [],
      );
    if (input.failed.error !== undefined) {
      this.line?.clear();
      this.io.err(`${formatIssue(readIssue(input.failed.error, input.file))}\n`);
      input.bad = true;
    }
    if (input.bad && this.o.samples === true) this.stopped = true;
  }
}

function* lazyMap<A, B>(xs: readonly A[], f: (a: A) => B): Generator<B> {
  for (const x of xs) yield f(x);
}
