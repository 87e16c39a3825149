import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExploreRequest, ExploreResult } from '../viewModel/types.ts';
import { answerFor, answers, decodeResult, encodeResult, requestKey, sameAnswer, sameRequest } from './firstAnswer.ts';

describe('the first answer codec', () => {
  it('gives back what it was given, typed arrays included (law)', () => {
    const json = fc
      .jsonValue()
      // (JSON has no -0: the results the codec carries come from JSON-able values.)
      .map((v) => JSON.parse(JSON.stringify(v)) as unknown)
      .filter((v) => v !== null && typeof v === 'object' && !Array.isArray(v));
    const arrays = fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })).map((xs) => Int32Array.from(xs));
    fc.assert(
      fc.property(json, arrays, arrays, (v, a, b) => {
        const r = { ...(v as object), nums: a, lines: { offs: b, list: [a] }, millis: 1 } as unknown as ExploreResult;
        expect(decodeResult(JSON.parse(JSON.stringify(encodeResult(r))))).toStrictEqual(r);
      }),
    );
  });

  it('keeps a key named __proto__ as data', () => {
    const r = decodeResult(JSON.parse('{"__proto__":{"polluted":1},"ranges":{"nums":{"$int32":[1,2]}}}'));
    expect(Object.hasOwn(r, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(r.ranges.nums).toStrictEqual(Int32Array.from([1, 2]));
  });

  it('answers only the exact request it was computed for', () => {
    const request: ExploreRequest = { catalogKey: 'builtin:a:1', input: 'x', document: 0, roundTrip: false };
    const file = { generated: '', request, result: encodeResult({ millis: 0 } as ExploreResult) };
    expect(answers(file, { roundTrip: false, document: 0, input: 'x', catalogKey: 'builtin:a:1' })).toBe(true);
    expect(answers(file, { ...request, input: 'x ' })).toBe(false);
    expect(answers(file, { ...request, catalogKey: 'builtin:a:2' })).toBe(false);
    expect(answers(file, { ...request, targetVersion: 'v1' })).toBe(false);
    expect(answerFor(file, { ...request, document: 1 })).toBeUndefined();
    expect(answers(undefined, request)).toBe(false);
    expect(answers('nonsense', request)).toBe(false);
  });

  it('compares answers whatever the time each took', () => {
    const a = { millis: 3, document: 0, ranges: { nums: Int32Array.from([1, 2]) } } as unknown as ExploreResult;
    expect(sameAnswer(a, { ...a, millis: 40 })).toBe(true);
    expect(sameAnswer(a, { ...a, ranges: { ...a.ranges, nums: Int32Array.from([1, 3]) } })).toBe(false);
    expect(sameAnswer(a, { ...a, document: 1 })).toBe(false);
  });
});

describe('sameRequest', () => {
  // Requests as the page builds them: optional fields absent, or present (rules also as undefined).
  const text = fc.constantFrom('', 'a: 1', 'a: 1 ', 'b: "x"');
  const request = fc.record(
    {
      catalogKey: fc.constantFrom('k1', 'k2'),
      input: text,
      document: fc.integer({ min: 0, max: 1 }),
      roundTrip: fc.boolean(),
      targetVersion: fc.constantFrom('v1', 'v2'),
      storage: fc.constantFrom('aso', 'deployed'),
      rules: fc.option(text, { nil: undefined }),
    },
    { requiredKeys: ['catalogKey', 'input', 'document', 'roundTrip'] },
  ) as fc.Arbitrary<ExploreRequest>;

  it('agrees with comparing request keys (law)', () => {
    fc.assert(
      fc.property(request, request, (a, b) => {
        expect(sameRequest(a, b)).toBe(requestKey(a) === requestKey(b));
        expect(sameRequest(a, { ...a })).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('tells apart requests that differ only in their input, their rules, or whether rules are given', () => {
    const r: ExploreRequest = { catalogKey: 'k', input: 'a: 1', document: 0, roundTrip: false };
    expect(sameRequest(r, { ...r, input: 'a: 2' })).toBe(false);
    expect(sameRequest({ ...r, rules: 'x' }, { ...r, rules: 'y' })).toBe(false);
    expect(sameRequest(r, { ...r, rules: '' })).toBe(false);
    expect(sameRequest({ roundTrip: false, document: 0, input: 'a: 1', catalogKey: 'k' }, r)).toBe(true);
  });
});
