// Laws of the metadata restoration (restoreObjectMeta) that upstream's table states case by case: what a
// conversion does to metadata other than labels and annotations never survives; labels and annotations it leaves
// alone are never validated (an object whose labels the server would now refuse still converts); labels it
// changes are kept exactly when they are valid.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isQualifiedName, isValidLabelValue } from '../../model/k8sNames.ts';
import { restoreObjectMeta } from './webhookConversion.ts';

const anyString = fc.string({ maxLength: 10 });
const stringMap = fc.dictionary(anyString, anyString, { maxKeys: 4 });
const json = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<unknown>;
/** Metadata with any labels/annotations (valid or not) and other fields of any JSON value. */
const metadata = fc.record(
  { name: anyString, uid: anyString, labels: stringMap, annotations: stringMap, generation: json, extra: json },
  { requiredKeys: [] },
);
const labelKey = fc.constantFrom('app', 'example.com/tier', 'a', 'x-y_z.1', 'bad key', 'a/b/c', '-x', '');
const labelValue = fc.constantFrom('', 'v1', 'gold', 'a.b-c_d', 'has space', '-x', 'x'.repeat(64), 'ü');

describe('restoreObjectMeta', () => {
  it('puts back every metadata field but labels and annotations, whatever the conversion wrote there', () => {
    fc.assert(
      fc.property(metadata, metadata, (original, written) => {
        const converted: Record<string, unknown> = {
          metadata: { ...written, labels: original.labels, annotations: original.annotations },
        };
        const err = restoreObjectMeta({ metadata: original }, converted);
        expect(err).toBeUndefined();
        const expected: Record<string, unknown> = { ...original };
        if (original.labels === undefined) delete expected.labels;
        if (original.annotations === undefined) delete expected.annotations;
        expect(converted.metadata).toEqual(expected);
      }),
    );
  });

  it('never validates labels or annotations the conversion left as they were', () => {
    fc.assert(
      fc.property(stringMap, stringMap, (labels, annotations) => {
        const original = { metadata: { labels, annotations } };
        const converted = { metadata: { labels: { ...labels }, annotations: { ...annotations } } };
        expect(restoreObjectMeta(original, converted)).toBeUndefined();
      }),
    );
  });

  it('keeps a changed label set exactly when every key and value is valid', () => {
    fc.assert(
      fc.property(fc.dictionary(labelKey, labelValue, { minKeys: 1, maxKeys: 3 }), (labels) => {
        const converted: Record<string, unknown> = { metadata: { labels } };
        const err = restoreObjectMeta({ metadata: {} }, converted);
        const valid = Object.entries(labels).every(
          ([k, v]) => isQualifiedName(k).length === 0 && isValidLabelValue(v).length === 0,
        );
        expect(err === undefined).toBe(valid);
        if (valid) expect(converted.metadata).toEqual({ labels });
        else expect(err?.problem).toMatch(/^invalid-label-(key|value)$/);
      }),
    );
  });
});
