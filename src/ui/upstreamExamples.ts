// The Examples menu: real CRDs and samples from upstream projects, referred to by raw GitHub URLs at release
// tags (files that never change), fetched on first use and kept in IndexedDB (share/remoteCache.ts), so they work
// offline afterwards. Nothing upstream is copied into this repository. `corpus` names the same file in the team's
// shared corpus (../shared/corpus, see its PROVENANCE.md): the e2e tests serve that file under the URL.

export interface UpstreamFile {
  readonly url: string;
  /** Path of the identical file under ../shared/corpus. */
  readonly corpus: string;
}

export interface UpstreamExample {
  readonly id: string;
  readonly title: string;
  /** What it shows, in a sentence. */
  readonly shows: string;
  readonly crds: readonly UpstreamFile[];
  readonly sample: UpstreamFile;
  readonly target?: string;
}

const gh = (repo: string, tag: string, path: string) => `https://raw.githubusercontent.com/${repo}/${tag}/${path}`;

export const UPSTREAM_EXAMPLES: readonly UpstreamExample[] = [
  {
    id: 'flux-helmrelease',
    title: 'Flux HelmRelease v2beta1 → v2 (a dropped field)',
    shows:
      'Flux declares no conversion webhook (conversion None): written at v2beta1 and stored at v2, the post-renderer’s patchesStrategicMerge and patchesJson6902 are dropped on write.',
    crds: [
      {
        url: gh('fluxcd/helm-controller', 'v1.3.0', 'config/crd/bases/helm.toolkit.fluxcd.io_helmreleases.yaml'),
        corpus: 'fluxcd-helm-controller/crds/helm.toolkit.fluxcd.io_helmreleases.yaml',
      },
    ],
    sample: {
      url: gh('fluxcd/helm-controller', 'v0.31.2', 'config/testdata/post-renderer-kustomize/helmrelease.yaml'),
      corpus: 'fluxcd-helm-controller/samples/v0.31.2/config/testdata/post-renderer-kustomize/helmrelease.yaml',
    },
    target: 'v2',
  },
  {
    id: 'capi-cluster',
    title: 'Cluster API Cluster v1alpha4 → v1beta2 hub → v1beta1',
    shows: 'One kind across three versions: the v1alpha4 object through the v1beta2 hub to v1beta1.',
    crds: [
      {
        url: gh('kubernetes-sigs/cluster-api', 'v1.11.11', 'config/crd/bases/cluster.x-k8s.io_clusters.yaml'),
        corpus: 'cluster-api/crds/cluster.x-k8s.io_clusters.yaml',
      },
    ],
    sample: {
      url: gh('kubernetes-sigs/cluster-api', 'v0.4.8', 'test/infrastructure/docker/examples/simple-cluster.yaml'),
      corpus: 'cluster-api/samples/v0.4.8/simple-cluster.yaml',
    },
    target: 'v1beta1',
  },
  {
    id: 'gateway-httproute',
    title: 'Gateway API HTTPRoute v1beta1 → v1',
    shows: 'Identical schemas: only the apiVersion changes, nothing in the bag, nothing lost.',
    crds: [
      {
        url: gh(
          'kubernetes-sigs/gateway-api',
          'v1.6.1',
          'config/crd/standard/gateway.networking.k8s.io_httproutes.yaml',
        ),
        corpus: 'gateway-api/crds/v1.6.1-standard/gateway.networking.k8s.io_httproutes.yaml',
      },
    ],
    sample: {
      url: gh('kubernetes-sigs/gateway-api', 'v0.5.1', 'examples/v1beta1/basic-http.yaml'),
      corpus: 'gateway-api/samples/v0.5.1/v1beta1/basic-http.yaml',
    },
    target: 'v1',
  },
  {
    id: 'eso-secretstore',
    title: 'External Secrets SecretStore v1alpha1 → v1beta1',
    shows: 'A Vault store written for v1alpha1, read at the v1beta1 storage version.',
    crds: [
      {
        url: gh(
          'external-secrets/external-secrets',
          'v0.15.1',
          'config/crds/bases/external-secrets.io_secretstores.yaml',
        ),
        corpus: 'external-secrets/crds/external-secrets.io_secretstores.yaml',
      },
    ],
    sample: {
      url: gh('external-secrets/external-secrets', 'v0.4.4', 'docs/snippets/vault-ldap-store.yaml'),
      corpus: 'external-secrets/samples/v0.4.4/vault-ldap-store.yaml',
    },
    target: 'v1beta1',
  },
];
