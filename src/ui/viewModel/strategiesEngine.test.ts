// The worker's Strategies tab requests over the built-in CRM catalog (imported the way the build does).
import { describe, expect, it } from 'vitest';
import { serializeCatalog } from '../../core/index.ts';
import { importFiles } from '../../importers/index.ts';
import { census, setCatalog, strategies } from './engine.ts';

const sources = import.meta.glob<string>('../../catalogs/crm-person/source/*', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const { catalog } = importFiles(
  Object.entries(sources).map(([name, text]) => ({ name: name.slice(name.lastIndexOf('/') + 1), text })),
);
setCatalog('crm', JSON.parse(serializeCatalog(catalog)) as unknown);

describe('strategies and census in the worker', () => {
  it('answers the comparison for a kind, horizon and date', () => {
    const r = strategies({ catalogKey: 'crm', group: 'crm.example.com', kind: 'Person', horizon: 4, at: '2017-07-07' });
    const fixed = r.comparison?.designs.find((d) => d.id === 'fixed');
    expect(fixed?.losses.filter((l) => l.kind === 'forgotten').map((l) => l.path)).toEqual([
      'spec.firstName',
      'spec.lastName',
      'spec.middleName',
    ]);
    // the same request is answered from the cache: the same object
    expect(
      strategies({ catalogKey: 'crm', group: 'crm.example.com', kind: 'Person', horizon: 4, at: '2017-07-07' }),
    ).toBe(r);
  });

  it('answers the census of the catalog', () => {
    expect(census('crm').census?.totals.pairs).toBe(9);
  });

  it('says so when the catalog is not loaded', () => {
    expect(census('nope').issues[0]?.code).toBe('INVALID_CATALOG');
    expect(strategies({ catalogKey: 'nope', group: 'g', kind: 'k' }).issues[0]?.code).toBe('INVALID_CATALOG');
  });
});
