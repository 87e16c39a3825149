// `convert --spec-only` / `--status-only` (ASO's ConvertSpecTo / ConvertStatusTo) and `--versioned-spec`
// (the hub's spec at the version the user wrote, with its originalGVK: seeds 000 / 004).
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fakeIO } from '../testdata/fakeIO.ts';
import { convert } from './convert.ts';

const sf = (status: unknown) =>
  [
    'apiVersion: servicefabric.azure.com/2016-03-01',
    'kind: Cluster',
    'metadata: {name: c}',
    'spec: {location: westus, properties: {managementEndpoint: "https://e", reliabilityLevel: Silver}}',
    `status: ${JSON.stringify(status)}`,
    '',
  ].join('\n');

const run = async (args: string[], stdin: string) => {
  const f = fakeIO(stdin);
  const code = await convert(['--catalog', 'servicefabric', '-f', '-', ...args], f.io);
  return { code, out: f.out(), err: f.err() };
};

describe('convert --spec-only / --status-only', () => {
  it('--spec-only converts the spec and passes the status through unread', async () => {
    const r = await run(['--to', 'hub', '-o', 'json', '--spec-only'], sf({ anything: [1, 2] }));
    const out = JSON.parse(r.out) as { spec: { properties: Record<string, unknown> }; status: unknown };
    expect(out.status).toEqual({ anything: [1, 2] });
    // the spec went through the hub's plan: the type-changed enum sits in the property bag
    expect(out.spec.properties.$propertyBag).toMatchObject({ ReliabilityLevel: 'Silver' });
    expect(r.err).not.toMatch(/PRUNED.*status/);
  });

  it('--status-only leaves the spec as it was', async () => {
    const r = await run(['--to', 'hub', '-o', 'json', '--status-only'], sf({}));
    const out = JSON.parse(r.out) as { apiVersion: string; spec: { properties: Record<string, unknown> } };
    expect(out.apiVersion).toBe('servicefabric.azure.com/2016-09-01storage');
    expect(out.spec.properties.reliabilityLevel).toBe('Silver');
    expect(out.spec.properties.$propertyBag).toBeUndefined();
  });
});

describe('convert --versioned-spec', () => {
  const person =
    'apiVersion: crm.example.com/2011-01-01\nkind: Person\nmetadata: {name: ada}\nspec: {id: x, firstName: Ada, lastName: Lovelace}\n';

  it('prints the hub spec converted back to spec.originalVersion, with its originalGVK', async () => {
    const up = fakeIO(person);
    expect(await convert(['--catalog', 'crm-person', '-f', '-', '--to', 'hub'], up.io)).toBe(0);
    const f = fakeIO(up.out());
    // exit 1 like `convert --to 2011-01-01`: the hub-only fields are LOST at the older version
    expect(await convert(['--catalog', 'crm-person', '-f', '-', '--versioned-spec'], f.io)).toBe(1);
    expect(f.err()).toMatch(/error LOST: .*\(at spec\.knownAs\)/);
    const out = parse(f.out()) as { originalGVK: unknown; spec: unknown };
    expect(out.originalGVK).toEqual({ group: 'crm.example.com', version: '2011-01-01', kind: 'Person' });
    expect(out.spec).toEqual({ id: 'x', firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('excludes --to (bad usage)', async () => {
    const f = fakeIO(person);
    expect(await convert(['--catalog', 'crm-person', '-f', '-', '--to', 'hub', '--versioned-spec'], f.io)).toBe(2);
  });
});

describe('--catalog with a misspelt built-in id', () => {
  it('is UNKNOWN_BUILTIN listing the ids (exit 2)', async () => {
    const f = fakeIO('');
    expect(await convert(['--catalog', 'crm-persn', '-f', '-', '--to', 'hub'], f.io)).toBe(2);
    expect(f.err()).toMatch(/error UNKNOWN_BUILTIN: .*crm-person.*servicefabric/);
  });
});
