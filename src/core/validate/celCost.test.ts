// The API server's runtime CEL cost for one object (apiextensions-apiserver schema/cel validation.go): each
// evaluation under PerCallLimit, all of them under RuntimeCELCostBudget; past either, one error at the rule's node
// and no further rule runs. Upstream's TestCELValidationLimit, then the budget spent across list items.
import { describe, expect, it } from 'vitest';
import type { StructuralSchema } from '../model/model.ts';
import { validateValue } from './validateValue.ts';

const OUT_OF_BUDGET = 'validation failed due to running out of cost budget, no further validation rules will be run';
const PER_CALL =
  /^'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: /;

const withRule = (s: object, rule: string, message?: string): StructuralSchema =>
  ({ ...s, 'x-kubernetes-validations': [{ rule, ...(message ? { message } : {}) }] }) as StructuralSchema;
const cel = (issues: ReturnType<typeof validateValue>) =>
  issues.filter((i) => i.code.startsWith('CEL_')).map((i) => ({ code: i.code, path: i.path, message: i.message }));

describe('TestCELValidationLimit (upstream)', () => {
  const s = withRule({ type: 'object', properties: { val1: { type: 'integer' } } }, 'self.val1 > 0');
  const obj = { val1: 9223372036854775807n };

  it('within the limits the rule runs and passes', () => expect(cel(validateValue(s, obj))).toEqual([]));

  it("a budget of 0: exactly one error, upstream's, at the rule's node", () => {
    expect(cel(validateValue(s, obj, { celCost: { budget: 0 } }))).toEqual([
      { code: 'CEL_COST_EXCEEDED', path: [], message: OUT_OF_BUDGET },
    ]);
  });

  it('a per-call limit of 0: the call cost error naming the rule', () => {
    const r = cel(validateValue(s, obj, { celCost: { perCall: 0 } }));
    expect(r).toHaveLength(1);
    expect(r[0]?.message).toMatch(PER_CALL);
    expect(r[0]?.message).toMatch(/self\.val1 > 0$/);
  });
});

describe('the budget is shared by every evaluation of one object', () => {
  // a rule on each list item: n items cost n times the rule
  const item = withRule({ type: 'string' }, "self.startsWith('a')", 'must start with a');
  const s = { type: 'object', properties: { items: { type: 'array', items: item } } } as StructuralSchema;
  const doc = (n: number) => ({ items: Array.from({ length: n }, (_, i) => `a${i}`) });
  const costOne = 2; // self 1, startsWith over a 2-character string 1

  it('spent item by item: the item that finds it empty gets the error, later items are not checked', () => {
    expect(cel(validateValue(s, doc(5), { celCost: { budget: 5 * costOne } }))).toEqual([]);
    const r = cel(validateValue(s, { items: ['a0', 'a1', 'a2', 'b3', 'b4'] }, { celCost: { budget: 2 * costOne } }));
    expect(r).toEqual([{ code: 'CEL_COST_EXCEEDED', path: ['items', 2], message: OUT_OF_BUDGET }]);
  });

  it('an O(n²) rule over a large list is over the per-call limit (1,000,000) at its path', () => {
    const list = withRule({ type: 'array', items: { type: 'string' } }, 'self.all(x, self.exists_one(y, x == y))');
    const big = {
      type: 'object',
      properties: { spec: { type: 'object', properties: { l: list } } },
    } as StructuralSchema;
    const r = cel(validateValue(big, { spec: { l: Array.from({ length: 1500 }, (_, i) => `name-${i}`) } }));
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ code: 'CEL_COST_EXCEEDED', path: ['spec', 'l'] });
    expect(r[0]?.message).toMatch(PER_CALL);
    // the same rule over 100 items runs (and passes)
    expect(cel(validateValue(big, { spec: { l: Array.from({ length: 100 }, (_, i) => `name-${i}`) } }))).toEqual([]);
  });
});
