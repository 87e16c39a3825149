// `roundtrip --samples` on worker threads changes nothing but the time: over thousands of sample documents in
// several files (multi-document YAML, a YAML List, a JSON List, an empty file, many small files), holding lossless,
// lossy, pruned, skipped (a version the catalog lacks) and passed-over (not a catalog kind) documents, its stdout,
// stderr and exit code with `--jobs 2` are the single-thread run's, byte for byte, in both views; and with a bad
// file among them too. One set of workers judges every file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../main.ts';
import { fakeIO } from '../testdata/fakeIO.ts';
import { streamText, widgetObject, WIDGET_CATALOG } from '../testdata/jobsInput.ts';
import { judgedByWorkers } from './judgePool.ts';

type Obj = Record<string, unknown>;

/** ASO view (servicefabric): in turn lossless, with a pruned field, lossy, at a version the catalog lacks, a ConfigMap. */
function cluster(i: number): Obj {
  const metadata = { name: `c-${i}` };
  const at = (properties: Obj, apiVersion = 'servicefabric.azure.com/2016-03-01'): Obj => ({
    apiVersion,
    kind: 'Cluster',
    metadata,
    spec: { location: 'westus', properties: { managementEndpoint: `https://e${i}`, ...properties } },
  });
  switch (i % 5) {
    case 0:
      return at({ reliabilityLevel: 'Silver', vmImage: 'Windows' });
    case 1:
      return at({ reliabilityLevel: 'Silver', junk: i });
    case 2:
      // an object where the (bagged, type-changed) enum expects a string: read back as a string
      return at({ reliabilityLevel: { a: i } });
    case 3:
      return at({ reliabilityLevel: 'Gold' }, 'servicefabric.azure.com/1999-01-01');
    default:
      return { apiVersion: 'v1', kind: 'ConfigMap', metadata, data: { k: `v${i}` } };
  }
}

/** As deployed (the Widget CRDs): jobs.test's objects, now and then at a version the CRD lacks or with a pruned field. */
function widget(i: number): Obj {
  const w = widgetObject(i);
  if (i % 50 === 25) return { ...w, apiVersion: 'example.com/v9' };
  if (i % 50 === 26) return { ...w, apiVersion: 'example.com/v1', spec: { params: ['p'], unknownField: `u${i}` } };
  return w;
}

const range = (from: number, n: number, f: (i: number) => Obj): Obj[] =>
  Array.from({ length: n }, (_, k) => f(from + k));

/** Sample folders: `good` (several files, an empty one, many small ones) and `bad` (the same and a broken file). */
function sampleDirs(root: string, f: (i: number) => Obj): { good: string; bad: string } {
  const good = path.join(root, 'good');
  const bad = path.join(root, 'bad');
  for (const dir of [good, bad]) {
    mkdirSync(path.join(dir, 'many'), { recursive: true });
    writeFileSync(path.join(dir, 'a.yaml'), streamText(range(0, 1200, f), 'docs'));
    writeFileSync(path.join(dir, 'b-empty.yaml'), '');
    writeFileSync(path.join(dir, 'c.yaml'), streamText(range(1200, 1200, f), 'list'));
    writeFileSync(path.join(dir, 'd.json'), streamText(range(2400, 600, f), 'json'));
    for (let k = 0; k < 150; k++)
      writeFileSync(
        path.join(dir, 'many', `f${String(k).padStart(3, '0')}.yaml`),
        streamText(range(3000 + 3 * k, 3, f), 'docs'),
      );
  }
  writeFileSync(path.join(bad, 'c-bad.yaml'), streamText(range(4000, 100, f), 'docs', { broken: true }));
  return { good, bad };
}

async function roundtrip(args: readonly string[], jobs: number) {
  const f = fakeIO();
  const code = await main(['roundtrip', ...args, '--jobs', String(jobs)], f.io);
  return { code, out: f.out(), err: f.err() };
}

const tmp = mkdtempSync(path.join(tmpdir(), 've-rt-jobs-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const views = [
  { view: 'ASO', catalog: 'servicefabric', dirs: sampleDirs(path.join(tmp, 'aso'), cluster), lossy: /^FAIL/m },
  {
    view: 'As deployed',
    catalog: WIDGET_CATALOG,
    dirs: sampleDirs(path.join(tmp, 'deployed'), widget),
    lossy: /^LOSS/m,
  },
];

describe.each(views)('roundtrip --samples, $view view: --jobs 2 writes what one thread writes', (v) => {
  it.each([
    ['good', []],
    ['good', ['--json']],
    ['bad', []],
  ] as const)(
    '%s samples %o',
    async (which, extra) => {
      const args = ['--catalog', v.catalog, '--samples', v.dirs[which], ...extra];
      const one = await roundtrip(args, 1);
      const before = { ...judgedByWorkers };
      const two = await roundtrip(args, 2);
      // the worker judged part of it (else this compares one thread with itself), and one worker did for every file
      expect(judgedByWorkers.batches).toBeGreaterThan(before.batches);
      expect(judgedByWorkers.started - before.started).toBe(1);
      expect(two.code).toBe(one.code);
      expect(two.err).toBe(one.err);
      expect(two.out).toBe(one.out);
      // what the cases are about: skipped samples, then lossy ones (exit 1) or a file that does not parse (exit 2)
      expect(one.err).toMatch(/warning UNKNOWN_VERSION: .*sample skipped/);
      if (which === 'bad') {
        expect(one.code).toBe(2);
        expect(one.err).toMatch(/c-bad\.yaml:\d+:\d+: error /);
        return;
      }
      expect(one.code).toBe(1);
      if (extra.length > 0) {
        const r = JSON.parse(one.out) as { results: { checked: number }[] };
        // every lossless, pruned, lossy and skipped-version document of every file, the small ones too
        expect(r.results.reduce((n, x) => n + x.checked, 0)).toBeGreaterThan(2000);
      } else expect(one.out).toMatch(v.lossy);
      if (v.view === 'ASO' && extra.length === 0) expect(one.out).toMatch(/pruned fields/);
    },
    180_000,
  );
});
