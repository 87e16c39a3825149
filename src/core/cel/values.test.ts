// toCelValue with a views cache (nested CRD rules): the same CEL value as a fresh conversion, each subtree
// converted once, and a node seen under another schema converted anew.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { StructuralSchema } from '../model/model.ts';
import { compileCel, evaluateCel, toCelValue, type CelViews } from './index.ts';

/** The value of a CEL expression over the bindings. */
function cel(expr: string, bindings: Record<string, unknown>): unknown {
  const c = compileCel(expr);
  if (!c.ok) throw new Error(c.error);
  const out = evaluateCel(c.program, bindings);
  return out.kind === 'value' ? out.value : out;
}

const leaf: StructuralSchema = { type: 'string', format: 'duration' };
const item: StructuralSchema = { type: 'object', properties: { d: leaf, n: { type: 'integer' } } };
const schema: StructuralSchema = {
  type: 'object',
  properties: {
    items: { type: 'array', items: item, 'x-kubernetes-list-type': 'set' },
    spec: item,
  },
};
const value = fc.record({
  items: fc.array(fc.record({ d: fc.constantFrom('1s', '2m', 'bad'), n: fc.integer() }), { maxLength: 4 }),
  spec: fc.record({ d: fc.constantFrom('1h', 'x'), n: fc.integer() }),
});

describe('toCelValue with views', () => {
  it('gives what a fresh conversion gives, children first or not', () => {
    fc.assert(
      fc.property(value, fc.boolean(), (v, childrenFirst) => {
        const views: CelViews = new WeakMap();
        if (childrenFirst) {
          toCelValue(v.spec, item, views);
          for (const x of v.items) toCelValue(x, item, views);
        }
        const cached = toCelValue(v, schema, views);
        const fresh = toCelValue(v, schema);
        // CEL equality: durations stay durations, a set list stays a set (compares without order)
        expect(cel('self == other', { self: cached, other: fresh })).toBe(true);
        expect(cel('self.items == other.items.reverse()', { self: cached, other: fresh })).toBe(true);
        expect(
          cel('self.spec.d == other.spec.d && type(self.spec.d) == type(other.spec.d)', { self: cached, other: fresh }),
        ).toBe(true);
      }),
      { numRuns: 100, seed: 28 },
    );
  });

  it("converts a subtree once: the parent's entry is the child's own view", () => {
    const v = { items: [{ d: '1s', n: 1 }], spec: { d: '1h', n: 2 } };
    const views: CelViews = new WeakMap();
    const child = toCelValue(v.spec, item, views);
    const parent = toCelValue(v, schema, views) as ReadonlyMap<string, unknown>;
    expect(parent.get('spec')).toBe(child);
    expect(toCelValue(v, schema, views)).toBe(parent);
  });

  it('converts a node seen under another schema anew', () => {
    const v = { d: '1s', n: 1 };
    const views: CelViews = new WeakMap();
    const typed = toCelValue(v, item, views);
    const untyped = toCelValue(v, undefined, views);
    expect(untyped === typed).toBe(false);
    expect(cel('type(self.d) == string', { self: untyped })).toBe(true);
    expect(cel('type(self.d) == google.protobuf.Duration', { self: typed })).toBe(true);
  });
});
