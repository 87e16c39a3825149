// apiextensions-apiserver's schema/cel validation_test.go TestValidationExpressions (the typed-value sections): each
// rule must type-check against the declared schema (checkCel, as crd-check does) and evaluate to true on the object
// (as validate does). Rows not ported: list in docs/cel.md.
import { describe, expect, it } from 'vitest';
import { celToJson, checkCel, compileCel, evaluateCel, schemaDeclType, toCelValue } from './index.ts';

type Schema = Record<string, unknown>;
const integer: Schema = { type: 'integer' };
const number: Schema = { type: 'number' };
const str: Schema = { type: 'string' };
const bool: Schema = { type: 'boolean' };
const bytes: Schema = { type: 'string', format: 'byte' };
const duration: Schema = { type: 'string', format: 'duration' };
const date: Schema = { type: 'string', format: 'date' };
const dateTime: Schema = { type: 'string', format: 'date-time' };
const list = (items: Schema): Schema => ({ type: 'array', items });
const set = (items: Schema): Schema => ({ type: 'array', items, 'x-kubernetes-list-type': 'set' });

const objOf = (schemas: Schema[]): Schema => ({
  type: 'object',
  properties: Object.fromEntries(schemas.map((s, i) => [`val${i + 1}`, s])),
});
const valuesOf = (vals: unknown[]) => Object.fromEntries(vals.map((v, i) => [`val${i + 1}`, v]));
/** upstream's ValsEqualThemselvesAndDataLiteral */
const eqLit = (a: string, b: string, lit: string) =>
  `${a} == ${a} && ${b} == ${b} && ${a} == ${b} && ${b} == ${a} && ${a} == ${lit} && ${lit} == ${a}`;

function passes(schema: Schema, value: unknown, rule: string): void {
  const decl = schemaDeclType(schema, false);
  if (!decl) throw new Error('no declared type');
  const checked = checkCel(rule, new Map([['self', decl]]));
  if (!checked.ok) throw new Error(`does not type-check: ${checked.error}`);
  const c = compileCel(rule);
  if (!c.ok) throw new Error(c.error);
  const out = evaluateCel(c.program, { self: toCelValue(value, schema) });
  expect(out.kind === 'value' ? celToJson(out.value) : out).toBe(true);
}

const sections: { name: string; schemas: Schema[]; values: unknown[]; valid: string[] }[] = [
  {
    name: 'integers',
    schemas: [integer, integer],
    values: [9223372036854775807n, 9223372036854775807n],
    valid: [eqLit('self.val1', 'self.val2', '9223372036854775807'), 'type(self.val1) == int'],
  },
  {
    name: 'numeric comparisons',
    schemas: [integer, integer, integer, number, number, number, number],
    values: [5, 10, 15, 10.5, 10.0, 10.0, 10],
    valid: [
      'double(self.val1) < self.val4',
      'double(self.val2) <= self.val4',
      'double(self.val3) > self.val4',
      'self.val1 < int(self.val4)',
      'self.val2 == int(self.val6)',
      'double(self.val2) == self.val7',
      'self.val3 > int(self.val7)',
      'double(5) < 10.0',
      '10 == int(10.0)',
      'self.val1 < self.val4',
      'self.val3 > self.val4',
      'self.val1 < self.val7',
      '5 < 10.0',
      '15 > 10.0',
      'self.val1 < 10.0',
      'self.val3 > 10.0',
      'type(self.val7) == double',
    ],
  },
  {
    name: 'unicode strings',
    schemas: [str, str],
    values: ['Rook takes 👑', 'Rook takes 👑'],
    valid: [
      eqLit('self.val1', 'self.val2', "'Rook takes 👑'"),
      "self.val1.startsWith('Rook')",
      "!self.val1.startsWith('knight')",
      "self.val1.contains('takes')",
      "self.val1.endsWith('👑')",
      "self.val1.matches('^[^0-9]*$')",
      'type(self.val1) == string',
      'size(self.val1) == 12',
      "self.val1.charAt(3) == 'k'",
      "self.val1.indexOf('o') == 1",
      "self.val1.indexOf('o', 2) == 2",
      "self.val1.replace(' ', 'x') == 'Rookxtakesx👑'",
      "self.val1.replace(' ', 'x', 1) == 'Rookxtakes 👑'",
      "self.val1.split(' ') == ['Rook', 'takes', '👑']",
      "self.val1.split(' ', 2) == ['Rook', 'takes 👑']",
      "self.val1.substring(5) == 'takes 👑'",
      "self.val1.substring(0, 4) == 'Rook'",
      "self.val1.substring(4, 10).trim() == 'takes'",
      "self.val1.upperAscii() == 'ROOK TAKES 👑'",
      "self.val1.lowerAscii() == 'rook takes 👑'",
    ],
  },
  {
    name: 'bytes',
    schemas: [bytes, bytes],
    values: ['QUI=', 'QUI='],
    valid: [
      'self.val1 == self.val2',
      "self.val1 == b'AB'",
      "self.val1 == bytes('AB')",
      "self.val1 == b'\\x41\\x42'",
      'type(self.val1) == bytes',
      'size(self.val1) == 2',
    ],
  },
  {
    name: 'booleans',
    schemas: [bool, bool, bool, bool],
    values: [true, true, false, false],
    valid: [eqLit('self.val1', 'self.val2', 'true'), 'self.val1 != self.val4', 'type(self.val1) == bool'],
  },
  {
    name: 'duration format',
    schemas: [duration, duration],
    values: ['1h2m3s4ms', '1h2m3s4ms'],
    valid: [
      eqLit('self.val1', 'self.val2', "duration('1h2m3s4ms')"),
      "self.val1 == duration('1h2m') + duration('3s4ms')",
      'self.val1.getHours() == 1',
      'self.val1.getMinutes() == 62',
      'self.val1.getSeconds() == 3723',
      'self.val1.getMilliseconds() == 3723004',
      'type(self.val1) == google.protobuf.Duration',
    ],
  },
  {
    name: 'date format',
    schemas: [date, date],
    values: ['1997-07-16', '1997-07-16'],
    valid: [
      eqLit('self.val1', 'self.val2', "timestamp('1997-07-16T00:00:00.000Z')"),
      'self.val1.getDate() == 16',
      'self.val1.getMonth() == 06',
      'self.val1.getFullYear() == 1997',
      'type(self.val1) == google.protobuf.Timestamp',
    ],
  },
  {
    name: 'date-time format',
    schemas: [dateTime, dateTime],
    values: ['2011-08-18T19:03:37.010000000+01:00', '2011-08-18T19:03:37.010000000+01:00'],
    valid: [
      eqLit('self.val1', 'self.val2', "timestamp('2011-08-18T19:03:37.010+01:00')"),
      "self.val1 == timestamp('2011-08-18T00:00:00.000+01:00') + duration('19h3m37s10ms')",
      "self.val1.getDate('01:00') == 18",
      "self.val1.getMonth('01:00') == 7",
      "self.val1.getFullYear('01:00') == 2011",
      "self.val1.getHours('01:00') == 19",
      "self.val1.getMinutes('01:00') == 03",
      "self.val1.getSeconds('01:00') == 37",
      "self.val1.getMilliseconds('01:00') == 10",
      "self.val1.getHours('UTC') == 18",
      'type(self.val1) == google.protobuf.Timestamp',
    ],
  },
  {
    name: 'conversions',
    schemas: [integer, number, number, number, bool, str, bytes, str, duration, str, dateTime, str, date],
    values: [
      10,
      10.0,
      10.49,
      10.5,
      true,
      '10',
      'MTA=',
      '3723.004s',
      '1h2m3s4ms',
      '2011-08-18T19:03:37.01+01:00',
      '2011-08-18T19:03:37.01+01:00',
      '2011-08-18T00:00:00Z',
      '2011-08-18',
    ],
    valid: [
      'int(self.val2) == self.val1',
      'int(self.val3) == self.val1',
      'int(self.val4) == self.val1',
      'int(self.val6) == self.val1',
      'double(self.val1) == self.val2',
      'double(self.val6) == self.val2',
      'bytes(self.val6) == self.val7',
      'string(self.val1) == self.val6',
      "string(self.val2) == '10'",
      "string(self.val3) == '10.49'",
      "string(self.val4) == '10.5'",
      "string(self.val5) == 'true'",
      'string(self.val7) == self.val6',
      'duration(self.val8) == self.val9',
      'string(self.val9) == self.val8',
      'timestamp(self.val10) == self.val11',
      'timestamp(self.val12) == self.val13',
      'string(self.val13) == self.val12',
    ],
  },
  {
    name: 'lists',
    schemas: [list(integer), list(integer)],
    values: [
      [1, 2, 3],
      [1, 2, 3],
    ],
    valid: [
      eqLit('self.val1', 'self.val2', '[1, 2, 3]'),
      '1 in self.val1',
      'self.val2[0] in self.val1',
      '!(0 in self.val1)',
      'self.val1 + self.val2 == [1, 2, 3, 1, 2, 3]',
      'self.val1 + [4, 5] == [1, 2, 3, 4, 5]',
    ],
  },
  {
    name: 'string lists',
    schemas: [list(str)],
    values: [['a', 'b', 'c']],
    valid: ["self.val1.join('-') == 'a-b-c'", "['a', 'b', 'c'].join('-') == 'a-b-c'", "self.val1.join() == 'abc'"],
  },
  {
    name: 'listSets',
    schemas: [set(str), set(str)],
    values: [
      ['a', 'b', 'c'],
      ['a', 'c', 'b'],
    ],
    valid: [
      "self.val1 == ['c', 'b', 'a']",
      'self.val1 == self.val2',
      "'a' in self.val1",
      'self.val2[0] in self.val1',
      "!('x' in self.val1)",
      "self.val1.join('-') == 'a-b-c'",
      "sets.contains(['a', 'b'], [])",
      "sets.contains(['a', 'b'], ['b'])",
      "!sets.contains(['a', 'b'], ['c'])",
      'sets.equivalent([], [])',
      "sets.equivalent(['c', 'b', 'a'], ['b', 'c', 'a'])",
      "!sets.equivalent(['a', 'b'], ['b', 'c'])",
      "sets.intersects(['a', 'b'], ['b', 'c'])",
      '!sets.intersects([], [])',
    ],
  },
];

describe.each(sections)('validation_test.go: $name', ({ schemas, values, valid }) => {
  it.each(valid)('%s', (rule) => passes(objOf(schemas), valuesOf(values), rule));
});
