// `convert --rules`: conversion rules are the webhook of the as-deployed view. The Cluster API
// KubeadmControlPlane rules turn the v1beta1 CAPD example into the v1beta2 example's spec.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { HAS_CORPUS, CORPUS_MISSING, corpusPath } from '../../core/testdata/corpus.ts';
import { fakeIO } from '../testdata/fakeIO.ts';
import { convert } from './convert.ts';
import { roundtrip } from './roundtrip.ts';

const CAPI = corpusPath('cluster-api');
const RULES = path.resolve(import.meta.dirname, '../../../rules/cluster-api/kubeadmcontrolplane-v1beta1-v1beta2.yaml');
const kcp = (text: string) =>
  parseAllDocuments(text)
    .map((d) => d.toJS() as { kind?: string; spec?: Record<string, unknown> })
    .find((d) => d.kind === 'KubeadmControlPlane');

describe.skipIf(!HAS_CORPUS)(`convert --rules (${HAS_CORPUS ? 'corpus' : CORPUS_MISSING})`, () => {
  it('applies the rules as the webhook: the v1beta1 KCP reads at v1beta2 as the v1beta2 example', async () => {
    const f = fakeIO();
    const args = ['--catalog', path.join(CAPI, 'crds'), '-f', path.join(CAPI, 'samples/v1.10.10/simple-cluster.yaml')];
    await convert([...args, '--to', 'v1beta2', '--rules', RULES], f.io);
    const got = kcp(f.out());
    const want = kcp(readFileSync(path.join(CAPI, 'samples/v1.11.11/simple-cluster.yaml'), 'utf8'));
    // v1beta1's schema defaults rolloutStrategy on write; the rules carry it to v1beta2's spec.rollout
    expect(got?.spec?.rollout).toEqual({ strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } } });
    // the sample authors bumped the Kubernetes version between the releases
    expect({ ...got?.spec, version: undefined, rollout: undefined }).toEqual({ ...want?.spec, version: undefined });
    // without rules the same fields are the webhook's, not modelled
    const plain = fakeIO();
    await convert([...args, '--to', 'v1beta2', '--conversion', 'webhook'], plain.io);
    expect(plain.err()).toMatch(/WEBHOOK_NOT_MODELLED.*spec\.machineTemplate\.infrastructureRef/);
    expect(f.err()).not.toMatch(/WEBHOOK_NOT_MODELLED.*spec\.machineTemplate/);
  });

  it('a rule whose CEL fails on the document prints RULE_FAILED at its line in the rules file and exits 1', async () => {
    const rules = `apiVersion: version-explorer.dev/v1alpha1
kind: ConversionRules
conversions:
  - { group: controlplane.cluster.x-k8s.io, kind: KubeadmControlPlane, from: v1beta1, to: v1beta2, rules: [
      { id: replicas, compute: {
          up: { spec.replicas: "self.spec.replicas + int(self.metadata.name)" },
          down: { spec.replicas: "self.spec.replicas - int(self.metadata.name)" } } } ] }
`;
    const line = rules.split('\n').findIndex((l) => l.includes('id: replicas')) + 1;
    const args = ['--catalog', path.join(CAPI, 'crds'), '-f', path.join(CAPI, 'samples/v1.10.10/simple-cluster.yaml')];
    for (const storage of ['deployed', 'aso']) {
      const f = fakeIO('', { 'bad-rules.yaml': rules });
      const code = await convert([...args, '--to', 'v1beta2', '--storage', storage, '--rules', 'bad-rules.yaml'], f.io);
      expect(code).toBe(1);
      const failed = f
        .err()
        .split('\n')
        .filter((l) => l.includes(' RULE_FAILED'));
      expect(failed.length).toBeGreaterThan(0);
      for (const l of failed) {
        expect(l.startsWith(`bad-rules.yaml:${line}:`)).toBe(true);
        expect(l).toMatch(/: error RULE_FAILED: .*\(at spec\.replicas\)$/);
      }
      // the name is not a number: no replica count stands in for the one the rule could not compute
      expect([storage, kcp(f.out())?.spec?.replicas]).toEqual([storage, undefined]);
    }
  });

  it('a rules file with an error is bad input (exit 2) with its line', async () => {
    const f = fakeIO();
    const code = await convert(
      ['--catalog', path.join(CAPI, 'crds'), '-f', path.join(CAPI, 'samples/v1.10.10/simple-cluster.yaml')].concat([
        '--to',
        'v1beta2',
        '--rules',
        '-',
      ]),
      { ...f.io, readStdin: async () => 'apiVersion: version-explorer.dev/v1alpha1\nkind: Nope\n' },
    );
    expect(code).toBe(2);
    expect(f.err()).toMatch(/^-:\d+:\d+: error RULE/m);
  });
});

describe('convert --rules: the metadata a rule writes is checked as the API server checks a webhook response', () => {
  const WIDGETS = path.resolve(import.meta.dirname, '../../core/models/deployed/testdata/widgets-crd.yaml');
  const rules = readFileSync(path.join(path.dirname(WIDGETS), 'widgets-note-label-rules.yaml'), 'utf8');
  const widget = (note: string) =>
    `apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  note: ${JSON.stringify(note)}\n`;
  const convertAt = async (note: string) => {
    const f = fakeIO('', { 'rules.yaml': rules, 'w.yaml': widget(note) });
    const code = await convert(['--catalog', WIDGETS, '-f', 'w.yaml', '--to', 'v2', '--rules', 'rules.yaml'], f.io);
    return { code, err: f.err(), out: f.out() };
  };

  it('a valid label: exit 0, the label read back', async () => {
    const r = await convertAt('gold');
    expect(r.code).toBe(0);
    expect(r.out).toContain('note: gold');
    expect(r.err).not.toContain('CONVERSION_INVALID_METADATA');
  });

  it('an invalid label value: the write fails, CONVERSION_INVALID_METADATA at the metadata, exit 1', async () => {
    const r = await convertAt('gold plated');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^w\.yaml:\d+:\d+: error CONVERSION_INVALID_METADATA: .*\(at metadata\.labels\.note\)$/m);
  });

  it('roundtrip --storage deployed names what fails the request', async () => {
    const f = fakeIO('', { 'rules.yaml': rules, 's.yaml': widget('gold plated') });
    const args = ['--catalog', WIDGETS, '--samples', 's.yaml', '--storage', 'deployed', '--rules', 'rules.yaml'];
    expect(await roundtrip([...args, '--json'], f.io)).toBe(1);
    const report = JSON.parse(f.out()) as { results: { losses: { readAt: string; rejectedBy?: string[] }[] }[] };
    const losses = report.results.flatMap((r) => r.losses);
    expect(losses.length).toBeGreaterThan(0);
    expect(losses.every((l) => l.rejectedBy?.includes('CONVERSION_INVALID_METADATA'))).toBe(true);
    const text = fakeIO('', { 'rules.yaml': rules, 's.yaml': widget('gold plated') });
    expect(await roundtrip(args, text.io)).toBe(1);
    expect(text.out()).toContain('rejected (CONVERSION_INVALID_METADATA)');
  });
});
