// applyDefaults copies only what it changes: the result equals a full copy's (the way it was first written,
// kept here as the reference), the input is never mutated, and an unchanged node is the input's own.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { StructuralSchema } from '../model/model.ts';
import { applyDefaults } from './defaults.ts';

const isObj = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
const propSchema = (s: StructuralSchema | undefined, k: string): StructuralSchema | undefined => {
  const ps = isObj(s?.properties) ? (s.properties as Record<string, StructuralSchema>) : undefined;
  if (ps && Object.hasOwn(ps, k)) return ps[k];
  return isObj(s?.additionalProperties) ? (s.additionalProperties as StructuralSchema) : undefined;
};
const put = (o: Record<string, unknown>, k: string, v: unknown) =>
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });

/** The copying reference: every node copied. */
function copyingDefaults(x: unknown, s: StructuralSchema | undefined): unknown {
  if (Array.isArray(x)) {
    const items = isObj(s?.items) ? (s.items as StructuralSchema) : undefined;
    return x.map((v) =>
      copyingDefaults(v === null && items && items.nullable !== true && 'default' in items ? items.default : v, items),
    );
  }
  if (!isObj(x)) return x;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) {
    const ps = propSchema(s, k);
    if (v === null && ps !== undefined && ps.nullable !== true && ps.default === undefined) continue;
    put(out, k, v);
  }
  const ps = isObj(s?.properties) ? (s.properties as Record<string, StructuralSchema>) : {};
  for (const [k, p] of Object.entries(ps)) {
    if (!isObj(p) || p.default === undefined) continue;
    if (!Object.hasOwn(out, k) || (out[k] === null && p.nullable !== true)) put(out, k, structuredClone(p.default));
  }
  for (const [k, v] of Object.entries(out)) put(out, k, copyingDefaults(v, propSchema(s, k)));
  return out;
}

const leaf: StructuralSchema = { type: 'string' };
const schema: StructuralSchema = {
  type: 'object',
  properties: {
    a: { type: 'string', default: 'x' },
    b: { type: 'integer', nullable: true, default: 1 },
    c: leaf,
    d: { type: 'string', nullable: true },
    spec: {
      type: 'object',
      default: { a: null },
      properties: {
        a: { type: 'object', properties: { n: { type: 'integer', default: 2 } } },
        list: { type: 'array', items: { type: 'object', default: { k: 'v' }, properties: { k: leaf } } },
        map: {
          type: 'object',
          additionalProperties: { type: 'object', properties: { z: { type: 'integer', default: 0 } } },
        },
      },
    },
  },
};
const keys = fc.constantFrom('a', 'b', 'c', 'd', 'spec', 'a', 'list', 'map', 'n', 'k', 'z', '__proto__', 'other');
const json = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, 'x', 3),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(keys, tie('v'), { maxKeys: 5 }),
  ),
})).v;

describe('applyDefaults', () => {
  it('equals the copying reference, key order included, and leaves its input as it was', () => {
    fc.assert(
      fc.property(fc.dictionary(keys, json, { maxKeys: 6 }), (x) => {
        const before = JSON.stringify(x);
        const got = applyDefaults(x, schema);
        const want = copyingDefaults(x, schema);
        expect(got).toStrictEqual(want);
        expect(JSON.stringify(got)).toBe(JSON.stringify(want));
        expect(JSON.stringify(x)).toBe(before);
      }),
      { numRuns: 500, seed: 28 },
    );
  });

  it('returns an unchanged node as it is, and copies the path to a change', () => {
    const spec = { list: [{ k: 'v' }], map: { m: { z: 1 } } };
    const x = { a: 'y', b: 2, spec };
    expect(applyDefaults(x, schema)).toBe(x);
    const y = { spec: { ...spec, a: {} } };
    const got = applyDefaults(y, schema) as { spec: typeof spec & { a: unknown } };
    expect(got).not.toBe(y);
    expect(got.spec.a).toEqual({ n: 2 });
    expect(got.spec.list).toBe(spec.list);
  });
});
