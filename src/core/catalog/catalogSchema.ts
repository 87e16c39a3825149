// The catalog JSON: its JSON Schema, validated loading, deterministic serialisation and a content hash.
import { setKey } from '../model/dataKeys.ts';
import { Validator } from '@cfworker/json-schema';
import type { Issue, Path } from '../model/issue.ts';
import { issue } from '../model/issue.ts';
import type { Catalog, TypeRef } from '../model/model.ts';
import { CATALOG_FORMAT_VERSION } from '../model/model.ts';
import { checkIntegrity } from './catalogIntegrity.ts';
import { tooDeepAt } from '../model/depth.ts';
import { upgradeCatalogJson } from './catalogFormat.ts';
import { tooDeepIssue } from '../text/yamlSource.ts';
import { isRecord } from '../model/jsonValue.ts';
import { byString } from '../model/path.ts';

const str = { type: 'string' } as const;
const strArray = { type: 'array', items: str } as const;
const primitive = { enum: ['string', 'integer', 'number', 'boolean'] } as const;
/** A config list: an array of objects with these required keys. */
const configEntries = <R extends readonly string[], P extends object>(required: R, properties: P) =>
  ({ type: 'array', items: { type: 'object', required, properties } }) as const;

export const CATALOG_SCHEMA_ID = 'https://version-explorer.example/catalog.schema.json';

/** JSON Schema (draft-07) of the catalog JSON, `formatVersion` 2. Written to public/catalogs/catalog.schema.json at build. */
export const catalogSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: CATALOG_SCHEMA_ID,
  title: 'Version Explorer catalog',
  type: 'object',
  required: ['formatVersion', 'id', 'title', 'kinds', 'config', 'sources'],
  properties: {
    formatVersion: { const: CATALOG_FORMAT_VERSION },
    generated: { type: 'string', description: 'Set on generated files: who wrote them; do not edit.' },
    id: { type: 'string', minLength: 1 },
    title: str,
    kinds: { type: 'array', items: { $ref: '#/definitions/kind' } },
    config: { $ref: '#/definitions/config' },
    sources: strArray,
  },
  definitions: {
    typeRef: {
      type: 'object',
      required: ['kind'],
      oneOf: [
        { properties: { kind: { const: 'primitive' }, name: primitive }, required: ['name'] },
        {
          properties: {
            kind: { const: 'enum' },
            base: primitive,
            values: { type: 'array', items: { type: ['string', 'number', 'boolean'] } },
            name: str,
          },
          required: ['base', 'values'],
        },
        { properties: { kind: { const: 'object' }, name: { type: 'string', minLength: 1 } }, required: ['name'] },
        { properties: { kind: { const: 'array' }, items: { $ref: '#/definitions/typeRef' } }, required: ['items'] },
        { properties: { kind: { const: 'map' }, values: { $ref: '#/definitions/typeRef' } }, required: ['values'] },
        {
          properties: {
            kind: { const: 'opaque' },
            reason: { enum: ['preserve-unknown-fields', 'int-or-string', 'free-form', 'embedded-resource'] },
          },
          required: ['reason'],
        },
      ],
    },
    validation: {
      type: 'object',
      properties: {
        pattern: str,
        format: str,
        minimum: { type: 'number' },
        maximum: { type: 'number' },
        exclusiveMinimum: { type: 'boolean' },
        exclusiveMaximum: { type: 'boolean' },
        minLength: { type: 'integer' },
        maxLength: { type: 'integer' },
        minItems: { type: 'integer' },
        maxItems: { type: 'integer' },
        minProperties: { type: 'integer' },
        maxProperties: { type: 'integer' },
        default: {},
        nullable: { type: 'boolean' },
      },
    },
    property: {
      type: 'object',
      required: ['name', 'bagKey', 'type', 'required'],
      properties: {
        name: str,
        bagKey: str,
        type: { $ref: '#/definitions/typeRef' },
        required: { type: 'boolean' },
        description: str,
        validation: { $ref: '#/definitions/validation' },
        readOnly: { type: 'boolean' },
        conversion: { const: 'manual' },
      },
    },
    objectType: {
      type: 'object',
      required: ['name', 'named', 'properties', 'hasPropertyBag'],
      properties: {
        name: { type: 'string', minLength: 1 },
        named: { type: 'boolean' },
        properties: { type: 'array', items: { $ref: '#/definitions/property' } },
        hasPropertyBag: { type: 'boolean' },
        additionalProperties: { $ref: '#/definitions/typeRef' },
        preserveUnknownFields: { type: 'boolean' },
        description: str,
      },
    },
    version: {
      type: 'object',
      required: ['name', 'role', 'served', 'crdStorage', 'deprecated', 'root', 'types'],
      properties: {
        name: { type: 'string', minLength: 1 },
        role: { enum: ['api', 'storage'] },
        twin: str,
        derived: { type: 'boolean' },
        served: { type: 'boolean' },
        crdStorage: { type: 'boolean' },
        deprecated: { type: 'boolean' },
        deprecationWarning: str,
        root: str,
        spec: str,
        status: str,
        types: { type: 'object', additionalProperties: { $ref: '#/definitions/objectType' } },
        source: str,
        schema: { type: 'object' },
      },
    },
    graph: {
      type: 'object',
      required: ['strategy', 'edges'],
      properties: {
        strategy: { enum: ['direct', 'chained'] },
        edges: {
          type: 'array',
          items: { type: 'object', required: ['from', 'to'], properties: { from: str, to: str } },
        },
      },
    },
    kind: {
      type: 'object',
      required: ['group', 'kind', 'versions', 'hub', 'hubReason', 'aso', 'strategy', 'graphs'],
      properties: {
        group: str,
        kind: { type: 'string', minLength: 1 },
        plural: str,
        scope: { enum: ['Namespaced', 'Cluster'] },
        versions: { type: 'array', minItems: 1, items: { $ref: '#/definitions/version' } },
        hub: str,
        hubReason: { enum: ['config', 'aso-storage', 'newest-ga', 'newest'] },
        crdStorageVersion: str,
        storedVersions: strArray,
        conversionStrategy: { enum: ['None', 'Webhook'] },
        aso: { type: 'boolean' },
        strategy: { enum: ['direct', 'chained'] },
        graphs: {
          type: 'object',
          properties: { direct: { $ref: '#/definitions/graph' }, chained: { $ref: '#/definitions/graph' } },
          additionalProperties: false,
        },
      },
    },
    config: {
      type: 'object',
      required: ['renames', 'typeRenames', 'manual', 'bagKeys'],
      properties: {
        renames: configEntries(['type', 'from', 'to'], { kind: str, type: str, from: str, to: str, version: str }),
        typeRenames: configEntries(['from', 'to'], { kind: str, from: str, to: str, version: str }),
        hub: configEntries(['version'], { kind: str, version: str }),
        strategy: { enum: ['direct', 'chained'] },
        manual: configEntries(['type', 'property'], { kind: str, type: str, property: str, version: str }),
        bagKeys: configEntries(['type', 'property', 'bagKey'], { kind: str, type: str, property: str, bagKey: str }),
      },
    },
  },
} as const;

// ---- fast path for the bulk of a catalog (object types), which the interpreting validator walks slowly
// (seconds for a large corpus catalog). `typesOk` is never more permissive than the schema's `objectType`
// definition: true means valid; false only means "ask the full validator", which then names the error.
const PRIMITIVES = new Set<unknown>(['string', 'integer', 'number', 'boolean']);
const OPAQUE_REASONS = new Set<unknown>(['preserve-unknown-fields', 'int-or-string', 'free-form', 'embedded-resource']);
const isStr = (v: unknown): boolean => typeof v === 'string';
const optStr = (v: unknown): boolean => v === undefined || typeof v === 'string';
const optBool = (v: unknown): boolean => v === undefined || typeof v === 'boolean';
const optNum = (v: unknown): boolean => v === undefined || typeof v === 'number';
const optInt = (v: unknown): boolean => v === undefined || (typeof v === 'number' && Number.isInteger(v));

function typeRefOk(t: unknown): boolean {
  if (!isRecord(t)) return false;
  switch (t.kind) {
    case 'primitive':
      return PRIMITIVES.has(t.name);
    case 'enum':
      return (
        PRIMITIVES.has(t.base) &&
        Array.isArray(t.values) &&
        t.values.every((x) => typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean') &&
        optStr(t.name)
      );
    case 'object':
      return typeof t.name === 'string' && t.name.length > 0;
    case 'array':
      return typeRefOk(t.items);
    case 'map':
      return typeRefOk(t.values);
    case 'opaque':
      return OPAQUE_REASONS.has(t.reason);
    default:
      return false;
  }
}

function validationOk(v: unknown): boolean {
  if (v === undefined) return true;
  if (!isRecord(v)) return false;
  return (
    optStr(v.pattern) &&
    optStr(v.format) &&
    optNum(v.minimum) &&
    optNum(v.maximum) &&
    optBool(v.exclusiveMinimum) &&
    optBool(v.exclusiveMaximum) &&
    optInt(v.minLength) &&
    optInt(v.maxLength) &&
    optInt(v.minItems) &&
    optInt(v.maxItems) &&
    optInt(v.minProperties) &&
    optInt(v.maxProperties) &&
    optBool(v.nullable)
  );
}

function propertyOk(p: unknown): boolean {
  return (
    isRecord(p) &&
    isStr(p.name) &&
    isStr(p.bagKey) &&
    typeRefOk(p.type) &&
    typeof p.required === 'boolean' &&
    optStr(p.description) &&
    validationOk(p.validation) &&
    optBool(p.readOnly) &&
    (p.conversion === undefined || p.conversion === 'manual')
  );
}

function objectTypeOk(t: unknown): boolean {
  return (
    isRecord(t) &&
    typeof t.name === 'string' &&
    t.name.length > 0 &&
    typeof t.named === 'boolean' &&
    Array.isArray(t.properties) &&
    t.properties.every(propertyOk) &&
    typeof t.hasPropertyBag === 'boolean' &&
    (t.additionalProperties === undefined || typeRefOk(t.additionalProperties)) &&
    optBool(t.preserveUnknownFields) &&
    optStr(t.description)
  );
}

/** Every `kinds[].versions[].types` map passes `objectTypeOk` (anything unexpected: false). */
function typesOk(json: Record<string, unknown>): boolean {
  if (!Array.isArray(json.kinds)) return false;
  for (const k of json.kinds) {
    if (!isRecord(k) || !Array.isArray(k.versions)) return false;
    for (const v of k.versions) {
      if (!isRecord(v) || !isRecord(v.types)) return false;
      for (const t of Object.values(v.types)) if (!objectTypeOk(t)) return false;
    }
  }
  return true;
}

/** The schema with object types left to `typesOk` (same everywhere else). */
const shallowSchema = {
  ...catalogSchema,
  definitions: {
    ...catalogSchema.definitions,
    version: {
      ...catalogSchema.definitions.version,
      properties: { ...catalogSchema.definitions.version.properties, types: { type: 'object' } },
    },
  },
};

// An interpreting validator: Ajv compiles schemas with `new Function`, which the app's CSP (no 'unsafe-eval') forbids.
let validator: Validator | undefined;
let shallowValidator: Validator | undefined;
function validate(json: unknown): { instancePath: string; message: string }[] {
  if (isRecord(json) && typesOk(json)) {
    shallowValidator ??= new Validator(
      shallowSchema as unknown as ConstructorParameters<typeof Validator>[0],
      '7',
      true,
    );
    if (shallowValidator.validate(json).valid) return [];
  }
  validator ??= new Validator(catalogSchema as unknown as ConstructorParameters<typeof Validator>[0], '7', true);
  const r = validator.validate(json);
  if (r.valid) return [];
  // The deepest failure is the most specific one.
  const deepest = [...r.errors].sort((a, b) => b.instanceLocation.length - a.instanceLocation.length)[0];
  return deepest ? [{ instancePath: deepest.instanceLocation.replace(/^#/, ''), message: deepest.error }] : [];
}

function pointerToPath(pointer: string): Path {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** Cross-references the schema cannot express: hubs, roots, edges and object refs name things that exist. */
function checkReferences(c: Catalog): Issue[] {
  const issues: Issue[] = [];
  const bad = (message: string, path: Path) => issues.push(issue('error', 'INVALID_CATALOG', message, path));
  c.kinds.forEach((k, ki) => {
    const names = new Set(k.versions.map((v) => v.name));
    if (!names.has(k.hub)) bad(`hub ${k.hub} is not a version of ${k.kind}`, ['kinds', ki, 'hub']);
    for (const [s, g] of Object.entries(k.graphs))
      g?.edges.forEach((e, ei) => {
        if (!names.has(e.from) || !names.has(e.to))
          bad(`edge ${e.from} -> ${e.to} names an unknown version`, ['kinds', ki, 'graphs', s, 'edges', ei]);
      });
    k.versions.forEach((v, vi) => {
      if (!Object.hasOwn(v.types, v.root)) bad(`root type ${v.root} is missing`, ['kinds', ki, 'versions', vi, 'root']);
      const refs = (t: TypeRef, path: Path): void => {
        if (t.kind === 'object' && !Object.hasOwn(v.types, t.name))
          bad(`type ${t.name} is not defined in ${v.name}`, path);
        else if (t.kind === 'array') refs(t.items, path);
        else if (t.kind === 'map') refs(t.values, path);
      };
      for (const [tn, t] of Object.entries(v.types))
        t.properties.forEach((p, pi) =>
          refs(p.type, ['kinds', ki, 'versions', vi, 'types', tn, 'properties', pi, 'type']),
        );
    });
  });
  return issues;
}

/** Validates parsed catalog JSON (an older format is upgraded first); never throws. Issue paths are catalog paths. */
export function loadCatalog(original: unknown): { catalog?: Catalog; issues: Issue[] } {
  const r = checkCatalogJson(original);
  const issues = r.issues.map((i): Issue => ({ ...i, subject: 'catalog' }));
  return r.catalog ? { catalog: r.catalog, issues } : { issues };
}

function checkCatalogJson(original: unknown): { catalog?: Catalog; issues: Issue[] } {
  const json = upgradeCatalogJson(original);
  if (!isRecord(json)) return { issues: [issue('error', 'INVALID_CATALOG', 'a catalog must be a JSON object', [])] };
  if (json.formatVersion !== CATALOG_FORMAT_VERSION) {
    return {
      issues: [
        issue(
          'error',
          'CATALOG_FORMAT_VERSION',
          `catalog formatVersion ${JSON.stringify(json.formatVersion)} is not supported (expected ${CATALOG_FORMAT_VERSION})`,
          ['formatVersion'],
        ),
      ],
    };
  }
  // The validator and the reference checks recurse: a catalog nested deeper than any real one is refused first.
  const deep = tooDeepAt(json);
  if (deep) return { issues: [tooDeepIssue(deep)] };
  const errors = validate(json);
  if (errors.length > 0) {
    return {
      issues: errors.map((e) =>
        issue('error', 'INVALID_CATALOG', `${e.instancePath || '/'}: ${e.message}`, pointerToPath(e.instancePath)),
      ),
    };
  }
  const catalog = json as unknown as Catalog;
  const issues = [...checkReferences(catalog), ...checkIntegrity(catalog)];
  return issues.length > 0 ? { issues } : { catalog, issues };
}

const TOP_ORDER = ['formatVersion', 'generated', 'id', 'title'];

function canonical(v: unknown, top = false): unknown {
  if (Array.isArray(v)) return v.map((x) => canonical(x));
  if (!isRecord(v)) return v;
  const keys = Object.keys(v).sort((a, b) => {
    if (top) {
      const ia = TOP_ORDER.indexOf(a);
      const ib = TOP_ORDER.indexOf(b);
      if (ia !== ib) return (ia < 0 ? TOP_ORDER.length : ia) - (ib < 0 ? TOP_ORDER.length : ib);
    }
    return byString(a, b);
  });
  const out: Record<string, unknown> = {};
  for (const k of keys) if (v[k] !== undefined) setKey(out, k, canonical(v[k]));
  return out;
}

/** Deterministic JSON: sorted keys (formatVersion, generated, id, title first), 2-space indent, trailing newline. */
export function serializeCatalog(c: Catalog): string {
  return `${JSON.stringify(canonical(c, true), null, 2)}\n`;
}

/** A short stable content hash (two 32-bit FNV-1a lanes over UTF-16 code units): 16 hex digits. */
export function catalogHash(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ 0x9e3779b9;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x01000193) ^ (h2 >>> 15);
  }
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}
