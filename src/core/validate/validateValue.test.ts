// Schema validation and CEL rules as the API server runs them. Cases follow the upstream tables
// (kube-openapi validate, apiextensions-apiserver schema/cel validation_test.go, schema/defaulting prunenulls_test.go).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { IssueCode, Path } from '../model/issue.ts';
import type { StructuralSchema } from '../model/model.ts';
import { applyDefaults, parseFieldPath, validateValue, type ValidationIssue } from './index.ts';

const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): StructuralSchema => ({
  type: 'object',
  properties,
  ...extra,
});
/** A resource root around a spec schema. */
const root = (spec: StructuralSchema): StructuralSchema => obj({ spec });
const at = (spec: unknown) => ({ apiVersion: 'x.io/v1', kind: 'X', metadata: { name: 'n' }, spec });
const errs = (issues: readonly ValidationIssue[]) =>
  issues.filter((i) => i.severity === 'error').map((i) => ({ code: i.code, path: i.path }));
const check = (spec: StructuralSchema, value: unknown, old?: unknown) =>
  validateValue(root(spec), at(value), old === undefined ? {} : { old: at(old) });
const only = (code: IssueCode, path: Path) => [{ code, path: ['spec', ...path] }];

describe('types and formats', () => {
  it.each<[StructuralSchema, unknown, IssueCode | undefined]>([
    [{ type: 'string' }, 'a', undefined],
    [{ type: 'string' }, 1, 'VALIDATION_TYPE'],
    [{ type: 'integer' }, 1, undefined],
    [{ type: 'integer' }, 1.5, 'VALIDATION_TYPE'],
    [{ type: 'integer' }, '1', 'VALIDATION_TYPE'],
    [{ type: 'number' }, 1, undefined],
    [{ type: 'number' }, 1.5, undefined],
    [{ type: 'boolean' }, 'true', 'VALIDATION_TYPE'],
    [{ type: 'array', items: { type: 'string' } }, {}, 'VALIDATION_TYPE'],
    [{ type: 'object' }, [], 'VALIDATION_TYPE'],
    [{ 'x-kubernetes-int-or-string': true }, 80, undefined],
    [{ 'x-kubernetes-int-or-string': true }, '80%', undefined],
    [{ 'x-kubernetes-int-or-string': true }, 1.5, 'VALIDATION_TYPE'],
    [{ 'x-kubernetes-int-or-string': true }, true, 'VALIDATION_TYPE'],
    [{ 'x-kubernetes-preserve-unknown-fields': true }, { any: [1] }, undefined],
    [{ type: 'string', format: 'date-time' }, '2024-02-29T10:00:00Z', undefined],
    [{ type: 'string', format: 'date-time' }, '2023-02-29T10:00:00Z', 'VALIDATION_FORMAT'],
    [{ type: 'string', format: 'date-time' }, 'yesterday', 'VALIDATION_FORMAT'],
    [{ type: 'string', format: 'date' }, '2024-01-31', undefined],
    [{ type: 'string', format: 'byte' }, 'aGVsbG8=', undefined],
    [{ type: 'string', format: 'byte' }, 'not base64!', 'VALIDATION_FORMAT'],
    [{ type: 'string', format: 'ipv4' }, '10.0.0.1', undefined],
    [{ type: 'string', format: 'ipv4' }, '10.0.0.256', 'VALIDATION_FORMAT'],
    [{ type: 'string', format: 'ipv6' }, '::1', undefined],
    [{ type: 'string', format: 'cidr' }, '10.0.0.0/8', undefined],
    [{ type: 'string', format: 'uuid' }, '123e4567-e89b-12d3-a456-426614174000', undefined],
    [{ type: 'string', format: 'uuid' }, 'nope', 'VALIDATION_FORMAT'],
    [{ type: 'string', format: 'duration' }, '1h30m', undefined],
    [{ type: 'string', format: 'something-custom' }, 'anything', undefined],
    [{ type: 'integer', format: 'int32' }, 2 ** 40, undefined],
  ])('%j with %j', (schema, value, code) => {
    expect(errs(check(obj({ f: schema }), { f: value }))).toEqual(code ? only(code, ['f']) : []);
  });
  // integers beyond 2^53 arrive exact (bigint): int64 is an integer, beyond it a float
  it.each<[string, bigint, IssueCode | undefined]>([
    ['integer', 9223372036854775807n, undefined],
    ['integer', -9223372036854775808n, undefined],
    ['integer', 9223372036854775808n, 'VALIDATION_TYPE'],
    ['number', 9223372036854775808n, undefined],
  ])('%s with %s', (type, value, code) => {
    expect(errs(check(obj({ f: { type } }), { f: value }))).toEqual(code ? only(code, ['f']) : []);
  });
  it.each<[bigint, IssueCode | undefined]>([
    [9007199254740993n, undefined],
    [9223372036854775807n, undefined],
    [18446744073709551615n, 'VALIDATION_TYPE'],
  ])('int-or-string with %s', (value, code) => {
    const s: StructuralSchema = { 'x-kubernetes-int-or-string': true } as StructuralSchema;
    expect(errs(check(obj({ f: s }), { f: value }))).toEqual(code ? only(code, ['f']) : []);
  });
});

describe('value validations', () => {
  it.each<[StructuralSchema, unknown, IssueCode | undefined]>([
    [{ type: 'string', enum: ['a', 'b'] }, 'a', undefined],
    [{ type: 'string', enum: ['a', 'b'] }, 'c', 'VALIDATION_ENUM'],
    [{ type: 'string', pattern: '^[a-z]+$' }, 'abc', undefined],
    [{ type: 'string', pattern: '^[a-z]+$' }, 'aBc', 'VALIDATION_PATTERN'],
    [{ type: 'string', pattern: '(?i)^[a-z]+$' }, 'aBc', undefined], // RE2 flag JavaScript lacks
    [{ type: 'string', pattern: 'b' }, 'abc', undefined], // unanchored, as Go's MatchString
    [{ type: 'string', maxLength: 3 }, 'abcd', 'VALIDATION_LENGTH'],
    [{ type: 'string', maxLength: 3 }, 'äöü', undefined], // code points, not bytes
    [{ type: 'string', minLength: 1 }, '', 'VALIDATION_LENGTH'],
    [{ type: 'integer', minimum: 1 }, 0, 'VALIDATION_RANGE'],
    [{ type: 'integer', minimum: 1 }, 1, undefined],
    [{ type: 'integer', minimum: 1, exclusiveMinimum: true }, 1, 'VALIDATION_RANGE'],
    [{ type: 'integer', maximum: 10 }, 10, undefined],
    [{ type: 'integer', maximum: 10, exclusiveMaximum: true }, 10, 'VALIDATION_RANGE'],
    [{ type: 'number', multipleOf: 0.5 }, 1.5, undefined],
    [{ type: 'integer', multipleOf: 2 }, 3, 'VALIDATION_RANGE'],
    [{ type: 'array', items: { type: 'string' }, maxItems: 1 }, ['a', 'b'], 'VALIDATION_ITEMS'],
    [{ type: 'array', items: { type: 'string' }, minItems: 1 }, [], 'VALIDATION_ITEMS'],
    [
      { type: 'object', additionalProperties: { type: 'string' }, maxProperties: 1 },
      { a: 'x', b: 'y' },
      'VALIDATION_PROPERTIES',
    ],
    [{ type: 'object', additionalProperties: { type: 'string' }, minProperties: 1 }, {}, 'VALIDATION_PROPERTIES'],
  ])('%j with %j', (schema, value, code) => {
    expect(errs(check(obj({ f: schema }), { f: value }))).toEqual(code ? only(code, ['f']) : []);
  });

  it('a pattern is never read as JavaScript: backtracking patterns run in linear time', () => {
    const t0 = performance.now();
    const r = check(obj({ f: { type: 'string', pattern: '^(a+)+$' } }), { f: `${'a'.repeat(5000)}!` });
    expect(errs(r)).toEqual(only('VALIDATION_PATTERN', ['f']));
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});

describe('objects: required, unknown fields, nulls, defaults', () => {
  const schema = obj(
    {
      name: { type: 'string' },
      replicas: { type: 'integer', default: 1 },
      note: { type: 'string', nullable: true },
      tags: { type: 'array', items: { type: 'string' } },
    },
    { required: ['name', 'replicas'] },
  );

  it('reports a missing required field at its own path', () => {
    expect(errs(check(schema, { replicas: 2 }))).toEqual(only('VALIDATION_REQUIRED', ['name']));
  });

  it('a default fills a required field before validation', () => {
    expect(errs(check(schema, { name: 'a' }))).toEqual([]);
  });

  it('prunes a null in a non-nullable field without default, keeps it where nullable, defaults it where defaulted', () => {
    expect(errs(check(schema, { name: 'a', tags: null, note: null, replicas: null }))).toEqual([]);
    expect(applyDefaults({ name: 'a', tags: null, note: null, replicas: null }, schema)).toEqual({
      name: 'a',
      note: null,
      replicas: 1,
    });
  });

  it('a null array item is a type error', () => {
    expect(errs(check(schema, { name: 'a', tags: ['x', null] }))).toEqual(only('VALIDATION_TYPE', ['tags', 1]));
  });

  it('an unknown field is an error (kubectl --validate=strict), not under preserve-unknown-fields', () => {
    expect(errs(check(schema, { name: 'a', extra: 1 }))).toEqual(only('VALIDATION_UNKNOWN_FIELD', ['extra']));
    expect(errs(check({ ...schema, 'x-kubernetes-preserve-unknown-fields': true }, { name: 'a', extra: 1 }))).toEqual(
      [],
    );
    expect(validateValue(root(schema), at({ name: 'a', extra: 1 }), { strictFields: false }).length).toBe(0);
  });

  it('a data key that names an Object.prototype member is just a key', () => {
    const r = check(
      obj({ m: { type: 'object', additionalProperties: { type: 'integer' } } }),
      JSON.parse('{"m":{"__proto__":"x","constructor":1}}'),
    );
    expect(errs(r)).toEqual(only('VALIDATION_TYPE', ['m', '__proto__']));
  });

  it('root apiVersion, kind and metadata are the API server’s, not unknown fields', () => {
    expect(
      errs(
        validateValue(obj({ spec: { type: 'object' } }), {
          apiVersion: 'a/v1',
          kind: 'K',
          metadata: { name: 'x', labels: { a: 'b' } },
        }),
      ),
    ).toEqual([]);
  });
});

describe('list types and embedded resources', () => {
  it('set lists reject duplicates', () => {
    const s = obj({ l: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' } });
    expect(errs(check(s, { l: ['a', 'b', 'a'] }))).toEqual(only('VALIDATION_DUPLICATE', ['l', 2]));
  });

  it('map lists reject duplicate keys', () => {
    const s = obj({
      l: {
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['name', 'port'],
        items: obj({ name: { type: 'string' }, port: { type: 'integer' } }, { required: ['name'] }),
      },
    });
    const list = (...ports: number[]) => errs(check(s, { l: ports.map((port) => ({ name: 'a', port })) }));
    expect(list(1, 2)).toEqual([]);
    expect(list(1, 1)).toEqual(only('VALIDATION_DUPLICATE', ['l', 1]));
  });

  it('an embedded resource needs apiVersion and kind; its metadata is ObjectMeta', () => {
    const s = obj({
      t: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
    });
    expect(errs(check(s, { t: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } } }))).toEqual([]);
    expect(errs(check(s, { t: { kind: 'Pod' } }))).toEqual(only('VALIDATION_EMBEDDED_RESOURCE', ['t', 'apiVersion']));
    expect(errs(check(s, { t: { apiVersion: 'v1', kind: 'Bad_Kind' } }))).toEqual(
      only('VALIDATION_EMBEDDED_RESOURCE', ['t', 'kind']),
    );
  });

  it('anyOf, oneOf and not are value validations', () => {
    const s = obj({
      f: {
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'string' } },
        oneOf: [{ required: ['a'] }, { required: ['b'] }],
      },
    });
    expect(errs(check(s, { f: { a: 'x' } }))).toEqual([]);
    expect(errs(check(s, { f: { a: 'x', b: 'y' } }))).toEqual(only('VALIDATION_COMBINATOR', ['f']));
    expect(errs(check(s, { f: {} }))).toEqual(only('VALIDATION_COMBINATOR', ['f']));
  });
});

describe('CEL rules (x-kubernetes-validations)', () => {
  const rule = (r: Record<string, unknown>, extra: Record<string, unknown> = {}): StructuralSchema =>
    obj(
      { min: { type: 'integer' }, max: { type: 'integer' }, name: { type: 'string' } },
      { 'x-kubernetes-validations': [r], ...extra },
    );

  it('a false rule is CEL_RULE at the node with the rule, its message and reason', () => {
    const r = check(
      rule({ rule: 'self.min <= self.max', message: 'min must not exceed max', reason: 'FieldValueForbidden' }),
      { min: 3, max: 1 },
    );
    const e = r.filter((i) => i.severity === 'error');
    expect(e.map((i) => [i.code, i.path, i.rule, i.reason])).toEqual([
      ['CEL_RULE', ['spec'], 'self.min <= self.max', 'FieldValueForbidden'],
    ]);
    expect(e[0]!.message).toBe('min must not exceed max');
    expect(errs(check(rule({ rule: 'self.min <= self.max' }), { min: 1, max: 3 }))).toEqual([]);
  });

  it('messageExpression wins over message; a failing or empty one falls back', () => {
    const s = rule({
      rule: 'self.min <= self.max',
      message: 'static',
      messageExpression: "'min ' + string(self.min) + ' > max'",
    });
    expect(check(s, { min: 3, max: 1 })[0]!.message).toBe('min 3 > max');
    const bad = rule({ rule: 'self.min <= self.max', message: 'static', messageExpression: 'self.nope' });
    expect(check(bad, { min: 3, max: 1 })[0]!.message).toBe('static');
    const none = rule({ rule: 'self.min <= self.max' });
    expect(check(none, { min: 3, max: 1 })[0]!.message).toContain('self.min <= self.max');
  });

  it('fieldPath moves the error to the named field', () => {
    const s = rule({ rule: 'self.min <= self.max', fieldPath: '.max' });
    expect(errs(check(s, { min: 3, max: 1 }))).toEqual(only('CEL_RULE', ['max']));
    expect(parseFieldPath(".a['b.c'][0]")).toEqual(['a', 'b.c', 0]);
    expect(parseFieldPath('a b')).toBeUndefined();
  });

  it('an evaluation error (no such key) rejects with CEL_RULE_ERROR', () => {
    expect(errs(check(rule({ rule: 'self.min <= self.max' }), { min: 1 }))).toEqual(only('CEL_RULE_ERROR', []));
  });

  it('an expensive rule is refused, not run', () => {
    const ten = '[0,1,2,3,4,5,6,7,8,9]';
    let e = 'true';
    for (let i = 0; i < 7; i++) e = `${ten}.all(x${i}, ${e})`;
    expect(errs(check(rule({ rule: e }), { min: 1 }))).toEqual(only('CEL_COST_EXCEEDED', []));
  });

  it('a rule that does not compile is a warning, not a rejection', () => {
    const r = check(rule({ rule: 'self.min <=' }), { min: 1 });
    expect(r.map((i) => [i.severity, i.code])).toEqual([['warning', 'CEL_RULE_INVALID']]);
  });

  it('a rule on a map list item sees the item; integer fields are CEL ints', () => {
    const s = obj({
      ports: {
        type: 'array',
        items: obj({
          port: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self % 2 == 0 && type(self) == int' }] },
        }),
      },
    });
    expect(errs(check(s, { ports: [{ port: 2 }, { port: 3 }] }))).toEqual(only('CEL_RULE', ['ports', 1, 'port']));
  });

  it('the root sees apiVersion, kind and only name/generateName of metadata', () => {
    const s: StructuralSchema = obj(
      { spec: obj({}) },
      {
        'x-kubernetes-validations': [
          { rule: "self.kind == 'X' && self.metadata.name == 'n' && !has(self.metadata.labels)" },
        ],
      },
    );
    expect(errs(validateValue(s, { ...at({}), metadata: { name: 'n', labels: { a: 'b' } } }))).toEqual([]);
  });

  it('rules inside allOf run at the node', () => {
    const s = obj({ n: { type: 'integer', allOf: [{ 'x-kubernetes-validations': [{ rule: 'self > 0' }] }] } });
    expect(errs(check(s, { n: 0 }))).toEqual(only('CEL_RULE', ['n']));
  });
});

describe('transition rules and ratcheting', () => {
  const immutable = obj({
    name: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'immutable' }] },
    size: { type: 'integer', maximum: 5 },
  });

  it('without an old object a transition rule is "checked on update" (info), never an error', () => {
    const r = check(immutable, { name: 'a' });
    expect(errs(r)).toEqual([]);
    expect(r.map((i) => [i.severity, i.code, i.path])).toEqual([['info', 'CEL_CHECKED_ON_UPDATE', ['spec', 'name']]]);
  });

  it('with an old object it runs against the correlated old value', () => {
    expect(errs(check(immutable, { name: 'b' }, { name: 'a' }))).toEqual(only('CEL_RULE', ['name']));
    expect(errs(check(immutable, { name: 'a' }, { name: 'a' }))).toEqual([]);
    // a value with no old counterpart: the rule does not run
    expect(errs(check(immutable, { name: 'a' }, {}))).toEqual([]);
  });

  it('optionalOldSelf: the rule runs on create too, oldSelf an optional', () => {
    const once = obj({
      name: {
        type: 'string',
        'x-kubernetes-validations': [
          { rule: "oldSelf.hasValue() ? self == oldSelf.value() : self != 'bad'", optionalOldSelf: true },
        ],
      },
    });
    expect(errs(check(once, { name: 'bad' }))).toEqual(only('CEL_RULE', ['name']));
    expect(errs(check(once, { name: 'ok' }))).toEqual([]);
    expect(errs(check(once, { name: 'b' }, { name: 'a' }))).toEqual(only('CEL_RULE', ['name']));
    expect(errs(check(once, { name: 'a' }, { name: 'a' }))).toEqual([]);
  });

  it('map list items correlate by key; atomic lists do not', () => {
    const list = (listType: string) =>
      obj({
        l: {
          type: 'array',
          'x-kubernetes-list-type': listType,
          ...(listType === 'map' ? { 'x-kubernetes-list-map-keys': ['k'] } : {}),
          items: obj({
            k: { type: 'string' },
            v: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self == oldSelf' }] },
          }),
        },
      });
    const now = {
      l: [
        { k: 'b', v: '2' },
        { k: 'a', v: 'changed' },
      ],
    };
    const old = {
      l: [
        { k: 'a', v: '1' },
        { k: 'b', v: '2' },
      ],
    };
    expect(errs(check(list('map'), now, old))).toEqual(only('CEL_RULE', ['l', 1, 'v']));
    expect(errs(check(list('atomic'), now, old))).toEqual([]);
  });

  it('an error in a value unchanged since the stored object is ratcheted (a warning)', () => {
    const r = check(immutable, { name: 'a', size: 9 }, { name: 'a', size: 9 });
    expect(errs(r)).toEqual([]);
    expect(r.map((i) => [i.severity, i.code])).toEqual([['warning', 'VALIDATION_RANGE']]);
    expect(errs(check(immutable, { name: 'a', size: 9 }, { name: 'a', size: 8 }))).toEqual(
      only('VALIDATION_RANGE', ['size']),
    );
  });
});

describe('laws', () => {
  it('a valid value stays valid against itself as the old object (no transition rule breaks on no change)', () => {
    const s = obj({
      name: { type: 'string', maxLength: 5, 'x-kubernetes-validations': [{ rule: 'self == oldSelf' }] },
      n: { type: 'integer', minimum: 0 },
    });
    fc.assert(
      fc.property(fc.record({ name: fc.string({ maxLength: 5 }), n: fc.nat() }), (v) => {
        expect(errs(check(s, v))).toEqual([]);
        expect(errs(check(s, v, v))).toEqual([]);
      }),
    );
  });

  it('validation never throws on arbitrary JSON', () => {
    const s = obj(
      {
        a: { type: 'string', pattern: '^x' },
        b: { type: 'array', items: { type: 'integer' }, 'x-kubernetes-list-type': 'set' },
      },
      {
        'x-kubernetes-validations': [{ rule: "has(self.a) ? self.a.startsWith('x') : true" }],
      },
    );
    fc.assert(fc.property(fc.jsonValue(), (v) => void validateValue(root(s), at(v))));
  });
});
