// The storage variant of an API version (CONVERSION.md section 3, aso-reference section 3).
import { typeNamed } from '../catalog/catalogLookup.ts';
import { setKey } from '../model/dataKeys.ts';
import type { ObjectType, Property, TypeRef, Version } from '../model/model.ts';

export const STORAGE_SUFFIX = 'storage';
export const ORIGINAL_VERSION = 'originalVersion';

export const storageName = (apiVersion: string): string => `${apiVersion}${STORAGE_SUFFIX}`;

/** Enums collapse to their base primitive, also inside arrays and maps. */
export function eraseEnums(t: TypeRef): TypeRef {
  switch (t.kind) {
    case 'enum':
      return { kind: 'primitive', name: t.base };
    case 'array':
      return { kind: 'array', items: eraseEnums(t.items) };
    case 'map':
      return { kind: 'map', values: eraseEnums(t.values) };
    default:
      return t;
  }
}

function storageProperty(p: Property): Property {
  // Descriptions and validations are dropped, as ASO does; `conversion` and `readOnly` are kept facts.
  return {
    name: p.name,
    bagKey: p.bagKey,
    type: eraseEnums(p.type),
    required: false,
    ...(p.readOnly ? { readOnly: true } : {}),
    ...(p.conversion ? { conversion: p.conversion } : {}),
  };
}

/** Same names and shapes, loosened: optional, enums erased, no validations, a bag on every object but the root. */
export function deriveStorageVariant(apiVersion: Version): Version {
  const specType = specTypeName(apiVersion);
  const types: Record<string, ObjectType> = {};
  for (const name of Object.keys(apiVersion.types).sort()) {
    const t = typeNamed(apiVersion, name) as ObjectType;
    let properties = t.properties.map(storageProperty);
    if (name === specType && !properties.some((p) => p.name === ORIGINAL_VERSION)) {
      properties = [
        ...properties,
        {
          name: ORIGINAL_VERSION,
          bagKey: 'OriginalVersion',
          type: { kind: 'primitive', name: 'string' },
          required: false,
        } satisfies Property,
      ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    }
    setKey(types, name, {
      name,
      named: t.named,
      properties,
      // ASO puts no bag on the resource root: apiVersion/kind/metadata/spec/status are fixed.
      hasPropertyBag: name !== apiVersion.root,
      ...(t.additionalProperties ? { additionalProperties: eraseEnums(t.additionalProperties) } : {}),
      ...(t.preserveUnknownFields ? { preserveUnknownFields: true } : {}),
    });
  }
  return {
    name: storageName(apiVersion.name),
    role: 'storage',
    twin: apiVersion.name,
    derived: true,
    served: false,
    crdStorage: false,
    deprecated: false,
    root: apiVersion.root,
    ...(apiVersion.spec !== undefined ? { spec: apiVersion.spec } : {}),
    ...(apiVersion.status !== undefined ? { status: apiVersion.status } : {}),
    types,
    ...(apiVersion.source !== undefined ? { source: apiVersion.source } : {}),
  };
}

/** The object type held by the root's spec property, if any. */
export function specTypeName(v: Version): string | undefined {
  if (v.spec === undefined) return undefined;
  const t = typeNamed(v, v.root)?.properties.find((p) => p.name === v.spec)?.type;
  return t?.kind === 'object' ? t.name : undefined;
}
