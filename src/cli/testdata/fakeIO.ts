import type { CommandIO } from '../io.ts';
import { nodeIO } from '../io.ts';

/** Real files for reads unless overridden in `files`, in-memory stdin, and captured output. */
export function fakeIO(stdin = '', files: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIO = {
    ...nodeIO,
    out: (t) => void out.push(t),
    err: (t) => void err.push(t),
    readText: async (f) => files[f] ?? nodeIO.readText(f),
    listFiles: async (p) => (files[p] !== undefined ? [p] : nodeIO.listFiles(p)),
    readStdin: async () => stdin,
    // streamed input in small chunks, so every command's tests cross chunk boundaries
    readChunks: async function* (f) {
      const text = f === '-' ? stdin : await io.readText(f);
      for (let i = 0; i < text.length; i += 4096) yield text.slice(i, i + 4096);
    },
    errIsTerminal: () => false,
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}
