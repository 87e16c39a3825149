import { describe, expect, it } from 'vitest';
import { bagAccess, bagPull, bagWrite, readBag, setBag, type PropertyBag } from './propertyBag.ts';

const S = { kind: 'primitive', name: 'string' } as const;
const I = { kind: 'primitive', name: 'integer' } as const;

describe('propertyBag', () => {
  it('stores strings raw and everything else as JSON text', () => {
    const bag: PropertyBag = {};
    bagWrite(bag, 'Name', 'x y', S);
    bagWrite(bag, 'Count', 42, I);
    bagWrite(bag, 'Obj', { a: 1 }, { kind: 'object', name: 'T' });
    bagWrite(bag, 'Free', 'str', { kind: 'opaque', reason: 'free-form' });
    expect(bag).toEqual({ Name: 'x y', Count: '42', Obj: '{"a":1}', Free: '"str"' });
  });

  it('removes the key for absent, null, empty arrays and empty maps but keeps an empty struct', () => {
    const bag: PropertyBag = { A: '1', B: '2', C: '3', D: '4', E: 'x' };
    bagWrite(bag, 'A', undefined);
    bagWrite(bag, 'B', null);
    bagWrite(bag, 'C', [], { kind: 'array', items: S });
    bagWrite(bag, 'D', {}, { kind: 'map', values: S });
    bagWrite(bag, 'E', {}, { kind: 'object', name: 'T' });
    expect(bag).toEqual({ E: '{}' });
  });

  it('pull parses and deletes, and reports a decode failure with the key deleted', () => {
    const bag: PropertyBag = { A: '{"x":1}', B: 'raw', C: '{nope' };
    expect(bagPull(bag, 'A', { kind: 'object', name: 'T' })).toEqual({ found: true, ok: true, value: { x: 1 } });
    expect(bagPull(bag, 'B', S)).toEqual({ found: true, ok: true, value: 'raw' });
    expect(bagPull(bag, 'C', I)).toMatchObject({ found: true, ok: false });
    expect(bagPull(bag, 'Z', I)).toEqual({ found: false });
    expect(bag).toEqual({});
  });

  it('omits an empty bag and sorts keys', () => {
    const o: Record<string, unknown> = { $propertyBag: { X: '1' } };
    setBag(o, {});
    expect(o).toEqual({});
    setBag(o, { b: '1', a: '2' });
    expect(Object.keys(o.$propertyBag as object)).toEqual(['a', 'b']);
    expect(readBag(o)).toEqual({ a: '2', b: '1' });
  });

  it('gives hooks get/pull/set/remove over an object bag', () => {
    const o: Record<string, unknown> = {};
    const b = bagAccess(o);
    b.set('First', 'Ann', S);
    expect(b.get('First', S)).toBe('Ann');
    expect(b.pull('First', S)).toBe('Ann');
    expect(o).toEqual({});
  });
});
