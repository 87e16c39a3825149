// Whole clusters (issue 28): every object of a kind through `validate`, `migrate` and `convert` as a user runs
// them (a real process), 10,000 and 100,000 objects (VE_BENCH_100K=0: 10,000 only; 100,000 takes minutes) of the corpus HTTPRoute and
// KubeadmControlPlane samples repeated, as a kubectl-style List and as multi-document YAML, against a floor in the
// same run that only parses the input and writes it back. Targets: 100k takes at most 3x the floor, time grows
// linearly (100k / 10k within 1.3x of 10x), peak memory does not grow (100k within 1.2x of 10k). Each command runs
// with `--jobs 1` (this thread only) and `--jobs 2` (a worker thread too) in the same run (VE_BENCH_JOBS=1,2,auto
// to choose); the targets are checked on the last of them. `roundtrip --samples` of the same file is timed against
// the same floor and held to the growth targets; not to 3x the floor, as it writes and reads each object at every
// served version.
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { load } from 'js-yaml';
import { stringify } from 'yaml';
import { corpusPath, HAS_CORPUS } from '../src/core/testdata/corpus.ts';
import { freshBundle } from '../bin/cliBundle.mjs';

const root = path.resolve(import.meta.dirname, '..');
const route = corpusPath('gateway-api/samples/v1.6.1/standard/httproute.yaml');
const kcpFile = corpusPath('cluster-api/samples/v1.11.11/machine-pool.yaml');
const crds = [
  corpusPath('gateway-api/crds/v1.6.1-standard/gateway.networking.k8s.io_httproutes.yaml'),
  corpusPath('cluster-api/crds/controlplane.cluster.x-k8s.io_kubeadmcontrolplanes.yaml'),
];
if (!HAS_CORPUS) {
  console.log('corpus not found (../shared/corpus): skipped');
  process.exit(0);
}
const catalog = crds.join(',');
const kcp = (
  readFileSync(kcpFile, 'utf8')
    .split(/^---$/m)
    .map((d) => load(d)) as Record<string, unknown>[]
).find((d) => d?.kind === 'KubeadmControlPlane');
const samples = [load(readFileSync(route, 'utf8')) as Record<string, unknown>, kcp as Record<string, unknown>];
const dir = mkdtempSync(path.join(os.tmpdir(), 've-stream-'));

/**
 * Object i of n: the two samples in turn, each varied the way a cluster's objects are (its own name, and hostnames,
 * ports, weights, paths, replicas and versions that change from object to object), so no cache keyed on an
 * object's values can pay off here more than it would on a real cluster.
 */
function sample(i: number): Record<string, unknown> {
  const metadata = { name: `obj-${i}`, namespace: `team-${i % 37}` };
  if (i % 2 === 0) {
    const spec = structuredClone(samples[0]?.spec) as { rules: Record<string, unknown>[] };
    const rules = spec.rules.slice(0, 1 + (i % spec.rules.length)).map((r, j) => ({
      ...r,
      matches: [{ path: { type: 'PathPrefix', value: `/app-${i}/r${j}` } }],
      backendRefs: [{ name: `svc-${i % 101}-${j}`, port: 1024 + ((i * 7 + j) % 60000), weight: (i + j) % 100 }],
    }));
    return { ...samples[0], metadata, spec: { ...spec, hostnames: [`app-${i}.example.com`], rules } };
  }
  const spec = structuredClone(samples[1]?.spec) as Record<string, unknown>;
  return { ...samples[1], metadata, spec: { ...spec, replicas: 1 + (i % 5), version: `v1.${28 + (i % 7)}.${i % 13}` } };
}

/** n objects (see sample): a List (items at column 1, as kubectl) or documents. */
async function write(n: number, shape: 'list' | 'docs'): Promise<string> {
  const p = path.join(dir, `${shape}-${n}.yaml`);
  const out = createWriteStream(p);
  const put = async (t: string) => {
    if (!out.write(t)) await once(out, 'drain');
  };
  if (shape === 'list') await put('apiVersion: v1\nitems:\n');
  for (let i = 0; i < n; i++) {
    const t = stringify(sample(i));
    if (shape === 'list') await put(`- ${t.trimEnd().replace(/\n/g, '\n  ')}\n`);
    else await put(`${i > 0 ? '---\n' : ''}${t}`);
  }
  if (shape === 'list') await put('kind: List\nmetadata:\n  resourceVersion: ""\n');
  out.end();
  await once(out, 'finish');
  return p;
}

interface Run {
  secs: number;
  mb: number;
  code: number | null;
}
/** Wall seconds, peak resident MB and exit code of one process (its output thrown away). */
function proc(args: string[]): Run {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', path.join(root, 'bench/support/rss.mjs'), ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 1 << 30,
  });
  const kb = Number(/BENCH_MAX_RSS_KB (\d+)/.exec(r.stderr)?.[1] ?? NaN);
  return { secs: (performance.now() - t0) / 1000, mb: kb / 1024, code: r.status };
}
const cli = (args: string[]) => proc([path.join(root, 'bin/version-explorer.mjs'), ...args, '--no-progress']);

// VE_BENCH_INPUTS=<dir>: only write the 10k inputs there (to profile one command by hand) and stop.
if (process.env.VE_BENCH_INPUTS) {
  for (const shape of ['list', 'docs'] as const) {
    const p = await write(10_000, shape);
    const to = path.join(process.env.VE_BENCH_INPUTS, path.basename(p));
    writeFileSync(to, readFileSync(p));
    console.log(to);
  }
  console.log(catalog);
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

const load1 = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(`load average at start: ${load1()}`);
console.log(
  `CLI: ${freshBundle() ? 'bundled (npm run build:cli)' : 'from the sources (no current bundle: npm run build:cli)'}`,
);
const counts = process.env.VE_BENCH_100K === '0' ? [10_000] : [10_000, 100_000];
/** Each command's arguments for an input. */
const allCommands: Record<string, (input: string) => string[]> = {
  validate: (input) => ['validate', '--catalog', catalog, '-f', input],
  migrate: (input) => ['migrate', '--catalog', catalog, '--to', 'v1', '-f', input],
  convert: (input) => ['convert', '--catalog', catalog, '--to', 'hub', '-f', input],
  roundtrip: (input) => ['roundtrip', '--catalog', catalog, '--samples', input],
};
/** Held to 3x the floor (roundtrip does several conversions an object). */
const floorTarget = (name: string): boolean => name !== 'roundtrip';
// VE_BENCH_COMMANDS=validate,migrate: only those (a 100k run of all three takes long on a loaded machine)
const only = process.env.VE_BENCH_COMMANDS?.split(',');
const commands = Object.fromEntries(Object.entries(allCommands).filter(([n]) => !only || only.includes(n)));
const jobsList = (process.env.VE_BENCH_JOBS ?? '1,2').split(',');
const last = jobsList[jobsList.length - 1] as string;
const results = new Map<string, Run>();
let missed = 0;
for (const n of counts)
  for (const shape of ['list', 'docs'] as const) {
    const input = await write(n, shape);
    const floor = proc([path.join(root, 'bench/support/floor.mjs'), input]);
    console.log(
      `${`${n} objects, ${shape === 'list' ? 'List' : 'documents'}: floor (parse + write back)`.padEnd(58)} ${floor.secs.toFixed(1).padStart(6)} s ${floor.mb.toFixed(0).padStart(5)} MB`,
    );
    for (const [name, args] of Object.entries(commands)) {
      for (const jobs of jobsList) {
        const r = cli([...args(input), '--jobs', jobs]);
        if (jobs === last) results.set(`${name} ${shape} ${n}`, r);
        const ratio = r.secs / floor.secs;
        const held = n >= 100_000 && jobs === last && floorTarget(name);
        const target = held ? ratio <= 3 : true;
        if (!target) missed++;
        console.log(
          `${`  ${name} --jobs ${jobs}`.padEnd(58)} ${r.secs.toFixed(1).padStart(6)} s ${r.mb.toFixed(0).padStart(5)} MB  exit ${r.code}  ${ratio.toFixed(1)}x the floor${held ? ` (target <= 3x: ${target ? 'ok' : 'MISSED'})` : ''}  load ${load1()}`,
        );
      }
    }
    rmSync(input, { force: true });
  }
if (counts.length > 1)
  for (const name of Object.keys(commands))
    for (const shape of ['list', 'docs']) {
      const a = results.get(`${name} ${shape} 10000`) as Run;
      const b = results.get(`${name} ${shape} 100000`) as Run;
      const time = b.secs / a.secs;
      const mem = b.mb / a.mb;
      const ok = time <= 13 && mem <= 1.2;
      if (!ok) missed++;
      console.log(
        `${name} ${shape}: 100k / 10k time ${time.toFixed(1)}x (target <= 13x), peak memory ${mem.toFixed(2)}x (target <= 1.2x)  ${ok ? 'ok' : 'MISSED'}`,
      );
    }
console.log(`load average at end: ${load1()}`);
rmSync(dir, { recursive: true, force: true });
if (missed > 0) console.log(`${missed} target(s) missed`);
