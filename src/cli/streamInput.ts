// A command's input read object by object (judgedInputs.ts), with the progress line on a terminal and output
// held back until it is large: bad input found early still writes nothing, and a whole cluster's results flow
// out as they are known instead of gathering in memory.
import type { ParsedDocument } from '../core/index.ts';
import { formatIssue, issue } from '../core/index.ts';
import type { CommandArgs } from './commands/command.ts';
import type { CommandIO } from './io.ts';
import { judgeInputs, type Judging, type StreamedRun } from './judgedInputs.ts';
import { startEarly, wireArgs, type WorkerPlan } from './parallel/judgePool.ts';
import { inputName, stableJson } from './commands/conversionArgs.ts';

export type { Judging, StreamedRun } from './judgedInputs.ts';

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

/**
 * Every document of FILE judged and applied in order, as it is read (judgedInputs.ts). Problems reading or parsing
 * it are printed where they are found; after the first, no document is applied (the rest is read for its problems).
 * With `workers`, batches of documents may be judged by worker threads; what is applied, and so written, is the same.
 */
export const eachJudged = async <J>(
  io: CommandIO,
  file: string,
  progress: 'no' | 'yes' | 'eager',
  judging: Judging<J>,
): Promise<StreamedRun> => (await judgeInputs(io, [file], progress, judging))[0] as StreamedRun;

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
  const input = a.values['--file'] ?? a.values['--samples'];
  if (input !== undefined && a.values['--webhook'] === undefined) startEarly(plan);
  return plan;
}

/** A value as stableJson writes it, indented to sit at `depth` inside a streamed JSON value. */
export const nestedJson = (value: unknown, depth: number): string =>
  stableJson(value)
    .trimEnd()
    .replace(/\n/g, `\n${'  '.repeat(depth)}`);

/** The .yaml/.yml/.json files under PATH; undefined (FILE_NOT_FOUND printed) when it is missing. */
async function sampleFiles(io: CommandIO, p: string): Promise<string[] | undefined> {
  try {
    return (await io.listFiles(p)).filter((f) => /\.(ya?ml|json)$/i.test(f));
  } catch {
    io.err(`${formatIssue(issue('error', 'FILE_NOT_FOUND', 'no such file or folder', [], { file: p }))}\n`);
    return undefined;
  }
}

/**
 * Every document of every .yaml/.yml/.json file under PATH judged and applied in order, as it is read, by this
 * thread and the workers (one set for all the files: `roundtrip --samples`). False (the problems printed) when PATH
 * is missing or a file does not parse: bad input, never "nothing to check"; an empty file is nothing to check.
 */
export async function judgeSamples<J>(
  io: CommandIO,
  p: string,
  progress: 'no' | 'yes' | 'eager',
  judging: Judging<J>,
): Promise<boolean> {
  const files = await sampleFiles(io, p);
  if (!files) return false;
  const runs = await judgeInputs(io, files, progress, judging, { samples: true });
  return runs.every((r) => !r.bad);
}

/** Every sample file under PATH with its documents, gathered (`rules draft --samples`); undefined on bad input. */
export async function readSamples(
  io: CommandIO,
  p: string,
): Promise<{ file: string; documents: ParsedDocument[] }[] | undefined> {
  const files = await sampleFiles(io, p);
  if (!files) return undefined;
  const out = files.map((file) => ({ file, documents: [] as ParsedDocument[] }));
  const byName = new Map(out.map((f) => [inputName(f.file), f.documents]));
  const runs = await judgeInputs(
    io,
    files,
    'no',
    { judge: (doc, file) => ({ doc, file }), apply: (j) => void byName.get(j.file)?.push(j.doc) },
    { samples: true },
  );
  return runs.every((r) => !r.bad) ? out : undefined;
}
