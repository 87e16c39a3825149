import { describe, expect, it } from 'vitest';
import { apiVersion, I, makeCatalog, makeKind, S, type } from '../../testdata/fixtures.ts';
import { builtinCatalog } from '../../testdata/loadCatalogs.ts';
import { changeCensus } from './changeCensus.ts';

const widget = (name: string, spec: Parameters<typeof type>[1]) =>
  apiVersion(name, 'Widget', 'WidgetSpec', [type('WidgetSpec', spec)]);

describe('changeCensus', () => {
  const catalog = makeCatalog('w', [
    makeKind('example.com', 'Widget', [
      widget('v1', { nodeselector: S, timeoutSeconds: I, colour: S }),
      widget('v2', { nodeSelector: S, timeoutSecond: I, hue: S }), // case-only rename, similar rename, dissimilar
      widget('v3', { nodeSelector: S, timeoutSecond: I, hue: S, extra: S }),
      widget('v4', { nodeSelector: S, timeoutSecond: S, hue: S, extra: S, more: S, most: S, many: S }),
    ]),
  ]);
  const { census, issues } = changeCensus([catalog]);
  const pair = (from: string) => census.pairs.find((p) => p.from === from);

  it('infers renames by name similarity within one object and one type, case-only apart, with the evidence', () => {
    expect(issues).toEqual([]);
    const p = pair('v1');
    expect(p?.renamed).toEqual([
      {
        path: 'spec.nodeselector',
        from: 'nodeselector',
        to: 'nodeSelector',
        caseOnly: true,
        configured: false,
        similarity: 1,
        type: 'string',
      },
      {
        path: 'spec.timeoutSeconds',
        from: 'timeoutSeconds',
        to: 'timeoutSecond',
        caseOnly: false,
        configured: false,
        similarity: 0.929,
        type: 'integer',
      },
    ]);
    // colour -> hue is not alike: a removal and an addition
    expect(p?.removed).toEqual(['spec.colour']);
    expect(p?.added).toEqual(['spec.hue']);
    expect(p?.categories).toEqual(['additions', 'renames', 'removals']);
  });

  it('counts a pair that only adds properties by how many it adds', () => {
    expect(pair('v2')?.categories).toEqual(['only-additions', 'additions']);
    expect(pair('v3')?.typeChanged).toEqual([
      { path: 'spec.timeoutSecond', from: '*int', to: '*string', configured: false },
    ]);
    expect(census.totals.onlyAdditions).toEqual({ pairs: 1, properties: 1, one: 1, two: 0, more: 0 });
    expect(census.totals.renames).toMatchObject({ pairs: 1, properties: 2, caseOnly: 1, inferred: 2, configured: 0 });
  });

  it('counts a pair met in two catalogs once', () => {
    expect(changeCensus([catalog, catalog]).census.totals.pairs).toBe(3);
  });
});

describe('changeCensus of the CRM Person (seed 003, one section per release)', () => {
  const { census } = changeCensus([builtinCatalog('crm-person')]);
  const cats = Object.fromEntries(census.pairs.map((p) => [`${p.from}..${p.to}`, p.categories]));

  it('classifies each release the way the case study titles it', () => {
    expect(cats).toEqual({
      '2011-01-01..2012-02-02': ['identical'], // "No Change"
      '2012-02-02..2013-03-03': ['only-additions', 'additions'], // "New Property"
      '2013-03-03..2014-04-04preview': ['additions', 'removals'], // "Schema Change"
      '2014-04-04preview..2014-04-04': ['additions', 'renames'], // "Was FullName in preview", AlphaKey "Added after preview"
      '2014-04-04..2015-05-05': ['renames'], // "Property Rename"
      '2015-05-05..2016-06-06': ['only-additions', 'additions'], // "Complex Properties"
      '2016-06-06..2017-07-07': ['became-optional'], // "Optionality changes"
      '2017-07-07..2018-08-08': ['additions', 'became-optional', 'removals'], // "Extending nested properties"
      '2018-08-08..2019-09-09': ['additions', 'type-changes'], // "Changing types"
    });
    const types = census.pairs.find((p) => p.to === '2019-09-09')?.typeChanged;
    expect(types).toEqual([{ path: 'spec.mailingAddress', from: 'Address', to: 'Location', configured: true }]);
    const renames = census.pairs.flatMap((p) => p.renamed.map((r) => `${r.from}->${r.to}`));
    expect(renames).toEqual(['fullName->legalName', 'alphaKey->sortKey']);
  });
});
