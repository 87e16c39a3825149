// Field descriptions by schema path, read from a version's object types. The structural schema drops
// descriptions (they change no result); the object types keep them, and they are in every loaded catalog
// (catalog JSON, the UI's IndexedDB), so the check needs no CRD text.
import type { TypeRef, Version } from '../../model/model.ts';
import { ITEMS, VALUES, type SchemaPath } from './compareSchemas.ts';

const KEY_SEP = '\u0000';
export const schemaPathKey = (p: SchemaPath): string => p.join(KEY_SEP);

/** path key -> description (undefined when the field has none); every field reachable from the root is listed. */
export function descriptionsOf(version: Version): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  const root = version.types[version.root];
  if (!root) return out;
  out.set('', root.description);
  const visiting = new Set<string>([root.name]);
  const walkType = (t: TypeRef, path: SchemaPath, described: boolean): void => {
    if (t.kind === 'array') return walkElement(t.items, [...path, ITEMS]);
    if (t.kind === 'map') return walkElement(t.values, [...path, VALUES]);
    if (t.kind !== 'object') return;
    const ot = version.types[t.name];
    if (!ot || visiting.has(ot.name)) return;
    if (!described) out.set(schemaPathKey(path), ot.description);
    visiting.add(ot.name);
    for (const p of ot.properties) {
      const at = [...path, p.name];
      out.set(schemaPathKey(at), p.description);
      walkType(p.type, at, true);
    }
    visiting.delete(ot.name);
  };
  // An array item or map value has no property of its own: its object type carries the description.
  const walkElement = (t: TypeRef, path: SchemaPath) => walkType(t, path, false);
  for (const p of root.properties) {
    out.set(schemaPathKey([p.name]), p.description);
    walkType(p.type, [p.name], true);
  }
  return out;
}
