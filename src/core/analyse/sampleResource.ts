// A minimal valid resource for a version: apiVersion, kind, metadata.name, and every required field (down
// through required objects) filled with a placeholder the field's schema accepts (its default, its first enum
// value, its minimum, a string of its minimum length). A starting point that is not red from the first second.
import type { Kind, ObjectType, Property, TypeRef, Version } from '../model/model.ts';
import { apiVersionOf, declaredType } from '../catalog/catalogLookup.ts';

const MAX_DEPTH = 12;

/** An own data property, safe for any key. */
function put(o: Record<string, unknown>, k: string, v: unknown): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

// Tried in order against the field's pattern and length limits (no regex-driven generator in the bundle).
const CANDIDATES = [
  'example',
  'a',
  'Example',
  'x1',
  '1',
  'v1',
  'v1.0.0',
  '1.0.0',
  'example.com',
  'example.com/v1',
  'https://example.com',
  '1m',
  '10s',
  'default',
  'A',
  '00000000-0000-0000-0000-000000000000',
  '0.0.0.0',
  '10.0.0.0/8',
];

function fits(s: string, p: Property): boolean {
  const v = p.validation;
  if (v?.minLength !== undefined && s.length < v.minLength) return false;
  if (v?.maxLength !== undefined && s.length > v.maxLength) return false;
  if (v?.pattern === undefined) return true;
  try {
    return new RegExp(v.pattern, 'u').test(s);
  } catch {
    return true; // not a JavaScript regex: the editor cannot check it either
  }
}

/** The literal text a pattern starts with (`^oci://.*$` -> `oci://`), so a candidate can follow it. */
function literalPrefix(pattern: string | undefined): string {
  const m = /^\^((?:[\w:/@=,-]|\\[./\-:])*)/.exec(pattern ?? '');
  return (m?.[1] ?? '').replace(/\\(.)/g, '$1');
}

function placeholderString(p: Property): string {
  const v = p.validation;
  if (v?.format === 'date-time') return '2024-01-01T00:00:00Z';
  if (v?.format === 'date') return '2024-01-01';
  const prefix = literalPrefix(v?.pattern);
  const tries = [...CANDIDATES, ...(prefix ? CANDIDATES.map((c) => prefix + c) : []), 'x'.repeat(v?.minLength ?? 1)];
  return tries.find((s) => fits(s, p)) ?? 'example';
}

function placeholderNumber(p: Property, integer: boolean): number {
  const v = p.validation;
  let n = v?.minimum !== undefined ? v.minimum + (v.exclusiveMinimum ? 1 : 0) : 1;
  if (v?.maximum !== undefined && n > v.maximum) n = v.maximum - (v.exclusiveMaximum ? 1 : 0);
  return integer ? Math.ceil(n) : n;
}

function valueFor(kind: Kind, version: Version, p: Property, t: TypeRef, depth: number): unknown {
  if (p.validation?.default !== undefined && t === p.type) return p.validation.default;
  switch (t.kind) {
    case 'enum':
      return t.values[0];
    case 'primitive':
      return t.name === 'string'
        ? placeholderString(p)
        : t.name === 'boolean'
          ? false
          : placeholderNumber(p, t.name === 'integer');
    case 'object': {
      const type = declaredType(kind, version, t.name);
      if (!type || depth >= MAX_DEPTH) return {};
      const o = objectFor(kind, version, type, depth + 1);
      // `minProperties` (e.g. "set one provider"): add optional fields, simplest first, until it holds.
      const need = (p.validation?.minProperties ?? 0) - Object.keys(o).length;
      const simple = (x: Property) => (x.type.kind === 'primitive' || x.type.kind === 'enum' ? 0 : 1);
      const optional = type.properties.filter((x) => !x.required && !x.readOnly).sort((a, b) => simple(a) - simple(b));
      for (const x of optional.slice(0, Math.max(0, need)))
        put(o, x.name, valueFor(kind, version, x, x.type, depth + 1));
      return o;
    }
    case 'array':
      return (p.validation?.minItems ?? 0) > 0 && depth < MAX_DEPTH
        ? Array.from({ length: p.validation?.minItems ?? 1 }, () => valueFor(kind, version, p, t.items, depth + 1))
        : [];
    case 'map':
      return {};
    case 'opaque':
      return t.reason === 'int-or-string' ? 1 : {};
  }
}

function objectFor(kind: Kind, version: Version, type: ObjectType, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of type.properties) {
    if (!p.required || p.readOnly) continue;
    put(out, p.name, valueFor(kind, version, p, p.type, depth));
  }
  return out;
}

/** The sample as a plain object; `undefined` when the version is unknown. */
export function sampleResource(kind: Kind, versionName: string, name = 'example'): unknown {
  const version = kind.versions.find((v) => v.name === versionName);
  if (!version) return undefined;
  const root = declaredType(kind, version, version.root);
  const out: Record<string, unknown> = {};
  put(out, 'apiVersion', apiVersionOf(kind.group, version.name));
  put(out, 'kind', kind.kind);
  put(out, 'metadata', { name });
  const specProp = root?.properties.find((p) => p.name === (version.spec ?? 'spec'));
  if (specProp) put(out, specProp.name, valueFor(kind, version, { ...specProp, required: true }, specProp.type, 0));
  // Other required top-level fields (rare: CRDs without a spec).
  for (const p of root?.properties ?? []) {
    if (!p.required || p.readOnly || Object.hasOwn(out, p.name) || p.name === version.status) continue;
    put(out, p.name, valueFor(kind, version, p, p.type, 0));
  }
  return out;
}
