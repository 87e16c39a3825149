// Ports of objectmeta/coerce_test.go's fuzz tests (kubernetes/kubernetes staging/src/k8s.io/apiextensions-apiserver
// pkg/apiserver/schema/objectmeta/coerce_test.go): TestRoundtripObjectMeta (a well-formed ObjectMeta survives the
// typed round trip) and TestMalformedObjectMetaFields (a spurious value drops only its own top-level field).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readObjectMeta } from '../../index.ts';

const str = fc.string({ minLength: 1, maxLength: 8 });
const time = fc
  .integer({ min: 0, max: 4_000_000_000 })
  .map((s) => new Date(s * 1000).toISOString().replace('.000Z', 'Z'));
const strMap = fc.dictionary(str, fc.string({ maxLength: 8 }), { minKeys: 1, maxKeys: 3 });
const ownerRef = fc.record(
  {
    apiVersion: fc.string(),
    kind: fc.string(),
    name: fc.string(),
    uid: fc.string(),
    controller: fc.boolean(),
    blockOwnerDeletion: fc.boolean(),
  },
  { requiredKeys: ['apiVersion', 'kind', 'name', 'uid'] },
);
const managed = fc.record(
  {
    manager: str,
    operation: fc.constantFrom('Apply', 'Update'),
    apiVersion: str,
    time,
    fieldsType: fc.constant('FieldsV1'),
    fieldsV1: fc.constant({ 'f:spec': {} }),
    subresource: str,
  },
  { requiredKeys: [] },
);

/** A well-formed ObjectMeta as SetObjectMeta writes it (no empty values: omitempty). */
const objectMeta = fc.record(
  {
    name: str,
    generateName: str,
    namespace: str,
    selfLink: str,
    uid: str,
    resourceVersion: str,
    generation: fc.integer({ min: 1, max: 1e9 }),
    creationTimestamp: time,
    deletionTimestamp: time,
    deletionGracePeriodSeconds: fc.integer({ min: 0, max: 1e6 }),
    labels: strMap,
    annotations: strMap,
    ownerReferences: fc.array(ownerRef, { minLength: 1, maxLength: 2 }),
    finalizers: fc.array(str, { minLength: 1, maxLength: 3 }),
    managedFields: fc
      .array(managed, { minLength: 1, maxLength: 2 })
      .filter((a) => a.every((m) => Object.keys(m).length > 0)),
  },
  { requiredKeys: [] },
);

// coerce_test.go `spuriousValues`
const SPURIOUS: unknown[] = [
  null,
  1,
  1.5,
  true,
  'a',
  ['a', 'b'],
  { a: '1', b: '2' },
  [1, 2],
  [1.5, 2.5],
  { a: '1', b: null },
  { a: '1', b: ['nested'] },
  ['a', 1, 1.5, true, ['nested']],
];

describe('objectmeta/coerce_test.go fuzz tests', () => {
  it('TestRoundtripObjectMeta: a well-formed ObjectMeta comes back unchanged', () => {
    fc.assert(
      fc.property(objectMeta, (m) => {
        const r = readObjectMeta(m);
        expect(r.malformed).toEqual([]);
        expect(r.unknown).toEqual([]);
        expect(r.meta).toEqual(m);
      }),
      { numRuns: 500 },
    );
  });

  it('TestMalformedObjectMetaFields: a spurious value drops its own top-level field at most, never another', () => {
    fc.assert(
      fc.property(objectMeta, fc.constantFrom(...SPURIOUS), fc.nat(), (m, v, pick) => {
        const keys = Object.keys(m);
        fc.pre(keys.length > 0);
        const field = keys[pick % keys.length] as string;
        const spurious = { ...m, [field]: v };
        const r = readObjectMeta(spurious);
        const { [field]: _gone, ...others } = r.meta ?? {};
        const { [field]: _orig, ...expected } = m as Record<string, unknown>;
        expect(others).toEqual(expected);
        // dropped (malformed) or accepted in its typed form; never silently half-kept under another key
        if (r.malformed.includes(field)) expect(r.meta?.[field]).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });
});
