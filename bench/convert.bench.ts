// Conversion benchmark. (1) A generated ServiceFabric Cluster of about 1 MB at 2016-03-01: spoke -> hub -> spoke
// round trip against structuredClone of the same object in the same run (target <= 3x). (2) Planning the
// 10-version CRM Person kind (every version to the hub and back) on a cold catalog (target < 5 ms).
import { convertResource, jsonDifferences, planConversion, type Catalog } from '../src/core/index.ts';
import { builtinCatalog } from '../src/core/testdata/loadCatalogs.ts';
import { hooksFor } from '../src/catalogs/hooks.ts';
import { median, timeBoth } from './support/timing.ts';

// ---- (1) a ~1 MB resource
const sf = builtinCatalog('servicefabric');
const sections = Array.from({ length: 2350 }, (_, i) => ({
  name: `Section${i}`,
  parameters: Array.from({ length: 10 }, (_, j) => ({ name: `Param${j}`, value: `value-${i}-${j}` })),
}));
const doc = {
  apiVersion: 'servicefabric.azure.com/2016-03-01',
  kind: 'Cluster',
  metadata: { name: 'big', namespace: 'default', labels: { app: 'bench' } },
  spec: {
    location: 'westus',
    properties: {
      managementEndpoint: 'https://example.invalid:19080',
      certificate: { thumbprint: 'ABCDEF', x509StoreName: 'My' },
      fabricSettings: sections,
      nodeTypes: Array.from({ length: 200 }, (_, i) => ({
        name: `nt${i}`,
        clientConnectionEndpointPort: 19000,
        httpGatewayEndpointPort: 19080,
        isPrimary: i === 0,
        vmInstanceCount: 5,
      })),
      reliabilityLevel: 'Silver',
      clientCertificateThumbprints: Array.from({ length: 200 }, (_, i) => ({
        certificateThumbprint: `T${i}`,
        isAdmin: i % 2 === 0,
      })),
      vmImage: 'Windows',
    },
  },
};
const bytes = JSON.stringify(doc).length;
const roundTripOnce = (fates: boolean) => {
  const hub = convertResource(sf, doc, 'hub', { fates });
  return convertResource(sf, hub.output, '2016-03-01', { fates });
};
const check = roundTripOnce(false);
const diffs = jsonDifferences(doc, check.output);
if (diffs.length > 0 || check.issues.length > 0)
  throw new Error(
    `bench document did not round-trip: ${JSON.stringify(diffs)} ${JSON.stringify(check.issues.slice(0, 3))}`,
  );
const [rt, clone] = timeBoth(
  () => roundTripOnce(false),
  () => structuredClone(doc),
  30,
);
const [rtFates] = timeBoth(
  () => roundTripOnce(true),
  () => structuredClone(doc),
  10,
);
console.log(`resource: ${(bytes / 1024 / 1024).toFixed(2)} MB JSON (ServiceFabric Cluster 2016-03-01)`);
console.log(
  `spoke -> hub -> spoke (fates off): ${rt.toFixed(2)} ms; structuredClone: ${clone.toFixed(2)} ms; ratio ${(rt / clone).toFixed(2)}x (target <= 3x)`,
);
console.log(`spoke -> hub -> spoke (all fates): ${rtFates.toFixed(2)} ms; ratio ${(rtFates / clone).toFixed(2)}x`);

// ---- (2) planning the 10-version CRM Person
const crm = builtinCatalog('crm-person');
const hooks = hooksFor('crm-person');
const kind = crm.kinds[0];
if (!kind) throw new Error('crm-person has no kind');
const apis = kind.versions.filter((v) => v.role === 'api').map((v) => v.name);
const planAll = (c: Catalog) => {
  for (const v of apis) {
    planConversion(c, 'Person', v, 'hub', { hooks });
    planConversion(c, 'Person', 'hub', v, { hooks });
  }
};
// Wall time is at the mercy of other processes on a shared machine; CPU time of this process is reported too.
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const cold: number[] = [];
const coldCpu: number[] = [];
for (let i = 0; i < 60; i++) {
  const fresh = structuredClone(crm); // a new catalog object: the per-catalog plan cache starts empty
  const c0 = cpuMs();
  const t0 = performance.now();
  planAll(fresh);
  cold.push(performance.now() - t0);
  coldCpu.push(cpuMs() - c0);
}
const warmRuns: number[] = [];
for (let i = 0; i < 50; i++) {
  const t0 = performance.now();
  planAll(crm);
  warmRuns.push(performance.now() - t0);
}
console.log(
  `plan CRM Person (${apis.length} API versions, to the hub and back): cold ${median(cold).toFixed(2)} ms wall, ${median(coldCpu).toFixed(2)} ms CPU (target < 5 ms); cached ${median(warmRuns).toFixed(3)} ms`,
);
