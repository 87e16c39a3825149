// Link lengths (issue 6): the built-in examples, and typical corpus resources with the CRD embedded in
// the link versus referenced by its https URL. Run: `npm run bench` (or `node --import tsx bench/link-lengths.ts`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { encodeState } from '../src/ui/share/codec.ts';
import { contentHash } from '../src/ui/share/remoteFetch.ts';
import { LINK_LIMITS, linkLevel } from '../src/ui/share/limits.ts';
import type { ExplorerState } from '../src/ui/state.ts';
import { planLink, type CatalogHasher } from '../src/ui/share/linkCatalog.ts';
import { importFiles } from '../src/importers/index.ts';
import { catalogHash, serializeCatalog } from '../src/core/index.ts';
import { CORPUS as corpus } from '../src/core/testdata/corpus.ts';

const root = path.resolve(import.meta.dirname, '..');
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
  target = '',
) =>
  rows.push([
    what,
    catalog,
    String(inputBytes),
    String(catalogBytes),
    String(l.length),
    linkLevel(l.length),
    l.ms.toFixed(1),
    target,
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

// ---- corpus resources: the link a user gets (issue 18) ----
// Embedded: the catalog as loaded (one CRD file, or a whole family's folder), minimised for the input's kinds
// exactly as Copy link does (src/ui/share/linkCatalog.ts). URL: the catalog referred to by https URL + hash.
const hashOf: CatalogHasher = async (sources) => {
  const { catalog } = importFiles(sources);
  return catalog.kinds.length === 0 ? undefined : catalogHash(serializeCatalog(catalog));
};
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : /\.ya?ml$/.test(e.name) ? [path.join(dir, e.name)] : [],
    );
const cases: {
  name: string;
  crds: string;
  sample: string | undefined;
  url: string;
  target?: { embedded?: number; url?: number };
}[] = [
  {
    name: 'Flux Kustomization v1beta1',
    crds: 'fluxcd-kustomize-controller/crds/kustomize.toolkit.fluxcd.io_kustomizations.yaml',
    sample: 'fluxcd-kustomize-controller/samples/v0.35.1/config/samples/kustomize_v1beta1_kustomization.yaml',
    url: 'https://raw.githubusercontent.com/fluxcd/kustomize-controller/v1.6.1/config/crd/bases/kustomize.toolkit.fluxcd.io_kustomizations.yaml',
    target: { url: 1000 },
  },
  {
    name: 'Flux HelmRelease v2beta1, post-renderer patches (dropped in v2)',
    crds: 'fluxcd-helm-controller/crds/helm.toolkit.fluxcd.io_helmreleases.yaml',
    sample: 'fluxcd-helm-controller/samples/v0.31.2/config/testdata/post-renderer-kustomize/helmrelease.yaml',
    url: 'https://raw.githubusercontent.com/fluxcd/helm-controller/v1.3.0/config/crd/bases/helm.toolkit.fluxcd.io_helmreleases.yaml',
    target: { embedded: 8000, url: 1000 },
  },
  {
    name: 'ExternalSecret v1beta1 (all 4 External Secrets CRDs loaded)',
    crds: 'external-secrets/crds',
    sample: 'external-secrets/samples/v0.15.1/getallsecrets-find-by-tags.yaml',
    url: 'https://raw.githubusercontent.com/external-secrets/external-secrets/v0.15.1/config/crds/bases/external-secrets.io_externalsecrets.yaml',
    target: { url: 1000 },
  },
  {
    name: 'Cluster API KubeadmControlPlane (all 27 Cluster API CRDs loaded)',
    crds: 'cluster-api/crds',
    sample: undefined,
    url: 'https://raw.githubusercontent.com/kubernetes-sigs/cluster-api/v1.11.11/controlplane/kubeadm/config/crd/bases/controlplane.cluster.x-k8s.io_kubeadmcontrolplanes.yaml',
    target: { embedded: 16000, url: 1000 },
  },
];
const misses: string[] = [];
const check = (what: string, length: number, max: number | undefined) => {
  if (max !== undefined && !(length <= max)) misses.push(`${what}: ${length} > ${max}`);
  return max === undefined ? '' : `<= ${max.toLocaleString('en')}`;
};
for (const c of cases) {
  const at = path.join(corpus, c.crds);
  if (!existsSync(at)) {
    console.warn(`skipped (corpus file missing): ${c.crds}`);
    continue;
  }
  const files = (statSync(at).isDirectory() ? walk(at) : [at]).map((f) => ({
    name: path.relative(corpus, f),
    text: readFileSync(f, 'utf8'),
  }));
  const crdBytes = files.reduce((n, f) => n + Buffer.byteLength(f.text), 0);
  const input = c.sample
    ? readFileSync(path.join(corpus, c.sample), 'utf8')
    : 'apiVersion: controlplane.cluster.x-k8s.io/v1beta1\nkind: KubeadmControlPlane\nmetadata:\n  name: cp\nspec:\n  replicas: 3\n  version: v1.30.0\n';
  const base = { input, document: 0, view: 'bag' as const };
  const loaded: ExplorerState = {
    ...base,
    catalog: { type: 'embedded', name: path.basename(c.crds), hash: (await hashOf(files)) ?? '', sources: files },
  };
  const t0 = performance.now();
  const plan = await planLink(loaded, hashOf);
  const planMs = performance.now() - t0;
  const embedded = await linkLength(plan.state);
  const whole = await linkLength(loaded);
  const urlText = readFileSync(
    path.join(
      corpus,
      files.length === 1 ? c.crds : (files.find((f) => c.url.endsWith(path.basename(f.name)))?.name ?? ''),
    ),
    'utf8',
  );
  const byUrl = await linkLength({ ...base, catalog: { type: 'url', url: c.url, hash: contentHash(urlText) } });
  row(c.name, `as loaded (${files.length} files)`, Buffer.byteLength(input), crdBytes, whole, '');
  row(
    c.name,
    'minimal, embedded',
    Buffer.byteLength(input),
    crdBytes,
    { ...embedded, ms: embedded.ms + planMs },
    check(`${c.name} embedded`, embedded.length, c.target?.embedded),
  );
  row(
    c.name,
    'https URL + hash',
    Buffer.byteLength(input),
    Buffer.byteLength(urlText),
    byUrl,
    check(`${c.name} URL`, byUrl.length, c.target?.url),
  );
}

// ---- report ----
const cpus = (await import('node:os')).cpus();
console.log(`machine: ${cpus[0]?.model ?? 'unknown cpu'}, ${cpus.length} cores, node ${process.version}`);
console.log(
  `base address: ${BASE} (${BASE.length} chars); limits: ${LINK_LIMITS.map((l) => `${l.level} <= ${l.max}`).join(', ')}`,
);
const header = ['case', 'catalog', 'input B', 'catalog B', 'link chars', 'fits', 'ms', 'target'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const fmt = (r: string[]) =>
  `| ${r.map((c, i) => (i >= 2 && i !== 5 && i !== 7 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
console.log(fmt(header));
console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
for (const r of rows) console.log(fmt(r));
if (misses.length > 0) {
  console.log(`targets missed:\n${misses.join('\n')}`);
  process.exitCode = 1;
} else console.log('link length targets met');
