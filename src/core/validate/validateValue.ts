// Validation of one object against a CRD version's structural schema, as the API server does it on create and
// update (apiextensions-apiserver: pruning of non-nullable nulls, defaulting, kube-openapi schema validation,
// list types, embedded resources, then the CEL rules of x-kubernetes-validations). Every violation is an Issue
// with the JSON path of the offending value; the caller attaches source ranges.
import { issue, type Issue, type IssueCode, type Path } from '../model/issue.ts';
import type { StructuralSchema } from '../model/model.ts';
import { compileRe2, re2Test } from '../model/re2.ts';
import { formatHolds } from './formats.ts';
import { applyDefaults } from './defaults.ts';
import { RuleContext, type CelCostLimits } from './celRules.ts';

type Schema = StructuralSchema;
type Json = unknown;

/** A validation Issue: the rule (CEL source or schema keyword) and the API server's reason beside the path. */
export interface ValidationIssue extends Issue {
  readonly rule?: string;
  readonly reason?: string;
}

export interface ValidateOptions {
  /** The object as stored before this write: transition rules (`oldSelf`) run against it. */
  readonly old?: unknown;
  /** Pass false to skip unknown-field errors (kubectl --validate=false / fieldValidation=Ignore prunes instead). */
  readonly strictFields?: boolean;
  /** The API server's runtime CEL cost limits (per call, and for the whole object); its defaults when absent. */
  readonly celCost?: CelCostLimits;
}

const isObj = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
const sub = (s: Schema | undefined, k: string): Schema | undefined => (isObj(s?.[k]) ? (s[k] as Schema) : undefined);
const props = (s: Schema | undefined): Readonly<Record<string, Schema>> | undefined =>
  isObj(s?.properties) ? (s.properties as Record<string, Schema>) : undefined;
const has = (o: Readonly<Record<string, unknown>> | undefined, k: string): boolean =>
  o !== undefined && Object.hasOwn(o, k);

function typeOf(v: Json): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (typeof v === 'bigint') return isInt64(v) ? 'integer' : 'number';
  return typeof v;
}

// Integers beyond 2^53 arrive exact (bigint); the API server decodes up to int64 as integers, beyond as floats.
const isInt64 = (v: bigint): boolean => v >= -(2n ** 63n) && v < 2n ** 63n;

function typeMatches(t: string, v: Json): boolean {
  switch (t) {
    case 'object':
      return isObj(v);
    case 'array':
      return Array.isArray(v);
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean';
    case 'integer':
      return (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'bigint' && isInt64(v));
    case 'number':
      return typeof v === 'number' || typeof v === 'bigint';
    default:
      return true;
  }
}

export function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

const show = (v: Json): string => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
};

/** Unicode code points, as Go's utf8.RuneCountInString counts string length. */
const runeLength = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/** A list-map item's key (its key fields' values as JSON), undefined for a non-object item. */
const keyOf = (keys: readonly string[], x: Json): string | undefined =>
  isObj(x) ? JSON.stringify(keys.map((k) => (Object.hasOwn(x, k) ? x[k] : null))) : undefined;

type WalkOptions = { readonly root?: boolean; readonly valueOnly?: boolean };
const NO_OPTIONS: WalkOptions = {};
const VALUE_ONLY: WalkOptions = { valueOnly: true };
const ROOT: WalkOptions = { root: true };

// The walk keeps one path array, pushed and popped as it goes down (whatever keeps a path copies it: add), and
// creates no closure per node: each object runs it over every one of its nodes.
class Walker {
  readonly issues: ValidationIssue[] = [];
  constructor(
    readonly strictFields: boolean,
    readonly cel: RuleContext,
  ) {}

  /** True while walking a value equal to its correlated old value: its errors are ratcheted (kept as warnings). */
  private ratcheting = false;

  add(
    code: IssueCode,
    message: string,
    path: Path,
    rule?: string,
    severity: 'error' | 'info' | 'warning' = 'error',
    extra: { reason?: string; transition?: boolean } = {},
  ): void {
    // CRD validation ratcheting (Kubernetes 1.30+): an unchanged value's errors do not fail an update (a warning);
    // transition rules are not ratcheted.
    const ratchet = severity === 'error' && this.ratcheting && extra.transition !== true;
    const text = ratchet ? `${message} (unchanged since the stored object: ratcheted)` : message;
    this.issues.push({
      ...issue(ratchet ? 'warning' : severity, code, text, [...path]),
      ...(rule !== undefined ? { rule } : {}),
      ...(extra.reason !== undefined ? { reason: extra.reason } : {}),
    });
  }

  /** Validates `v` at `path`; `old` is the correlated old value (undefined: none, or not correlatable). */
  node(
    v: Json,
    s: Schema | undefined,
    path: (string | number)[],
    old: Json | undefined,
    opts: WalkOptions = NO_OPTIONS,
  ): void {
    if (!s) return;
    const wasRatcheting = this.ratcheting;
    if (!wasRatcheting && old !== undefined && deepEqual(v, old)) this.ratcheting = true;
    try {
      this.check(v, s, path, old, opts);
    } finally {
      this.ratcheting = wasRatcheting;
    }
  }

  private check(v: Json, s: Schema, path: (string | number)[], old: Json | undefined, opts: WalkOptions): void {
    if (v === null) {
      if (s.nullable === true) return;
      if (typeof s.type === 'string') this.add('VALIDATION_TYPE', `must be of type ${s.type}, got null`, path, 'type');
      return;
    }
    const intOrString = s['x-kubernetes-int-or-string'] === true;
    if (intOrString) {
      if (!(typeof v === 'string' || typeMatches('integer', v))) {
        this.add(
          'VALIDATION_TYPE',
          `must be an integer or a string, got ${typeOf(v)}`,
          path,
          'x-kubernetes-int-or-string',
        );
        return;
      }
    } else if (typeof s.type === 'string' && !typeMatches(s.type, v)) {
      this.add('VALIDATION_TYPE', `must be of type ${s.type}, got ${typeOf(v)}`, path, 'type');
      return;
    }
    this.values(v, s, path);
    if (Array.isArray(v)) this.array(v, s, path, old);
    else if (isObj(v)) this.object(v, s, path, old, opts);
    this.combinators(v, s, path, old, opts.root === true);
    if (!opts.valueOnly) this.cel.rules(this, v, s, path, old, opts.root === true);
  }

  values(v: Json, s: Schema, path: Path): void {
    if (Array.isArray(s.enum) && !s.enum.some((e) => deepEqual(e, v)))
      this.add(
        'VALIDATION_ENUM',
        `Unsupported value: ${show(v)}: supported values: ${s.enum.map((e) => show(e)).join(', ')}`,
        path,
        'enum',
      );
    if (typeof v === 'string') {
      const n = runeLength(v);
      if (typeof s.maxLength === 'number' && n > s.maxLength)
        this.add(
          'VALIDATION_LENGTH',
          `Too long: may not be more than ${s.maxLength} characters (has ${n})`,
          path,
          'maxLength',
        );
      if (typeof s.minLength === 'number' && n < s.minLength)
        this.add(
          'VALIDATION_LENGTH',
          `Too short: must be at least ${s.minLength} characters (has ${n})`,
          path,
          'minLength',
        );
      if (typeof s.pattern === 'string') {
        const re = compileRe2(s.pattern);
        // A pattern RE2 rejects never reaches a server (the CRD itself is refused), so it checks nothing here.
        if (re.ok && !re2Test(re.re, v))
          this.add('VALIDATION_PATTERN', `Invalid value: ${show(v)}: should match '${s.pattern}'`, path, 'pattern');
      }
      if (typeof s.format === 'string' && !formatHolds(s.format, v))
        this.add('VALIDATION_FORMAT', `Invalid value: ${show(v)}: must be of format ${s.format}`, path, 'format');
    }
    if (typeof v === 'number') {
      const exMin = s.exclusiveMinimum === true;
      const exMax = s.exclusiveMaximum === true;
      if (typeof s.minimum === 'number' && (exMin ? v <= s.minimum : v < s.minimum))
        this.add(
          'VALIDATION_RANGE',
          `Invalid value: ${v}: must be greater than ${exMin ? '' : 'or equal to '}${s.minimum}`,
          path,
          'minimum',
        );
      if (typeof s.maximum === 'number' && (exMax ? v >= s.maximum : v > s.maximum))
        this.add(
          'VALIDATION_RANGE',
          `Invalid value: ${v}: must be less than ${exMax ? '' : 'or equal to '}${s.maximum}`,
          path,
          'maximum',
        );
      if (typeof s.multipleOf === 'number' && s.multipleOf > 0 && !Number.isInteger(v / s.multipleOf))
        this.add('VALIDATION_RANGE', `Invalid value: ${v}: must be a multiple of ${s.multipleOf}`, path, 'multipleOf');
    }
  }

  array(v: readonly Json[], s: Schema, path: (string | number)[], old: Json | undefined): void {
    if (typeof s.maxItems === 'number' && v.length > s.maxItems)
      this.add('VALIDATION_ITEMS', `Too many: ${v.length}: must have at most ${s.maxItems} items`, path, 'maxItems');
    if (typeof s.minItems === 'number' && v.length < s.minItems)
      this.add('VALIDATION_ITEMS', `Too few: ${v.length}: must have at least ${s.minItems} items`, path, 'minItems');
    const listType = s['x-kubernetes-list-type'];
    const keys = Array.isArray(s['x-kubernetes-list-map-keys'])
      ? (s['x-kubernetes-list-map-keys'] as unknown[]).filter((k): k is string => typeof k === 'string')
      : [];
    if (listType === 'set' || s.uniqueItems === true) {
      v.forEach((x, i) => {
        if (v.findIndex((y) => deepEqual(x, y)) < i)
          this.add('VALIDATION_DUPLICATE', `Duplicate value: ${show(x)}`, [...path, i], 'x-kubernetes-list-type: set');
      });
    }
    if (listType === 'map' && keys.length > 0) {
      const seen = new Map<string, number>();
      v.forEach((x, i) => {
        const k = keyOf(keys, x);
        if (k === undefined) return;
        if (seen.has(k))
          this.add(
            'VALIDATION_DUPLICATE',
            `Duplicate value: ${show(Object.fromEntries(keys.map((key) => [key, (x as Record<string, unknown>)[key]])))}`,
            [...path, i],
            `x-kubernetes-list-map-keys: ${keys.join(', ')}`,
          );
        else seen.set(k, i);
      });
    }
    // Old items correlate only through map keys (Kubernetes' transition-rule correlation); other lists do not.
    const oldByKey = new Map<string, Json>();
    if (listType === 'map' && Array.isArray(old))
      for (const o of old) {
        const k = keyOf(keys, o);
        if (k !== undefined) oldByKey.set(k, o);
      }
    const items = sub(s, 'items');
    if (!items) return;
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      const k = listType === 'map' ? keyOf(keys, x) : undefined;
      path.push(i);
      this.node(x, items, path, k !== undefined ? oldByKey.get(k) : undefined);
      path.pop();
    }
  }

  object(
    v: Readonly<Record<string, Json>>,
    s: Schema,
    path: (string | number)[],
    old: Json | undefined,
    opts: WalkOptions,
  ): void {
    const ps = props(s);
    const embedded = s['x-kubernetes-embedded-resource'] === true;
    // Old fields correlate unless the map is atomic (upstream MapIsCorrelatable).
    const oldObj = isObj(old) && s['x-kubernetes-map-type'] !== 'atomic' ? old : undefined;
    if (Array.isArray(s.required))
      for (const r of s.required)
        if (typeof r === 'string' && !Object.hasOwn(v, r))
          this.add('VALIDATION_REQUIRED', 'Required value', [...path, r], 'required');
    const n = Object.keys(v).length;
    if (typeof s.maxProperties === 'number' && n > s.maxProperties)
      this.add(
        'VALIDATION_PROPERTIES',
        `Too many: ${n}: must have at most ${s.maxProperties} properties`,
        path,
        'maxProperties',
      );
    if (typeof s.minProperties === 'number' && n < s.minProperties)
      this.add(
        'VALIDATION_PROPERTIES',
        `Too few: ${n}: must have at least ${s.minProperties} properties`,
        path,
        'minProperties',
      );
    if (embedded) this.embedded(v, path);
    const ap = s.additionalProperties;
    const preserve = s['x-kubernetes-preserve-unknown-fields'] === true;
    for (const k of Object.keys(v)) {
      const x = v[k];
      const oldX = oldObj && Object.hasOwn(oldObj, k) ? oldObj[k] : undefined;
      if (has(ps, k)) {
        // The root's and an embedded resource's metadata is ObjectMeta: the API server checks it, not this schema.
        const meta = k === 'metadata' && (opts.root === true || embedded);
        path.push(k);
        this.node(x, ps![k], path, oldX, meta ? VALUE_ONLY : NO_OPTIONS);
        path.pop();
      } else if (isObj(ap)) {
        path.push(k);
        this.node(x, ap as Schema, path, oldX);
        path.pop();
      } else if (opts.root === true && (k === 'apiVersion' || k === 'kind' || k === 'metadata')) continue;
      else if (embedded && (k === 'apiVersion' || k === 'kind' || k === 'metadata')) continue;
      else if (!preserve && ap !== true && !opts.valueOnly && this.strictFields && ps !== undefined)
        this.add('VALIDATION_UNKNOWN_FIELD', `unknown field "${k}"`, [...path, k], 'properties');
    }
  }

  embedded(v: Readonly<Record<string, Json>>, path: Path): void {
    for (const k of ['apiVersion', 'kind'])
      if (!Object.hasOwn(v, k) || v[k] === '')
        this.add(
          'VALIDATION_EMBEDDED_RESOURCE',
          'Required value: must not be empty',
          [...path, k],
          'x-kubernetes-embedded-resource',
        );
      else if (typeof v[k] !== 'string')
        this.add('VALIDATION_EMBEDDED_RESOURCE', 'must be a string', [...path, k], 'x-kubernetes-embedded-resource');
    if (typeof v.kind === 'string' && v.kind !== '' && !/^[a-z]([-a-z0-9]*[a-z0-9])?$/.test(v.kind.toLowerCase()))
      this.add(
        'VALIDATION_EMBEDDED_RESOURCE',
        `Invalid value: ${show(v.kind)}: may have mixed case, but should otherwise be a DNS-1035 label`,
        [...path, 'kind'],
        'x-kubernetes-embedded-resource',
      );
  }

  /** Whether `v` passes branch `c`'s value validations (anyOf/oneOf/not), on a walk of its own. */
  private passes(c: unknown, v: Json, path: (string | number)[]): boolean {
    if (!isObj(c)) return true;
    const w = new Walker(false, this.cel.noRules());
    w.node(v, c, [...path], undefined, VALUE_ONLY);
    return w.issues.every((i) => i.severity !== 'error');
  }

  /** allOf/anyOf/oneOf/not: value validations only (structural schemas give them no types of their own). */
  combinators(v: Json, s: Schema, path: (string | number)[], old: Json | undefined, root: boolean): void {
    // allOf: every branch's value validations and CEL rules apply at this node (upstream's AllOfValidators).
    if (Array.isArray(s.allOf))
      for (const c of s.allOf)
        if (isObj(c)) {
          this.node(v, c, path, undefined, VALUE_ONLY);
          this.cel.rules(this, v, c, path, old, root, s);
        }
    if (Array.isArray(s.anyOf) && !s.anyOf.some((c) => this.passes(c, v, path)))
      this.add('VALIDATION_COMBINATOR', 'must validate at least one schema (anyOf)', path, 'anyOf');
    if (Array.isArray(s.oneOf)) {
      const n = s.oneOf.filter((c) => this.passes(c, v, path)).length;
      if (n !== 1)
        this.add('VALIDATION_COMBINATOR', `must validate one and only one schema (oneOf): matches ${n}`, path, 'oneOf');
    }
    if (isObj(s.not) && this.passes(s.not, v, path))
      this.add('VALIDATION_COMBINATOR', 'must not validate the schema (not)', path, 'not');
  }
}

export type { Walker };

/**
 * Validate `value` against `schema` (a CRD version's openAPIV3Schema) as the API server would on a write: nulls of
 * non-nullable fields pruned, defaults applied, then every schema keyword and CEL rule.
 */
export function validateValue(schema: StructuralSchema, value: unknown, opts: ValidateOptions = {}): ValidationIssue[] {
  const prepared = applyDefaults(value, schema);
  const old = opts.old === undefined ? undefined : applyDefaults(opts.old, schema);
  const cel = new RuleContext(old !== undefined, true, opts.celCost);
  const w = new Walker(opts.strictFields !== false, cel);
  w.node(prepared, schema, [], old, ROOT);
  return w.issues;
}
