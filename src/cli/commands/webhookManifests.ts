// `webhook manifests`: the Kubernetes objects that deploy the rules' webhook, as YAML on stdout
// (src/cli/webhook/manifests.ts builds them; docs/webhook.md walks through applying them).
import { parseAllDocuments, stringify } from 'yaml';
import type { CommandIO } from '../io.ts';
import { webhookManifests as buildManifests } from '../webhook/manifests.ts';
import { loadCatalogFor, readInput } from './conversionArgs.ts';
import type { CommandArgs } from './command.ts';
import { BAD_INPUT, defineCommand } from './command.ts';
import { loadRules } from './rulesArg.ts';

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => x !== null && typeof x === 'object' && !Array.isArray(x);
/** A ConfigMap holds at most 1 MiB; leave room for its own fields. */
const CONFIG_MAP_MAX = 1_000_000;
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

/** The CustomResourceDefinitions in the --crd files and folders (comma-separated). */
async function readCrds(io: CommandIO, src: string): Promise<Obj[]> {
  const out: Obj[] = [];
  for (const p of src.split(',')) {
    for (const f of (await io.listFiles(p)).filter((x) => /\.(ya?ml|json)$/i.test(x) || x === p)) {
      for (const d of parseAllDocuments(await io.readText(f))) {
        const v = d.toJS() as unknown;
        if (isObj(v) && v.kind === 'CustomResourceDefinition') out.push(v);
      }
    }
  }
  return out;
}

export const webhookManifests = defineCommand({
  name: 'webhook manifests',
  summary: 'print the Deployment, Service, ConfigMap and CRD conversion patch that deploy the webhook',
  description:
    'YAML for `kubectl apply -f -`: a ConfigMap with the rules and the CRDs they convert, the Deployment (non-root,\n' +
    "read-only root filesystem, probes), its Service, cert-manager's Certificate with --cert-manager, and each CRD\n" +
    'with spec.conversion pointing at the Service.',
  options: [
    { name: '--rules', value: 'FILE', required: true, help: 'the conversion rules' },
    { name: '--crd', value: 'FILE', required: true, help: 'the CustomResourceDefinition(s), comma-separated' },
    { name: '--image', value: 'IMAGE', required: true, help: "the webhook's container image (see the Dockerfile)" },
    {
      name: '--name',
      value: 'N',
      help: 'the Deployment, Service and Certificate name (default version-explorer-webhook)',
    },
    { name: '--namespace', value: 'NS', help: 'where they run (default version-explorer)' },
    { name: '--replicas', value: 'N', help: 'pods (default 2)' },
    {
      name: '--cert-manager',
      value: 'ISSUER',
      help: 'a cert-manager Issuer (or ClusterIssuer/NAME) signs the certificate; its CA is injected into the CRDs',
    },
    {
      name: '--ca-bundle',
      value: 'FILE',
      help: 'without cert-manager: the PEM CA that signed the serving certificate',
    },
    { name: '--crd-patch', help: "print only each CRD's metadata and spec.conversion (kubectl patch --type merge)" },
  ],
  exitCodes: { 0: 'the manifests were printed', 2: BAD_INPUT },
  example:
    'webhook manifests --rules src/core/models/deployed/testdata/widgets-note-label-rules.yaml --crd src/core/models/deployed/testdata/widgets-crd.yaml --image example.com/webhook:1',
  run: manifests,
});

async function manifests(a: CommandArgs, io: CommandIO): Promise<number> {
  const { values, flags } = a;
  const name = values['--name'] ?? 'version-explorer-webhook';
  const namespace = values['--namespace'] ?? 'version-explorer';
  if (!DNS_LABEL.test(name) || !DNS_LABEL.test(namespace))
    return a.usageError('--name and --namespace must be DNS labels (lower case, digits, -)');
  const replicas = Number(values['--replicas'] ?? 2);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 100) return a.usageError('--replicas takes 1 to 100');
  if (values['--cert-manager'] !== undefined && values['--ca-bundle'] !== undefined)
    return a.usageError('--cert-manager injects the CA bundle: give one of --cert-manager and --ca-bundle');
  // The webhook must start with these files: load them as it will.
  const catalog = await loadCatalogFor('webhook manifests', values['--crd'] as string, io);
  if (!catalog) return 2;
  const rulesFile = values['--rules'] as string;
  const ruleSet = await loadRules(io, rulesFile, catalog);
  if (!ruleSet) return 2;
  const rulesText = (await readInput(io, rulesFile)) as string;
  const converted = (c: Obj): boolean => {
    const spec = isObj(c.spec) ? c.spec : {};
    const kind = isObj(spec.names) ? spec.names.kind : undefined;
    return ruleSet.conversions.some((x) => x.kind === kind && (x.group === undefined || x.group === spec.group));
  };
  const crds = (await readCrds(io, values['--crd'] as string)).filter(converted);
  const crdsText = crds.map((c) => stringify(c)).join('---\n');
  if (rulesText.length + crdsText.length > CONFIG_MAP_MAX) {
    io.err(
      `version-explorer webhook manifests: error CONFIG_TOO_LARGE: the rules and CRDs take ${rulesText.length + crdsText.length} bytes, more than a ConfigMap holds; build them into the image instead (docs/webhook.md)\n`,
    );
    return 2;
  }
  const caBundle = values['--ca-bundle'] !== undefined ? await readInput(io, values['--ca-bundle']) : undefined;
  if (values['--ca-bundle'] !== undefined && caBundle === undefined) return 2;
  const docs = buildManifests({
    name,
    namespace,
    image: values['--image'] as string,
    replicas,
    rulesText,
    crds,
    crdsText,
    ...(values['--cert-manager'] !== undefined ? { certManagerIssuer: values['--cert-manager'] } : {}),
    ...(caBundle !== undefined ? { caBundle } : {}),
    patchOnly: flags.has('--crd-patch'),
  });
  io.out(docs.map((d) => stringify(d, { lineWidth: 0, aliasDuplicateObjects: false })).join('---\n'));
  return 0;
}
