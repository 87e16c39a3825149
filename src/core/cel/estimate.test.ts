// Estimated costs of apiextensions-apiserver's schema/cel compilation_test.go TestCostEstimation: the same schema
// without bounds ("calc") and with maxItems/maxProperties/maxLength set ("set"), matched exactly.
import { describe, expect, it } from 'vitest';
import { checkCel, schemaDeclType } from './index.ts';

type Gen = (max?: number) => Record<string, unknown>;
const ruleType = (t: string): Record<string, unknown> =>
  t === 'int-or-string'
    ? { 'x-kubernetes-int-or-string': true }
    : ['duration', 'date', 'date-time'].includes(t)
      ? { type: 'string', format: t }
      : { type: t };
const maxOf = (key: string, max?: number) => (max === undefined ? {} : { [key]: max });
const arrayOf =
  (t: string): Gen =>
  (max) => ({ type: 'array', items: ruleType(t), ...maxOf('maxItems', max) });
const mapOf =
  (t: string): Gen =>
  (max) => ({
    type: 'object',
    additionalProperties: ruleType(t),
    ...maxOf('maxProperties', max),
  });
const str: Gen = (max) => ({ type: 'string', ...maxOf('maxLength', max) });
const arrayOfArrays =
  (t: string): Gen =>
  (max) => ({ type: 'array', items: { type: 'array', items: ruleType(t) }, ...maxOf('maxItems', max) });

function cost(gen: Gen, rule: string, max?: number): number {
  const decl = schemaDeclType(gen(max), false);
  if (!decl) throw new Error('no type');
  const r = checkCel(rule, new Map([['self', decl]]));
  if (!r.ok) throw new Error(r.error);
  return r.cost.max;
}

describe('estimated rule cost (compilation_test.go TestCostEstimation)', () => {
  it.each<[string, Gen, string, number, number, number]>([
    ['number array with all', arrayOf('number'), 'self.all(x, true)', 4718591, 10, 32],
    ['string array with all', arrayOf('string'), 'self.all(x, true)', 3145727, 20, 62],
    ['boolean array with all', arrayOf('boolean'), 'self.all(x, true)', 1887437, 5, 17],
    ['array of number arrays with all', arrayOfArrays('number'), 'self.all(x, true)', 3145727, 100, 302],
    ['map of numbers with all', mapOf('number'), 'self.all(x, true)', 1348169, 10, 32],
    ['map of strings with all', mapOf('string'), 'self.all(x, true)', 1179647, 3, 11],
    ['map of booleans with all', mapOf('boolean'), 'self.all(x, true)', 943718, 100, 302],
    ['string with contains', str, "self.contains('test')", 314574, 10, 5],
    ['string with startsWith', str, "self.startsWith('test')", 2, 15, 2],
    ['string with endsWith', str, "self.endsWith('test')", 2, 30, 2],
    ['concat string', str, 'size(self + "hello") > size("hello")', 314578, 4, 7],
    ['index of array with numbers', arrayOf('number'), 'self[1] == 0.0', 2, 5000, 2],
    ['index of array with strings', arrayOf('string'), 'self[1] == self[1]', 314577, 8, 314577],
    ['regex matches simple', str, 'self.matches("x")', 314574, 50, 22],
    ['regex matches empty string', str, '"".matches("(((((((((())))))))))[0-9]")', 7, 10, 7],
    ['regex matches empty regex', str, 'self.matches("")', 1, 100, 1],
    ['set array maxLength to zero', arrayOf('number'), 'self[3] == 0.0', 2, 0, 2],
    ['set map maxLength to zero', mapOf('number'), 'self["x"] == 0.0', 2, 0, 2],
    ['set string maxLength to zero', str, 'self == "x"', 2, 0, 1],
    [
      'set maxLength greater than estimated',
      arrayOf('number'),
      'self.all(x, x == 0.0)',
      6291454,
      3 * 1024 * 2048,
      25165826,
    ],
    ['int-or-string array with all', arrayOf('int-or-string'), 'self.all(x, true)', 4718591, 10, 32],
    ['index of array with int-or-strings', arrayOf('int-or-string'), 'self[0] == 5', 3, 10, 3],
    ['index of array with booleans', arrayOf('boolean'), 'self[0] == false', 2, 25, 2],
    ['index of array of array of numbers', arrayOfArrays('number'), 'self[0][0] == -1.0', 3, 51, 3],
    ['duration array with all', arrayOf('duration'), 'self.all(x, true)', 2359295, 5, 17],
    ['index of duration array', arrayOf('duration'), 'self[0].getHours() == 2', 4, 525, 4],
    ['date array with all', arrayOf('date'), 'self.all(x, true)', 725936, 15, 47],
    ['index of date array', arrayOf('date'), 'self[2].getDayOfMonth() == 13', 4, 42, 4],
    ['date-time array with all', arrayOf('date-time'), 'self.all(x, true)', 428963, 25, 77],
    ['map of int-or-strings with all', mapOf('int-or-string'), 'self.all(x, true)', 1348169, 15, 47],
    ['map of durations with all', mapOf('duration'), 'self.all(x, true)', 1048577, 5, 17],
    ['map of dates with all', mapOf('date'), 'self.all(x, true)', 524288, 10, 32],
    ['map of date-times with all', mapOf('date-time'), 'self.all(x, true)', 349526, 25, 77],
    ['extended library regex find', str, "self.find('[0-9]+') == ''", 629147, 10, 11],
    ['O(n^2) loop with numbers (set)', arrayOf('number'), 'self.all(x, self.all(y, true))', 0, 10, 352],
    ['O(n^3) loop with numbers (set)', arrayOf('number'), 'self.all(x, self.all(y, self.all(z, true)))', 0, 10, 3552],
  ])('%s', (_name, gen, rule, calc, max, set) => {
    if (calc > 0) expect(cost(gen, rule)).toBe(calc);
    expect(cost(gen, rule, max)).toBe(set);
  });
});
