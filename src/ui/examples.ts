// Example resources of the built-in catalogs (src/catalogs/<id>/example.yaml), bundled as text.
const files = import.meta.glob<string>('../catalogs/*/example.yaml', { query: '?raw', import: 'default', eager: true });

const byId = new Map(Object.entries(files).map(([path, text]) => [path.split('/').at(-2) ?? '', text]));

/** The example of a built-in catalog, or a minimal skeleton for catalogs without one. */
export function exampleFor(catalogId: string): string {
  return byId.get(catalogId) ?? 'apiVersion: example.com/v1\nkind: Example\nmetadata:\n  name: example\nspec: {}\n';
}

export function hasExample(catalogId: string): boolean {
  return byId.has(catalogId);
}
