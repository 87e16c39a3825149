// Scale benchmark (issue 15): the CLI as a user runs it (a real process), on generated inputs.
// (1) A 20 MB resource through `convert`, JSON and YAML output, YAML and JSON input: target <= 5 s and <= 1 GB.
// (2) One map 10,000 / 20,000 / 40,000 keys wide, JSON and YAML: cost linear in the width (40k / 10k <= 6x).
// (3) `roundtrip --fuzz 1` on a CRD whose schema says minItems 1e8: generated instances stay bounded.
// (4) `generate` of a CRD of 30 versions x 1,500 / 3,000 / 6,000 properties (3,000 is 7.7 MB): linear (6,000 /
//     1,500 <= 6x). (5) 50,000 / 200,000 unknown keys in one object, each PRUNED and located: linear (<= 6x).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load } from 'js-yaml';
import { stringify } from 'yaml';
import { bigClusterYaml } from './support/bigResource.ts';
import { unknownKeysPerson, wideCrdYaml } from '../src/cli/testdata/hostile/generate.ts';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 've-scale-'));
const file = (name: string, text: string): string => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};

/** Wall seconds, peak resident MB and exit code of one CLI run. */
function cli(args: string[]): { secs: number; mb: number; code: number | null } {
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    ['--import', path.join(root, 'bench/support/rss.mjs'), path.join(root, 'bin/version-explorer.mjs'), ...args],
    { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30 },
  );
  const secs = (performance.now() - t0) / 1000;
  const kb = Number(/BENCH_MAX_RSS_KB (\d+)/.exec(r.stderr)?.[1] ?? NaN);
  return { secs, mb: kb / 1024, code: r.status };
}

const row = (what: string, r: { secs: number; mb: number; code: number | null }, ok: boolean, target: string) =>
  console.log(
    `${what.padEnd(52)} ${r.secs.toFixed(2).padStart(6)} s ${r.mb.toFixed(0).padStart(5)} MB  exit ${r.code}  target ${target}  ${ok ? 'ok' : 'MISSED'}`,
  );

console.log(
  `load average at start: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
let missed = 0;

// (1) 20 MB
const yaml20 = file('big20.yaml', bigClusterYaml(20_000_000));
const json20 = file('big20.json', JSON.stringify(load(readFileSync(yaml20, 'utf8'))));
for (const [input, name] of [
  [yaml20, 'YAML'],
  [json20, 'JSON'],
] as const)
  for (const out of ['json', 'yaml']) {
    const r = cli(['convert', '--catalog', 'servicefabric', '-f', input, '--to', 'hub', '-o', out]);
    const ok = r.secs <= 5 && r.mb <= 1024 && r.code === 0;
    if (!ok) missed++;
    row(`convert 20 MB ${name} -> hub, -o ${out}`, r, ok, '<= 5 s, <= 1 GB');
  }

// (2) width of one map
for (const format of ['json', 'yaml'] as const) {
  const times: number[] = [];
  for (const width of [10_000, 20_000, 40_000]) {
    const labels: Record<string, string> = {};
    for (let i = 0; i < width; i++) labels[`example.com/label-${i}`] = `value-${i}`;
    const doc = {
      apiVersion: 'crm.example.com/v1',
      kind: 'Person',
      metadata: { name: 'wide', labels },
      spec: { firstName: 'a', lastName: 'b' },
    };
    const p = file(`wide-${width}.${format}`, format === 'json' ? JSON.stringify(doc) : stringify(doc));
    const r = cli(['convert', '--catalog', 'person-v1v2', '-f', p, '--to', 'hub', '-o', format]);
    times.push(r.secs);
    row(`convert a ${width}-key map (${format})`, r, r.code === 0, 'linear');
  }
  const ratio = (times[2] as number) / (times[0] as number);
  const ok = ratio <= 6;
  if (!ok) missed++;
  console.log(
    `  ${format}: 40,000 keys / 10,000 keys = ${ratio.toFixed(1)}x (linear is 4x; target <= 6x)  ${ok ? 'ok' : 'MISSED'}`,
  );
}

// (3) minItems: 1e8
// the hostile suite's fixture: the schema asks for 1e8 items, characters and keys
const crd = path.resolve(import.meta.dirname, '../src/cli/testdata/hostile/huge-minimums.crd.yaml');
{
  const r = cli(['roundtrip', '--catalog', crd, '--fuzz', '1']);
  const ok = r.secs <= 10 && r.mb <= 1024 && r.code === 0;
  if (!ok) missed++;
  row('roundtrip --fuzz 1, minItems/minLength: 1e8', r, ok, '<= 10 s, <= 1 GB');
}

/** Runs `args(size)` for each size, prints each, and checks the last / first time ratio against `limit`. */
function growth(what: string, sizes: readonly number[], args: (n: number) => string[], okCode: number, limit: number) {
  const times: number[] = [];
  for (const n of sizes) {
    const r = cli(args(n));
    times.push(r.secs);
    row(`${what} ${n}`, r, r.code === okCode, 'linear');
  }
  const ratio = (times[times.length - 1] as number) / (times[0] as number);
  const linear = (sizes[sizes.length - 1] as number) / (sizes[0] as number);
  const ok = ratio <= limit;
  if (!ok) missed++;
  console.log(`  ${what}: ${ratio.toFixed(1)}x for ${linear}x the size (target <= ${limit}x)  ${ok ? 'ok' : 'MISSED'}`);
}

// (4) generate of a wide CRD
growth(
  'generate, 30 versions x properties',
  [1_500, 3_000, 6_000],
  (n) => ['generate', file(`wide-${n}.crd.yaml`, wideCrdYaml(30, n))],
  0,
  6,
);

// (5) unknown keys, pruned and located
growth(
  'convert, unknown keys',
  [50_000, 200_000],
  (n) => [
    'convert',
    '--catalog',
    'person-v1v2',
    '-f',
    file(`unknown-${n}.json`, unknownKeysPerson(n)),
    '--to',
    'v2',
    '-o',
    'json',
  ],
  1,
  6,
);

console.log(
  `load average at end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
rmSync(dir, { recursive: true, force: true });
if (missed > 0) console.log(`${missed} target(s) missed`);
