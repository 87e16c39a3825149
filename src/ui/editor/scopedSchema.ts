// monaco-yaml checks every document of the model against one schema. Scoped to the selected document's kind and
// group (a draft-07 if/then), a Secret or a DockerCluster beside it is no longer judged by the wrong schema.
const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `schema` applied only to documents whose kind is `kind` and apiVersion is in `group`. */
export function scopedSchema(schema: object, group: string, kind: string): object {
  const { $ref, ...rest } = schema as { $ref?: unknown } & Record<string, unknown>;
  const body = $ref === undefined ? { ...rest } : { $ref };
  const apiVersion = group === '' ? '^[^/]+$' : `^${escapeRe(group)}/[^/]+$`;
  return {
    // definitions (and $schema, $id) stay at the root: the $ref inside `then` points at them.
    ...($ref === undefined ? {} : rest),
    if: {
      type: 'object',
      required: ['apiVersion', 'kind'],
      properties: { apiVersion: { type: 'string', pattern: apiVersion }, kind: { const: kind } },
    },
    then: body,
  };
}
