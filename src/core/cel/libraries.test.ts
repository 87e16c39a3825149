// Rows ported from k8s.io/apiserver/pkg/cel/library (ip_test.go, cidr_test.go, quantity_test.go, semver_test.go,
// format_test.go, urls) and cel-go's ext tests (optionals, two-variable comprehensions, lists v3, sets), run
// through the same compile/evaluate API the explorer uses.
import { describe, expect, it } from 'vitest';
import { compileCel, evaluateCel, celToJson, toCelValue } from './index.ts';

function run(expr: string) {
  const c = compileCel(expr);
  if (!c.ok) throw new Error(c.error);
  return evaluateCel(c.program, {});
}
const value = (expr: string) => {
  const r = run(expr);
  if (r.kind !== 'value') throw new Error(`${expr}: ${JSON.stringify(r)}`);
  return celToJson(r.value);
};
const error = (expr: string): string => {
  const r = run(expr);
  return r.kind === 'error' ? r.message : `no error: ${JSON.stringify(r)}`;
};

describe('optional values (cel-go OptionalTypes)', () => {
  it.each([
    ['optional.of(1).hasValue()', true],
    ['optional.none().hasValue()', false],
    ['optional.none().orValue(5)', 5],
    ['optional.of(2).or(optional.of(3)).value()', 2],
    ['optional.none().or(optional.of(3)).value()', 3],
    ["optional.ofNonZeroValue('').hasValue()", false],
    ["{'a': 1}.?a.orValue(2)", 1],
    ["{'a': 1}.?b.orValue(2)", 2],
    ["{'a': {'b': 3}}.?a.b.value()", 3],
    ["{'a': {'b': 3}}.?x.b.hasValue()", false],
    ['[1, 2][?1].value()', 2],
    ['[1, 2][?5].hasValue()', false],
    ['[1, ?optional.none(), ?optional.of(3)]', [1, 3]],
    ["{'x': 1, ?'y': optional.none(), ?'z': optional.of(2)}", { x: 1, z: 2 }],
    ["'a.?b'.size()", 4],
    ['optional.of(1) == optional.of(1)', true],
    ['optional.of(1) == optional.none()', false],
  ])('%s', (expr, want) => expect(value(expr)).toEqual(want));
  it('value() of none is an error', () => expect(error('optional.none().value()')).toContain('optional.none()'));
});

describe('two-variable comprehensions (cel-go TwoVarComprehensions)', () => {
  it.each([
    ['[10, 20].all(i, v, v > i)', true],
    ['[1, 2].all(i, v, i == 0)', false],
    ["{'a': 1}.exists(k, v, k == 'a' && v == 1)", true],
    ['[1, 1].existsOne(i, v, v == 1)', false],
    ['[1, 2].existsOne(i, v, v == 1)', true],
    ['[1, 2, 3].transformList(i, v, v * 2)', [2, 4, 6]],
    ['[1, 2, 3].transformList(i, v, i > 0, v * i)', [2, 6]],
    ["{'a': 1, 'b': 2}.transformMap(k, v, v + 1)", { a: 2, b: 3 }],
    ["{'a': 1, 'b': 2}.transformMap(k, v, k == 'b', v)", { b: 2 }],
    ['[1, 2].transformMapEntry(i, v, {string(v): i})', { 1: 0, 2: 1 }],
    // inner and outer comprehensions keep their own variables
    ['[[1, 2], [3]].all(i, xs, xs.all(j, x, x > i))', true],
  ])('%s', (expr, want) => expect(value(expr)).toEqual(want));
  it('a duplicate key from transformMapEntry is an error', () =>
    expect(error("[1, 2].transformMapEntry(i, v, {'k': v})")).toContain('already exists'));
});

describe('lists extension v3 and sets', () => {
  it.each([
    ['lists.range(3)', [0, 1, 2]],
    ['[3, 1, 2].sort()', [1, 2, 3]],
    ["['b', 'a'].sort()", ['a', 'b']],
    ['[[1], [2, [3]]].flatten()', [1, 2, [3]]],
    ['[[1], [2, [3]]].flatten(2)', [1, 2, 3]],
    ['[1, 1, 2].distinct()', [1, 2]],
    ["[{'n': 2}, {'n': 1}].sortBy(x, x.n)", [{ n: 1 }, { n: 2 }]],
    ['[1, 2].reverse()', [2, 1]],
    ['[1, 2, 3, 4].slice(1, 3)', [2, 3]],
    ['sets.contains([1, 2, 3], [1])', true],
    ['sets.contains([1], [1, 2])', false],
    ['sets.equivalent([1, 2], [2, 1, 1])', true],
    ['sets.intersects([1, 2], [2, 3])', true],
    ['sets.intersects([1], [2])', false],
  ])('%s', (expr, want) => expect(value(expr)).toEqual(want));
  it('sort of mixed types is an error', () => expect(error("[1, 'a'].sort()")).not.toContain('no error'));
});

describe('ip and cidr (ip_test.go, cidr_test.go)', () => {
  it.each([
    ['isIP("192.168.0.1")', true],
    ['isIP("192.168.0.1.0")', false],
    ['ip.isCanonical("127.0.0.1")', true],
    ['ip("192.168.0.1").family()', 4],
    ['ip("0.0.0.0").isUnspecified()', true],
    ['ip("127.0.0.1").isUnspecified()', false],
    ['ip("127.0.0.1").isLoopback()', true],
    ['ip("1.2.3.4").isLoopback()', false],
    ['ip("224.0.0.1").isLinkLocalMulticast()', true],
    ['ip("224.0.1.1").isLinkLocalMulticast()', false],
    ['ip("169.254.169.254").isLinkLocalUnicast()', true],
    ['ip("192.168.0.1").isLinkLocalUnicast()', false],
    ['ip("192.168.0.1").isGlobalUnicast()', true],
    ['ip("255.255.255.255").isGlobalUnicast()', false],
    ['isIP("2001:db8::68")', true],
    ['isIP("2001:db8:::68")', false],
    ['ip.isCanonical("2001:db8::68")', true],
    ['ip.isCanonical("2001:DB8::68")', false],
    ['ip("2001:db8::68").family()', 6],
    ['ip("::").isUnspecified()', true],
    ['ip("::1").isUnspecified()', false],
    ['ip("::1").isLoopback()', true],
    ['ip("2001:db8::abcd").isLoopback()', false],
    ['ip("ff02::1").isLinkLocalMulticast()', true],
    ['ip("fd00::1").isLinkLocalMulticast()', false],
    ['ip("fe80::1").isLinkLocalUnicast()', true],
    ['ip("fd80::1").isLinkLocalUnicast()', false],
    ['ip("2001:db8::abcd").isGlobalUnicast()', true],
    ['ip("ff00::1").isGlobalUnicast()', false],
    ['string(ip("192.168.0.1"))', '192.168.0.1'],
    ['ip("192.168.0.1") == ip("192.168.0.1")', true],
    ['cidr("192.168.0.0/24").containsIP(ip("192.168.0.1"))', true],
    ['cidr("192.168.0.0/24").containsIP("192.168.1.1")', false],
    ['cidr("192.168.0.0/24").containsCIDR(cidr("192.168.0.0/25"))', true],
    ['cidr("192.168.0.0/24").containsCIDR("192.168.0.0/23")', false],
    ['string(cidr("192.168.0.1/24").masked())', '192.168.0.0/24'],
    ['cidr("192.168.0.1/24").ip() == ip("192.168.0.1")', true],
    ['cidr("192.168.0.0/24").prefixLength()', 24],
    ['cidr("2001:db8::/32").containsIP("2001:db8::1")', true],
    ['isCIDR("192.168.0.0/24")', true],
    ['isCIDR("192.168.0.0/33")', false],
    ['isCIDR("::ffff:192.168.0.0/120")', false],
  ])('%s', (expr, want) => expect(value(expr)).toEqual(want));
  it.each(['ip("192.168.0.1.0")', 'ip("2001:db8:::68")', 'ip("::ffff:1.2.3.4")', 'cidr("192.168.0.0/33")'])(
    '%s is a runtime error',
    (expr) => expect(error(expr)).not.toContain('no error'),
  );
});

describe('url (urls.go)', () => {
  it.each([
    ["url('https://example.com:80/path?query=val#fragment').getScheme()", 'https'],
    ["url('https://example.com:80/path').getHost()", 'example.com:80'],
    ["url('https://[::1]:80/path').getHost()", '[::1]:80'],
    ["url('https://[::1]:80/path').getHostname()", '::1'],
    ["url('https://example.com:80/path').getPort()", '80'],
    ["url('https://example.com/path').getPort()", ''],
    ["url('https://example.com/path%20with%20spaces/').getEscapedPath()", '/path%20with%20spaces/'],
    ["url('https://example.com/path?k1=a&k2=b&k2=c').getQuery()", { k1: ['a'], k2: ['b', 'c'] }],
    ["url('/absolute-path').getScheme()", ''],
    ["isURL('https://example.com')", true],
    ["isURL('../relative-path')", false],
    ["isURL('https://example.com:port')", false],
  ])('%s', (expr, want) => expect(value(expr)).toEqual(want));
  it('url() of a relative path is the upstream error', () =>
    expect(error("url('../relative-path')")).toContain('URL parse error during conversion from string'));
});

describe('quantity (quantity_test.go)', () => {
  it.each([
    ["quantity('12Mi') == quantity('12582912')", true],
    ["quantity('1') == quantity('1000m')", true],
    ["isQuantity('1.3')", true],
    ["isQuantity('1.3e')", false],
    ["quantity('50k').isInteger()", true],
    ["quantity('50m').isInteger()", false],
    ["quantity('50k').asInteger()", 50000],
    ["quantity('50.5').asApproximateFloat()", 50.5],
    ["quantity('-50k').sign()", -1],
    ["quantity('0').sign()", 0],
    ["quantity('50k').isGreaterThan(quantity('50M'))", false],
    ["quantity('50M').isGreaterThan(quantity('50k'))", true],
    ["quantity('50k').isLessThan(quantity('50M'))", true],
    ["quantity('50k').compareTo(quantity('50M'))", -1],
    ["quantity('50k').compareTo(quantity('50k'))", 0],
    ["quantity('50k').add(quantity('20k')) == quantity('70k')", true],
    ["quantity('50k').add(20) == quantity('50020')", true],
    ["quantity('50k').sub(quantity('20k')) == quantity('30k')", true],
    ["quantity('50k').sub(20) == quantity('49980')", true],
  ])('%s', (expr, want) => expect(value(expr)).toEqual(want));
  it.each(["quantity('1.3e')", "quantity('50m').asInteger()", "quantity('9999999999999999999999999').asInteger()"])(
    '%s is a runtime error',
    (expr) => expect(error(expr)).not.toContain('no error'),
  );
});

describe('semver (semver_test.go)', () => {
  it.each([
    ["isSemver('1.0.0')", true],
    ["isSemver('v1.0')", false],
    ["isSemver('v1.0', true)", true],
    ["isSemver('1.0.0-alpha.01')", false],
    ["semver('1.2.3').major()", 1],
    ["semver('1.2.3').minor()", 2],
    ["semver('1.2.3').patch()", 3],
    ["semver('1.2.3').isLessThan(semver('1.10.0'))", true],
    ["semver('1.0.0-alpha').isLessThan(semver('1.0.0'))", true],
    ["semver('1.0.0-alpha.1').isGreaterThan(semver('1.0.0-alpha'))", true],
    ["semver('2.0.0').compareTo(semver('1.0.0'))", 1],
    ["semver('v01.02', true) == semver('1.2.0')", true],
  ])('%s', (expr, want) => expect(value(expr)).toEqual(want));
  it('semver() of an invalid version is an error', () =>
    expect(error("semver('1.0')")).toContain('not a valid semver'));
});

describe('format (format_test.go)', () => {
  it.each([
    ["format.uri().validate('http://example.com').hasValue()", false],
    ["format.uri().validate('example').hasValue()", true],
    ["format.byte().validate('aGVsbG8=').hasValue()", false],
    ["format.byte().validate('aGVsbG8').hasValue()", true],
    ["format.date().validate('2021-01-01').hasValue()", false],
    ["format.date().validate('2021-02-30').hasValue()", true],
    ["format.datetime().validate('2021-01-01T00:00:00Z').hasValue()", false],
    ["format.datetime().validate('2021-01-01T00:00:00').hasValue()", true],
    ["format.uuid().validate('123e4567-e89b-12d3-a456-426614174000').hasValue()", false],
    ["format.named('dns1123Label').hasValue()", true],
    ["format.named('nope').hasValue()", false],
  ])('%s', (expr, want) => expect(value(expr)).toEqual(want));
});

describe('types from the schema (apiserver/pkg/cel/common values.go)', () => {
  const bind = (expr: string, self: unknown, schema: Record<string, unknown>) => {
    const c = compileCel(expr);
    if (!c.ok) throw new Error(c.error);
    const r = evaluateCel(c.program, { self: toCelValue(self, schema) });
    if (r.kind !== 'value') throw new Error(`${expr}: ${JSON.stringify(r)}`);
    return celToJson(r.value);
  };
  it.each([
    [
      "self.d.getHours() == 2 && self.d > duration('1h')",
      { d: '2h30m' },
      { d: { type: 'string', format: 'duration' } },
    ],
    ["self.d == duration('36h')", { d: '1d12h' }, { d: { type: 'string', format: 'duration' } }],
    [
      "self.t == timestamp('2024-01-02T03:04:05Z') && self.t.getFullYear() == 2024",
      { t: '2024-01-02T03:04:05Z' },
      { t: { type: 'string', format: 'date-time' } },
    ],
    ["self.t == timestamp('2024-01-02T00:00:00Z')", { t: '2024-01-02' }, { t: { type: 'string', format: 'date' } }],
    ["self.b == b'hello'", { b: 'aGVsbG8=' }, { b: { type: 'string', format: 'byte' } }],
    [
      "self.s == ['c', 'b', 'a'] && ['c', 'b', 'a'] == self.s",
      { s: ['a', 'b', 'c'] },
      { s: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } } },
    ],
    ["self.s != ['c', 'b', 'a']", { s: ['a', 'b', 'c'] }, { s: { type: 'array', items: { type: 'string' } } }],
    ['self.i == 9223372036854775807', { i: 9223372036854775807n }, { i: { type: 'integer' } }],
    ["self.x == 'a' || self.x == 1", { x: 1 }, { x: { 'x-kubernetes-int-or-string': true } }],
  ])('%s', (expr, self, props) => expect(bind(expr, self, { type: 'object', properties: props })).toBe(true));
});
