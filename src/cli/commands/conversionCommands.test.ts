import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeIO } from '../testdata/fakeIO.ts';
import { corpusPath } from '../../core/testdata/corpus.ts';
import { describeCorpus } from '../../core/testdata/corpusSuite.ts';
import { plan } from './plan.ts';
import { convert } from './convert.ts';
import { roundtrip } from './roundtrip.ts';
import { diff } from './diff.ts';

const SF = path.resolve(import.meta.dirname, '../../catalogs/servicefabric/source');

describe('plan command', () => {
  it('prints seed 001 table rows for ServiceFabric ClusterProperties', async () => {
    const f = fakeIO();
    expect(
      await plan(['--catalog', SF, '--kind', 'Cluster', '--from', '2016-03-01', '--type', 'ClusterProperties'], f.io),
    ).toBe(0);
    expect(f.out()).toMatch(
      /\| nodeTypes\s+\| \[\]NodeTypes\s+\| \[\]NodeTypeDescription\s+\| Change of Type\s+\| Property Bag \|/,
    );
    expect(f.out()).toMatch(/\| clusterCodeVersion\s+\|\s+\| \*string\s+\| New Property\s+\| Skip\s+\|/);
  });

  it('--json is stable (sorted keys) and identical across runs', async () => {
    const a = fakeIO();
    const b = fakeIO();
    await plan(['--catalog', 'servicefabric', '--kind', 'Cluster', '--from', '2016-03-01', '--json'], a.io);
    await plan(['--catalog', 'servicefabric', '--kind', 'Cluster', '--from', '2016-03-01', '--json'], b.io);
    expect(a.out()).toBe(b.out());
    const parsed = JSON.parse(a.out()) as { plan: { path: string[] } };
    expect(parsed.plan.path).toEqual(['2016-03-01', '2016-09-01storage']);
    // the verdict is in the JSON, and no closing line is printed
    expect(Object.keys(parsed)).toEqual(['issues', 'plan', 'verdict']);
    expect(a.err()).not.toContain('verdict:');
  });

  it('exits 2 on bad usage and unknown kinds', async () => {
    expect(await plan(['--kind', 'X'], fakeIO().io)).toBe(2);
    const f = fakeIO();
    expect(await plan(['--catalog', 'servicefabric', '--kind', 'Nope', '--from', 'x'], f.io)).toBe(2);
    expect(f.err()).toContain('UNKNOWN_KIND');
  });
});

describe('convert command', () => {
  const input = [
    'apiVersion: crm.example.com/2011-01-01',
    'kind: Person',
    'metadata: {name: ann}',
    'spec: {id: "1", firstName: Ann, lastName: Lee}',
    '---',
    'apiVersion: v1',
    'kind: Secret',
    'metadata: {name: s}',
    '',
  ].join('\n');

  it('converts multi-document YAML in order and passes unknown documents through with a note', async () => {
    const f = fakeIO(input);
    expect(await convert(['--catalog', 'crm-person', '-f', '-', '--to', 'hub'], f.io)).toBe(0);
    const docs = f.out().split('---\n');
    expect(docs[0]).toContain('apiVersion: crm.example.com/2019-09-09storage');
    expect(docs[0]).toContain('knownAs: Ann');
    expect(docs[1]).toContain('kind: Secret');
    expect(f.err()).toMatch(/<stdin>:\d+:\d+: note: passed through unchanged/);
  });

  it('exits 1 with file:line:col when data would be lost (pruned field)', async () => {
    const f = fakeIO('', { '/in.yaml': input.replace('lastName: Lee}', 'lastName: Lee, bogus: 1}') });
    expect(await convert(['--catalog', 'crm-person', '-f', '/in.yaml', '--to', 'hub', '-o', 'json'], f.io)).toBe(1);
    expect(f.err()).toMatch(/\/in\.yaml:4:\d+: error PRUNED/);
    expect((JSON.parse(f.out()) as { kind: string }).kind).toBe('List');
  });

  it('exits 2 on YAML syntax errors with a position', async () => {
    const f = fakeIO('a: [\n');
    expect(await convert(['--catalog', 'crm-person', '-f', '-', '--to', 'hub'], f.io)).toBe(2);
    expect(f.err()).toMatch(/<stdin>:\d+:\d+: error YAML_SYNTAX/);
  });

  it('converts only the spec with --spec-only', async () => {
    const f = fakeIO(
      'apiVersion: crm.example.com/v1\nkind: Person\nmetadata: {name: p}\nspec: {firstName: Ann, lastName: Lee}\nstatus: {whatever: 1}\n',
    );
    const code = await convert(['--catalog', 'person-v1v2', '-f', '-', '--to', 'hub', '--spec-only'], f.io);
    expect(f.err()).not.toContain('PRUNED');
    expect(code).toBeLessThan(2);
  });
});

describe('roundtrip command', () => {
  it('fuzzes every version of a built-in catalog and exits 0 when lossless', async () => {
    const f = fakeIO();
    expect(await roundtrip(['--catalog', 'servicefabric', '--fuzz', '20', '--json'], f.io)).toBe(0);
    const r = JSON.parse(f.out()) as { ok: boolean; results: { checked: number }[] };
    expect(r.ok).toBe(true);
    expect(r.results.length).toBe(4);
  });

  it('checks sample documents (pruned fields are reported, not counted as losses)', async () => {
    const files = {
      '/s.yaml':
        'apiVersion: crm.example.com/v1\nkind: Person\nmetadata: {name: p}\nspec: {firstName: Ann, lastName: Lee, bogus: 1}\n',
    };
    const f = fakeIO('', files);
    expect(await roundtrip(['--catalog', 'person-v1v2', '--samples', '/s.yaml'], f.io)).toBe(0);
    expect(f.out()).toMatch(/ok\s+Person v1\s+1 samples\s+\(1 pruned fields\)/);
  });
});

describe('diff command', () => {
  it('reports breaking changes with exit 1 and stable JSON', async () => {
    const f = fakeIO();
    expect(
      await diff(['--catalog', 'person-v1v2', '--kind', 'Person', '--from', 'v1', '--to', 'v2', '--json'], f.io),
    ).toBe(1);
    const r = JSON.parse(f.out()) as { compatible: boolean; changes: { change: string }[] };
    expect(r.compatible).toBe(false);
    expect(r.changes.map((c) => c.change)).toContain('added-required');
  });
});

describeCorpus('--hub', () => {
  const OCM = corpusPath('open-cluster-management');
  const crds = path.join(OCM, 'crds/api-v1.3.0/addon');
  const sample = path.join(
    OCM,
    'samples/addon-framework/addon/kubernetes-dashboard/resources/cluster_management_addon.yaml',
  );

  it('converts through the CRD storage version instead of the default hub', async () => {
    const f = fakeIO();
    expect(
      await convert(['--catalog', crds, '-f', sample, '--to', 'hub', '--hub', 'v1alpha1', '-o', 'json'], f.io),
    ).toBe(0);
    const out = JSON.parse(f.out()) as { apiVersion: string; spec: { originalVersion: string } };
    expect(out.apiVersion).toBe('addon.open-cluster-management.io/v1alpha1storage');
    expect(out.spec.originalVersion).toBe('v1alpha1');
    const p = fakeIO();
    await plan(
      [
        '--catalog',
        crds,
        '--kind',
        'ClusterManagementAddOn',
        '--from',
        'v1beta1',
        '--hub',
        'v1alpha1storage',
        '--json',
      ],
      p.io,
    );
    expect((JSON.parse(p.out()) as { plan: { path: string[] } }).plan.path).toEqual(['v1beta1', 'v1alpha1storage']);
    expect(
      await roundtrip(['--catalog', crds, '--samples', path.join(OCM, 'samples'), '--hub', 'v1alpha1'], fakeIO().io),
    ).toBe(0);
  });

  it('exits 2 when no kind has that version', async () => {
    const f = fakeIO();
    expect(await convert(['--catalog', crds, '-f', sample, '--to', 'hub', '--hub', 'v9'], f.io)).toBe(2);
    expect(f.err()).toContain('UNKNOWN_VERSION');
  });
});
