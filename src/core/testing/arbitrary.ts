// fast-check arbitraries of VALID instances of any version: required fields, enums, types, arrays, maps and
// opaque values respected; cheap validations (minLength/maxLength, minimum/maximum, minItems/maxItems) too.
// Patterns are honoured with fc.stringMatching, kept only when RE2 (the API server's reading) accepts the value; formats other than
// date-time/date are skipped (the value is a plain short string). Sizes and depth stay small so that thousands
// of instances per version run fast. No -0 anywhere (JSON cannot keep it).
import fc from 'fast-check';
import type { Catalog, Kind, ObjectType, Property, TypeRef, Validation, Version } from '../model/model.ts';
import { apiVersionOf, findVersion, typeNamed } from '../catalog/catalogLookup.ts';
import { setKey } from '../model/jsonValue.ts';
import { compileRe2, re2Test } from '../model/re2.ts';

export interface ArbitraryOptions {
  /** Object nesting below which only required properties are generated (default 4). */
  readonly maxDepth?: number;
  /** Upper bound for array lengths and map sizes (default 3). */
  readonly maxItems?: number;
  /** Generate the status too (default true). */
  readonly status?: boolean;
}

function jsRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern);
  } catch {
    return undefined;
  }
}

const noNegZero = (x: number): number => (Object.is(x, -0) ? 0 : x);

/**
 * Generated instances stay small whatever the schema says: a `minItems: 1e8` (or minLength, minProperties)
 * is capped here, so one instance cannot take gigabytes. Such an instance is below the schema's minimum;
 * round trips do not depend on it.
 */
export const GENERATED_SIZE_CAP = 64;
const capped = (n: number | undefined): number => Math.min(Math.max(0, n ?? 0), GENERATED_SIZE_CAP);

function stringArb(v: Validation | undefined): fc.Arbitrary<string> {
  const minLength = capped(v?.minLength);
  const maxLength = Math.max(minLength, Math.min(v?.maxLength ?? 8, minLength + 8));
  if (v?.format === 'date-time')
    return fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().replace(/\.\d{3}Z$/, 'Z'));
  if (v?.format === 'date')
    return fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (v?.pattern !== undefined) {
    // The API server reads `pattern` as RE2; fast-check can only generate from a JavaScript RegExp, so a value is
    // generated from the pattern read as JavaScript and kept only when RE2 accepts it too.
    const re2 = compileRe2(v.pattern);
    const js = re2.ok ? jsRegExp(v.pattern) : undefined;
    if (re2.ok && js)
      return fc
        .stringMatching(js)
        .filter((s) => s.length >= minLength && s.length <= (v.maxLength ?? Infinity) && re2Test(re2.re, s));
    // Not generable (RE2-only syntax such as `(?i)`, or not a valid RE2 pattern): plain strings (documented).
  }
  return fc.string({ minLength, maxLength });
}

/** A bound that is a finite number; a catalog's Infinity (a `1e400` read past the importer) is no bound. */
const finite = (n: number | undefined): number | undefined => (n !== undefined && Number.isFinite(n) ? n : undefined);
const clampDouble = (n: number): number => Math.min(Number.MAX_VALUE, Math.max(-Number.MAX_VALUE, n));
/** How far past a one-sided bound values go: 1000, or more where 1000 is below the bound's precision (1e300). */
const spread = (n: number): number => Math.max(1000, Math.abs(n) / 1e6);

function numberArb(v: Validation | undefined, integer: boolean): fc.Arbitrary<number> {
  const lo = finite(v?.minimum);
  const hi = finite(v?.maximum);
  const minExcluded = v?.exclusiveMinimum ?? false;
  const maxExcluded = v?.exclusiveMaximum ?? false;
  let min = clampDouble(lo ?? (hi !== undefined ? hi - spread(hi) : -1000));
  let max = clampDouble(hi ?? (lo !== undefined ? lo + spread(lo) : 1000));
  if (integer) {
    min = Math.ceil(min + (minExcluded ? 1 : 0));
    max = Math.max(min, Math.floor(max - (maxExcluded ? 1 : 0)));
    // fc.integer is for safe integers (beyond them it can hang): a range wholly past 2^53 yields its ends.
    const safeMin = Math.max(min, Number.MIN_SAFE_INTEGER);
    const safeMax = Math.min(max, Number.MAX_SAFE_INTEGER);
    if (safeMin > safeMax) return fc.constantFrom(...new Set([min, max]));
    return fc.integer({ min: safeMin, max: safeMax }).map(noNegZero);
  }
  // No double fits (`minimum: 5, maximum: 5, exclusiveMinimum`): the bound itself, as capped sizes are below theirs.
  if (min > max || (min === max && (minExcluded || maxExcluded))) return fc.constant(noNegZero(min));
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded, maxExcluded }).map(noNegZero);
}

const jsonLeaf = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.integer({ min: -1000, max: 1000 }).map(noNegZero),
  fc.boolean(),
);
const opaqueJson: fc.Arbitrary<unknown> = fc.oneof(
  jsonLeaf,
  fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), jsonLeaf, { maxKeys: 3 }),
  fc.array(jsonLeaf, { maxLength: 3 }),
);

const opaqueObject: fc.Arbitrary<unknown> = fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), opaqueJson, {
  maxKeys: 3,
});

const mapKey = fc.string({ minLength: 1, maxLength: 6 });

/** fc.record recurses once per key (a type of 200,000 properties overflows the stack): at most this many a record. */
const RECORD_CHUNK = 1000;

/** fc.record of `model` for any number of keys: chunks of RECORD_CHUNK keys, merged; undefined values dropped. */
function wideRecord(
  model: Record<string, fc.Arbitrary<unknown>>,
  required: readonly string[],
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(model);
  const needed = new Set(required);
  const chunks: fc.Arbitrary<Record<string, unknown>>[] = [];
  for (let i = 0; i < keys.length || i === 0; i += RECORD_CHUNK) {
    const part: Record<string, fc.Arbitrary<unknown>> = {};
    const partRequired: string[] = [];
    for (const k of keys.slice(i, i + RECORD_CHUNK)) {
      setKey(part, k, model[k] as fc.Arbitrary<unknown>);
      if (needed.has(k)) partRequired.push(k);
    }
    chunks.push(fc.record(part, { requiredKeys: partRequired }) as fc.Arbitrary<Record<string, unknown>>);
  }
  return fc.tuple(...chunks).map((parts) => {
    const out: Record<string, unknown> = {};
    for (const r of parts) for (const k of Object.keys(r)) if (r[k] !== undefined) setKey(out, k, r[k]);
    return out;
  });
}

class Gen {
  private readonly memo = new Map<string, fc.Arbitrary<unknown>>();
  constructor(
    private readonly version: Version,
    private readonly maxDepth: number,
    private readonly maxItems: number,
  ) {}

  ref(t: TypeRef, v: Validation | undefined, depth: number): fc.Arbitrary<unknown> {
    switch (t.kind) {
      case 'primitive':
        return t.name === 'string'
          ? stringArb(v)
          : t.name === 'boolean'
            ? fc.boolean()
            : numberArb(v, t.name === 'integer');
      case 'enum':
        return t.values.length > 0 ? fc.constantFrom(...t.values) : fc.constant('');
      case 'object':
        return this.object(t.name, depth + 1);
      case 'array': {
        const minLength = capped(v?.minItems);
        const maxLength = Math.max(
          minLength,
          Math.min(v?.maxItems ?? this.maxItems, depth >= this.maxDepth ? minLength : this.maxItems),
        );
        return fc.array(this.ref(t.items, undefined, depth), { minLength, maxLength });
      }
      case 'map': {
        const minKeys = capped(v?.minProperties);
        const maxKeys = Math.max(
          minKeys,
          Math.min(v?.maxProperties ?? this.maxItems, depth >= this.maxDepth ? minKeys : this.maxItems),
        );
        return fc.dictionary(mapKey, this.ref(t.values, undefined, depth), { minKeys, maxKeys }).map((o) => {
          const out: Record<string, unknown> = {};
          for (const k of Object.keys(o)) setKey(out, k, o[k]);
          return out;
        });
      }
      case 'opaque':
        if (t.reason === 'int-or-string')
          return fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.string({ minLength: 1, maxLength: 6 }));
        if (t.reason === 'embedded-resource') return fc.constant({ apiVersion: 'v1', kind: 'ConfigMap' });
        return t.reason === 'free-form' || t.reason === 'preserve-unknown-fields' ? opaqueObject : opaqueJson;
    }
  }

  object(name: string, depth: number): fc.Arbitrary<unknown> {
    const shallow = depth > this.maxDepth;
    const key = `${name}\u0000${shallow ? 'x' : depth}`;
    const hit = this.memo.get(key);
    if (hit) return hit;
    const t: ObjectType | undefined = typeNamed(this.version, name);
    if (!t) return fc.constant({});
    // Recursive schemas: beyond the depth only required properties, and those of an already-open type are cut.
    const placeholder = fc.constant({});
    this.memo.set(key, placeholder);
    const props = t.properties.filter((p) => p.name !== '$propertyBag' && (!shallow || p.required));
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    const required: string[] = [];
    for (const p of props) {
      setKey(model, p.name, this.prop(p, shallow ? this.maxDepth + 1 : depth));
      if (p.required) required.push(p.name);
    }
    const arb = wideRecord(model, required);
    this.memo.set(key, arb);
    return arb;
  }

  private prop(p: Property, depth: number): fc.Arbitrary<unknown> {
    if (depth > this.maxDepth + 1)
      return fc.constant(
        p.type.kind === 'array' ? [] : p.type.kind === 'map' ? {} : p.type.kind === 'object' ? {} : '',
      );
    return this.ref(p.type, p.validation, depth);
  }
}

/** Valid documents of `kind` at `version`: apiVersion, kind, metadata.name, spec and status per the schema. */
export function arbitraryInstance(
  catalog: Catalog,
  kind: Kind,
  version: string | Version,
  opts: ArbitraryOptions = {},
): fc.Arbitrary<Record<string, unknown>> {
  void catalog;
  const v = typeof version === 'string' ? findVersion(kind, version) : version;
  if (!v) throw new Error(`${kind.kind} has no version ${String(version)}`);
  const gen = new Gen(v, opts.maxDepth ?? 4, opts.maxItems ?? 3);
  const root = typeNamed(v, v.root);
  const parts: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const p of root?.properties ?? []) {
    if (p.name === 'apiVersion' || p.name === 'kind' || p.name === 'metadata') continue;
    if (p.name === v.status && opts.status === false) continue;
    setKey(parts, p.name, gen.ref(p.type, p.validation, 0));
    if (p.required) required.push(p.name);
  }
  return fc.record(parts, { requiredKeys: required }).map((body) => {
    const doc: Record<string, unknown> = {
      apiVersion: apiVersionOf(kind.group, v.name),
      kind: kind.kind,
      metadata: { name: 'generated' },
    };
    for (const k of Object.keys(body))
      if ((body as Record<string, unknown>)[k] !== undefined) setKey(doc, k, (body as Record<string, unknown>)[k]);
    return doc;
  });
}
