// Test-only: a whole cluster's Widgets (the migration testdata CRD) as `kubectl get -o yaml` prints them, streamed to a CLI process's stdin.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import type { Writable } from 'node:stream';

/** Item i: every tenth at v1beta1 with `param` (v1 drops it), every 1000th a ConfigMap, the rest v1 Widgets. */
export function widgetItem(i: number): string {
  if (i % 1000 === 999)
    return `- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: cm-${i}\n  data:\n    k: v\n`;
  const old = i % 10 === 0;
  return (
    `- apiVersion: example.com/${old ? 'v1beta1' : 'v1'}\n  kind: Widget\n  metadata:\n    name: w-${i}\n` +
    `    namespace: team-${i % 7}\n  spec:\n${old ? '    replicas: 2\n    param: fast\n' : '    params:\n    - x\n    - y\n'}`
  );
}

/** A List of `n` items written to `to` (respecting back-pressure), then `to` ended. */
export async function writeWidgetList(to: Writable, n: number): Promise<void> {
  const write = async (t: string) => {
    if (!to.write(t)) await once(to, 'drain');
  };
  await write('apiVersion: v1\nitems:\n');
  for (let i = 0; i < n; i += 500)
    await write(Array.from({ length: Math.min(500, n - i) }, (_, k) => widgetItem(i + k)).join(''));
  await write('kind: List\nmetadata:\n  resourceVersion: ""\n');
  to.end();
}

/**
 * The CLI in a process with its heap capped at `heapMb`, an `n`-item List on its stdin (stdout thrown away): its
 * exit code and the last 4,000 characters of its stderr (the summary).
 */
export async function cliOnWidgetList(
  args: readonly string[],
  heapMb: number,
  n: number,
): Promise<{ code: number | null; err: string }> {
  const root = path.resolve(import.meta.dirname, '../../..');
  const child = spawn(
    process.execPath,
    [
      `--max-old-space-size=${heapMb}`,
      path.join(root, 'bin/version-explorer.mjs'),
      ...args,
      '-f',
      '-',
      '--no-progress',
    ],
    { cwd: root, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err = (err + d).slice(-4000)));
  const done = once(child, 'close');
  await writeWidgetList(child.stdin, n);
  const [code] = (await done) as [number | null];
  return { code, err };
}
