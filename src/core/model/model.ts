// The catalog model: groups -> kinds -> versions -> named object types.
// Everything here is plain data (JSON-serialisable) so a catalog can be generated once,
// shipped as JSON, validated on load, and posted to a Web Worker.

/** Bumped on any incompatible change to the catalog JSON shape; older formats are upgraded by catalogFormat.ts. */
export const CATALOG_FORMAT_VERSION = 2 as const;

export type Primitive = 'string' | 'integer' | 'number' | 'boolean';

/** Why a value is carried as-is, without a schema we can recurse into. */
export type OpaqueReason = 'preserve-unknown-fields' | 'int-or-string' | 'free-form' | 'embedded-resource';

/** A property's type. Object types are referenced by name within the same version. */
export type TypeRef =
  | { readonly kind: 'primitive'; readonly name: Primitive }
  /** `name` is set for named enums (OpenAPI definitions, Go types such as `Level`). */
  | {
      readonly kind: 'enum';
      readonly base: Primitive;
      readonly values: readonly (string | number | boolean)[];
      readonly name?: string;
    }
  | { readonly kind: 'object'; readonly name: string }
  | { readonly kind: 'array'; readonly items: TypeRef }
  | { readonly kind: 'map'; readonly values: TypeRef }
  | { readonly kind: 'opaque'; readonly reason: OpaqueReason };

/** Validation facts worth showing (and checking in the API variant; storage variants drop them). */
export interface Validation {
  readonly pattern?: string;
  readonly format?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: boolean;
  readonly exclusiveMaximum?: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minProperties?: number;
  readonly maxProperties?: number;
  readonly default?: unknown;
  readonly nullable?: boolean;
}

/** The numeric facts of a Validation, as JSON Schema spells them (read by importers, written by versionJsonSchema). */
export const NUMERIC_VALIDATION_KEYS = [
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
] as const satisfies readonly (keyof Validation)[];

export interface Property {
  /** JSON name, as written in documents. */
  readonly name: string;
  /** Property-bag key: the Go-style name (PascalCase of `name` unless the source says otherwise). */
  readonly bagKey: string;
  readonly type: TypeRef;
  readonly required: boolean;
  readonly description?: string;
  readonly validation?: Validation;
  /** Read-only in the API (OpenAPI `readOnly`): belongs to status. */
  readonly readOnly?: boolean;
  /** `conversion: manual` from the config: generated steps skip it, a hook owns it. */
  readonly conversion?: 'manual';
}

export interface ObjectType {
  /** Unique within its version. Named types keep their source names; inline CRD schemas get path-derived names. */
  readonly name: string;
  /** True for types that came from a named definition (compared by name); false for inline CRD schemas (compared by structure). */
  readonly named: boolean;
  /** Sorted by JSON name. */
  readonly properties: readonly Property[];
  /** Storage objects carry `$propertyBag`. */
  readonly hasPropertyBag: boolean;
  /** Extra keys allowed beside the properties (`additionalProperties` schema), if any. */
  readonly additionalProperties?: TypeRef;
  /** `x-kubernetes-preserve-unknown-fields: true` beside declared properties: unknown keys are kept, not pruned. */
  readonly preserveUnknownFields?: boolean;
  readonly description?: string;
}

export type VersionRole = 'api' | 'storage';

/**
 * A version's `openAPIV3Schema` as the API server holds it (CRD imports only): every structural keyword kept,
 * `description`/`example`/`externalDocs` dropped (they change no result). The "as deployed" pipeline, validation
 * and revision checks read it; the object types above are the conversion library's view of the same schema.
 */
export type StructuralSchema = Readonly<Record<string, unknown>>;

/** `spec.conversion.strategy` of a CRD. Absent on the kind when the file declares none (the API server then uses None). */
export type ConversionStrategy = 'None' | 'Webhook';

export interface Version {
  /** As written in `apiVersion` after the group: `v1beta2`, `2016-09-01`, `v1api20230131storage`. */
  readonly name: string;
  readonly role: VersionRole;
  /** For a storage variant: the API version it is the twin of. For an API version: its storage twin's name. */
  readonly twin?: string;
  /** True when the storage variant was derived by us (CONVERSION.md section 3) rather than imported (ASO CRDs). */
  readonly derived?: boolean;
  readonly served: boolean;
  /** The source's own `storage: true` flag (CRDs); not `role: 'storage'`. Catalog format 1 called it `storage`. */
  readonly crdStorage: boolean;
  readonly deprecated: boolean;
  readonly deprecationWarning?: string;
  /** Name of the root object type (the resource: apiVersion, kind, metadata, spec, status). */
  readonly root: string;
  /** Property names of the root holding spec and status, when present. */
  readonly spec?: string;
  readonly status?: string;
  /** Object types keyed by name (keys sorted). */
  readonly types: Readonly<Record<string, ObjectType>>;
  /** Where this version came from (file path), for messages. */
  readonly source?: string;
  /** The CRD's own schema for this version (absent for OpenAPI imports, built-ins and derived storage variants). */
  readonly schema?: StructuralSchema;
}

export type Strategy = 'direct' | 'chained';

/** One step toward the hub. Conversions run along edges; from hub outward they run edges backwards. */
export interface Edge {
  readonly from: string;
  readonly to: string;
}

/** A move between two versions of one kind: what a plan, a change report and a census pair describe. */
export interface KindVersionPair {
  readonly group: string;
  readonly kind: string;
  readonly from: string;
  readonly to: string;
}

export interface ConversionGraph {
  readonly strategy: Strategy;
  /** Exactly one outgoing edge per non-hub node, pointing one step closer to the hub. */
  readonly edges: readonly Edge[];
}

export interface Kind {
  readonly group: string;
  readonly kind: string;
  readonly plural?: string;
  readonly scope?: 'Namespaced' | 'Cluster';
  /** All versions (API and storage), sorted by the version comparator, oldest first. */
  readonly versions: readonly Version[];
  /** Name of the hub version (always a storage variant). */
  readonly hub: string;
  /** Why this hub was chosen: 'config' | 'aso-storage' | 'newest-ga' | 'newest'. */
  readonly hubReason: 'config' | 'aso-storage' | 'newest-ga' | 'newest';
  /** The source's own `storage: true` version when it differs from the hub's twin (shown beside the hub). */
  readonly crdStorageVersion?: string;
  /** `status.storedVersions` when the CRD carried it. */
  readonly storedVersions?: readonly string[];
  /** The CRD's `spec.conversion.strategy`, when the file declares one. */
  readonly conversionStrategy?: ConversionStrategy;
  /** True for ASO-style CRDs that ship their own `<v>storage` variants. */
  readonly aso: boolean;
  /** Default strategy for this kind, and the graphs for every strategy the kind allows. */
  readonly strategy: Strategy;
  readonly graphs: Readonly<Partial<Record<Strategy, ConversionGraph>>>;
}

export interface PropertyRename {
  /** Kind it applies to; omitted = any kind. */
  readonly kind?: string;
  /** Object type name (in the older version). */
  readonly type: string;
  /** Old and new property names; matched against the Go-style bag key or the JSON name. */
  readonly from: string;
  readonly to: string;
  /** The first version that has the new name (informational; pairing is by name). */
  readonly version?: string;
}

export interface TypeRename {
  readonly kind?: string;
  readonly from: string;
  readonly to: string;
  readonly version?: string;
}

export interface ManualProperty {
  readonly kind?: string;
  readonly type: string;
  readonly property: string;
  readonly version?: string;
}

export interface BagKeyOverride {
  readonly kind?: string;
  readonly type: string;
  readonly property: string;
  readonly bagKey: string;
}

/** The configuration that shaped a catalog (from the config file). */
export interface CatalogConfig {
  readonly renames: readonly PropertyRename[];
  readonly typeRenames: readonly TypeRename[];
  readonly hub?: readonly { readonly kind?: string; readonly version: string }[];
  readonly strategy?: Strategy;
  readonly manual: readonly ManualProperty[];
  readonly bagKeys: readonly BagKeyOverride[];
}

export interface Catalog {
  readonly formatVersion: typeof CATALOG_FORMAT_VERSION;
  /** Set on generated files (e.g. by scripts/gen-catalogs.mjs): where it came from; do not edit. */
  readonly generated?: string;
  /** Stable id, e.g. `crm-person` for built-ins; derived from the inputs otherwise. */
  readonly id: string;
  readonly title: string;
  /** Sorted by group then kind. */
  readonly kinds: readonly Kind[];
  readonly config: CatalogConfig;
  /** Input file names (not contents), sorted. */
  readonly sources: readonly string[];
}

export const EMPTY_CONFIG: CatalogConfig = { renames: [], typeRenames: [], manual: [], bagKeys: [] };
