// The rules webhook under load on loopback: conversions per second and p50/p99 latency for 1 KB, 100 KB and 1 MB
// KubeadmControlPlane objects (v1beta1 -> v1beta2 with the repository's Cluster API rules), one object per
// ConversionReview, against a plain Node HTTPS server that echoes the objects, in the same run. The servers run in
// a child process; requests go one at a time over a keep-alive connection (latency), then 4 at a time (throughput).
import { execFileSync, spawn } from 'node:child_process';
import https from 'node:https';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { median } from './support/measure.ts';

const root = path.resolve(import.meta.dirname, '..');
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/support/webhookServers.ts')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const first = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
const servers = JSON.parse(first) as { rules: string; echo: string; ca: string };

function kcp(files: number): Record<string, unknown> {
  return {
    apiVersion: 'controlplane.cluster.x-k8s.io/v1beta1',
    kind: 'KubeadmControlPlane',
    metadata: { name: 'bench', namespace: 'default', uid: 'b1', resourceVersion: '1' },
    spec: {
      replicas: 3,
      version: 'v1.33.0',
      machineTemplate: {
        infrastructureRef: {
          apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1',
          kind: 'DockerMachineTemplate',
          name: 'cp',
        },
        nodeDrainTimeout: '5m0s',
      },
      kubeadmConfigSpec: {
        clusterConfiguration: { apiServer: { extraArgs: { 'audit-log-maxage': '30' } } },
        initConfiguration: { nodeRegistration: { kubeletExtraArgs: { 'eviction-hard': 'nodefs.available<0%' } } },
        files: Array.from({ length: files }, (_, i) => ({
          path: `/etc/f-${i}`,
          content: 'x'.repeat(700),
          owner: 'root',
        })),
      },
    },
  };
}

const agent = new https.Agent({ keepAlive: true, maxSockets: 8, ca: servers.ca });
function post(url: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = https.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () =>
          res.statusCode === 200 && n > 0
            ? resolve(performance.now() - t0)
            : reject(new Error(`HTTP ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function measure(url: string, body: string, n: number, concurrency: number) {
  for (let i = 0; i < Math.min(20, n); i++) await post(url, body);
  const times: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < n) times.push(await post(url, body));
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const sorted = [...times].sort((a, b) => a - b);
  return { perSecond: n / seconds, p50: median(times), p99: sorted[Math.floor(sorted.length * 0.99)] as number };
}

const review = (doc: unknown) =>
  JSON.stringify({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'ConversionReview',
    request: { uid: 'bench', desiredAPIVersion: 'controlplane.cluster.x-k8s.io/v1beta2', objects: [doc] },
  });

console.log(`load before: ${execFileSync('uptime').toString().trim()}`);
for (const [label, files, n] of [
  ['1 KB', 0, 2000],
  ['100 KB', 130, 300],
  ['1 MB', 1330, 40],
] as const) {
  const body = review(kcp(files));
  for (const concurrency of [1, 4]) {
    const r = await measure(servers.rules, body, n, concurrency);
    const e = await measure(servers.echo, body, n, concurrency);
    console.log(
      `${label.padEnd(6)} (${(body.length / 1024).toFixed(0)} KiB) x${concurrency}: rules webhook ${r.perSecond.toFixed(0)} conversions/s, ` +
        `p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms | echo ${e.perSecond.toFixed(0)}/s, p50 ${e.p50.toFixed(2)} ms, ` +
        `p99 ${e.p99.toFixed(2)} ms | throughput ratio echo/rules ${(e.perSecond / r.perSecond).toFixed(2)}x`,
    );
  }
}
console.log(`load after: ${execFileSync('uptime').toString().trim()}`);
agent.destroy();
child.kill('SIGTERM');
