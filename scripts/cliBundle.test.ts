// The bundled CLI (scripts/build-cli.mjs) is the sources' CLI: the same output and exit codes, its judging worker
// judges, and it runs only while it is current (bin/cliBundle.mjs).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStamp, freshBundle } from '../bin/cliBundle.mjs';
import type { BatchMessage, WorkerReply, WorkerStart } from '../src/cli/parallel/judgePool.ts';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'dist-cli', `test-${process.pid}`);
const WIDGET = path.join(root, 'src/cli/testdata/validate/widget-crd.yaml');
const EXAMPLE = path.join(root, 'src/catalogs/crm-person/example.yaml');
const tmp = mkdtempSync(path.join(os.tmpdir(), 've-bundle-'));

interface Ran {
  code: number | null;
  out: string;
  err: string;
}
const ran = (r: ReturnType<typeof spawnSync>): Ran => ({
  code: r.status,
  out: String(r.stdout),
  err: String(r.stderr),
});
const fromSource = (args: string[]): Ran =>
  ran(
    spawnSync(process.execPath, [path.join(root, 'bin/version-explorer.mjs'), ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, VE_CLI_FROM_SOURCE: '1' },
    }),
  );
const RUN_BUNDLE =
  'const { main } = await import(process.argv[1]); process.exitCode = await main(process.argv.slice(2));';
const fromBundle = (args: string[]): Ran =>
  ran(
    spawnSync(process.execPath, ['--input-type=module', '-e', RUN_BUNDLE, path.join(dir, 'main.mjs'), ...args], {
      cwd: root,
      encoding: 'utf8',
    }),
  );

beforeAll(() => {
  const b = spawnSync(process.execPath, [path.join(root, 'scripts/build-cli.mjs'), dir], { encoding: 'utf8' });
  expect(b.status, b.stderr).toBe(0);
}, 60_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(tmp, { recursive: true, force: true });
});

describe('the bundled CLI', () => {
  const docs = path.join(tmp, 'widgets.yaml');
  writeFileSync(
    docs,
    Array.from(
      { length: 300 },
      (_, i) => `apiVersion: demo.example.com/v2\nkind: Widget\nmetadata:\n  name: w${i}\nspec:\n  size: ${i % 9}\n`,
    ).join('---\n'),
  );
  it.each([
    ['--version', ['--version']],
    ['a built-in catalog', ['convert', '--catalog', 'crm-person', '-f', EXAMPLE, '--to', 'hub']],
    ['an unknown built-in catalog', ['convert', '--catalog', 'no-such-catalog', '-f', EXAMPLE]],
    ['rejected documents on two threads', ['validate', '--catalog', WIDGET, '-f', docs, '--jobs', '2']],
    ['a usage error', ['validate', '--no-such-option']],
  ])(
    '%s: output and exit code as from the sources',
    (_, args) => {
      const want = fromSource(args);
      expect(fromBundle(args)).toEqual(want);
      expect(want.code).not.toBeNull();
    },
    60_000,
  );

  it('its worker judges a batch', async () => {
    const start: WorkerStart = {
      plan: {
        command: 'validate',
        args: {
          values: { '--catalog': WIDGET, '--file': 'w.yaml' },
          lists: {},
          flags: [],
          positionals: [],
          choice: {},
        },
        jobs: 2,
      },
    };
    const worker = new Worker(path.join(dir, 'judgeWorker.mjs'), { workerData: start });
    const replies: WorkerReply[] = [];
    const judged = new Promise<void>((resolve, reject) => {
      worker.on('error', reject);
      worker.on('message', (m: WorkerReply) => {
        replies.push(m);
        if (m.type === 'ready') {
          const text = 'apiVersion: demo.example.com/v2\nkind: Widget\nmetadata:\n  name: big\nspec:\n  size: 50\n';
          const piece = { text, line: 1, col: 1, offset: 0, indent: 0 };
          worker.postMessage({ seq: 0, file: 'w.yaml', start: 0, pieces: [piece] } satisfies BatchMessage);
        } else resolve();
      });
    });
    await judged;
    await worker.terminate();
    expect(replies.map((r) => r.type)).toEqual(['ready', 'judged']);
    const last = replies[1];
    expect(last?.type === 'judged' && last.results?.[0]?.count).toBe(1);
  }, 60_000);
});

describe('freshBundle', () => {
  const at = path.join(tmp, 'fresh');
  const out = path.join(at, 'dist-cli', 'cli');
  const src = path.join(at, 'a.ts');
  const manifest = () =>
    writeFileSync(
      path.join(out, 'inputs.json'),
      JSON.stringify({ entry: 'main.mjs', inputs: { 'a.ts': fileStamp(src) } }),
    );
  beforeAll(() => mkdirSync(out, { recursive: true }));

  it('is the entry while every input is as built', () => {
    writeFileSync(src, 'export const a = 1;\n');
    manifest();
    expect(freshBundle(out, at)).toBe(path.join(out, 'main.mjs'));
  });
  it('is undefined once an input changes size, time or goes', () => {
    writeFileSync(src, 'export const a = 1;\n');
    manifest();
    writeFileSync(src, 'export const a = 12;\n');
    expect(freshBundle(out, at)).toBeUndefined();
    manifest();
    const t = new Date(Date.now() + 5000);
    utimesSync(src, t, t);
    expect(freshBundle(out, at)).toBeUndefined();
    manifest();
    rmSync(src);
    expect(freshBundle(out, at)).toBeUndefined();
  });
  it('is undefined without a manifest or with a broken one', () => {
    expect(freshBundle(path.join(at, 'none'), at)).toBeUndefined();
    writeFileSync(path.join(out, 'inputs.json'), '{');
    expect(freshBundle(out, at)).toBeUndefined();
  });
});
