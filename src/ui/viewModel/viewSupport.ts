// What both views' explores share: a guard that turns a core call's exception into an issue (the panes still
// render what did work), and the source version's JSON Schema for monaco-yaml, cached per catalog and version.
import { issue, versionJsonSchema, type Catalog, type Issue, type Kind } from '../../core/index.ts';

export function safe<T>(f: () => T, issues: Issue[], what: string): T | undefined {
  try {
    return f();
  } catch (e) {
    issues.push(issue('error', 'INTERNAL_ERROR', `${what} failed: ${e instanceof Error ? e.message : String(e)}`));
    return undefined;
  }
}

const schemas = new Map<string, unknown>();

/** The JSON Schema of a kind's version (undefined when it cannot be made: editor validation is a bonus). */
export function schemaFor(catalogKey: string, catalog: Catalog, kind: Kind, version: string): unknown {
  const key = `${catalogKey}\u0000${kind.group}/${kind.kind}\u0000${version}`;
  if (!schemas.has(key)) {
    let schema: unknown;
    try {
      schema = versionJsonSchema(catalog, kind, version);
    } catch {
      schema = undefined; // validation in the editor is a bonus; conversion still works
    }
    if (schemas.size > 100) schemas.clear();
    schemas.set(key, schema);
  }
  return schemas.get(key);
}
