// Stage: one CustomResourceDefinition (apiextensions.k8s.io/v1, also v1beta1's top-level validation) -> KindInput.
import type { Issue, KindInput, Path, Version } from '../core/index.ts';
import { PROPERTY_BAG, STORAGE_SUFFIX } from '../core/index.ts';
import { crdSchemaTypes } from './crdSchemaTypes.ts';
import type { SourceDoc } from './parseSource.ts';
import { docIssue, isRecord } from './parseSource.ts';
import { propertiesOf } from './schemaFacts.ts';
import { structuralSchema } from './structuralSchema.ts';

/** ASO ships its own storage variants: `<v>storage` versions whose spec has `$propertyBag` / `originalVersion`. */
function isAsoStorageSchema(name: string, schema: Record<string, unknown>): boolean {
  if (!name.endsWith(STORAGE_SUFFIX)) return false;
  const spec = propertiesOf(schema)?.spec;
  const props = isRecord(spec) ? propertiesOf(spec) : undefined;
  return props !== undefined && (PROPERTY_BAG in props || 'originalVersion' in props);
}

export function importCrd(
  doc: SourceDoc,
  crd: Record<string, unknown>,
  at: Path = [],
): { kind?: KindInput; issues: Issue[] } {
  const issues: Issue[] = [];
  const bad = (path: Path, what: string) => {
    issues.push(docIssue(doc, 'error', 'INVALID_CRD', what, [...at, ...path]));
    return { issues };
  };
  const spec = crd.spec;
  if (!isRecord(spec)) return bad(['spec'], 'a CustomResourceDefinition needs a spec');
  const group = spec.group;
  if (typeof group !== 'string' || group === '') return bad(['spec', 'group'], 'spec.group must be a non-empty string');
  const names = spec.names;
  const kindName = isRecord(names) ? names.kind : undefined;
  if (typeof kindName !== 'string' || kindName === '')
    return bad(['spec', 'names', 'kind'], 'spec.names.kind must be a non-empty string');
  const rawVersions: unknown[] = Array.isArray(spec.versions)
    ? spec.versions
    : typeof spec.version === 'string'
      ? [{ name: spec.version, served: true, storage: true }]
      : [];
  if (rawVersions.length === 0) return bad(['spec', 'versions'], 'spec.versions must list at least one version');
  // apiextensions v1beta1 could hold one schema for every version.
  const sharedSchema =
    isRecord(spec.validation) && isRecord(spec.validation.openAPIV3Schema)
      ? spec.validation.openAPIV3Schema
      : undefined;

  const read: { name: string; raw: Record<string, unknown>; schema: Record<string, unknown> }[] = [];
  rawVersions.forEach((rv, i) => {
    const path = ['spec', 'versions', i];
    if (!isRecord(rv) || typeof rv.name !== 'string' || rv.name === '') {
      issues.push(docIssue(doc, 'error', 'INVALID_CRD', 'a version needs a name', [...at, ...path]));
      return;
    }
    if (read.some((r) => r.name === rv.name)) {
      issues.push(
        docIssue(doc, 'error', 'DUPLICATE_VERSION', `version ${rv.name} is listed twice`, [...at, ...path, 'name']),
      );
      return;
    }
    const schema =
      isRecord(rv.schema) && isRecord(rv.schema.openAPIV3Schema) ? rv.schema.openAPIV3Schema : sharedSchema;
    if (!schema) {
      issues.push(
        docIssue(doc, 'error', 'INVALID_CRD', `version ${rv.name} has no schema.openAPIV3Schema`, [...at, ...path]),
      );
      return;
    }
    read.push({ name: rv.name, raw: rv, schema });
  });

  // v1 declares subresources per version; v1beta1 could declare them once for every version
  const statusOn = (raw: Record<string, unknown>): boolean => {
    const sub = isRecord(raw.subresources) ? raw.subresources : spec.subresources;
    return isRecord(sub) && isRecord(sub.status);
  };
  const aso = read.some((r) => isAsoStorageSchema(r.name, r.schema));
  const present = new Set(read.map((r) => r.name));
  const versions: Version[] = read.map(({ name, raw, schema }) => {
    const types = crdSchemaTypes(schema, kindName);
    const rootProps = types[kindName]?.properties ?? [];
    const storageVariant = aso && isAsoStorageSchema(name, schema);
    const base = name.slice(0, -STORAGE_SUFFIX.length);
    const twin = storageVariant
      ? present.has(base)
        ? base
        : undefined
      : aso && present.has(`${name}${STORAGE_SUFFIX}`)
        ? `${name}${STORAGE_SUFFIX}`
        : undefined;
    return {
      name,
      role: storageVariant ? 'storage' : 'api',
      ...(twin !== undefined ? { twin } : {}),
      ...(storageVariant ? { derived: false } : {}),
      served: raw.served === true,
      crdStorage: raw.storage === true,
      deprecated: raw.deprecated === true,
      ...(typeof raw.deprecationWarning === 'string' ? { deprecationWarning: raw.deprecationWarning } : {}),
      root: kindName,
      ...(rootProps.some((p) => p.name === 'spec') ? { spec: 'spec' } : {}),
      ...(rootProps.some((p) => p.name === 'status') ? { status: 'status' } : {}),
      ...(statusOn(raw) ? { statusSubresource: true } : {}),
      types,
      source: doc.file,
      schema: structuralSchema(schema),
    } satisfies Version;
  });
  if (versions.length === 0) return { issues };

  const status = crd.status;
  const stored =
    isRecord(status) && Array.isArray(status.storedVersions)
      ? status.storedVersions.filter((s): s is string => typeof s === 'string')
      : undefined;
  const scope = spec.scope === 'Namespaced' || spec.scope === 'Cluster' ? spec.scope : undefined;
  const plural = isRecord(names) && typeof names.plural === 'string' ? names.plural : undefined;
  const conversion = isRecord(spec.conversion) ? spec.conversion.strategy : undefined;
  const conversionStrategy = conversion === 'None' || conversion === 'Webhook' ? conversion : undefined;
  return {
    kind: {
      group,
      kind: kindName,
      ...(plural !== undefined ? { plural } : {}),
      ...(scope !== undefined ? { scope } : {}),
      versions,
      ...(stored !== undefined ? { storedVersions: stored } : {}),
      ...(conversionStrategy !== undefined ? { conversionStrategy } : {}),
      aso,
    },
    issues,
  };
}
