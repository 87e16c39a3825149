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
