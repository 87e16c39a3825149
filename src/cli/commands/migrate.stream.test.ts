// A whole cluster through `migrate` (issue 28): a 100,000-item List streamed to a real process whose heap is capped
// far below what holding every object would take; the closing summary counts every object.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const CRD = path.join(root, 'src/core/checks/migration/testdata/widget-crd-stored.yaml');
const N = 100_000;

/** Item i as `kubectl get -o yaml` prints it: every tenth at v1beta1 with `param` (v1 drops it), every 1000th a ConfigMap. */
function item(i: number): string {
  if (i % 1000 === 999)
    return `- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: cm-${i}\n  data:\n    k: v\n`;
  const old = i % 10 === 0;
  return (
    `- apiVersion: example.com/${old ? 'v1beta1' : 'v1'}\n  kind: Widget\n  metadata:\n    name: w-${i}\n` +
    `    namespace: team-${i % 7}\n  spec:\n${old ? '    replicas: 2\n    param: fast\n' : '    params:\n    - x\n    - y\n'}`
  );
}

describe('migrate over a whole cluster', () => {
  it('a 100,000-item List on stdin under a 96 MB heap: every object counted in the summary, exit 1 for the lossy ones', async () => {
    const child = spawn(
      process.execPath,
      [
        '--max-old-space-size=96',
        path.join(root, 'bin/version-explorer.mjs'),
        'migrate',
        '--catalog',
        CRD,
        '--to',
        'v1',
        '-f',
        '-',
        '--no-progress',
      ],
      { cwd: root, stdio: ['pipe', 'ignore', 'pipe'] },
    );
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err = (err + d).slice(-4000)));
    const done = once(child, 'close');
    const write = async (t: string) => {
      if (!child.stdin.write(t)) await once(child.stdin, 'drain');
    };
    await write('apiVersion: v1\nitems:\n');
    for (let i = 0; i < N; i += 500) await write(Array.from({ length: 500 }, (_, k) => item(i + k)).join(''));
    await write('kind: List\nmetadata:\n  resourceVersion: ""\n');
    child.stdin.end();
    const [code] = (await done) as [number | null];
    const configMaps = N / 1000;
    const widgets = N - configMaps;
    const lossy = N / 10;
    expect(err).toContain(
      `verdict: Lossy: ${widgets} documents: ${lossy} lossy, ${widgets - lossy} accepted and lossless (${N} read, ${configMaps} not judged)`,
    );
    expect(err).toContain(`  ${lossy} of ${widgets} lose spec.param\n`);
    expect(code).toBe(1);
  }, 600_000);
});
