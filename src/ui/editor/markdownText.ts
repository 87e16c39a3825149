// Monaco renders hovers (ours, and monaco-yaml's schema titles and descriptions) as Markdown. Text from a CRD
// (version names, kinds, descriptions) is data: escaped so it shows as written, never as links, images or HTML.
const MARKDOWN = /[\\`*_{}[\]()#+\-.!<>|~&]/g;

export function escapeMarkdown(text: string): string {
  return text.replace(MARKDOWN, (c) => `\\${c}`);
}

/** A JSON Schema with every `title`, `description` and `markdownDescription` escaped (a copy). */
export function schemaForHover(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(schemaForHover);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema as Record<string, unknown>)) {
    const value =
      (k === 'title' || k === 'description') && typeof v === 'string'
        ? escapeMarkdown(v)
        : k === 'markdownDescription'
          ? undefined
          : schemaForHover(v);
    if (value !== undefined)
      Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
