// crdify's property-validation test tables (pkg/validations/property/*_test.go), ported: each (old, new) schema
// pair, the rule ids this module gives, and whether crdify flags it. Where the verdicts differ the row says why
// (docs/compatibility.md, "Where this goes further than crdify").
import { describe, expect, it } from 'vitest';
import { compareSchemas } from './compareSchemas.ts';
import { severityOf, type CompatRule } from './rules.ts';

type S = Record<string, unknown>;

interface Row {
  readonly name: string;
  readonly old: S;
  readonly new: S;
  readonly rules: readonly CompatRule[];
  /** crdify's `Flagged` with its default configuration. */
  readonly crdify: boolean;
  /** Why this module's verdict (an incompatible finding or not) differs from crdify's. */
  readonly differs?: string;
}

const str = { type: 'string' };
const rows: Row[] = [
  // enum_test.go
  { name: 'enum: no diff', old: { ...str, enum: ['foo'] }, new: { ...str, enum: ['foo'] }, rules: [], crdify: false },
  {
    name: 'enum: new constraint',
    old: str,
    new: { ...str, enum: ['foo'] },
    rules: ['enum-constraint-added'],
    crdify: true,
  },
  {
    name: 'enum: value added',
    old: { ...str, enum: ['foo'] },
    new: { ...str, enum: ['foo', 'bar'] },
    rules: ['enum-value-added'],
    crdify: true,
  },
  {
    name: 'enum: value removed',
    old: { ...str, enum: ['foo', 'bar'] },
    new: { ...str, enum: ['bar'] },
    rules: ['enum-value-removed'],
    crdify: true,
  },
  // default_test.go
  { name: 'default: added', old: str, new: { ...str, default: 'a' }, rules: ['default-added'], crdify: true },
  { name: 'default: removed', old: { ...str, default: 'a' }, new: str, rules: ['default-removed'], crdify: true },
  {
    name: 'default: changed',
    old: { ...str, default: 'a' },
    new: { ...str, default: 'b' },
    rules: ['default-changed'],
    crdify: true,
  },
  { name: 'default: same', old: { ...str, default: 'a' }, new: { ...str, default: 'a' }, rules: [], crdify: false },
  // max_test.go / min_test.go (maximum; maxLength, maxItems, maxProperties share the code)
  {
    name: 'maximum: added',
    old: { type: 'integer' },
    new: { type: 'integer', maximum: 5 },
    rules: ['maximum-tightened'],
    crdify: true,
  },
  {
    name: 'maximum: decreased',
    old: { type: 'integer', maximum: 10 },
    new: { type: 'integer', maximum: 5 },
    rules: ['maximum-tightened'],
    crdify: true,
  },
  {
    name: 'maximum: increased',
    old: { type: 'integer', maximum: 5 },
    new: { type: 'integer', maximum: 10 },
    rules: ['maximum-loosened'],
    crdify: false,
  },
  {
    name: 'maximum: removed',
    old: { type: 'integer', maximum: 5 },
    new: { type: 'integer' },
    rules: ['maximum-loosened'],
    crdify: false,
  },
  { name: 'minLength: added', old: str, new: { ...str, minLength: 1 }, rules: ['min-length-tightened'], crdify: true },
  {
    name: 'minItems: increased',
    old: { type: 'array', minItems: 1 },
    new: { type: 'array', minItems: 2 },
    rules: ['min-items-tightened'],
    crdify: true,
  },
  {
    name: 'minProperties: decreased',
    old: { type: 'object', minProperties: 2 },
    new: { type: 'object', minProperties: 1 },
    rules: ['min-properties-loosened'],
    crdify: false,
  },
  // required_test.go
  {
    name: 'required: new required field',
    old: { type: 'object', properties: { a: str, b: str }, required: ['a'] },
    new: { type: 'object', properties: { a: str, b: str }, required: ['a', 'b'] },
    rules: ['required-added'],
    crdify: true,
  },
  {
    name: 'required: a field made optional',
    old: { type: 'object', properties: { a: str, b: str }, required: ['a', 'b'] },
    new: { type: 'object', properties: { a: str, b: str }, required: ['a'] },
    rules: ['required-removed'],
    crdify: false,
    differs: 'seed 002: a compatible change does not change "which fields are required and which are not"',
  },
  // type_test.go
  { name: 'type: changed', old: str, new: { type: 'integer' }, rules: ['type-changed'], crdify: true },
  // nullable_test.go
  { name: 'nullable: added', old: str, new: { ...str, nullable: true }, rules: ['nullable-added'], crdify: true },
  { name: 'nullable: removed', old: { ...str, nullable: true }, new: str, rules: ['nullable-removed'], crdify: true },
  // pattern_test.go
  { name: 'pattern: added', old: str, new: { ...str, pattern: '^a' }, rules: ['pattern-added'], crdify: true },
  { name: 'pattern: removed', old: { ...str, pattern: '^a' }, new: str, rules: ['pattern-removed'], crdify: false },
  {
    name: 'pattern: changed',
    old: { ...str, pattern: '^a' },
    new: { ...str, pattern: '^b' },
    rules: ['pattern-changed'],
    crdify: true,
  },
  // format_test.go
  {
    name: 'format: changed',
    old: { ...str, format: 'date' },
    new: { ...str, format: 'date-time' },
    rules: ['format-changed'],
    crdify: true,
  },
  {
    name: 'format: removed',
    old: { ...str, format: 'date' },
    new: str,
    rules: ['format-removed'],
    crdify: true,
    differs: 'dropping a format keeps every old value valid (a loosening)',
  },
  // uniqueitems_test.go
  {
    name: 'uniqueItems: added',
    old: { type: 'array' },
    new: { type: 'array', uniqueItems: true },
    rules: ['unique-items-added'],
    crdify: true,
  },
  {
    name: 'uniqueItems: removed',
    old: { type: 'array', uniqueItems: true },
    new: { type: 'array' },
    rules: ['unique-items-removed'],
    crdify: false,
  },
  // exclusive_maximum_test.go
  {
    name: 'exclusiveMaximum: activated',
    old: { type: 'integer', maximum: 5 },
    new: { type: 'integer', maximum: 5, exclusiveMaximum: true },
    rules: ['exclusive-maximum-tightened'],
    crdify: true,
  },
  {
    name: 'exclusiveMaximum: removed',
    old: { type: 'integer', maximum: 5, exclusiveMaximum: true },
    new: { type: 'integer', maximum: 5 },
    rules: ['exclusive-maximum-loosened'],
    crdify: true,
    differs: 'an inclusive bound accepts every value the exclusive one did (a loosening)',
  },
  // oneof_test.go
  {
    name: 'oneOf: new constraint',
    old: { type: 'object' },
    new: { type: 'object', oneOf: [{ required: ['a'] }] },
    rules: ['one-of-added'],
    crdify: true,
  },
  {
    name: 'oneOf: alternative added',
    old: { type: 'object', oneOf: [{ required: ['a'] }] },
    new: { type: 'object', oneOf: [{ required: ['a'] }, { required: ['b'] }] },
    rules: ['one-of-changed'],
    crdify: true,
  },
  {
    name: 'oneOf: same alternatives, another order',
    old: { type: 'object', oneOf: [{ required: ['a'] }, { required: ['b'] }] },
    new: { type: 'object', oneOf: [{ required: ['b'] }, { required: ['a'] }] },
    rules: [],
    crdify: false,
  },
  {
    name: 'oneOf: constraint removed',
    old: { type: 'object', oneOf: [{ required: ['a'] }] },
    new: { type: 'object' },
    rules: ['one-of-removed'],
    crdify: true,
    differs: 'without the constraint every old value stays valid (a loosening)',
  },
  // xvalidations_test.go
  {
    name: 'x-kubernetes-validations: rule added',
    old: str,
    new: { ...str, 'x-kubernetes-validations': [{ rule: 'self.size() > 1' }] },
    rules: ['cel-rule-added'],
    crdify: true,
  },
  {
    name: 'x-kubernetes-validations: rule removed',
    old: { ...str, 'x-kubernetes-validations': [{ rule: 'self.size() > 1' }] },
    new: str,
    rules: ['cel-rule-removed'],
    crdify: true,
    differs: 'a removed rule rejects nothing it accepted (a loosening)',
  },
  {
    name: 'x-kubernetes-validations: only the message changed',
    old: { ...str, 'x-kubernetes-validations': [{ rule: 'self.size() > 1', message: 'too short' }] },
    new: { ...str, 'x-kubernetes-validations': [{ rule: 'self.size() > 1', message: 'at least 2 characters' }] },
    rules: ['cel-message-changed'],
    crdify: false,
  },
];

describe('compareSchemas on crdify test tables', () => {
  it.each(rows)('$name', (row) => {
    const changes = compareSchemas(row.old, row.new);
    expect(changes.map((c) => c.rule)).toEqual(row.rules);
    const incompatible = changes.some((c) => severityOf(c.rule) === 'incompatible');
    expect(incompatible).toBe(row.differs === undefined ? row.crdify : !row.crdify);
  });
});

describe('isImmutabilityRule via compareSchemas', () => {
  it.each([
    ['self == oldSelf', 'immutability-added'],
    ['oldSelf == self', 'immutability-added'],
    ['self.name == oldSelf.name', 'immutability-added'],
    ['!has(oldSelf.x) || self.x == oldSelf.x', 'immutability-added'],
    ['self.a == oldSelf.b', 'cel-rule-added'],
    ['self.size() == oldSelf.size() + 1', 'cel-rule-added'],
    ['self == oldSelfish', 'cel-rule-added'],
  ] as const)('%s -> %s', (rule, expected) => {
    const changes = compareSchemas(str, { ...str, 'x-kubernetes-validations': [{ rule }] });
    expect(changes.map((c) => c.rule)).toEqual([expected]);
  });
});
