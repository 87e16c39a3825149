// `webhook manifests`: what `kubectl apply` needs to run the rules' webhook in a cluster: a ConfigMap holding
// the rules and the CRDs they convert, the Deployment (non-root, read-only root filesystem, probes), its
// Service, optionally cert-manager's Certificate, and each CRD with `spec.conversion` pointing at the Service
// (the whole CRD, or only the merge patch). Plain objects; the command prints them as YAML.
import { createHash } from 'node:crypto';

type Obj = Record<string, unknown>;

export interface ManifestOptions {
  readonly name: string;
  readonly namespace: string;
  readonly image: string;
  readonly replicas: number;
  /** The rules file's text, as the ConfigMap holds it. */
  readonly rulesText: string;
  /** The CRDs the rules convert, as parsed documents. */
  readonly crds: readonly Obj[];
  /** The CRDs' text, as the ConfigMap holds it. */
  readonly crdsText: string;
  /** cert-manager: `Issuer/NAME` or `ClusterIssuer/NAME` (a bare name is an Issuer). */
  readonly certManagerIssuer?: string;
  /** PEM of the CA that signed the serving certificate (without cert-manager). */
  readonly caBundle?: string;
  /** Print only `metadata` and `spec.conversion` of each CRD (for `kubectl patch --type merge`). */
  readonly patchOnly: boolean;
}

export const WEBHOOK_PORT = 9443;
const CONFIG_DIR = '/etc/version-explorer';
const TLS_DIR = '/etc/version-explorer/tls';

const isObj = (x: unknown): x is Obj => x !== null && typeof x === 'object' && !Array.isArray(x);

export const tlsSecretName = (o: ManifestOptions): string => `${o.name}-tls`;

/** The container's arguments (after the image's `version-explorer` entrypoint). */
export function webhookArgs(): string[] {
  return [
    'webhook',
    '--rules',
    `${CONFIG_DIR}/config/rules.yaml`,
    '--crd',
    `${CONFIG_DIR}/config/crds.yaml`,
    '--tls-cert',
    `${TLS_DIR}/tls.crt`,
    '--tls-key',
    `${TLS_DIR}/tls.key`,
    '--port',
    String(WEBHOOK_PORT),
  ];
}

function deployment(o: ManifestOptions, checksum: string): Obj {
  const labels = { 'app.kubernetes.io/name': o.name, 'app.kubernetes.io/component': 'conversion-webhook' };
  const probe = (path: string) => ({ httpGet: { path, port: 'webhook', scheme: 'HTTPS' }, periodSeconds: 10 });
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: o.name, namespace: o.namespace, labels },
    spec: {
      replicas: o.replicas,
      selector: { matchLabels: labels },
      template: {
        // a changed rules file or CRD rolls the pods (the server reads them once, at start)
        metadata: { labels, annotations: { 'version-explorer.dev/config-sha256': checksum } },
        spec: {
          automountServiceAccountToken: false,
          securityContext: {
            runAsNonRoot: true,
            runAsUser: 65532,
            runAsGroup: 65532,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          containers: [
            {
              name: 'webhook',
              image: o.image,
              args: webhookArgs(),
              ports: [{ name: 'webhook', containerPort: WEBHOOK_PORT, protocol: 'TCP' }],
              readinessProbe: probe('/readyz'),
              livenessProbe: probe('/healthz'),
              resources: { requests: { cpu: '50m', memory: '128Mi' }, limits: { memory: '512Mi' } },
              securityContext: {
                allowPrivilegeEscalation: false,
                readOnlyRootFilesystem: true,
                capabilities: { drop: ['ALL'] },
              },
              volumeMounts: [
                { name: 'config', mountPath: `${CONFIG_DIR}/config`, readOnly: true },
                { name: 'tls', mountPath: TLS_DIR, readOnly: true },
                { name: 'tmp', mountPath: '/tmp' },
              ],
            },
          ],
          terminationGracePeriodSeconds: 30,
          volumes: [
            { name: 'config', configMap: { name: `${o.name}-config` } },
            { name: 'tls', secret: { secretName: tlsSecretName(o) } },
            { name: 'tmp', emptyDir: { sizeLimit: '16Mi' } },
          ],
        },
      },
    },
  };
}

function service(o: ManifestOptions): Obj {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: o.name, namespace: o.namespace },
    spec: {
      selector: { 'app.kubernetes.io/name': o.name, 'app.kubernetes.io/component': 'conversion-webhook' },
      ports: [{ name: 'https', port: 443, targetPort: 'webhook', protocol: 'TCP' }],
    },
  };
}

function certificate(o: ManifestOptions, issuer: string): Obj {
  const [kind, name] = issuer.includes('/') ? (issuer.split('/', 2) as [string, string]) : ['Issuer', issuer];
  return {
    apiVersion: 'cert-manager.io/v1',
    kind: 'Certificate',
    metadata: { name: o.name, namespace: o.namespace },
    spec: {
      secretName: tlsSecretName(o),
      dnsNames: [`${o.name}.${o.namespace}.svc`, `${o.name}.${o.namespace}.svc.cluster.local`],
      issuerRef: { kind, name },
      privateKey: { rotationPolicy: 'Always' },
    },
  };
}

/** The CRD with its conversion set to this webhook (or only that, as a merge patch). */
function crdWithConversion(o: ManifestOptions, crd: Obj): Obj {
  const meta = isObj(crd.metadata) ? crd.metadata : {};
  const annotations = {
    ...(isObj(meta.annotations) && !o.patchOnly ? meta.annotations : {}),
    ...(o.certManagerIssuer !== undefined ? { 'cert-manager.io/inject-ca-from': `${o.namespace}/${o.name}` } : {}),
  };
  const conversion = {
    strategy: 'Webhook',
    webhook: {
      conversionReviewVersions: ['v1', 'v1beta1'],
      clientConfig: {
        service: { namespace: o.namespace, name: o.name, path: '/convert', port: 443 },
        ...(o.caBundle !== undefined ? { caBundle: Buffer.from(o.caBundle).toString('base64') } : {}),
      },
    },
  };
  const metadata = { name: meta.name, ...(Object.keys(annotations).length > 0 ? { annotations } : {}) };
  if (o.patchOnly) return { metadata, spec: { conversion } };
  const spec = isObj(crd.spec) ? crd.spec : {};
  return { ...crd, metadata: { ...meta, ...metadata }, spec: { ...spec, conversion } };
}

/** Every manifest, in the order `kubectl apply` should create them. */
export function webhookManifests(o: ManifestOptions): Obj[] {
  const checksum = createHash('sha256').update(o.rulesText).update('\0').update(o.crdsText).digest('hex');
  const config: Obj = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: `${o.name}-config`, namespace: o.namespace },
    data: { 'rules.yaml': o.rulesText, 'crds.yaml': o.crdsText },
  };
  return [
    config,
    ...(o.certManagerIssuer !== undefined ? [certificate(o, o.certManagerIssuer)] : []),
    deployment(o, checksum),
    service(o),
    ...o.crds.map((c) => crdWithConversion(o, c)),
  ];
}
