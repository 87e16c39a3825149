// A ~1 MB ServiceFabric Cluster (the built-in example with many fabric settings): the UI benchmark's paste.
export function bigClusterYaml(targetBytes = 1_000_000, salt = 0): string {
  const head = [
    'apiVersion: servicefabric.azure.com/2016-03-01',
    'kind: Cluster',
    'metadata:',
    `  name: big-cluster-${salt}`,
    'spec:',
    '  location: westeurope',
    '  properties:',
    '    managementEndpoint: https://big.westeurope.cloudapp.azure.com:19080',
    '    reliabilityLevel: Silver',
    '    nodeTypes:',
    '      - name: frontend',
    '        clientConnectionEndpointPort: 19000',
    '        httpGatewayEndpointPort: 19080',
    '        isPrimary: true',
    '        vmInstanceCount: 5',
    '    fabricSettings:',
  ];
  const out = [...head];
  let size = out.join('\n').length;
  for (let i = 0; size < targetBytes; i++) {
    const block = [`      - name: Section${i}`, '        parameters:'];
    for (let j = 0; j < 5; j++)
      block.push(`          - name: Parameter${j}`, `            value: value-${salt}-${i}-${j}-abcdefghijklmnop`);
    out.push(...block);
    size += block.join('\n').length + 1;
  }
  return out.join('\n') + '\n';
}
