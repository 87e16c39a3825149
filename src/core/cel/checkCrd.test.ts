// A CRD's CEL checked as the API server does on create (apiextensions validation.go and the
// schema/cel validation_test.go / compilation_test.go cases): compile and type errors, transition rules, the
// message fields, and the cost budget with upstream's "exceeds budget by factor of" message.
import { describe, expect, it } from 'vitest';
import { checkCrdCel, costErrorMessage } from './checkCrd.ts';

const crd = (spec: Record<string, unknown>) => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  spec: {
    versions: [
      {
        name: 'v1',
        schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', ...spec } } } },
      },
    ],
  },
});
const specPath = ['spec', 'versions', 0, 'schema', 'openAPIV3Schema', 'properties', 'spec'];
const errors = (spec: Record<string, unknown>) =>
  checkCrdCel(crd(spec))
    .issues.filter((i) => i.severity === 'error')
    .map((i) => ({ code: i.code, path: i.path.slice(specPath.length) }));
const rules = (...rs: Record<string, unknown>[]) => ({ 'x-kubernetes-validations': rs });

describe('compile and type errors', () => {
  const props = {
    properties: {
      objs: {
        type: 'array',
        maxItems: 10,
        items: { type: 'object', properties: { f1: { type: 'string', maxLength: 5 } } },
      },
      s: { type: 'string', maxLength: 10 },
      n: { type: 'integer' },
    },
  };
  it.each<[string, Record<string, unknown>, string | undefined]>([
    ['a valid rule', { rule: "self.s.startsWith('a') && self.n > 0" }, undefined],
    ['an object compared with a map', { rule: "self.objs[0] == {'f1': 'a'}" }, 'CRD_CEL_COMPILE'],
    ['an undeclared field', { rule: 'has(self.undeclared)' }, 'CRD_CEL_COMPILE'],
    ['a rule that is not a bool', { rule: 'self.n + 1' }, 'CRD_CEL_COMPILE'],
    ['int compared with string', { rule: "self.n == 'a'" }, 'CRD_CEL_COMPILE'],
    ['a parse error', { rule: 'self.n >' }, 'CRD_CEL_COMPILE'],
    ['an unknown function', { rule: 'self.s.frobnicate()' }, 'CRD_CEL_COMPILE'],
    ['a messageExpression that is not a string', { rule: 'true', messageExpression: 'self.n' }, 'CRD_CEL_COMPILE'],
    ['a valid messageExpression', { rule: 'true', messageExpression: "'n is ' + string(self.n)" }, undefined],
    ['an unknown reason', { rule: 'true', reason: 'Nope' }, 'CRD_CEL_INVALID'],
    ['a fieldPath to a declared field', { rule: 'true', fieldPath: '.s' }, undefined],
    ['a fieldPath to nothing', { rule: 'true', fieldPath: '.nope' }, 'CRD_CEL_INVALID'],
    ['a message with a line break', { rule: 'true', message: 'a\nb' }, 'CRD_CEL_INVALID'],
    ['optional syntax and libraries', { rule: "self.?s.orValue('') != 'x' && self.objs.all(i, o, i >= 0)" }, undefined],
    [
      'format validate compared with null (Gateway API)',
      { rule: 'format.dns1123Label().validate(self.s) == null' },
      undefined,
    ],
    [
      'optionalOldSelf',
      { rule: 'oldSelf.hasValue() ? self.s == oldSelf.value().s : true', optionalOldSelf: true },
      undefined,
    ],
  ])('%s', (_name, rule, code) => {
    expect(errors({ ...props, ...rules(rule) })).toEqual(
      code ? [{ code, path: ['x-kubernetes-validations', 0, expect.any(String)] }] : [],
    );
  });
});

describe('transition rules', () => {
  it('oldSelf under an atomic list is refused; under a map list it is allowed', () => {
    const item = {
      type: 'object',
      properties: { k: { type: 'string', maxLength: 5 } },
      ...rules({ rule: 'self == oldSelf' }),
    };
    const list = (t: string) => ({
      properties: {
        l: {
          type: 'array',
          maxItems: 5,
          'x-kubernetes-list-type': t,
          'x-kubernetes-list-map-keys': ['k'],
          items: item,
        },
      },
    });
    expect(errors(list('atomic')).map((e) => e.code)).toEqual(['CRD_CEL_TRANSITION']);
    expect(errors(list('map'))).toEqual([]);
  });
});

describe('cost budget', () => {
  // an O(n^2) rule over an unbounded list of unbounded strings (the shape of upstream's over-budget cases)
  const names = (bounded: boolean) => ({
    properties: {
      names: {
        type: 'array',
        ...(bounded ? { maxItems: 16 } : {}),
        items: { type: 'string', ...(bounded ? { maxLength: 63 } : {}) },
        ...rules({ rule: 'self.all(x, self.exists_one(y, x == y))' }),
      },
    },
  });
  it('is refused over budget at the rule, and accepted once maxItems and maxLength are declared', () => {
    const issues = checkCrdCel(crd(names(false))).issues.filter((i) => i.severity === 'error');
    expect(issues.map((i) => [i.code, i.path.slice(specPath.length)])).toEqual([
      ['CRD_CEL_COST', ['properties', 'names', 'x-kubernetes-validations', 0, 'rule']],
      ['CRD_CEL_COST_TOTAL', ['spec', 'versions', 0, 'schema', 'openAPIV3Schema'].slice(specPath.length)],
    ]);
    expect(issues[0]?.message).toMatch(/exceeds budget by factor of more than 100x/);
    expect(errors(names(true))).toEqual([]);
  });
  it('reports every rule with its estimated cost and cardinality', () => {
    const r = checkCrdCel(crd(names(true))).rules;
    expect(r).toHaveLength(1);
    expect(r[0]?.cost).toBeGreaterThan(0);
    expect(r[0]?.cardinality).toBe(1);
  });
  it('a rule under a bounded list is multiplied by maxItems', () => {
    const spec = {
      properties: {
        l: {
          type: 'array',
          maxItems: 100,
          items: { type: 'string', maxLength: 10, ...rules({ rule: "self.contains('a')" }) },
        },
      },
    };
    const r = checkCrdCel(crd(spec)).rules;
    expect(r[0]?.cardinality).toBe(100);
    expect(r[0]?.total).toBe((r[0]?.cost ?? 0) * 100);
  });
  it.each<[number, string]>([
    [181_000_000, 'factor of 18.1x'],
    [12_000_000, 'factor of 1.200000x'],
    [2_000_000_000, 'factor of more than 100x'],
  ])('upstream message for %d', (cost, want) =>
    expect(costErrorMessage('estimated rule cost', cost, 10_000_000)).toContain(want),
  );
});

describe('compile-time validators (HomogeneousAggregateLiterals, duration/timestamp/regex literals)', () => {
  it.each<[string, boolean]>([
    ["[1, 'a', false].filter(x, string(x) == 'a')", false],
    ["duration('1d') > duration('1h')", false],
    ["duration('1h30m') > duration('1h')", true],
    ["timestamp('1000-00-00T00:00:00Z') < timestamp('2000-01-01T00:00:00Z')", false],
    ["self.s.matches(')')", false],
    ["self.s.matches('^a+$')", true],
    ['[1, 2].all(x, x > 0)', true],
  ])('%s accepted: %s', (rule, ok) => {
    const spec = { properties: { s: { type: 'string', maxLength: 5 } }, ...rules({ rule }) };
    expect(errors(spec).map((e) => e.code)).toEqual(ok ? [] : ['CRD_CEL_COMPILE']);
  });
});
