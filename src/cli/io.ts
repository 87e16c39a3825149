// The CLI's only contact with the process: stdout, stderr, files. Tests pass a fake.
import { createReadStream } from 'node:fs';
import { readFile, writeFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Issue } from '../core/index.ts';
import { decodeUtf8 } from '../core/index.ts';

/** Input that cannot be read as text (not UTF-8): the issue, with its position, for the CLI's edge to print. */
export class InputIssueError extends Error {
  constructor(readonly issue: Issue) {
    super(issue.message);
  }
}

/** Bytes as UTF-8 text; InputIssueError (NOT_UTF8 at the bad byte's line and column) when they are not UTF-8. */
export function utf8Text(bytes: Uint8Array, file: string): string {
  const got = decodeUtf8(bytes, file);
  if ('issue' in got) throw new InputIssueError(got.issue);
  return got.text;
}

export interface CommandIO {
  out(text: string): void;
  err(text: string): void;
  readText(file: string): Promise<string>;
  writeText(file: string, text: string): Promise<void>;
  /** Regular files under a path (the path itself when it is a file), sorted. */
  listFiles(p: string): Promise<string[]>;
  readStdin(): Promise<string>;
  /** A file's text (stdin for `-`) in chunks as it arrives: a whole cluster's objects need not fit in memory. */
  readChunks?(file: string): AsyncIterable<string>;
  /** A file's size in bytes, when known (the progress line's time left). */
  sizeOf?(file: string): Promise<number | undefined>;
  /** Whether stderr is a terminal (the progress line is written only then). */
  errIsTerminal?(): boolean;
}

async function walk(p: string): Promise<string[]> {
  const s = await stat(p);
  if (s.isFile()) return [p];
  const out: string[] = [];
  for (const e of (await readdir(p, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.name.startsWith('.')) continue;
    const child = path.join(p, e.name);
    if (e.isDirectory()) out.push(...(await walk(child)));
    else if (e.isFile()) out.push(child);
  }
  return out;
}

// `version-explorer ... | head`: once the reader has gone (EPIPE), further output is dropped and the command
// ends with its own exit code, instead of an unhandled 'error' event's stack trace.
const closed = new Set<NodeJS.WriteStream>();
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    closed.add(stream);
  });
const write = (stream: NodeJS.WriteStream, text: string): void => {
  if (!closed.has(stream)) stream.write(text);
};

/** Read size of streamed input. */
const CHUNK = 1 << 20;

export const nodeIO: CommandIO = {
  out: (t) => write(process.stdout, t),
  err: (t) => write(process.stderr, t),
  readText: async (f) => utf8Text(await readFile(f), f),
  writeText: (f, t) => writeFile(f, t, 'utf8'),
  listFiles: walk,
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    return utf8Text(Buffer.concat(chunks), '<stdin>');
  },
  readChunks: (f) => {
    const stream = f === '-' ? process.stdin : createReadStream(f, { highWaterMark: CHUNK });
    stream.setEncoding('utf8'); // a character cut between chunks is decoded whole
    return stream as AsyncIterable<string>;
  },
  sizeOf: async (f) => {
    if (f === '-') return undefined;
    const s = await stat(f);
    return s.isFile() ? s.size : undefined;
  },
  errIsTerminal: () => process.stderr.isTTY === true,
};
