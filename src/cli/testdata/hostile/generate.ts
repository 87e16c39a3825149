// Test-only: hostile inputs too large or too deep to commit, generated (deterministic) for the hostile tests
// and the benchmark. Each returns file text as the CLI would read it.

/** An OpenAPI 3 file of one resource, Person, with extra schemas; `personSpec` is Person's own schema. */
export function openApi(schemas: Record<string, unknown>, personSpec: unknown = { type: 'object' }): string {
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Hostile', version: 'v1' },
    'x-version-explorer-group': 'hostile.example.com',
    paths: {
      '/subscriptions/{s}/resourceGroups/{g}/providers/Microsoft.Hostile/people/{name}': {
        put: {
          operationId: 'People_CreateOrUpdate',
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Person' } } } },
          responses: { '200': { description: 'OK' } },
        },
      },
    },
    components: {
      schemas: {
        Person: { type: 'object', properties: { spec: personSpec } },
        ...schemas,
      },
    },
  };
  return JSON.stringify(doc, null, 1);
}

/** `A` is an array of `A` (or a map of `A`): a cycle through `items` / `additionalProperties`. */
export function cyclicRefOpenApi(through: 'array' | 'map'): string {
  const a =
    through === 'array'
      ? { type: 'array', items: { $ref: '#/components/schemas/A' } }
      : { type: 'object', additionalProperties: { $ref: '#/components/schemas/A' } };
  return openApi({ A: a }, { $ref: '#/components/schemas/A' });
}

/** `R0 -> R1 -> ... -> Rn`: each schema only a `$ref` to the next (an alias chain), the last an object. */
export function refChainOpenApi(n: number): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) schemas[`R${i}`] = { $ref: `#/components/schemas/R${i + 1}` };
  schemas[`R${n}`] = { type: 'object', properties: { name: { type: 'string' } } };
  return openApi(schemas, { $ref: '#/components/schemas/R0' });
}

/**
 * `A0 extends A1 extends ... An` through single-part `allOf` refs (`A_i: {allOf: [{$ref: A_i+1}], properties}`),
 * the resource body (`body`) or its spec (`spec`) the head of the chain.
 */
export function allOfChainOpenApi(n: number, head: 'spec' | 'body' = 'spec'): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < n; i++)
    schemas[`A${i}`] = {
      allOf: [{ $ref: `#/components/schemas/A${i + 1}` }],
      properties: { [`f${i}`]: { type: 'string' } },
    };
  schemas[`A${n}`] = { type: 'object', properties: { name: { type: 'string' } } };
  const text = openApi(schemas, { $ref: '#/components/schemas/A0' });
  if (head === 'spec') return text;
  const doc = JSON.parse(text) as { components: { schemas: Record<string, unknown> } };
  doc.components.schemas.Person = { allOf: [{ $ref: '#/components/schemas/A0' }] };
  return JSON.stringify(doc, null, 1);
}

/** Object schemas `O0 .. On`, each with one property `next` of the following type: n nested types. */
export function nestedRefOpenApi(n: number): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < n; i++)
    schemas[`O${i}`] = { type: 'object', properties: { next: { $ref: `#/components/schemas/O${i + 1}` } } };
  schemas[`O${n}`] = { type: 'object', properties: { name: { type: 'string' } } };
  return openApi(schemas, { $ref: '#/components/schemas/O0' });
}

/** JSON text of a schema `n` levels deep: `{"type":"object","properties":{"a":{...}}}` (as text: no recursion). */
export function deepSchemaJson(n: number): string {
  return '{"type":"object","properties":{"a":'.repeat(n) + '{"type":"string"}' + '}}'.repeat(n);
}

/** A one-version CRD (as JSON, which is YAML) whose spec schema is `n` levels deep. */
export function deepCrd(n: number): string {
  const marker = '"@SPEC@"';
  return JSON.stringify({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'deeps.hostile.example.com' },
    spec: {
      group: 'hostile.example.com',
      names: { kind: 'Deep', plural: 'deeps' },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: { openAPIV3Schema: { type: 'object', properties: { spec: '@SPEC@' } } },
        },
      ],
    },
  }).replace(marker, deepSchemaJson(n));
}

/** JSON text of a value `n` objects deep, `{"a":{"a":...1}}` (built as text: JSON.stringify's recursion is not). */
export function deepValueJson(n: number): string {
  return '{"a":'.repeat(n) + '1' + '}'.repeat(n);
}

/** A JSON resource whose spec is `n` levels deep. */
export function deepResource(n: number, apiVersion = 'hostile.example.com/v1', kind = 'Deep'): string {
  return `{"apiVersion":${JSON.stringify(apiVersion)},"kind":${JSON.stringify(kind)},"metadata":{"name":"deep"},"spec":${deepValueJson(n)}}`;
}

/** A type reference `n` arrays deep, as in a catalog JSON: `{kind: array, items: {kind: array, ...}}`. */
export function deepTypeRef(n: number): unknown {
  let t: unknown = { kind: 'primitive', name: 'string' };
  for (let i = 0; i < n; i++) t = { kind: 'array', items: t };
  return t;
}

/**
 * A CRD of `versions` versions (v1 .. vN, the last stored), each with `properties` spec properties, as block YAML
 * the way `kubectl get crd -o yaml` prints it (30 x 3,000 is about 7.7 MB).
 */
export function wideCrdYaml(versions: number, properties: number): string {
  const props: string[] = [];
  for (let p = 0; p < properties; p++)
    props.push(
      `              field${p}:\n                type: ${p % 3 === 0 ? 'integer' : 'string'}\n                description: F${p}\n`,
    );
  const body = props.join('');
  const out = [
    'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: wides.hostile.example.com\n',
    'spec:\n  group: hostile.example.com\n  names:\n    kind: Wide\n    plural: wides\n  scope: Namespaced\n  versions:\n',
  ];
  for (let v = 1; v <= versions; v++)
    out.push(
      `  - name: v${v}\n    served: true\n    storage: ${v === versions}\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n`,
      body,
    );
  return out.join('');
}

/** A one-version CRD whose spec has `properties` string properties (JSON text, built without recursion). */
export function wideTypeCrd(properties: number): string {
  const props: string[] = [];
  for (let i = 0; i < properties; i++) props.push(`"p${i}":{"type":"string"}`);
  return deepCrd(0).replace('{"type":"string"}', `{"type":"object","properties":{${props.join(',')}}}`);
}

/** A one-version CRD (JSON text) whose spec has one required property `n` with the bounds given as written. */
export function boundsCrd(type: 'integer' | 'number', bounds: string): string {
  return deepCrd(0).replace(
    '{"type":"string"}',
    `{"type":"object","required":["n"],"properties":{"n":{"type":"${type}",${bounds}}}}`,
  );
}

/** A Person (person-v1v2, v1) as JSON whose spec also holds `n` keys its schema does not know (all pruned). */
export function unknownKeysPerson(n: number): string {
  const keys: string[] = [];
  for (let i = 0; i < n; i++) keys.push(`"u${i}":${i}`);
  return `{"apiVersion":"crm.example.com/v1","kind":"Person","metadata":{"name":"p"},"spec":{"firstName":"a","lastName":"b",${keys.join(',')}}}`;
}

/** A Person (person-v1v2, v1) of about `mb` megabytes as JSON: annotations of 100-byte values. */
export function bigPerson(mb: number): string {
  const annotations: Record<string, string> = {};
  for (let i = 0; i < mb * 8_500; i++) annotations[`example.com/key-${i}`] = 'v'.repeat(90);
  const doc = { apiVersion: 'crm.example.com/v1', kind: 'Person', metadata: { name: 'p', annotations } };
  return JSON.stringify({ ...doc, spec: { firstName: 'a', lastName: 'b' } });
}

/**
 * A Flux HelmRelease (the corpus CRD, v2beta1) of about `mb` megabytes as block YAML, as kubectl writes it:
 * `spec.values` (free-form, kept whole by the schema) holds one entry of nested maps and lists per service.
 */
export function bigHelmRelease(mb: number): string {
  const lines = [
    'apiVersion: helm.toolkit.fluxcd.io/v2beta1',
    'kind: HelmRelease',
    'metadata:',
    '  name: big',
    '  namespace: default',
    'spec:',
    '  interval: 5m',
    '  chart:',
    '    spec:',
    '      chart: podinfo',
    '      sourceRef:',
    '        kind: HelmRepository',
    '        name: podinfo',
    '  values:',
  ];
  let size = lines.join('\n').length;
  for (let i = 0; size < mb * 1e6; i++) {
    const svc = [
      `    svc${i}:`,
      '      image:',
      `        repository: example.com/app-${i}`,
      '        tag: v1.2.3',
      '      replicas: 3',
      '      env:',
      '        - name: A',
      `          value: ${'x'.repeat(40)}`,
      '        - name: B',
      `          value: "${i}"`,
      '      resources:',
      '        limits:',
      '          cpu: 500m',
      '          memory: 128Mi',
      '      enabled: true',
    ];
    lines.push(...svc);
    size += svc.join('\n').length + 1;
  }
  return `${lines.join('\n')}\n`;
}
