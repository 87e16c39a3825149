// A command's input read object by object (streamResources), with the progress line on a terminal and output
// held back until it is large: bad input found early still writes nothing, and a whole cluster's results flow
// out as they are known instead of gathering in memory.
import os from 'node:os';
import type { Issue, ParsedDocument, TextPiece } from '../core/index.ts';
import { formatIssue, hasErrors, issue, pieceSplitter } from '../core/index.ts';
import type { CommandArgs } from './commands/command.ts';
import { InputIssueError, type CommandIO } from './io.ts';
import { expectedDocuments, type Judge } from './parallel/judgeBatch.ts';
import { JudgePool, startEarly, wireArgs, type WorkerPlan } from './parallel/judgePool.ts';
import { Progress } from './progress.ts';
import { boundHeapGrowth } from './streamHeap.ts';
import { parsePiece, streamResources } from './streamResources.ts';
import { fileIssue, inputName, printIssues, stableJson } from './commands/conversionArgs.ts';

/** Output up to this many characters waits for the end of the input (bad input then writes nothing). */
export const HOLD_CHARS = 1 << 20;

/** Writes held back until HOLD_CHARS have gathered, then passed straight through. */
export class HeldOutput {
  private held: string[] = [];
  private size = 0;
  private flowing = false;
  constructor(
    private readonly write: (text: string) => void,
    private readonly limit = HOLD_CHARS,
  ) {}
  out(text: string): void {
    if (this.flowing) return this.write(text);
    this.held.push(text);
    this.size += text.length;
    if (this.size >= this.limit) this.flush();
  }
  /** True once something was written: bad input can no longer write nothing. */
  get started(): boolean {
    return this.flowing;
  }
  flush(): void {
    this.flowing = true;
    const held = this.held.join('');
    this.held = [];
    if (held.length > 0) this.write(held);
  }
  discard(): void {
    this.held = [];
  }
}

/** `--progress`/`--no-progress`, never with JSON output or when stderr is not a terminal. */
export function progressWanted(io: CommandIO, flags: ReadonlySet<string>, json: boolean): 'no' | 'yes' | 'eager' {
  if (flags.has('--no-progress') || json || io.errIsTerminal?.() !== true) return 'no';
  return flags.has('--progress') ? 'eager' : 'yes';
}

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

/** Pieces per batch grow from this size of text to BATCH_CHARS: the first results come early. */
const FIRST_BATCH_CHARS = 4096;
const BATCH_CHARS = 64 * 1024;

/** Judging threads by default: the machine's (workers = this - 1, started when they pay: judgePool.ts). */
const autoJobs = (): number => os.availableParallelism();

/**
 * Every document of FILE judged and applied in order, as it is read. Problems reading or parsing it are printed
 * where they are found; after the first, no document is applied (the rest is read for its problems). With
 * `workers`, batches of documents may be judged by worker threads; what is applied, and so written, is the same.
 */
export async function eachJudged<J>(
  io: CommandIO,
  file: string,
  progress: 'no' | 'yes' | 'eager',
  judging: Judging<J>,
): Promise<StreamedRun> {
  boundHeapGrowth();
  const name = inputName(file);
  const failed: { error?: unknown } = {};
  let chars = 0;
  let read = 0;
  let bad = false;
  let any = false;
  let index = 0; // the next document's, as applied
  const jobs = judging.workers ? (judging.workers.jobs ?? autoJobs()) : 1;
  const total = progress === 'no' && jobs < 2 ? undefined : await io.sizeOf?.(file).catch(() => undefined);
  const line =
    progress === 'no'
      ? undefined
      : new Progress({ write: io.err, ...(total !== undefined ? { total } : {}), eager: progress === 'eager' });
  // what the command writes first wipes the progress line
  const around: CommandIO = line
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
  /** One piece's problems printed, then its documents applied (unless the input is bad). */
  const piece = (issues: readonly Issue[], count: number, judged: Iterable<J>): void => {
    if (count > 0 || issues.length > 0) any = true;
    index += count;
    if (issues.length > 0) {
      line?.clear();
      printIssues(io, issues);
      if (hasErrors(issues)) bad = true;
    }
    if (bad) return;
    for (const j of judged) {
      read++;
      judging.apply(j, around);
      line?.tick(read, chars);
    }
  };
  /** Parsed, judged and applied one document at a time: one thread, or a batch to judge again in order. */
  const inOrder = (pieces: readonly TextPiece[]): void => {
    for (const p of pieces) {
      const b = parsePiece(p, name, index);
      piece(b.issues, b.documents.length, lazyMap(b.documents, judging.judge));
    }
  };
  let assumed = 0; // where the next batch's documents are numbered from (corrected when a piece holds more)
  const pool =
    judging.workers && jobs > 1
      ? new JudgePool<J>(
          { ...judging.workers, workers: jobs - 1 },
          name,
          judging.judge,
          (batch, results) => {
            const from = index;
            if (results && batch.start === index) for (const r of results) piece(r.issues, r.count, r.judged);
            else inOrder(batch.pieces);
            assumed += index - from - expectedDocuments(batch.pieces);
          },
          () => (total === undefined || chars === 0 ? undefined : Math.max(0, total - chars) / chars),
        )
      : undefined;
  const split = pieceSplitter();
  let batch: TextPiece[] = [];
  let size = 0;
  let limit = FIRST_BATCH_CHARS;
  const send = async (): Promise<void> => {
    const pieces = batch;
    batch = [];
    size = 0;
    limit = Math.min(limit * 2, BATCH_CHARS);
    if (!pool) return inOrder(pieces);
    const start = assumed;
    assumed += expectedDocuments(pieces);
    await pool.submit(start, pieces);
  };
  const take = async (pieces: readonly TextPiece[]): Promise<void> => {
    for (const p of pieces) {
      batch.push(p);
      size += p.text.length;
      if (size >= limit) await send();
    }
  };
  try {
    for await (const chunk of chunksOf(io, file, failed, (n) => (chars += n))) await take(split.push(chunk));
    if (failed.error === undefined) await take(split.end());
    if (batch.length > 0) await send();
    await pool?.finish();
  } finally {
    await pool?.close();
  }
  if (failed.error === undefined && !any)
    piece([issue('error', 'EMPTY_INPUT', 'The input holds no document.', [], { file: name })], 0, []);
  line?.clear();
  if (failed.error !== undefined) {
    io.err(`${formatIssue(readIssue(failed.error, file))}\n`);
    return { name, read, bad: true };
  }
  return { name, read, bad };
}

function* lazyMap<A, B>(xs: readonly A[], f: (a: A) => B): Generator<B> {
  for (const x of xs) yield f(x);
}

/** Every document of FILE handed to `each` in order, as it is read (eachJudged in this thread, judged by `each`). */
export const eachDocument = (
  io: CommandIO,
  file: string,
  progress: 'no' | 'yes' | 'eager',
  each: (doc: ParsedDocument, io: CommandIO) => void,
): Promise<StreamedRun> =>
  eachJudged<ParsedDocument>(io, file, progress, { judge: (d) => d, apply: (d, dio) => each(d, dio) });

/** Documents judged and applied in order (eachJudged bound to its input and workers). */
export type DocumentSource = <J>(judging: Omit<Judging<J>, 'workers'>) => Promise<StreamedRun>;

/** `--jobs N`: judging threads, 1 to 64 (a usage error's words otherwise); undefined: automatic. */
export function jobsOption(values: Readonly<Record<string, string>>): number | undefined | string {
  const v = values['--jobs'];
  if (v === undefined || v === 'auto') return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 64 ? n : '--jobs takes a number of threads, 1 to 64, or auto';
}

/** The workers a command's judging may use, or a usage error's words when `--jobs` is wrong. */
export function workersFor(command: string, a: CommandArgs): WorkerPlan | string {
  const jobs = jobsOption(a.values);
  if (typeof jobs === 'string') return jobs;
  const plan = { command, args: wireArgs(a), ...(jobs !== undefined ? { jobs } : {}) };
  // `--jobs N`: the workers load while this thread sets up (a running webhook answers this thread only)
  const file = a.values['--file'];
  if (file !== undefined && a.values['--webhook'] === undefined) startEarly(plan, inputName(file));
  return plan;
}

/** A value as stableJson writes it, indented to sit at `depth` inside a streamed JSON value. */
export const nestedJson = (value: unknown, depth: number): string =>
  stableJson(value)
    .trimEnd()
    .replace(/\n/g, `\n${'  '.repeat(depth)}`);

/**
 * Every document of every .yaml/.yml/.json file under PATH, handed to `each` as it is read (`roundtrip --samples`).
 * False (the problems printed) when PATH is missing or a file does not parse: bad input, never "nothing to check";
 * an empty file is nothing to check.
 */
export async function eachSample(
  io: CommandIO,
  p: string,
  each: (file: string, doc: ParsedDocument) => void,
  onFile?: (file: string) => void,
): Promise<boolean> {
  let files: string[];
  try {
    files = (await io.listFiles(p)).filter((f) => /\.(ya?ml|json)$/i.test(f));
  } catch {
    io.err(`${formatIssue(issue('error', 'FILE_NOT_FOUND', 'no such file or folder', [], { file: p }))}\n`);
    return false;
  }
  for (const file of files) {
    onFile?.(file);
    const failed: { error?: unknown } = {};
    let bad = false;
    for await (const b of streamResources(
      chunksOf(io, file, failed, () => undefined),
      file,
    )) {
      const errors = b.issues.filter((i) => i.severity === 'error' && i.code !== 'EMPTY_INPUT');
      if (errors.length > 0) {
        printIssues(io, errors);
        bad = true;
      }
      if (!bad) for (const d of b.documents) each(file, d);
    }
    if (failed.error !== undefined) io.err(`${formatIssue(readIssue(failed.error, file))}\n`);
    if (bad || failed.error !== undefined) return false;
  }
  return true;
}

/** Every sample file under PATH with its documents, gathered (`rules draft --samples`); undefined on bad input. */
export async function readSamples(
  io: CommandIO,
  p: string,
): Promise<{ file: string; documents: ParsedDocument[] }[] | undefined> {
  const out: { file: string; documents: ParsedDocument[] }[] = [];
  const ok = await eachSample(
    io,
    p,
    (_file, doc) => out[out.length - 1]?.documents.push(doc),
    (file) => out.push({ file, documents: [] }),
  );
  return ok ? out : undefined;
}
