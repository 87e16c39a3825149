// The text plan's storage column: a derived storage variant shows types as its API twin declares them (seed 001),
// and the output says so once per derived storage version on the path.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeIO } from '../testdata/fakeIO.ts';
import { plan } from './plan.ts';

const ASO = path.resolve(import.meta.dirname, '../../importers/testdata/aso-managedidentity-crd.yaml');

describe('plan: storage column notes', () => {
  it('notes the derived hub column of a generic CRD and shows the seed 001 declared type', async () => {
    const f = fakeIO();
    expect(await plan(['--catalog', 'servicefabric', '--kind', 'Cluster', '--from', '2016-03-01'], f.io)).toBe(0);
    const notes = f
      .out()
      .split('\n')
      .filter((l) => l.startsWith('  note: '));
    expect(notes.map((n) => n.split(':')[1]?.trim())).toEqual(['2016-09-01storage (hub)']);
    expect(notes[0]).toContain('2016-09-01');
    expect(f.out()).toMatch(/\| managementEndpoint\s+\| string\s+\| string\s+\|/);
  });

  it('has no note for imported (ASO) storage columns: they declare themselves', async () => {
    const f = fakeIO();
    expect(await plan(['--catalog', ASO, '--kind', 'UserAssignedIdentity', '--from', 'v1api20181130'], f.io)).toBe(0);
    expect(f.out()).not.toContain('note:');
  });
});
