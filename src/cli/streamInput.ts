// A command's input read object by object (streamResources), with the progress line on a terminal and output
// held back until it is large: bad input found early still writes nothing, and a whole cluster's results flow
// out as they are known instead of gathering in memory.
import type { Issue, ParsedDocument } from '../core/index.ts';
import { formatIssue, hasErrors, issue } from '../core/index.ts';
import { InputIssueError, type CommandIO } from './io.ts';
import { Progress } from './progress.ts';
import { streamResources } from './streamResources.ts';
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

/**
 * Every document of FILE handed to `each` in order, as it is read. Problems reading or parsing it are printed
 * where they are found; after the first, no document is handed over (the rest is read for its problems).
 * The callback writes through the `io` it is given (its output first wipes the progress line).
 */
export async function eachDocument(
  io: CommandIO,
  file: string,
  progress: 'no' | 'yes' | 'eager',
  each: (doc: ParsedDocument, io: CommandIO) => void | Promise<void>,
): Promise<StreamedRun> {
  const name = inputName(file);
  const failed: { error?: unknown } = {};
  let chars = 0;
  let read = 0;
  let bad = false;
  const total = progress === 'no' ? undefined : await io.sizeOf?.(file).catch(() => undefined);
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
  for await (const b of streamResources(
    chunksOf(io, file, failed, (n) => (chars += n)),
    name,
  )) {
    if (failed.error !== undefined) break;
    if (b.issues.length > 0) {
      line?.clear();
      printIssues(io, b.issues);
      if (hasErrors(b.issues)) bad = true;
    }
    if (bad) continue;
    for (const d of b.documents) {
      read++;
      await each(d, around);
      line?.tick(read, chars);
    }
  }
  line?.clear();
  if (failed.error !== undefined) {
    io.err(`${formatIssue(readIssue(failed.error, file))}\n`);
    return { name, read, bad: true };
  }
  return { name, read, bad };
}

/** Documents handed to a command one by one (eachDocument bound to its input). */
export type DocumentSource = (
  each: (doc: ParsedDocument, io: CommandIO) => void | Promise<void>,
) => Promise<StreamedRun>;

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
