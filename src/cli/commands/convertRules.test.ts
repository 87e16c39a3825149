// `convert --rules`: conversion rules are the webhook of the as-deployed view. The Cluster API
// KubeadmControlPlane rules turn the v1beta1 CAPD example into the v1beta2 example's spec.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { HAS_CORPUS, CORPUS_MISSING } from '../../core/testdata/corpus.ts';
import { fakeIO } from '../testdata/fakeIO.ts';
import { convert } from './convert.ts';

const CAPI = path.resolve(import.meta.dirname, '../../../../shared/corpus/cluster-api');
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
