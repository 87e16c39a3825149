import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareVersions, isPreRelease, parseVersion, sortVersions } from './versionOrder.ts';

const shuffledSortsTo = (expected: string[]) => {
  const reversed = [...expected].reverse();
  expect(sortVersions(reversed)).toEqual(expected);
  expect(sortVersions([...expected.slice(1), expected[0] as string])).toEqual(expected);
};

describe('compareVersions', () => {
  it('orders Kubernetes versions alpha < beta < GA, then by numbers', () => {
    shuffledSortsTo(['v1alpha1', 'v1alpha3', 'v1alpha4', 'v1beta1', 'v1beta2', 'v2beta1', 'v2beta2', 'v1', 'v2']);
  });

  it('orders dated Azure versions by date with preview before the GA of the same date', () => {
    shuffledSortsTo(['2011-01-01', '2013-03-03', '2014-04-04preview', '2014-04-04', '2015-05-05', '2016-09-01']);
  });

  it('orders ASO names by date, preview first, then prefix alpha < beta < api < plain', () => {
    shuffledSortsTo([
      'v1alpha1api20181130',
      'v1beta20181130',
      'v1api20181130',
      'v1api20220131preview',
      'v1api20230131',
      'v20230131',
      'v1api20230801',
    ]);
  });

  it('sorts a storage variant right after its API twin', () => {
    shuffledSortsTo(['v1beta1', 'v1beta1storage', 'v1', 'v1storage', 'v2', 'v2storage']);
    shuffledSortsTo([
      '2014-04-04preview',
      '2014-04-04previewstorage',
      '2014-04-04',
      '2014-04-04storage',
      'v1api20230131preview',
      'v1api20230131previewstorage',
      'v1api20230131',
      'v1api20230131storage',
    ]);
  });

  it('puts unrecognised names first, in natural order', () => {
    expect(sortVersions(['v1', 'foo10', 'foo2'])).toEqual(['foo2', 'foo10', 'v1']);
  });

  const names = fc.oneof(
    fc.constantFrom('v1', 'v2', 'v1beta1', 'v1alpha1', 'v10', 'v01', 'v1storage', '2016-09-01', 'v1api20230131storage'),
    fc
      .tuple(
        fc.integer({ min: 0, max: 12 }),
        fc.constantFrom('', 'alpha', 'beta'),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
      )
      .map(([maj, st, min, s]) => `v${maj}${st ? st + min : ''}${s ? 'storage' : ''}`),
    fc
      .tuple(
        fc.constantFrom('v', 'v1api', 'v1beta', 'v1alpha1api', ''),
        fc.integer({ min: 20100101, max: 20301231 }),
        fc.boolean(),
        fc.boolean(),
      )
      .map(([p, d, pre, s]) => {
        const ds = String(d);
        const date = p === '' ? `${ds.slice(0, 4)}-${ds.slice(4, 6)}-${ds.slice(6)}` : `${p}${ds}`;
        return `${date}${pre ? 'preview' : ''}${s ? 'storage' : ''}`;
      }),
    fc.string({ maxLength: 8 }),
  );

  it('is antisymmetric', () => {
    fc.assert(
      fc.property(names, names, (a, b) => Math.sign(compareVersions(a, b)) === -Math.sign(compareVersions(b, a))),
      { numRuns: 2000 },
    );
  });

  it('is transitive', () => {
    fc.assert(
      fc.property(names, names, names, (a, b, c) => {
        const [x, y, z] = [a, b, c].sort(compareVersions) as [string, string, string];
        return compareVersions(x, z) <= 0 && compareVersions(x, y) <= 0 && compareVersions(y, z) <= 0;
      }),
      { numRuns: 2000 },
    );
  });

  it('is a total order: only equal names compare equal', () => {
    fc.assert(
      fc.property(names, names, (a, b) => (compareVersions(a, b) === 0) === (a === b)),
      { numRuns: 2000 },
    );
  });

  it('gives the same order whatever the input order', () => {
    fc.assert(
      fc.property(fc.array(names, { maxLength: 12 }), (xs) => {
        const once = sortVersions(xs);
        return JSON.stringify(sortVersions([...xs].reverse())) === JSON.stringify(once);
      }),
    );
  });
});

describe('isPreRelease', () => {
  it('is true for alpha, beta and preview', () => {
    expect(
      ['v1alpha1', 'v2beta2', '2014-04-04preview', 'v1api20220131preview', 'v1beta1storage'].map(isPreRelease),
    ).toEqual([true, true, true, true, true]);
  });
  it('is false for GA, including ASO dated names with a beta prefix', () => {
    expect(['v1', 'v2', '2016-09-01', 'v1api20230131', 'v1beta20181130', 'v20230131storage'].map(isPreRelease)).toEqual(
      [false, false, false, false, false, false],
    );
  });
});

describe('parseVersion', () => {
  it('splits the storage suffix and recognises the family', () => {
    expect(parseVersion('v1api20230131storage')).toMatchObject({
      base: 'v1api20230131',
      storage: true,
      family: 'dated',
      date: 20230131,
    });
    expect(parseVersion('v2beta3')).toMatchObject({ family: 'kubernetes', stage: 'beta', major: 2, minor: 3 });
    expect(parseVersion('2014-04-04preview')).toMatchObject({ family: 'dated', stage: 'preview', date: 20140404 });
  });
});
