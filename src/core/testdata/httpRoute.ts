// A Gateway API HTTPRoute (v1) with one path match: `value: cart` breaks the CRD's CEL rule (a path must be
// absolute), `/cart` keeps it. Shared by the worker's Markdown test and the e2e validation spec.
export const httpRoute = (value: string): string =>
  [
    'apiVersion: gateway.networking.k8s.io/v1',
    'kind: HTTPRoute',
    'metadata:',
    '  name: shop',
    'spec:',
    '  parentRefs:',
    '    - name: gw',
    '  rules:',
    '    - matches:',
    '        - path:',
    '            type: PathPrefix',
    `            value: ${value}`,
    '',
  ].join('\n');
