import { describe, expect, it } from 'vitest';
import { fakeIO } from '../testdata/fakeIO.ts';
import { strategies } from './strategies.ts';

describe('strategies command', () => {
  it('prints the three designs and the timeline events of seed 003 for CRM Person', async () => {
    const f = fakeIO();
    expect(await strategies(['--catalog', 'crm-person', '--kind', 'Person', '--horizon', '4'], f.io)).toBe(0);
    expect(f.out()).toMatch(/^\s+2017-07-07 .*AMNESIA spec\.firstName, spec\.lastName, spec\.middleName/m);
    expect(f.out()).toMatch(/^\s+2019-09-09 .*COLLISION spec\.mailingAddress_v20190909/m);
    expect(f.out()).toMatch(/^\s+2014-04-04 .*BLOAT .*spec\.fullName \(preview only\)/m);
  });

  it('--json is stable and carries every design', async () => {
    const a = fakeIO();
    const b = fakeIO();
    await strategies(['--catalog', 'crm-person', '--kind', 'Person', '--json'], a.io);
    await strategies(['--catalog', 'crm-person', '--kind', 'Person', '--json'], b.io);
    expect(a.out()).toBe(b.out());
    const parsed = JSON.parse(a.out()) as { designs: { id: string }[]; horizon: null };
    expect(parsed.designs.map((d) => d.id)).toEqual(['fixed', 'rolling-hub', 'as-deployed']);
    expect(parsed.horizon).toBeNull();
  });

  it('exits 2 on a bad horizon, an unknown kind or version, and missing options', async () => {
    expect(await strategies(['--catalog', 'crm-person', '--kind', 'Person', '--horizon', '0'], fakeIO().io)).toBe(2);
    expect(await strategies(['--catalog', 'crm-person', '--kind', 'Person', '--horizon', 'x'], fakeIO().io)).toBe(2);
    const f = fakeIO();
    expect(await strategies(['--catalog', 'crm-person', '--kind', 'Nope'], f.io)).toBe(2);
    expect(f.err()).toContain('UNKNOWN_KIND');
    const g = fakeIO();
    expect(await strategies(['--catalog', 'crm-person', '--kind', 'Person', '--at', 'v9'], g.io)).toBe(2);
    expect(g.err()).toContain('UNKNOWN_VERSION');
    expect(await strategies(['--kind', 'Person'], fakeIO().io)).toBe(2);
  });
});
