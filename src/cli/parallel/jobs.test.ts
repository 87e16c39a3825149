// Worker threads change nothing but the time: every streamed command's stdout, stderr (issues, notes, the closing
// summary) and exit code with `--jobs 2` are the single-thread run's, byte for byte, over Lists (YAML and JSON) and
// multi-document YAML holding accepted, rejected, lossy and passed-through objects, a document that holds several
// (a List not cut into items), and a bad document mid-stream.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../main.ts';
import { fakeIO } from '../testdata/fakeIO.ts';
import { eachJudged } from '../streamInput.ts';
import { earlyWaiting, endEarly, judgedByWorkers, startEarly, workerPays, type WorkerPlan } from './judgePool.ts';
import { streamText, widgetObject, WIDGET_CATALOG, type Shape } from '../testdata/jobsInput.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const CATALOG = WIDGET_CATALOG;
const N = 400;

const input = (shape: Shape, o: { broken?: boolean; flow?: boolean } = {}): string =>
  streamText(
    Array.from({ length: N }, (_, i) => widgetObject(i)),
    shape,
    o,
  );

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
  it('one set per command and arguments; none for one thread or the automatic mode', () => {
    const args = { values: {}, lists: {}, flags: [], positionals: [], choice: {} };
    startEarly({ command: 'validate', args, jobs: 1 });
    startEarly({ command: 'validate', args });
    expect(earlyWaiting()).toBe(0);
    startEarly({ command: 'validate', args, jobs: 3 });
    startEarly({ command: 'validate', args, jobs: 3 });
    expect(earlyWaiting()).toBe(2);
    return endEarly().then(() => expect(earlyWaiting()).toBe(0));
  }, 60_000);
});

describe('the automatic mode starts workers only when they pay', () => {
  const busy = { share: 0.95, idleCores: 1, judgedMs: 1000, left: 9 };
  it.each([
    ['this thread CPU-bound, a core idle, input left', busy, true],
    ['the input (stdin) of unknown size', { ...busy, left: undefined }, true],
    ['this thread waits for its input or a core', { ...busy, share: 0.5 }, false],
    ['the other cores are busy with other processes', { ...busy, idleCores: 0.2 }, false],
    ['too little input left for a worker start to pay back', { ...busy, left: 1 }, false],
  ])('%s', (_what, o, pays) => expect(workerPays(o)).toBe(pays));
});
