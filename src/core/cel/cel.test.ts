// Kubernetes CEL libraries (rows ported from k8s.io/apiserver/pkg/cel/library *_test.go) and the cost bound.
import { describe, expect, it } from 'vitest';
import { compileCel, evaluateCel, escapeCelName, kubernetesFunctionNames, toCelValue, celToJson } from './index.ts';

function run(expr: string, bindings: Record<string, unknown> = {}) {
  const c = compileCel(expr);
  if (!c.ok) throw new Error(c.error);
  return evaluateCel(c.program, bindings);
}
const value = (expr: string, bindings: Record<string, unknown> = {}) => {
  const r = run(expr, bindings);
  if (r.kind !== 'value') throw new Error(`${expr}: ${JSON.stringify(r)}`);
  return celToJson(r.value);
};
const fails = (expr: string, bindings: Record<string, unknown> = {}) => run(expr, bindings).kind === 'error';

describe('Kubernetes strings library', () => {
  it.each([
    ["'hello'.charAt(1)", 'e'],
    ["'hello'.indexOf('l')", 2],
    ["'hello'.indexOf('l', 3)", 3],
    ["'hello'.lastIndexOf('l')", 3],
    ["'TacoCat'.lowerAscii()", 'tacocat'],
    ["'TacoCat'.upperAscii()", 'TACOCAT'],
    ["'hello hello'.replace('he', 'we')", 'wello wello'],
    ["'hello hello'.replace('he', 'we', 1)", 'wello hello'],
    ["'a,b,c'.split(',')", ['a', 'b', 'c']],
    ["'a,b,c'.split(',', 2)", ['a', 'b,c']],
    ["'a,b,c'.split(',', 0)", []],
    ["'a,b,c'.split(',', -1)", ['a', 'b', 'c']],
    ["'abc'.split('')", ['a', 'b', 'c']],
    ["'tacocat'.substring(4)", 'cat'],
    ["'tacocat'.substring(0, 4)", 'taco'],
    ["'  \\ttrim\\n '.trim()", 'trim'],
    ["['a', 'b'].join()", 'ab'],
    ["['a', 'b'].join('-')", 'a-b'],
    ["'%s is %d'.format(['x', 3])", 'x is 3'],
    ["'abc'.startsWith('ab') && 'abc'.endsWith('bc') && 'abc'.contains('b')", true],
  ])('%s', (expr, want) => expect(value(expr)).toEqual(want));

  it('errors where upstream errors', () => {
    expect(fails("'abc'.substring(4)")).toBe(true);
    expect(fails("'abc'.charAt(-1)")).toBe(true);
  });
});

describe('Kubernetes lists library', () => {
  it.each([
    ['[1, 2, 3].isSorted()', true],
    ['[3, 1].isSorted()', false],
    ["['a', 'b'].isSorted()", true],
    ['[].isSorted()', true],
    ['[1, 2, 3].sum()', 6],
    ['[1.5, 2.5].sum()', 4],
    ['[].sum()', 0],
    ['[3, 1, 2].min()', 1],
    ['[3, 1, 2].max()', 3],
    ["['b', 'a'].min()", 'a'],
    ['[1, 2, 2, 3].indexOf(2)', 1],
    ['[1, 2, 2, 3].lastIndexOf(2)', 2],
    ['[1, 2].indexOf(9)', -1],
    ['[1, 2, 3, 4].slice(1, 3)', [2, 3]],
    ['[1, 2].slice(2, 2)', []],
  ])('%s', (expr, want) => expect(value(expr)).toEqual(want));

  it('errors where upstream errors', () => {
    expect(fails('[].min()')).toBe(true);
    expect(fails('[].max()')).toBe(true);
    expect(fails('[1, 2].slice(2, 1)')).toBe(true);
    expect(fails('[1, 2].slice(0, 3)')).toBe(true);
    expect(fails('[1, 2].slice(-1, 1)')).toBe(true);
  });
});

describe('Kubernetes regex library (RE2)', () => {
  it.each([
    ["'abc 123'.find('[0-9]+')", '123'],
    ["'abc'.find('[0-9]+')", ''],
    ["'123 abc 456'.findAll('[0-9]+')", ['123', '456']],
    ["'123 abc 456'.findAll('[0-9]+', 1)", ['123']],
    ["'ABC'.matches('(?i)^abc$')", true],
    ["'abc'.matches('^b')", false],
  ])('%s', (expr, want) => expect(value(expr)).toEqual(want));

  it('rejects a pattern RE2 rejects (backreference)', () => {
    expect(fails("'aa'.matches('(a)\\\\1')")).toBe(true);
    expect(fails("'aa'.find('(a)\\\\1')")).toBe(true);
  });

  it('matches in linear time', () => {
    const t0 = performance.now();
    expect(value(`'${'a'.repeat(3000)}b'.matches('^(a+)+$')`)).toBe(false);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});

describe('Kubernetes ip and format libraries', () => {
  it.each([
    ["isIP('1.2.3.4')", true],
    ["isIP('::1')", true],
    ["isIP('2001:db8::68')", true],
    ["isIP('::ffff:1.2.3.4')", false],
    ["isIP('01.2.3.4')", false],
    ["isIP('1.2.3')", false],
    ["isIP('fe80::1%eth0')", false],
    ["isIP('example.com')", false],
    ["isCIDR('10.0.0.0/8')", true],
    ["isCIDR('2001:db8::/32')", true],
    ["isCIDR('10.0.0.0/33')", false],
    ["!format.dns1123Label().validate('my-name').hasValue()", true],
    ["!format.dns1123Label().validate('My_Name').hasValue()", false],
    ["!format.dns1123Label().validate('" + 'a'.repeat(64) + "').hasValue()", false],
    ["!format.dns1123Subdomain().validate('a.b-c').hasValue()", true],
    ["!format.named('dns1123Label').value().validate('x').hasValue()", true],
    // apiserver's cel/library/format_test.go TestFormat (the formats implemented here)
    ["!format.qualifiedName().validate('apiextensions.k8s.io/v1beta1').hasValue()", true],
    ["!format.dns1123LabelPrefix().validate('my-label-prefix-').hasValue()", true],
    ["!format.dns1123SubdomainPrefix().validate('mysubdomain.prefix.-').hasValue()", true],
    ["!format.dns1035LabelPrefix().validate('my-label-prefix-').hasValue()", true],
    ["!format.qualifiedName().validate('contains a space').hasValue()", false],
    ["!format.dns1123LabelPrefix().validate('contains a space-').hasValue()", false],
    ["!format.dns1123SubdomainPrefix().validate('contains a space-').hasValue()", false],
    ["!format.dns1035LabelPrefix().validate('contains a space-').hasValue()", false],
    ["!format.qualifiedName().validate('my.name').hasValue()", true],
    ["!format.labelValue().validate('my-cool-label-Value').hasValue()", true],
    ["!format.labelValue().validate('my-cool-label-Value!!\\n\\n!!!').hasValue()", false],
    ["!format.named('labelValue').value().validate('').hasValue()", true],
    ["format.named('unknown').hasValue()", false],
  ])('%s', (expr, want) => expect(value(expr)).toEqual(want));
});

describe('macros, durations and values', () => {
  it.each([
    ['[1, 2, 3].all(x, x > 0)', true],
    ['[1, 2, 3].exists(x, x > 2)', true],
    ['[1, 2, 2].exists_one(x, x == 2)', false],
    ['[1, 2, 3].map(x, x * 2)', [2, 4, 6]],
    ['[1, 2, 3].filter(x, x > 1)', [2, 3]],
    ["duration('1h') > duration('59m') && duration('1s') != duration('0s')", true],
    ["timestamp('2024-01-01T00:00:00Z') < timestamp('2024-01-02T00:00:00Z')", true],
    ['1 == 1.0', true],
  ])('%s', (expr, want) => expect(value(expr)).toEqual(want));

  it('exposes schema integers as int, numbers as double, escaped property names, maps by key', () => {
    const schema = {
      type: 'object',
      properties: {
        replicas: { type: 'integer' },
        ratio: { type: 'number' },
        namespace: { type: 'string' },
        'x-y.z': { type: 'string' },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
      },
    };
    const self = toCelValue(
      JSON.parse('{"replicas":3,"ratio":2,"namespace":"ns","x-y.z":"v","labels":{"__proto__":"p","a.b/c":"d"}}'),
      schema,
    );
    expect(
      value("type(self.replicas) == int && type(self.ratio) == double && self.__namespace__ == 'ns'", { self }),
    ).toBe(true);
    expect(value("self.x__dash__y__dot__z == 'v' && self.labels['a.b/c'] == 'd'", { self })).toBe(true);
    expect(value("self.labels['__proto__'] == 'p'", { self })).toBe(true);
    expect(value('has(self.missing)', { self })).toBe(false);
  });

  it('escapes like Kubernetes', () => {
    expect(escapeCelName('namespace')).toBe('__namespace__');
    expect(escapeCelName('a__b')).toBe('a__underscores__b');
    expect(escapeCelName('a.b-c/d')).toBe('a__dot__b__dash__c__slash__d');
    expect(escapeCelName('has space')).toBeUndefined();
  });
});

describe('compile and cost', () => {
  it('a syntax error is a value', () => {
    const c = compileCel('self.a ==');
    expect(c.ok).toBe(false);
  });

  it('records the variables a rule reads (transition rules use oldSelf)', () => {
    const c = compileCel('self == oldSelf');
    expect(c.ok && [...c.program.variables].sort()).toEqual(['oldSelf', 'self']);
  });

  it('refuses an exponential expression before running it', () => {
    const ten = '[0,1,2,3,4,5,6,7,8,9]';
    let e = '1';
    for (let i = 0; i < 8; i++) e = `${ten}.map(x${i}, ${e})`;
    const t0 = performance.now();
    const r = run(`${e}.size() > 0`);
    expect(r.kind).toBe('cost');
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('runs a quadratic rule over a realistic list', () => {
    const self = toCelValue(
      Array.from({ length: 64 }, (_, i) => ({ name: `l${i}` })),
      { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
    );
    expect(value('self.all(a, self.exists_one(b, a.name == b.name))', { self })).toBe(true);
  });

  it('lists every Kubernetes function the corpus uses', () => {
    for (const f of [
      'split',
      'substring',
      'isIP',
      'find',
      'findAll',
      'isSorted',
      'slice',
      'validate',
      'join',
      'lowerAscii',
    ])
      expect(kubernetesFunctionNames()).toContain(f);
  });
});
