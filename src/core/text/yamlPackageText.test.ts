import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { yamlPackageText } from './yamlPackageText.ts';

// Where `yaml` quotes, folds, aliases or writes a marker
const tricky = fc.constantFrom(
  '',
  ' ',
  'a ',
  'yes',
  '~',
  'null',
  'True',
  '-1',
  '+1',
  '0o7',
  '0x1F',
  '.5',
  '1.',
  '1e3',
  '.inf',
  '.NaN',
  'a: b',
  'a #b',
  'a:',
  '- x',
  '-',
  '?',
  '---',
  '%x',
  '<<',
  'multi\nline',
  'tab\there',
  '\u001b[31m',
  'é',
  '__proto__',
);

// Strings that are plain or nearly so (where the two writers could part: spaces, folding, reserved words, markers).
const nearPlain = fc.oneof(
  { arbitrary: fc.stringMatching(/^[a-z0-9][a-z0-9./$_%@#:?'"* -]{0,29}$/), weight: 20 },
  { arbitrary: fc.stringMatching(/^[-+a-z0-9./$_%@#:?'"*!&|>{}[\], ]{0,30}$/), weight: 3 },
  { arbitrary: tricky, weight: 1 },
  fc.constantFrom('...', '..x', 'a b c d e f g h i j k l m n o p q r s t u v w x y z', `k${'x'.repeat(1100)}`, '-0'),
);
const simpleLeaf = fc.oneof(
  { arbitrary: nearPlain, weight: 10 },
  { arbitrary: fc.integer(), weight: 3 },
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const simple = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, simpleLeaf, tie('arr'), tie('obj')),
  arr: fc.array(tie('node'), { maxLength: 4 }),
  obj: fc.dictionary(nearPlain, tie('node'), { maxKeys: 4 }),
})).node;

describe('yamlPackageText', () => {
  it('is what the yaml package writes, byte for byte, whenever it answers', () => {
    let answered = 0;
    fc.assert(
      fc.property(fc.dictionary(nearPlain, simple, { maxKeys: 5 }), (v) => {
        const fast = yamlPackageText(v);
        if (fast === undefined) return;
        answered++;
        expect(fast).toBe(stringify(v));
      }),
      { numRuns: 2000, seed: 10 },
    );
    // The fast path is taken often enough to be tested
    expect(answered).toBeGreaterThan(100);
  });

  it('answers for a typical Kubernetes object, and not for shared objects (the yaml package writes aliases)', () => {
    const labels = { app: 'web' };
    const o = {
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'HTTPRoute',
      metadata: { name: 'obj-1', namespace: 'default', labels },
      spec: { rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/' } }], weight: 1 }], hostnames: [] },
    };
    expect(yamlPackageText(o)).toBe(stringify(o));
    const shared = { a: labels, b: labels };
    expect(yamlPackageText(shared)).toBeUndefined();
    expect(stringify(shared)).toContain('*');
  });
});
