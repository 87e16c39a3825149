// `migrate`: the plan for a CRD with status.storedVersions and a `kubectl get -o yaml` List of its objects.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { fakeIO } from '../testdata/fakeIO.ts';
import { main } from '../main.ts';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DATA = path.resolve(import.meta.dirname, '../../core/checks/migration/testdata');
const CRD = path.join(DATA, 'widget-crd-stored.yaml');
const LIST = path.join(DATA, 'widgets-list.yaml');

async function run(args: string[], stdin = '') {
  const f = fakeIO(stdin);
  const code = await main(['migrate', ...args], f.io);
  return { code, out: f.out(), err: f.err() };
}

describe('version-explorer migrate', () => {
  it('--json: stored versions, the manifest, the steps and each object rewritten; exit 1 when one loses fields', async () => {
    const r = await run(['--catalog', CRD, '--to', 'v1', '-f', LIST, '--json']);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.out) as Rec;
    expect(j.ok).toBe(false);
    const [p] = j.plans as Rec[];
    expect([p?.storedVersions, p?.remainingStoredVersions, p?.drop]).toEqual([['v1beta1', 'v1'], ['v1'], ['v1beta1']]);
    expect(p?.manifests[0].spec.resource).toEqual({ group: 'example.com', resource: 'widgets', version: 'v1' });
    expect(p?.steps.map((s: Rec) => s.step)).toEqual([
      'set-storage',
      'migrate',
      'wait',
      'patch-stored-versions',
      'stop-serving',
      'remove-versions',
    ]);
    expect(p?.objects.map((o: Rec) => [o.name, o.dropped])).toEqual([
      ['a', [['spec', 'param']]],
      ['b', []],
      ['c', []],
    ]);
    const again = await run(['--catalog', CRD, '--to', 'v1', '-f', LIST, '--json']);
    expect(again.out).toBe(r.out);
  });

  it('text: the manifest is valid YAML to apply, the steps are numbered, losses are named', async () => {
    const r = await run(['--catalog', CRD, '--to', 'v1', '-f', LIST]);
    expect(r.code).toBe(1);
    const manifest = r.out.split('widgets-storage-version-migration.yaml:\n')[1]?.split('\n  objects')[0] ?? '';
    expect(parse(manifest.replace(/^ {4}/gm, ''))).toEqual({
      apiVersion: 'migration.k8s.io/v1alpha1',
      kind: 'StorageVersionMigration',
      metadata: { name: 'widgets-storage-version-migration' },
      spec: { resource: { group: 'example.com', resource: 'widgets', version: 'v1' } },
    });
    expect(r.out).toMatch(/team-a\/a: v1beta1 -> v1: loses spec\.param/);
    expect(r.out).toMatch(/ 4\. \[todo\] patch-stored-versions: /);
  });

  it('exit 0 without objects or when nothing is lost; reads objects from stdin', async () => {
    expect((await run(['--catalog', CRD, '--to', 'v1'])).code).toBe(0);
    const lossless = readFileSync(LIST, 'utf8').replace('param: fast, ', '');
    const r = await run(['--catalog', CRD, '--to', 'v1', '-f', '-', '--json'], lossless);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as Rec).plans[0].objects).toHaveLength(3);
  });

  it.each([
    [['--catalog', CRD], 'missing --to'],
    [['--catalog', CRD, '--to', 'v7'], 'a version the CRD does not have'],
    [['--catalog', CRD, '--to', 'v1', '--kind', 'Gadget'], 'a kind the CRD does not have'],
    [['--catalog', CRD, '--to', 'v1', '-f', path.join(DATA, 'nope.yaml')], 'a missing objects file'],
  ])('exits 2 on bad usage or input: %j (%s)', async (args) => {
    expect((await run(args)).code).toBe(2);
  });

  it('exits 2 on an object at a version the CRD lacks, pointing at it in the objects file', async () => {
    const r = await run(
      ['--catalog', CRD, '--to', 'v1', '-f', '-'],
      'apiVersion: example.com/v9\nkind: Widget\nmetadata: {name: z}\n',
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^<stdin>:1:1: error UNKNOWN_VERSION: /m);
  });

  it('exits 2 on objects that are not YAML', async () => {
    expect((await run(['--catalog', CRD, '--to', 'v1', '-f', '-'], 'a: [')).code).toBe(2);
  });

  it('the rewritten documents parse back as YAML', async () => {
    const r = await run(['--catalog', CRD, '--to', 'v1', '-f', LIST]);
    const block = r.out.split('team-a/a: v1beta1 -> v1: loses spec.param\n')[1]?.split('\n    team-b')[0] ?? '';
    const docs = parseAllDocuments(block.replace(/^ {6}/gm, ''));
    expect((Array.isArray(docs) ? docs : [docs])[0]?.toJS()).toMatchObject({
      apiVersion: 'example.com/v1',
      spec: { replicas: 2 },
    });
  });
});
