// Worker threads change nothing but the time: every streamed command's stdout, stderr (issues, notes, the closing
// summary) and exit code with `--jobs 2` are the single-thread run's, byte for byte, over Lists (YAML and JSON) and
// multi-document YAML holding accepted, rejected, lossy and passed-through objects, a document that holds several
// (a List not cut into items), and a bad document mid-stream.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../main.ts';
import { fakeIO } from '../testdata/fakeIO.ts';
import { eachJudged } from '../streamInput.ts';
import { earlyWaiting, endEarly, judgedByWorkers, startEarly, type WorkerPlan } from './judgePool.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const CATALOG = [
  path.join(root, 'src/cli/testdata/validate/widget-crd.yaml'), // demo.example.com: v2 refuses size > 5
  path.join(root, 'src/core/checks/migration/testdata/widget-crd-stored.yaml'), // example.com: v1 drops param
].join(',');
const N = 400;

/** Object i: in turn accepted, rejected in v2, lossy at v1, kept at v1; now and then a ConfigMap (not judged). */
function object(i: number): Record<string, unknown> {
  const metadata = { name: `w-${i}`, namespace: `team-${i % 3}` };
  if (i % 97 === 50) return { apiVersion: 'v1', kind: 'ConfigMap', metadata, data: { k: 'v' } };
  if (i % 3 === 0)
    return { apiVersion: 'demo.example.com/v2', kind: 'Widget', metadata, spec: { size: i % 9, mode: 'fast' } };
  if (i % 3 === 1)
    return { apiVersion: 'example.com/v1beta1', kind: 'Widget', metadata, spec: { replicas: 2, param: `p${i}` } };
  return { apiVersion: 'example.com/v1', kind: 'Widget', metadata, spec: { params: ['x', `y${i}`] } };
}

/** Block YAML of a plain object (strings, numbers, arrays of strings), at an indentation. */
function yaml(v: unknown, pad = ''): string {
  return Object.entries(v as Record<string, unknown>)
    .map(([k, x]) =>
      Array.isArray(x)
        ? `${pad}${k}:\n${x.map((s) => `${pad}- ${String(s)}\n`).join('')}`
        : x !== null && typeof x === 'object'
          ? `${pad}${k}:\n${yaml(x, `${pad}  `)}`
          : `${pad}${k}: ${String(x)}\n`,
    )
    .join('');
}

type Shape = 'docs' | 'list' | 'json';
/** A List written as one document (flow style): the splitter cannot cut it, so it holds several documents. */
const FLOW_LIST =
  'apiVersion: v1\nkind: List\nitems: [{apiVersion: example.com/v1, kind: Widget, metadata: {name: f1}, spec: {params: [a]}}, ' +
  '{apiVersion: example.com/v1beta1, kind: Widget, metadata: {name: f2}, spec: {param: b}}]\n';
const BROKEN = { docs: 'apiVersion: v1\nkind: [\n', list: '  kind: [\n', json: '{"kind": [}' };

function input(shape: Shape, o: { broken?: boolean; flow?: boolean } = {}): string {
  const objects = Array.from({ length: N }, (_, i) => object(i));
  const at = (i: number) => o.broken === true && i === N / 2;
  if (shape === 'json')
    return `{\n  "apiVersion": "v1",\n  "kind": "List",\n  "items": [\n${objects.map((x, i) => `    ${at(i) ? BROKEN.json : JSON.stringify(x)}`).join(',\n')}\n  ]\n}\n`;
  if (shape === 'list')
    return `apiVersion: v1\nitems:\n${objects.map((x, i) => `- ${yaml(x, '  ').slice(2)}${at(i) ? BROKEN.list : ''}`).join('')}kind: List\n`;
  return objects
    .map(
      (x, i) =>
        `${yaml(x)}${at(i) ? `---\n${BROKEN.docs}` : ''}${o.flow === true && i === 7 ? `---\n${FLOW_LIST}` : ''}`,
    )
    .join('---\n');
}

async function run(args: readonly string[], stdin: string, jobs: number) {
  const f = fakeIO(stdin);
  const code = await main([...args, '--catalog', CATALOG, '-f', '-', '--jobs', String(jobs)], f.io);
  return { code, out: f.out(), err: f.err() };
}

const COMMANDS: Record<string, readonly string[]> = {
  validate: ['validate'],
  'validate -o json': ['validate', '-o', 'json'],
  migrate: ['migrate', '--to', 'v1'],
  'migrate --json': ['migrate', '--to', 'v1', '--json'],
  convert: ['convert', '--to', 'v1'],
  'convert -o json': ['convert', '--to', 'v1', '-o', 'json'],
};

const cases: [string, Shape, { broken?: boolean; flow?: boolean }][] = [
  ...(['docs', 'list', 'json'] as const).flatMap((shape) =>
    ['validate', 'migrate', 'convert'].map((c): [string, Shape, object] => [c, shape, {}]),
  ),
  ...(['validate -o json', 'migrate --json', 'convert -o json'] as const).map((c): [string, Shape, object] => [
    c,
    'docs',
    { flow: true },
  ]),
  ...(['docs', 'list', 'json'] as const).flatMap((shape) =>
    ['validate', 'migrate', 'convert'].map((c): [string, Shape, object] => [c, shape, { broken: true }]),
  ),
];

describe('--jobs 2 writes what one thread writes', () => {
  it.each(cases)(
    '%s, %s %o',
    async (command, shape, o) => {
      const args = COMMANDS[command] as readonly string[];
      const text = input(shape, o);
      const one = await run(args, text, 1);
      const before = judgedByWorkers.batches;
      const two = await run(args, text, 2);
      // the worker judged part of it (else this compares one thread with itself)
      expect(judgedByWorkers.batches).toBeGreaterThan(before);
      expect(two.code).toBe(one.code);
      expect(two.err).toBe(one.err);
      expect(two.out).toBe(one.out);
      // what the cases are about: rejected and lossy objects (exit 1), bad input (exit 2)
      expect(one.code).toBe(o.broken === true ? 2 : 1);
      if (o.broken !== true) expect(one.out + one.err).toMatch(/lose|rejected|LOST|DROPPED|CEL_RULE/);
    },
    120_000,
  );
});

describe('eachJudged with workers that cannot help', () => {
  const docs = Array.from({ length: 3000 }, (_, i) => `a: ${i}\n`).join('---\n');
  // a worker for a command it does not know fails its setup: every batch it was given is judged here, in order
  const plan: WorkerPlan = {
    command: 'no-such-command',
    args: { values: {}, lists: {}, flags: [], positionals: [], choice: {} },
    jobs: 2,
  };

  it('judges every document here, in order', async () => {
    const seen: number[] = [];
    const run = await eachJudged(fakeIO(docs).io, '-', 'no', {
      judge: (d) => d.index,
      apply: (j) => void seen.push(j),
      workers: plan,
    });
    expect(run).toEqual({ name: '<stdin>', read: 3000, bad: false });
    expect(seen).toEqual(Array.from({ length: 3000 }, (_, i) => i));
  }, 60_000);

  it("a judge's exception surfaces at its document, after every document before it was applied", async () => {
    const seen: number[] = [];
    const judge = (d: { index: number }) => {
      if (d.index === 2500) throw new Error('boom at 2500');
      return d.index;
    };
    await expect(
      eachJudged(fakeIO(docs).io, '-', 'no', { judge, apply: (j) => void seen.push(j), workers: plan }),
    ).rejects.toThrow('boom at 2500');
    expect(seen).toEqual(Array.from({ length: 2500 }, (_, i) => i));
  }, 60_000);
});

describe('workers started with the command', () => {
  it('a command that ends before reading its input ends the workers it started', async () => {
    const f = fakeIO('kind: Widget\n');
    const args = ['migrate', '--catalog', path.join(root, 'no-such-catalog.yaml'), '--to', 'v1', '-f', '-'];
    expect(await main([...args, '--jobs', '2'], f.io)).toBe(2);
    expect(earlyWaiting()).toBe(0);
  }, 60_000);
  it('one set per command and input; none for one thread or the automatic mode', () => {
    const args = { values: {}, lists: {}, flags: [], positionals: [], choice: {} };
    startEarly({ command: 'validate', args, jobs: 1 }, 'a');
    startEarly({ command: 'validate', args }, 'a');
    expect(earlyWaiting()).toBe(0);
    startEarly({ command: 'validate', args, jobs: 3 }, 'a');
    startEarly({ command: 'validate', args, jobs: 3 }, 'a');
    expect(earlyWaiting()).toBe(2);
    return endEarly().then(() => expect(earlyWaiting()).toBe(0));
  }, 60_000);
});
