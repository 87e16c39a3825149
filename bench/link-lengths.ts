// Link lengths (issue 6): the built-in examples, and typical corpus resources with the CRD embedded in
// the link versus referenced by its https URL. Run: `npm run bench` (or `node --import tsx bench/link-lengths.ts`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { encodeState } from '../src/ui/share/codec.ts';
import { contentHash } from '../src/ui/share/remoteFetch.ts';
import { LINK_LIMITS, linkLevel } from '../src/ui/share/limits.ts';
import type { ExplorerState } from '../src/ui/state.ts';

const root = path.resolve(import.meta.dirname, '..');
const corpus = path.resolve(root, '../shared/corpus');
/** A plausible deployment address: GitHub Pages under a sub-path. */
const BASE = 'https://example.github.io/version-explorer/#';

async function linkLength(state: ExplorerState): Promise<{ length: number; ms: number }> {
  const t0 = performance.now();
  const r = await encodeState(state);
  const ms = performance.now() - t0;
  if (!('fragment' in r)) return { length: Number.NaN, ms };
  return { length: BASE.length + r.fragment.length, ms };
}

const rows: string[][] = [];
const row = (
  what: string,
  catalog: string,
  inputBytes: number,
  catalogBytes: number,
  l: { length: number; ms: number },
) =>
  rows.push([
    what,
    catalog,
    String(inputBytes),
    String(catalogBytes),
    String(l.length),
    linkLevel(l.length),
    l.ms.toFixed(1),
  ]);

// ---- built-in examples ----
const index = existsSync(path.join(root, 'public/catalogs/index.json'))
  ? (
      JSON.parse(readFileSync(path.join(root, 'public/catalogs/index.json'), 'utf8')) as {
        catalogs: { id: string; hash: string }[];
      }
    ).catalogs
  : [];
for (const id of readdirSync(path.join(root, 'src/catalogs'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort()) {
  const exampleFile = path.join(root, 'src/catalogs', id, 'example.yaml');
  const input = existsSync(exampleFile) ? readFileSync(exampleFile, 'utf8') : '';
  const hash = index.find((e) => e.id === id)?.hash;
  const state: ExplorerState = {
    catalog: hash ? { type: 'builtin', id, hash } : { type: 'builtin', id },
    input,
    document: 0,
    view: 'bag',
  };
  row(
    `built-in ${id}: example${input === '' ? ' (none found)' : ''}`,
    'built-in id + hash',
    Buffer.byteLength(input),
    0,
    await linkLength(state),
  );
  row(
    `built-in ${id}: example, target + highlight + plan view`,
    'built-in id + hash',
    Buffer.byteLength(input),
    0,
    await linkLength({ ...state, targetVersion: 'v2', view: 'plan', highlight: ['spec', 'field'] }),
  );
}

// ---- corpus resources: embedded CRD vs https URL ----
const cases = [
  {
    name: 'Flux Kustomization v1beta1 (kustomize-controller CRD, 87 KB)',
    crd: 'fluxcd-kustomize-controller/crds/kustomize.toolkit.fluxcd.io_kustomizations.yaml',
    sample: 'fluxcd-kustomize-controller/samples/v0.35.1/config/samples/kustomize_v1beta1_kustomization.yaml',
    url: 'https://raw.githubusercontent.com/fluxcd/kustomize-controller/v1.6.1/config/crd/bases/kustomize.toolkit.fluxcd.io_kustomizations.yaml',
  },
  {
    name: 'Flux HelmRelease v2beta1 with valuesFrom (helm-controller CRD, 192 KB)',
    crd: 'fluxcd-helm-controller/crds/helm.toolkit.fluxcd.io_helmreleases.yaml',
    sample: 'fluxcd-helm-controller/samples/v0.31.2/config/testdata/valuesfrom/helmrelease.yaml',
    url: 'https://raw.githubusercontent.com/fluxcd/helm-controller/v1.3.0/config/crd/bases/helm.toolkit.fluxcd.io_helmreleases.yaml',
  },
  {
    name: 'ExternalSecret v1beta1 (external-secrets CRD, 43 KB)',
    crd: 'external-secrets/crds/external-secrets.io_externalsecrets.yaml',
    sample: 'external-secrets/samples/v0.15.1/getallsecrets-find-by-tags.yaml',
    url: 'https://raw.githubusercontent.com/external-secrets/external-secrets/v0.15.1/config/crds/bases/external-secrets.io_externalsecrets.yaml',
  },
  {
    name: 'Cluster API KubeadmControlPlane (CRD 458 KB, the large end)',
    crd: 'cluster-api/crds/controlplane.cluster.x-k8s.io_kubeadmcontrolplanes.yaml',
    sample: undefined,
    url: 'https://raw.githubusercontent.com/kubernetes-sigs/cluster-api/v1.11.11/controlplane/kubeadm/config/crd/bases/controlplane.cluster.x-k8s.io_kubeadmcontrolplanes.yaml',
  },
];
for (const c of cases) {
  const crdPath = path.join(corpus, c.crd);
  if (!existsSync(crdPath)) {
    console.warn(`skipped (corpus file missing): ${c.crd}`);
    continue;
  }
  const crd = readFileSync(crdPath, 'utf8');
  const input = c.sample
    ? readFileSync(path.join(corpus, c.sample), 'utf8')
    : 'apiVersion: controlplane.cluster.x-k8s.io/v1beta1\nkind: KubeadmControlPlane\nmetadata:\n  name: cp\nspec:\n  replicas: 3\n  version: v1.30.0\n';
  const file = path.basename(c.crd);
  const base = { input, document: 0, targetVersion: undefined, view: 'bag' as const };
  const embedded: ExplorerState = {
    ...base,
    catalog: { type: 'embedded', name: file, hash: contentHash(crd), sources: [{ name: file, text: crd }] },
  };
  const byUrl: ExplorerState = { ...base, catalog: { type: 'url', url: c.url, hash: contentHash(crd) } };
  delete (embedded as { targetVersion?: string }).targetVersion;
  delete (byUrl as { targetVersion?: string }).targetVersion;
  row(`${c.name}`, 'embedded CRD', Buffer.byteLength(input), Buffer.byteLength(crd), await linkLength(embedded));
  row(`${c.name}`, 'https URL + hash', Buffer.byteLength(input), Buffer.byteLength(crd), await linkLength(byUrl));
}

// ---- report ----
const cpus = (await import('node:os')).cpus();
console.log(`machine: ${cpus[0]?.model ?? 'unknown cpu'}, ${cpus.length} cores, node ${process.version}`);
console.log(
  `base address: ${BASE} (${BASE.length} chars); limits: ${LINK_LIMITS.map((l) => `${l.level} <= ${l.max}`).join(', ')}`,
);
const header = ['case', 'catalog', 'input B', 'catalog B', 'link chars', 'fits', 'encode ms'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const fmt = (r: string[]) =>
  `| ${r.map((c, i) => (i >= 2 && i !== 5 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
console.log(fmt(header));
console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
for (const r of rows) console.log(fmt(r));
