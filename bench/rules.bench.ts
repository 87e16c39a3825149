// Conversion rules benchmark: a ~1 MB KubeadmControlPlane (v1beta1) converted to v1beta2 with the repository's
// Cluster API rules (27 rules: moves, CEL computes, map -> list, drops; at least 20 fire on this document) against
// structuredClone of the same object in the same run. Target: at most 3x. Two figures: the rules alone (as
// deployed, the rules are the webhook) and the ASO view (the rules with the generated steps of the hub-and-bag
// executor, v1beta1 -> v1beta1storage -> v1beta2storage -> v1beta2, sparse fates as bulk conversion records them).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { applyRules, convertAt, findKind, findVersion, parseRules } from '../src/core/index.ts';
import { CORPUS, importDir } from '../src/core/testdata/loadCatalogs.ts';
import { timeBoth } from './support/measure.ts';

const root = path.resolve(import.meta.dirname, '..');
const file = 'rules/cluster-api/kubeadmcontrolplane-v1beta1-v1beta2.yaml';
const { ruleSet, issues } = parseRules(readFileSync(path.join(root, file), 'utf8'), file);
if (issues.length > 0) throw new Error(JSON.stringify(issues));

const args = (n: number, p: string) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`${p}-flag-${i}`, `value-${i}`]));
const doc = {
  apiVersion: 'controlplane.cluster.x-k8s.io/v1beta1',
  kind: 'KubeadmControlPlane',
  metadata: { name: 'big', namespace: 'default' },
  spec: {
    replicas: 3,
    version: 'v1.33.0',
    machineTemplate: {
      infrastructureRef: {
        apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1',
        kind: 'DockerMachineTemplate',
        name: 'cp',
        namespace: 'default',
        uid: 'u',
      },
      nodeDrainTimeout: '5m0s',
      nodeDeletionTimeout: '10s',
      nodeVolumeDetachTimeout: '30s',
      readinessGates: [{ conditionType: 'Ready' }],
    },
    machineNamingStrategy: { template: '{{ .kubeadmControlPlane.name }}-{{ .random }}' },
    remediationStrategy: { maxRetry: 3, retryPeriod: '20s', minHealthyPeriod: '1h0m0s' },
    rolloutBefore: { certificatesExpiryDays: 21 },
    rolloutAfter: '2026-01-01T00:00:00Z',
    rolloutStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } },
    kubeadmConfigSpec: {
      clusterConfiguration: {
        clusterName: 'c',
        apiServer: { extraArgs: args(400, 'api') },
        controllerManager: { extraArgs: args(400, 'cm') },
        scheduler: { extraArgs: args(400, 'sched') },
        etcd: { local: { extraArgs: args(400, 'etcd') } },
      },
      initConfiguration: { nodeRegistration: { kubeletExtraArgs: args(400, 'init') } },
      joinConfiguration: { nodeRegistration: { kubeletExtraArgs: args(400, 'join') } },
      files: Array.from({ length: 1300 }, (_, i) => ({
        path: `/etc/kubernetes/file-${i}.yaml`,
        content: 'x'.repeat(700),
        owner: 'root:root',
      })),
    },
  },
};
const bytes = JSON.stringify(doc).length;
const r = applyRules(
  ruleSet,
  { group: 'controlplane.cluster.x-k8s.io', kind: 'KubeadmControlPlane' },
  'v1beta1',
  'v1beta2',
  doc,
);
const fired = new Set(r.applied.map((a) => a.ruleId)).size;
if (r.issues.some((i) => i.severity === 'error')) throw new Error(JSON.stringify(r.issues));
const [rules, clone] = timeBoth(
  () =>
    applyRules(
      ruleSet,
      { group: 'controlplane.cluster.x-k8s.io', kind: 'KubeadmControlPlane' },
      'v1beta1',
      'v1beta2',
      doc,
    ),
  () => structuredClone(doc),
  30,
);
const ratio = rules / clone;
console.log(
  `rules: ${(bytes / 1e6).toFixed(2)} MB KubeadmControlPlane, ${ruleSet.conversions[0]?.rules.length} rules (${fired} fire): ` +
    `${rules.toFixed(1)} ms vs structuredClone ${clone.toFixed(1)} ms = ${ratio.toFixed(2)}x (target <= 3x)`,
);

// ---- the ASO view: the same document and rules through the hub-and-bag executor
const capi = importDir(path.join(CORPUS, 'cluster-api/crds'), 'capi').catalog;
const kcp = findKind(capi, { group: 'controlplane.cluster.x-k8s.io', kind: 'KubeadmControlPlane' })!;
const v1beta1 = findVersion(kcp, 'v1beta1')!;
const aso = () => convertAt(capi, kcp, v1beta1, doc, 'v1beta2', { rules: ruleSet, fates: false });
const asoResult = aso();
if (asoResult.issues.some((i) => i.severity === 'error' && i.code !== 'REQUIRED_MISSING'))
  throw new Error(JSON.stringify(asoResult.issues.filter((i) => i.severity === 'error').slice(0, 5)));
const [asoMs, asoClone] = timeBoth(aso, () => structuredClone(doc), 30);
const [plainMs, plainClone] = timeBoth(
  () => convertAt(capi, kcp, v1beta1, doc, 'v1beta2', { fates: false }),
  () => structuredClone(doc),
  30,
);
const asoRatio = asoMs / asoClone;
console.log(
  `rules, ASO view (${asoResult.path.join(' -> ')}): ${asoMs.toFixed(1)} ms vs structuredClone ${asoClone.toFixed(1)} ms = ` +
    `${asoRatio.toFixed(2)}x (target <= 3x); without rules ${plainMs.toFixed(1)} ms = ${(plainMs / plainClone).toFixed(2)}x`,
);
// to the hub (a storage version): the rules' other direction also runs, to keep in the bag what it would not give back
const [hubMs, hubClone] = timeBoth(
  () => convertAt(capi, kcp, v1beta1, doc, 'hub', { rules: ruleSet, fates: false }),
  () => structuredClone(doc),
  30,
);
console.log(
  `rules, ASO view to the hub (${kcp.hub}): ${hubMs.toFixed(1)} ms vs structuredClone ${hubClone.toFixed(1)} ms = ${(hubMs / hubClone).toFixed(2)}x`,
);
console.log('CEL: @bufbuild/cel 0.6.1, 68.8 kB gzip, cel-spec conformance 1,920 / 2,344 (81.9%) (docs/cel.md)');
process.exitCode = ratio <= 3 && asoRatio <= 3 ? 0 : 1;
