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
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}
