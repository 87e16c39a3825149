// A CRD version's structural schema (inline, anonymous) -> named object types, names derived from the path:
// root `Kustomization`, `spec` -> `KustomizationSpec`, `spec.sourceRef` -> `KustomizationSpecSourceRef`,
// array items `...Item`, map values `...Value`; clashes get `2`, `3`, ... in sorted-path order.
// Opaque: int-or-string, embedded-resource, preserve-unknown-fields without properties, and schemas with
// no type (free-form). The root's `metadata` is always opaque: the converter copies it verbatim; the root
// always has apiVersion, kind and metadata (listed in the schema or not, as the API server treats them).
import { PROPERTY_BAG, setKey } from '../core/index.ts';
import type { ObjectType, Property, TypeRef } from '../core/index.ts';
import { NameAllocator, bagKeyOf, byString, typeSegment, uniqueBagKeys } from './names.ts';
import { isRecord } from './parseSource.ts';
import {
  FREE_FORM,
  descriptionOf,
  enumValues,
  primitiveOf,
  propertiesOf,
  requiredOf,
  validationOf,
} from './schemaFacts.ts';

const STRING: TypeRef = { kind: 'primitive', name: 'string' };
const IMPLICIT_ROOT: readonly (readonly [string, TypeRef])[] = [
  ['apiVersion', STRING],
  ['kind', STRING],
  ['metadata', FREE_FORM],
];

interface Walk {
  readonly names: NameAllocator;
  readonly types: Map<string, ObjectType>;
}

function propertyType(w: Walk, s: unknown, hint: string): TypeRef {
  if (!isRecord(s)) return FREE_FORM;
  if (s['x-kubernetes-int-or-string'] === true) return { kind: 'opaque', reason: 'int-or-string' };
  if (s['x-kubernetes-embedded-resource'] === true) return { kind: 'opaque', reason: 'embedded-resource' };
  const values = enumValues(s);
  if (values) return { kind: 'enum', base: primitiveOf(s.type) ?? 'string', values };
  if (s.type === 'array')
    return { kind: 'array', items: isRecord(s.items) ? propertyType(w, s.items, `${hint}Item`) : FREE_FORM };
  const prim = primitiveOf(s.type);
  if (prim) return { kind: 'primitive', name: prim };
  if (propertiesOf(s)) return { kind: 'object', name: objectType(w, s, hint) };
  if (s['x-kubernetes-preserve-unknown-fields'] === true) return { kind: 'opaque', reason: 'preserve-unknown-fields' };
  if (isRecord(s.additionalProperties))
    return { kind: 'map', values: propertyType(w, s.additionalProperties, `${hint}Value`) };
  if (s.additionalProperties === true) return { kind: 'map', values: FREE_FORM };
  // A structural `type: object` with nothing else prunes every field (Kubernetes semantics): an empty
  // object type, so the explorer reports such fields as PRUNED. Only a schema with no type is free-form.
  if (s.type === 'object') return { kind: 'object', name: objectType(w, s, hint) };
  return FREE_FORM;
}

function objectType(w: Walk, s: Record<string, unknown>, wanted: string, isRoot = false): string {
  const name = w.names.take(wanted);
  const props = propertiesOf(s) ?? {};
  const required = requiredOf(s);
  let hasPropertyBag = false;
  const properties: Property[] = [];
  for (const key of Object.keys(props).sort(byString)) {
    if (key === PROPERTY_BAG) {
      hasPropertyBag = true;
      continue;
    }
    const ps = props[key];
    const pr = isRecord(ps) ? ps : {};
    // Root metadata is ObjectMeta: carried verbatim by the converter, never recursed into.
    const type = isRoot && key === 'metadata' ? FREE_FORM : propertyType(w, ps, `${name}${typeSegment(key)}`);
    const description = descriptionOf(pr);
    const validation = validationOf(pr);
    properties.push({
      name: key,
      bagKey: bagKeyOf(key),
      type,
      required: required.has(key),
      ...(description !== undefined ? { description } : {}),
      ...(validation !== undefined ? { validation } : {}),
    });
  }
  // The API server keeps the root's apiVersion, kind and metadata whether the schema lists them or not.
  if (isRoot) {
    for (const [key, type] of IMPLICIT_ROOT)
      if (!properties.some((p) => p.name === key))
        properties.push({ name: key, bagKey: bagKeyOf(key), type, required: false });
    properties.sort((a, b) => byString(a.name, b.name));
  }
  const description = descriptionOf(s);
  const extra = isRecord(s.additionalProperties)
    ? propertyType(w, s.additionalProperties, `${name}Value`)
    : s.additionalProperties === true
      ? FREE_FORM
      : undefined;
  w.types.set(name, {
    name,
    named: false,
    properties: uniqueBagKeys(properties),
    hasPropertyBag,
    ...(extra ? { additionalProperties: extra } : {}),
    ...(s['x-kubernetes-preserve-unknown-fields'] === true ? { preserveUnknownFields: true } : {}),
    ...(description !== undefined ? { description } : {}),
  });
  return name;
}

/** Object types of one version, keys sorted; the root type is named after the kind and never has a bag. */
export function crdSchemaTypes(schema: Record<string, unknown>, kind: string): Record<string, ObjectType> {
  const w: Walk = { names: new NameAllocator(), types: new Map() };
  const root = objectType(w, schema, kind, true);
  const rootType = w.types.get(root);
  if (rootType?.hasPropertyBag) w.types.set(root, { ...rootType, hasPropertyBag: false });
  const out: Record<string, ObjectType> = {};
  for (const k of [...w.types.keys()].sort(byString)) setKey(out, k, w.types.get(k));
  return out;
}
