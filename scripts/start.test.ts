// `npm start` stops its server on SIGTERM (`kill`) as on SIGINT (Ctrl+C), sent to the script or to the npm
// process that runs it: the port is free afterwards, so no server is left answering on it. Serves a small
// folder (--no-build --dir) so the test needs no build.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort } from './freePort.mjs';

const REPO = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 've-start-'));
writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>start test</title>\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// A failed test must not leave a server behind: its process group is ended.
const groups = new Set<number>();
afterEach(() => {
  for (const pid of groups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  groups.clear();
});

const ARGS = ['--no-build', '--dir', dir];
const RUNNERS = {
  'node scripts/start.mjs': [process.execPath, ['scripts/start.mjs', ...ARGS]],
  'npm start': ['npm', ['start', '--silent', '--', ...ARGS]],
} as const;

/** Starts the server on a free port and resolves once it answers. */
async function start(runner: keyof typeof RUNNERS) {
  const port = await freePort(20000 + Math.floor(Math.random() * 20000));
  if (port === undefined) throw new Error('no free port');
  const [cmd, args] = RUNNERS[runner];
  const child = spawn(cmd, args, {
    cwd: REPO,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, as in a terminal
  });
  if (child.pid) groups.add(child.pid);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes(`http://127.0.0.1:${port}/`)) resolve();
    });
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    void exited.then(() => reject(new Error(`${runner} exited early: ${out}`)));
  });
  const page = await fetch(`http://127.0.0.1:${port}/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('start test');
  return { child, port, exited };
}

/** Whether the port is free within `ms` (the server may take a moment to notice). */
async function freedWithin(port: number, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100)))
    if ((await freePort(port, 1)) === port) return true;
  return false;
}

describe('npm start', () => {
  it.each([
    ['node scripts/start.mjs', 'SIGTERM'],
    ['node scripts/start.mjs', 'SIGINT'],
    ['npm start', 'SIGTERM'],
    ['npm start', 'SIGINT'],
  ] as const)('%s frees its port on %s', async (runner, signal) => {
    const { child, port, exited } = await start(runner);
    // `kill PID` signals the one process; Ctrl+C signals the terminal's whole process group.
    if (signal === 'SIGINT') process.kill(-(child.pid ?? 0), signal);
    else child.kill(signal);
    await exited;
    expect(await freedWithin(port, 5000)).toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});
