// The explorer's Round trip tab and the CLI's `roundtrip` give one verdict on the same document: both read
// the core's rule (differences under fields the schema prunes are not losses; docs/round-trips.md).
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { serializeCatalog } from '../../core/index.ts';
import { builtinCatalog } from '../../core/testdata/loadCatalogs.ts';
import { hooksFor } from '../../catalogs/hooks.ts';
import { explore, setCatalog } from '../../ui/viewModel/engine.ts';
import { fakeIO } from '../testdata/fakeIO.ts';
import { roundtrip } from './roundtrip.ts';

const cluster = (properties: Record<string, unknown>) => ({
  apiVersion: 'servicefabric.azure.com/2016-03-01',
  kind: 'Cluster',
  metadata: { name: 'c' },
  spec: { location: 'westus', properties: { managementEndpoint: 'https://e', ...properties } },
});

const documents: { name: string; doc: unknown; lossless: boolean }[] = [
  { name: 'a valid document', doc: cluster({ reliabilityLevel: 'Silver', vmImage: 'Windows' }), lossless: true },
  {
    name: 'a document with fields the schema prunes',
    doc: cluster({ reliabilityLevel: 'Silver', junk: 1, nested: { deep: true } }),
    lossless: true,
  },
  {
    // an object where the (bagged, type-changed) enum expects a string: stored as text, read back as a string
    name: 'a document that loses a value (and has a pruned field)',
    doc: cluster({ reliabilityLevel: { a: 1 }, junk: 2 }),
    lossless: false,
  },
];

describe('round-trip verdict: the explorer and the CLI agree', () => {
  const catalog = builtinCatalog('servicefabric');
  setCatalog('verdict-sf', JSON.parse(serializeCatalog(catalog)) as unknown, hooksFor('servicefabric'));

  for (const { name, doc, lossless } of documents) {
    it(name, async () => {
      const text = stringify(doc);
      const ui = explore({ catalogKey: 'verdict-sf', input: text, document: 0, roundTrip: true });
      expect(ui.blocking).toEqual([]);
      const f = fakeIO('', { '/virtual/doc.yaml': text });
      const code = await roundtrip(
        ['--catalog', 'servicefabric', '--samples', '/virtual/doc.yaml', '--fuzz', '0', '--json'],
        f.io,
      );
      const cli = JSON.parse(f.out()) as { ok: boolean; results: { checked: number }[] };
      expect(cli.results.map((r) => r.checked)).toEqual([1]);
      expect(ui.roundTrip?.lossless).toBe(lossless);
      expect(cli.ok).toBe(lossless);
      expect(code).toBe(lossless ? 0 : 1);
    });
  }
});
