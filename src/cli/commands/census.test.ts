import { describe, expect, it } from 'vitest';
import { fakeIO } from '../testdata/fakeIO.ts';
import { census } from './census.ts';

describe('census command', () => {
  it('prints the totals table and each pair of the CRM Person', async () => {
    const f = fakeIO();
    expect(await census(['--catalog', 'crm-person'], f.io)).toBe(0);
    expect(f.out()).toMatch(/^\| version pairs \| 9 \|/m);
    expect(f.out()).toMatch(/^\| only additions \| 2 \| 2 \|$/m);
    expect(f.out()).toMatch(/type spec\.mailingAddress: Address -> Location \(configured type rename\)/);
  });

  it('--json is stable; a repeated --catalog counts a pair once', async () => {
    const a = fakeIO();
    const b = fakeIO();
    await census(['--catalog', 'crm-person', '--json'], a.io);
    await census(['--catalog', 'crm-person', '--catalog=crm-person', '--json'], b.io);
    expect(a.out()).toBe(b.out());
    expect((JSON.parse(a.out()) as { totals: { pairs: number } }).totals.pairs).toBe(9);
  });

  it('exits 2 without a catalog or with an unknown option', async () => {
    expect(await census([], fakeIO().io)).toBe(2);
    expect(await census(['--catalog'], fakeIO().io)).toBe(2);
    expect(await census(['--catalog', 'crm-person', '--kind', 'x'], fakeIO().io)).toBe(2);
  });
});
