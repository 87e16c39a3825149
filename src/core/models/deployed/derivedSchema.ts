// A structural schema for versions that carry none (OpenAPI imports, built-in seed catalogs, derived storage
// variants), from their object types: the same skeleton the importer read, so the deployed view can run on them.
import type { ObjectType, TypeRef, Version } from '../../model/model.ts';
import { PROPERTY_BAG } from '../../model/propertyBag.ts';
import type { Schema } from './schemaNode.ts';

const cache = new WeakMap<Version, Schema>();

/** `version.schema` when the CRD carried one, else one derived from the version's object types (memoised). */
export function versionSchema(version: Version): Schema {
  if (version.schema) return version.schema;
  let s = cache.get(version);
  if (!s) {
    s = deriveSchema(version);
    cache.set(version, s);
  }
  return s;
}

function deriveSchema(version: Version): Schema {
  // Named types may be recursive: one mutable node per type, filled once (the walkers follow data, not schemas).
  const nodes = new Map<string, Record<string, unknown>>();
  const node = (name: string): Record<string, unknown> => {
    let n = nodes.get(name);
    if (n) return n;
    n = { type: 'object' };
    nodes.set(name, n);
    const t: ObjectType | undefined = Object.hasOwn(version.types, name) ? version.types[name] : undefined;
    if (t) fill(n, t);
    return n;
  };
  const ref = (t: TypeRef): Record<string, unknown> => {
    switch (t.kind) {
      case 'primitive':
        return { type: t.name };
      case 'enum':
        return { type: t.base };
      case 'object':
        return node(t.name);
      case 'array':
        return { type: 'array', items: ref(t.items) };
      case 'map':
        return { type: 'object', additionalProperties: ref(t.values) };
      case 'opaque':
        switch (t.reason) {
          case 'int-or-string':
            return { 'x-kubernetes-int-or-string': true };
          case 'embedded-resource':
            return {
              type: 'object',
              'x-kubernetes-embedded-resource': true,
              'x-kubernetes-preserve-unknown-fields': true,
            };
          default:
            return { 'x-kubernetes-preserve-unknown-fields': true };
        }
    }
  };
  const fill = (n: Record<string, unknown>, t: ObjectType): void => {
    const properties: Record<string, unknown> = {};
    for (const p of t.properties) {
      let s = ref(p.type);
      const v = p.validation;
      if (v && (v.default !== undefined || v.nullable)) {
        s = { ...s };
        if (v.default !== undefined) s.default = v.default;
        if (v.nullable) s.nullable = true;
      }
      Object.defineProperty(properties, p.name, { value: s, enumerable: true, writable: true, configurable: true });
    }
    if (t.hasPropertyBag && !Object.hasOwn(properties, PROPERTY_BAG))
      properties[PROPERTY_BAG] = { type: 'object', additionalProperties: { type: 'string' } };
    n.properties = properties;
    if (t.additionalProperties) n.additionalProperties = ref(t.additionalProperties);
    if (t.preserveUnknownFields) n['x-kubernetes-preserve-unknown-fields'] = true;
  };
  return node(version.root);
}
