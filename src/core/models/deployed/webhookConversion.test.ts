// converter.go `validateConvertedObject`: a conversion keeps the object's kind, name, namespace and uid (read as
// unstructured's Get* do: "" when absent or not a string). Upstream has no table for it; these are its branches.
import { describe, expect, it } from 'vitest';
import { validateConvertedObject } from './webhookConversion.ts';

const obj = (metadata: unknown, kind: unknown = 'Widget') => ({ apiVersion: 'example.com/v1', kind, metadata });
const base = { name: 'w', namespace: 'ns', uid: 'u-1', labels: { a: 'b' }, resourceVersion: '7' };

describe('validateConvertedObject', () => {
  it('accepts any change but kind, name, namespace and uid (the rest is restored afterwards)', () => {
    expect(validateConvertedObject(obj(base), obj({ ...base, labels: {}, resourceVersion: '8' }))).toBeUndefined();
  });

  it.each([
    ['kind', obj(base, 'Gadget'), ['kind'], 'kind-changed'],
    ['name', obj({ ...base, name: 'x' }), ['metadata', 'name'], 'name-changed'],
    ['namespace', obj({ ...base, namespace: 'other' }), ['metadata', 'namespace'], 'namespace-changed'],
    ['uid', obj({ ...base, uid: 'u-2' }), ['metadata', 'uid'], 'uid-changed'],
  ] as const)('a changed %s fails the conversion', (_, converted, path, problem) => {
    expect(validateConvertedObject(obj(base), converted)).toEqual({ path, problem });
  });

  it('reads an absent or non-string value as "": removing the name fails, a name of another type as absent', () => {
    const { name: _name, ...noName } = base;
    expect(validateConvertedObject(obj(base), obj(noName))?.problem).toBe('name-changed');
    expect(validateConvertedObject(obj(noName), obj({ ...noName, name: 5 }))).toBeUndefined();
    expect(validateConvertedObject(obj({}), obj(['not', 'an', 'object']))).toBeUndefined();
  });
});
