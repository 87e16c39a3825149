// Test-only: runs the CLI on in-memory hostile files and checks the manners every bad input must meet.
import { expect } from 'vitest';
import { main } from '../../main.ts';
import { fakeIO } from '../fakeIO.ts';

export interface Run {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

export async function cli(argv: string[], files: Record<string, string> = {}, stdin = ''): Promise<Run> {
  const f = fakeIO(stdin, files);
  const code = await main(argv, f.io);
  return { code, out: f.out(), err: f.err() };
}

/** `file:line:col: severity CODE: ...`, or `file: severity CODE: ... (at path)` when there is no position. */
const LOCATED = (file: string, code: string) =>
  new RegExp(
    `^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(:\\d+:\\d+: error ${code}: |: error ${code}: .*\\(at \\S.*\\)$)`,
    'm',
  );

/**
 * A bad input: exit 2 (or `exit`), the code reported with a location in `file`, and nothing but issue lines on
 * stderr (an exception caught at the CLI's edge prints `version-explorer <command>: <message>` instead).
 */
export function expectReported(r: Run, file: string, code: string, exit = 2): void {
  expect(r.err).toMatch(LOCATED(file, code));
  for (const line of r.err.trimEnd().split('\n'))
    expect(line).toMatch(/^\S[^:]*(:\d+:\d+)?: (error|warning|info|note)\b/);
  expect(r.err).not.toMatch(/Maximum call stack|RangeError|TypeError|\n\s+at /);
  expect(r.code).toBe(exit);
}
