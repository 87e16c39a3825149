// Runtime cost as the API server counts it: apiextensions-apiserver schema/cel celcoststability_test.go
// (TestCelCostStability, cel-go's actual cost per rule over a given object) run through runtimeCost, which is
// cel-go's estimator over the object's own sizes: equal to upstream's figure for 27 of these 61 rules, within 2 for
// most others (DIFFERS lists each difference), so the per-call limit and the budget trip where upstream's do.
import { describe, expect, it } from 'vitest';
import type { StructuralSchema } from '../model/model.ts';
import fc from 'fast-check';
import { checkAst } from './checker.ts';
import type { Decl } from './declType.ts';
import { estimateCost } from './estimate.ts';
import { compileCel, runtimeCost, schemaDeclType, sizedDecl } from './index.ts';

const integerType = { type: 'integer' };
const numberType = { type: 'number' };
const stringType = { type: 'string' };
const booleanType = { type: 'boolean' };
const byteType = { type: 'string', format: 'byte' };
const durationFormat = { type: 'string', format: 'duration' };
const dateFormat = { type: 'string', format: 'date' };
const listType = (items: object) => ({ type: 'array', items });
const mapType = (v: object) => ({ type: 'object', additionalProperties: v });
const objectType = (properties: Record<string, object>) => ({ type: 'object', properties });
const schemas = (...types: object[]) => objectType(Object.fromEntries(types.map((t, i) => [`val${i + 1}`, t])));
const objs = (...values: unknown[]) => Object.fromEntries(values.map((v, i) => [`val${i + 1}`, v]));

type Case = readonly [name: string, schema: object, obj: unknown, costs: Record<string, number>];

const CASES: Case[] = [
  [
    'integers',
    schemas(integerType, integerType, integerType, integerType, integerType, integerType),
    objs(1, 1, 2147483647, 2147483647, 1, 1),
    { 'self.val1 == self.val6': 5, 'type(self.val1) == int': 4, 'self.val3 + 1 == 2147483647 + 1': 5 },
  ],
  [
    'numbers',
    schemas(numberType, numberType, numberType, numberType, numberType, numberType, numberType),
    objs(1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1),
    { 'self.val1 == self.val6': 5, 'type(self.val1) == double': 4, 'self.val7 == 1.0': 3 },
  ],
  [
    'numeric comparisons',
    schemas(integerType, numberType, numberType, numberType),
    objs(5, 10.5, 10.5, 10.5),
    {
      'double(self.val1) < self.val4': 6,
      'self.val1 < int(self.val4)': 6,
      'double(5) < 10.0': 1,
      '5 < int(10.0)': 1,
      'double(self.val1) < 10.0': 4,
    },
  ],
  [
    'unicode strings',
    schemas(stringType, stringType),
    objs('Rook takes 👑', 'Rook takes 👑'),
    {
      "self.val1.startsWith('Rook')": 4,
      "!self.val1.startsWith('knight')": 5,
      "self.val1.matches('^[^0-9]*$')": 8,
      "!self.val1.matches('^[0-9]*$')": 7,
      'type(self.val1) == string': 4,
      'size(self.val1) == 12': 4,
      "self.val1.charAt(3) == 'k'": 4,
      "self.val1.indexOf('o') == 1": 4,
      "self.val1.indexOf('o', 2) == 2": 4,
      "self.val1.replace(' ', 'x') == 'Rookxtakesx👑'": 7,
      "self.val1.split(' ') == ['Rook', 'takes', '👑']": 6,
      "self.val1.substring(5) == 'takes 👑'": 5,
      "self.val1.substring(0, 4) == 'Rook'": 5,
      "self.val1.substring(4, 10).trim() == 'takes'": 6,
      "self.val1.upperAscii() == 'ROOK TAKES 👑'": 6,
      "self.val1.lowerAscii() == 'rook takes 👑'": 6,
    },
  ],
  [
    'bytes',
    schemas(byteType, byteType),
    objs('QUI=', 'QUI='),
    { 'self.val1 == self.val2': 5, "self.val1 == b'AB'": 3, 'type(self.val1) == bytes': 4, 'size(self.val1) == 2': 4 },
  ],
  [
    'booleans',
    schemas(booleanType, booleanType, booleanType, booleanType),
    objs(true, true, false, false),
    { 'self.val1 != self.val4': 5, 'type(self.val1) == bool': 4 },
  ],
  [
    'duration format',
    schemas(durationFormat, durationFormat),
    objs('1h2m3s4ms', '1h2m3s4ms'),
    {
      "self.val1 == duration('1h2m') + duration('3s4ms')": 4,
      'self.val1.getHours() == 1': 4,
      'type(self.val1) == google.protobuf.Duration': 4,
    },
  ],
  [
    'date format',
    schemas(dateFormat, dateFormat),
    objs('1997-07-16', '1997-07-16'),
    { 'self.val1.getDate() == 16': 4, 'type(self.val1) == google.protobuf.Timestamp': 4 },
  ],
  [
    'lists',
    schemas(listType(integerType), listType(integerType)),
    objs([1, 2, 3], [1, 2, 3]),
    {
      '1 in self.val1': 5,
      'self.val2[0] in self.val1': 8,
      '!(0 in self.val1)': 6,
      'self.val1 + self.val2 == [1, 2, 3, 1, 2, 3]': 6,
      'self.val1 + [4, 5] == [1, 2, 3, 4, 5]': 4,
    },
  ],
  [
    'maps',
    schemas(mapType(stringType), mapType(stringType)),
    objs({ k1: 'a', k2: 'b' }, { k2: 'b', k1: 'a' }),
    {
      'self.val1 == self.val2': 5,
      "'k1' in self.val1": 3,
      "!('k3' in self.val1)": 4,
      "self.val1 == {'k1': 'a', 'k2': 'b'}": 3,
    },
  ],
  [
    'map access',
    objectType({ val: mapType(integerType) }),
    { val: { b: 1, d: 2 } },
    {
      "!('a' in self.val)": 4,
      "'b' in self.val": 3,
      'has(self.val.b)': 2,
      '!has(self.val.a)': 3,
      'self.val.all(k, self.val[k] > 0)': 17,
      'self.val.exists_one(k, self.val[k] == 2)': 14,
      'size(self.val) == 2': 4,
      'size(self.val.filter(k, self.val[k] > 1)) == 1': 26,
    },
  ],
  [
    'listMap access',
    objectType({ listMap: listType(objectType({ k: stringType, v: stringType, v2: stringType })) }),
    {
      listMap: [
        { k: 'a1', v: 'b1' },
        { k: 'a2', v: 'b2' },
        { k: 'a3', v: 'b3', v2: 'z' },
      ],
    },
    {
      'has(self.listMap[0].v)': 3,
      "self.listMap.all(m, m.k.startsWith('a'))": 21,
      "self.listMap.exists_one(m, m.k == 'a3')": 15,
      "size(self.listMap.filter(m, m.k == 'a1')) == 1": 27,
      "self.listMap.map(m, m.v).exists(v, v == 'b1')": 55,
      "self.listMap.exists(m, m.k.endsWith('1'))": 13,
    },
  ],
];

/**
 * Where the figure differs from upstream's (pinned, so a change is deliberate): cel-go folds constant literals
 * (`[1, 2]`, `{'k': 'v'}`, `double(5)`: free at run time, 10 or 30 here), charges `==` on scalars 1 where the
 * estimator says 0, `type()` 0 where it says 1, and stops `exists`/`all` early.
 */
const DIFFERS: Record<string, number> = {
  'self.val1 == self.val6': 4,
  'type(self.val1) == int': 5,
  'type(self.val1) == double': 5,
  'self.val7 == 1.0': 2,
  'double(5) < 10.0': 2,
  '5 < int(10.0)': 2,
  "self.val1.startsWith('Rook')": 3,
  "!self.val1.startsWith('knight')": 4,
  'type(self.val1) == string': 5,
  "self.val1.indexOf('o') == 1": 5,
  "self.val1.indexOf('o', 2) == 2": 5,
  "self.val1.split(' ') == ['Rook', 'takes', '👑']": 16,
  "self.val1.substring(4, 10).trim() == 'takes'": 7,
  'type(self.val1) == bytes': 5,
  'self.val1 != self.val4': 4,
  'type(self.val1) == bool': 5,
  "self.val1 == duration('1h2m') + duration('3s4ms')": 6,
  'type(self.val1) == google.protobuf.Duration': 5,
  'type(self.val1) == google.protobuf.Timestamp': 5,
  'self.val1 + self.val2 == [1, 2, 3, 1, 2, 3]': 16,
  'self.val1 + [4, 5] == [1, 2, 3, 4, 5]': 24,
  "'k1' in self.val1": 4,
  "!('k3' in self.val1)": 5,
  "self.val1 == {'k1': 'a', 'k2': 'b'}": 33,
  "!('a' in self.val)": 5,
  "'b' in self.val": 4,
  'self.val.all(k, self.val[k] > 0)': 19,
  'self.val.exists_one(k, self.val[k] == 2)': 16,
  'size(self.val.filter(k, self.val[k] > 1)) == 1': 51,
  "self.listMap.exists_one(m, m.k == 'a3')": 19,
  "size(self.listMap.filter(m, m.k == 'a1')) == 1": 63,
  "self.listMap.map(m, m.v).exists(v, v == 'b1')": 74,
  "self.listMap.exists(m, m.k.endsWith('1'))": 24,
};

describe('runtime cost: upstream TestCelCostStability', () => {
  for (const [name, schema, obj, costs] of CASES)
    describe(name, () => {
      const decl = schemaDeclType(schema as StructuralSchema, false);
      it.each(Object.entries(costs))('%s costs %i', (rule, want) => {
        const c = compileCel(rule);
        if (!c.ok) throw new Error(c.error);
        const got = runtimeCost(c.program, new Map([['self', decl!]]), { self: obj });
        expect(got).toBe(Object.hasOwn(DIFFERS, rule) ? DIFFERS[rule] : want);
      });
    });
});

describe('runtime cost: estimates reused across objects', () => {
  const schema = objectType({
    names: listType(stringType),
    labels: mapType(stringType),
    name: stringType,
    'x-y': stringType,
    namespace: stringType,
    grid: listType(listType(integerType)),
    tags: mapType(listType(stringType)),
  });
  const decl = schemaDeclType(schema as StructuralSchema, false) as Decl;
  const vars = new Map([['self', decl]]);
  const rules = [
    'self.names.all(x, x.size() < 5)',
    "self.names.map(x, x + 'a').size() > 0 && self.name.size() < 100",
    'self.labels.exists(k, self.labels[k].size() > 1)',
    "self.name.startsWith('a') || self.names.exists(n, n == self.name)",
    // a field read by its escaped CEL name, lists of lists, map keys and values
    "!has(self.x__dash__y) || self.x__dash__y.contains('ab')",
    "!has(self.__namespace__) || self.__namespace__.contains('ab')",
    'self.grid.all(r, r.all(c, c > 0))',
    'self.tags.all(k, k.size() < 2 && self.tags[k].all(t, t.size() < 3))',
  ];
  const value = fc.record({
    names: fc.array(fc.string({ maxLength: 4 }), { maxLength: 4 }),
    labels: fc.dictionary(fc.string({ maxLength: 2 }), fc.string({ maxLength: 3 }), { maxKeys: 3 }),
    name: fc.string({ maxLength: 3 }),
    'x-y': fc.option(fc.string({ maxLength: 30 }), { nil: undefined }),
    namespace: fc.option(fc.string({ maxLength: 30 }), { nil: undefined }),
    grid: fc.array(fc.array(fc.integer(), { maxLength: 3 }), { maxLength: 3 }),
    tags: fc.dictionary(fc.string({ maxLength: 2 }), fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }), {
      maxKeys: 3,
    }),
  });

  it('costs each object as an estimate over its own sizes alone would, whatever came before', () => {
    for (const rule of rules) {
      const c = compileCel(rule);
      if (!c.ok) throw new Error(c.error);
      const checked = checkAst(c.program.ast, vars);
      if (!checked.ok) throw new Error(rule);
      fc.assert(
        fc.property(fc.array(value, { minLength: 1, maxLength: 12 }), (objects) => {
          for (const self of objects) {
            const alone = estimateCost(c.program.ast, checked, {
              roots: new Map([['self', sizedDecl(decl, [self])]]),
            }).max;
            expect(runtimeCost(c.program, vars, { self })).toBe(alone);
          }
        }),
        { numRuns: 200, seed: 28 },
      );
    }
  });
});
