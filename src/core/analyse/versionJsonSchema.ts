// A JSON Schema (draft-07) for one version of a kind: for validating documents (ajv) and for the editor
// (monaco-yaml). Objects are closed (`additionalProperties: false`) unless the schema keeps extra fields, so
// a pruned field shows up as an error; storage objects allow `$propertyBag` (string -> string).
import { setKey } from '../model/dataKeys.ts';
import type { Catalog, Kind, ObjectType, TypeRef, Validation, Version } from '../model/model.ts';
import { NUMERIC_VALIDATION_KEYS } from '../model/model.ts';
import { apiVersionOf, findVersion, typeNamed } from '../catalog/catalogLookup.ts';
import { PROPERTY_BAG } from '../model/propertyBag.ts';

export type JsonSchema = Record<string, unknown>;

/** Definition keys safe inside a JSON pointer fragment. */
const defKey = (name: string): string => name.replace(/[^A-Za-z0-9_.-]/g, '_');

function validationFacts(v: Validation | undefined): JsonSchema {
  if (!v) return {};
  const out: JsonSchema = {};
  for (const k of ['pattern', 'format', ...NUMERIC_VALIDATION_KEYS, 'default'] as const) {
    if (v[k] !== undefined) out[k] = v[k];
  }
  // draft-07 spells exclusive bounds as numbers
  if (v.exclusiveMinimum && v.minimum !== undefined) {
    out.exclusiveMinimum = v.minimum;
    delete out.minimum;
  }
  if (v.exclusiveMaximum && v.maximum !== undefined) {
    out.exclusiveMaximum = v.maximum;
    delete out.maximum;
  }
  return out;
}

function refSchema(t: TypeRef): JsonSchema {
  switch (t.kind) {
    case 'primitive':
      return { type: t.name };
    case 'enum':
      return { type: t.base, enum: [...t.values] };
    case 'object':
      return { $ref: `#/definitions/${defKey(t.name)}` };
    case 'array':
      return { type: 'array', items: refSchema(t.items) };
    case 'map':
      return { type: 'object', additionalProperties: refSchema(t.values) };
    case 'opaque':
      return t.reason === 'int-or-string'
        ? { anyOf: [{ type: 'integer' }, { type: 'string' }] }
        : t.reason === 'embedded-resource'
          ? { type: 'object' }
          : {};
  }
}

function nullable(s: JsonSchema): JsonSchema {
  if (typeof s.type === 'string') return { ...s, type: [s.type, 'null'] };
  return { anyOf: [s, { type: 'null' }] };
}

function objectSchema(t: ObjectType, isRoot: boolean, kind: Kind, version: Version): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const p of t.properties) {
    if (p.name === PROPERTY_BAG) continue;
    let s: JsonSchema = { ...refSchema(p.type), ...validationFacts(p.validation) };
    if (p.validation?.nullable) s = nullable(s);
    if (p.description)
      s = p.type.kind === 'object' ? { allOf: [s], description: p.description } : { ...s, description: p.description };
    if (isRoot && p.name === 'apiVersion') s = { type: 'string', const: apiVersionOf(kind.group, version.name) };
    if (isRoot && p.name === 'kind') s = { type: 'string', const: kind.kind };
    if (isRoot && p.name === 'metadata') s = { type: 'object' };
    setKey(properties, p.name, s);
  }
  if (t.hasPropertyBag && !isRoot)
    properties[PROPERTY_BAG] = { type: 'object', additionalProperties: { type: 'string' } };
  const required = t.properties.filter((p) => p.required).map((p) => p.name);
  return {
    type: 'object',
    ...(t.description ? { description: t.description } : {}),
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: t.preserveUnknownFields
      ? true
      : t.additionalProperties
        ? refSchema(t.additionalProperties)
        : false,
  };
}

/** The JSON Schema of `kind` at `version` (a version name or `hub`); undefined for an unknown version. */
export function versionJsonSchema(catalog: Catalog, kind: Kind, version: string | Version): JsonSchema | undefined {
  void catalog;
  const v = typeof version === 'string' ? findVersion(kind, version === 'hub' ? kind.hub : version) : version;
  if (!v) return undefined;
  const definitions: Record<string, JsonSchema> = {};
  for (const name of Object.keys(v.types).sort())
    definitions[defKey(name)] = objectSchema(typeNamed(v, name) as ObjectType, name === v.root, kind, v);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: `urn:version-explorer:${kind.group}:${kind.kind}:${v.name}`,
    title: `${kind.kind} ${apiVersionOf(kind.group, v.name)}`,
    $ref: `#/definitions/${defKey(v.root)}`,
    definitions,
  };
}
