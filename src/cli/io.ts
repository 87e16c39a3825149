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

/**
 * A byte stream as UTF-8 text chunks (a character cut between chunks decoded whole); InputIssueError, NOT_UTF8 at
 * the bad byte's line and column, as soon as a chunk is not UTF-8, as utf8Text says for a whole file.
 */
export async function* utf8Chunks(bytes: AsyncIterable<unknown>, file: string): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let line = 1;
  let lineSoFar = ''; // the current line's text: a bad byte's column counts from its start
  let offset = 0;
  const refuse = (chunk: Uint8Array): never => {
    const head = Buffer.from(lineSoFar, 'utf8');
    const got = decodeUtf8(Buffer.concat([head, chunk]), file);
    const at = 'issue' in got ? got.issue.range?.start : undefined;
    const col = at ? at.col : lineSoFar.length + 1;
    const sameLine = at ? at.line - 1 : 0;
    const byte = at ? offset - head.length + at.offset : offset;
    const message = 'issue' in got ? got.issue.message : 'the input ends inside a character: save the file as UTF-8';
    throw new InputIssueError({
      severity: 'error',
      code: 'NOT_UTF8',
      message,
      path: [],
      file,
      range: {
        start: { line: line + sameLine, col, offset: byte },
        end: { line: line + sameLine, col: col + 1, offset: byte + 1 },
      },
    });
  };
  const advance = (text: string): void => {
    const last = text.lastIndexOf('\n');
    if (last < 0) lineSoFar += text;
    else {
      for (let k = text.indexOf('\n'); k >= 0; k = text.indexOf('\n', k + 1)) line++;
      lineSoFar = text.slice(last + 1);
    }
  };
  // A character cut between chunks waits for the next one here (the decoder's stream mode would keep it, but gives
  // every chunk as two bytes a character, which a big input's text then stays in).
  let carry: Uint8Array = new Uint8Array(0);
  for await (const raw of bytes) {
    const chunk = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : (raw as Uint8Array);
    const all = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    const cut = completeEnd(all);
    let text: string;
    try {
      text = decoder.decode(all.subarray(0, cut));
    } catch {
      return refuse(all);
    }
    carry = all.slice(cut);
    offset += cut;
    advance(text);
    if (text.length > 0) yield text;
  }
  if (carry.length > 0) {
    offset += carry.length;
    return refuse(new Uint8Array(0));
  }
}

/** Where the bytes' last character is cut short (the index of its lead byte), else their length. */
function completeEnd(b: Uint8Array): number {
  const n = b.length;
  for (let i = n - 1; i >= 0 && i >= n - 4; i--) {
    const c = b[i] as number;
    if (c < 0x80) return n;
    if (c >= 0xc0) {
      const need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
      // a lead byte that no valid character starts with is the decoder's to refuse, here and now
      return c >= 0xc2 && c <= 0xf4 && n - i < need ? i : n;
    }
  }
  return n;
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
  readChunks: (f) =>
    utf8Chunks(f === '-' ? process.stdin : createReadStream(f, { highWaterMark: CHUNK }), f === '-' ? '<stdin>' : f),
  sizeOf: async (f) => {
    if (f === '-') return undefined;
    const s = await stat(f);
    return s.isFile() ? s.size : undefined;
  },
  errIsTerminal: () => process.stderr.isTTY === true,
};
