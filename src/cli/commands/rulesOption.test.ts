// `--rules FILE` on plan, convert (the ASO view too), roundtrip and diff, with the repository's rule files on the
// corpus samples (Cluster API KubeadmControlPlane v1beta1 -> v1beta2) and the CRM Person built-in catalog.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { HAS_CORPUS, CORPUS_MISSING, corpusPath } from '../../core/testdata/corpus.ts';
import { fakeIO } from '../testdata/fakeIO.ts';
import { convert } from './convert.ts';
import { diff } from './diff.ts';
import { plan } from './plan.ts';
import { roundtrip } from './roundtrip.ts';

const CAPI = corpusPath('cluster-api');
const CRDS = path.join(CAPI, 'crds');
const KCP_RULES = path.resolve(
  import.meta.dirname,
  '../../../rules/cluster-api/kubeadmcontrolplane-v1beta1-v1beta2.yaml',
);
const PERSON_RULES = path.resolve(import.meta.dirname, '../../catalogs/crm-person/rules.yaml');
const PERSON_SAMPLE = path.resolve(import.meta.dirname, '../../catalogs/crm-person/example.yaml');
const KCP = ['--kind', 'KubeadmControlPlane', '--from', 'v1beta1', '--to', 'v1beta2'];

type Doc = { kind?: string; spec?: Record<string, unknown> };
const docs = (text: string): Doc[] => parseAllDocuments(text).map((d) => d.toJS() as Doc);
const kcp = (text: string) => docs(text).find((d) => d.kind === 'KubeadmControlPlane');

/** A rules file on stdin (`--rules -`): `rules` is the KubeadmControlPlane conversion's rule list. */
const stdinRules = (io: ReturnType<typeof fakeIO>['io'], rules: unknown[]) => ({
  ...io,
  readStdin: async () =>
    JSON.stringify({
      apiVersion: 'version-explorer.dev/v1alpha1',
      kind: 'ConversionRules',
      conversions: [{ kind: 'KubeadmControlPlane', from: 'v1beta1', to: 'v1beta2', rules }],
    }),
});

describe.skipIf(!HAS_CORPUS)(`--rules on the conversion commands (${HAS_CORPUS ? 'corpus' : CORPUS_MISSING})`, () => {
  it('plan --rules (ASO view) shows the rule steps and the owned fields; without, the plan has no rules', async () => {
    const f = fakeIO();
    expect(await plan(['--storage', 'aso', '--catalog', CRDS, ...KCP, '--rules', KCP_RULES, '--json'], f.io)).toBe(0);
    const p = JSON.parse(f.out()) as { plan: { rules?: { owned: string[]; steps: { rules: { id: string }[] }[] } } };
    expect(p.plan.rules?.owned).toContain('spec.machineTemplate.infrastructureRef');
    expect(p.plan.rules?.steps[0]?.rules.map((r) => r.id)).toContain('infrastructureRef');
    const text = fakeIO();
    expect(await plan(['--storage', 'aso', '--catalog', CRDS, ...KCP, '--rules', KCP_RULES], text.io)).toBe(0);
    expect(text.out()).toMatch(/owned: .*spec\.machineTemplate\.infrastructureRef/);
    expect(text.out()).toMatch(/\| infrastructureRef +\| move +\| v1beta1 -> v1beta2 \(up\)/);
    const plain = fakeIO();
    await plan(['--storage', 'aso', '--catalog', CRDS, ...KCP, '--json'], plain.io);
    expect(JSON.parse(plain.out()).plan).not.toHaveProperty('rules');
    // the fields the rules own (extraArgs maps -> lists) are the rules' to convert: no warning for them, and the
    // verdict is the plan's with the rules
    type Issues = { issues: { code: string; path: string[] }[]; verdict: { status: string } };
    const manual = (j: string) =>
      (JSON.parse(j) as Issues).issues.filter((i) => i.code === 'NEEDS_HANDWRITTEN_CONVERSION').map((i) => i.path[1]);
    expect(manual(plain.out())).toContain('extraArgs');
    expect(manual(f.out())).not.toContain('extraArgs');
    expect(manual(f.out())).not.toContain('kubeletExtraArgs');
    expect((JSON.parse(f.out()) as Issues).verdict.status).toBe('lossless');
  });

  it('plan --rules in the deployed view lists what the rules carry instead of dropping it', async () => {
    const f = fakeIO();
    await plan(['--catalog', CRDS, ...KCP, '--rules', KCP_RULES, '--json'], f.io);
    const r = JSON.parse(f.out()) as { carriedByRules: { path: string[]; rule: string }[]; droppedOnWrite: string[][] };
    expect(r.carriedByRules).toContainEqual({
      path: ['spec', 'machineTemplate', 'infrastructureRef'],
      rule: 'infrastructureRef',
    });
    expect(r.droppedOnWrite.map((p) => p.join('.'))).not.toContain('spec.machineTemplate.infrastructureRef');
  });

  it('convert --rules (the rules as the webhook): an intended drop is RULE_DROPPED, not a schema loss', async () => {
    const f = fakeIO();
    const sample = path.join(CAPI, 'samples/v1.10.10/simple-cluster.yaml');
    // the KCP rules describe only the KCP's webhook: the file's other kinds are "cannot tell", which is no all-clear
    expect(await convert(['--catalog', CRDS, '-f', sample, '--to', 'v1beta2', '--rules', KCP_RULES], f.io)).toBe(1);
    expect(f.err().trimEnd().split('\n').at(-1)).toMatch(
      /^verdict: Cannot tell: 7 documents: 6 cannot tell \(webhook\), 1 accepted/,
    );
    expect(f.err()).toMatch(/info RULE_DROPPED: rule infrastructureRef-namespace/);
    expect(f.err()).not.toMatch(/DROPPED_ON_WRITE.*spec\.machineTemplate\.infrastructureRef\.namespace/);
  });

  it('convert --storage aso --rules: the rules run with the generated steps; the KCP reads as the v1beta2 example', async () => {
    const f = fakeIO();
    const sample = path.join(CAPI, 'samples/v1.10.10/simple-cluster.yaml');
    await convert(['--storage', 'aso', '--catalog', CRDS, '-f', sample, '--to', 'v1beta2', '--rules', KCP_RULES], f.io);
    const got = kcp(f.out());
    const want = kcp(readFileSync(path.join(CAPI, 'samples/v1.11.11/simple-cluster.yaml'), 'utf8'));
    // the sample authors bumped the Kubernetes version between the releases
    expect({ ...got?.spec, version: undefined }).toEqual({ ...want?.spec, version: undefined });
    // the rules filled the required machineTemplate.spec: not reported missing; the intended drop is RULE_DROPPED
    expect(f.err()).not.toMatch(/REQUIRED_MISSING.*spec\.machineTemplate/);
    expect(f.err()).toMatch(/info RULE_DROPPED: rule infrastructureRef-namespace/);
    const plain = fakeIO();
    await convert(['--storage', 'aso', '--catalog', CRDS, '-f', sample, '--to', 'v1beta2'], plain.io);
    expect(plain.err()).toMatch(/REQUIRED_MISSING.*spec\.machineTemplate/);
  });

  it('roundtrip --rules: the repository rules round-trip the samples (exit 0)', async () => {
    const f = fakeIO();
    const args = ['--catalog', CRDS, '--kind', 'KubeadmControlPlane', '--samples', path.join(CAPI, 'samples/v1.10.10')];
    expect(await roundtrip(['--storage', 'aso', ...args, '--rules', KCP_RULES], f.io)).toBe(0);
    expect(f.err()).not.toMatch(/error RULE_/);
  });

  it('roundtrip --rules exits 1 when a rule loses data, naming the rule and path at its line', async () => {
    const f = fakeIO();
    const args = ['--catalog', CRDS, '--kind', 'KubeadmControlPlane', '--samples', path.join(CAPI, 'samples/v1.10.10')];
    const lossy = [
      { id: 'version', compute: { up: { 'spec.version': 'self.spec.version' }, down: { 'spec.version': 'null' } } },
    ];
    expect(await roundtrip(['--storage', 'aso', ...args, '--rules', '-'], stdinRules(f.io, lossy))).toBe(1);
    expect(f.err()).toMatch(/^-:\d+:\d+: error RULE_LOSES_DATA: .*rule version: spec\.version is lost/m);
  });

  it('diff --rules: changes a rule carries name it and are not breaking', async () => {
    const f = fakeIO();
    await diff(['--storage', 'aso', '--catalog', CRDS, ...KCP, '--rules', KCP_RULES, '--json'], f.io);
    const c = JSON.parse(f.out()) as { changes: { path: string[]; rule?: string; breaking: boolean }[] };
    const moved = c.changes.find((x) => x.path.join('.') === 'spec.rolloutStrategy');
    expect(moved).toMatchObject({ rule: 'rolloutStrategy', breaking: false });
    const plain = fakeIO();
    await diff(['--storage', 'aso', '--catalog', CRDS, ...KCP, '--json'], plain.io);
    const before = (JSON.parse(plain.out()) as typeof c).changes.find(
      (x) => x.path.join('.') === 'spec.rolloutStrategy',
    );
    expect(before).toMatchObject({ breaking: true });
    expect(before).not.toHaveProperty('rule');
  });

  it('a rules file naming a field the schema lacks is bad input (exit 2) on every command', async () => {
    const bad = [{ id: 'nope', move: { from: 'spec.noSuchField', to: 'spec.replicas' } }];
    for (const [cmd, args] of [
      [plan, ['--storage', 'aso', '--catalog', CRDS, ...KCP]],
      [diff, ['--storage', 'aso', '--catalog', CRDS, ...KCP]],
      [roundtrip, ['--catalog', CRDS, '--fuzz', '1']],
    ] as const) {
      const f = fakeIO();
      expect(await cmd([...args, '--rules', '-'], stdinRules(f.io, bad))).toBe(2);
      expect(f.err()).toMatch(/^-:\d+:\d+: error RULE_PATH_UNKNOWN/m);
    }
  });
});

describe('--rules with the CRM Person built-in catalog (seed 003)', () => {
  it('convert --rules to the hub: the names are the rules', async () => {
    const f = fakeIO();
    expect(
      await convert(
        ['--catalog', 'crm-person', '-f', PERSON_SAMPLE, '--to', 'hub', '--rules', PERSON_RULES, '-o', 'json'],
        f.io,
      ),
    ).toBe(0);
    const spec = (JSON.parse(f.out()) as Doc).spec;
    expect(spec).toMatchObject({
      knownAs: 'Ada',
      familyName: 'Lovelace',
      legalName: 'Ada Lovelace',
      sortKey: 'Lovelace',
    });
    expect(spec).not.toHaveProperty('$propertyBag');
  });
});
