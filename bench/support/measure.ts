// Shared by the conversion benchmarks: paired timing against a baseline, and the ~1 MB ServiceFabric Cluster.

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

/** Median ms of each function; runs alternate so JIT and GC state weigh on both alike. */
export function timeBoth(a: () => unknown, b: () => unknown, runs: number): [number, number] {
  for (let i = 0; i < 3; i++) {
    a();
    b();
  }
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now();
    a();
    sa.push(performance.now() - t0);
    t0 = performance.now();
    b();
    sb.push(performance.now() - t0);
  }
  return [median(sa), median(sb)];
}

/** A generated ServiceFabric Cluster of about 1 MB at 2016-03-01. */
export function bigCluster(): Record<string, unknown> {
  const sections = Array.from({ length: 2350 }, (_, i) => ({
    name: `Section${i}`,
    parameters: Array.from({ length: 10 }, (_, j) => ({ name: `Param${j}`, value: `value-${i}-${j}` })),
  }));
  return {
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
}
