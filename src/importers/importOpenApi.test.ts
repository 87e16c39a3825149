import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Kind } from '../core/index.ts';
import { importFiles } from './importFiles.ts';
import { groupFromPath } from './importOpenApi.ts';

const fixture = (name: string) => ({
  name,
  text: readFileSync(path.join(import.meta.dirname, 'testdata', name), 'utf8'),
});
const only = (kinds: readonly Kind[]): Kind => {
  expect(kinds).toHaveLength(1);
  return kinds[0] as Kind;
};

describe('importFiles: OpenAPI 2.0', () => {
  const { catalog, issues } = importFiles([fixture('oas2-store.yaml')]);
  const shop = only(catalog.kinds);
  const v = shop.versions.find((x) => x.name === '2021-01-01');
  const types = v?.types ?? {};
  const prop = (t: string, p: string) => types[t]?.properties.find((x) => x.name === p);

  it('finds the resource from its PUT body: kind, version and provider group', () => {
    expect(issues).toEqual([]);
    expect([shop.group, shop.kind, shop.hub]).toEqual(['store.azure.com', 'Shop', '2021-01-01storage']);
    expect([v?.root, v?.spec, v?.status]).toEqual(['Shop', 'spec', 'status']);
  });

  it('puts writable body properties in the spec (properties nested) and readOnly + GET-only ones in the status', () => {
    expect(types.ShopSpec?.properties.map((p) => [p.name, p.required])).toEqual([
      ['location', true],
      ['properties', false],
    ]);
    expect(types.ShopStatus?.properties.map((p) => p.name)).toEqual(['id', 'visits']);
    expect(prop('ShopProperties', 'provisioningState')?.readOnly).toBe(true);
  });

  it('keeps definition names (named) and names inline objects by path (not named)', () => {
    expect(Object.keys(types)).toEqual([
      'Category',
      'Pet',
      'Shop',
      'ShopProperties',
      'ShopPropertiesOwner',
      'ShopSpec',
      'ShopStatus',
    ]);
    expect([types.ShopProperties?.named, types.ShopPropertiesOwner?.named]).toEqual([true, false]);
  });

  it('names enums from x-ms-enum or the definition, and collapses primitive aliases', () => {
    expect(prop('ShopProperties', 'size')?.type).toEqual({
      kind: 'enum',
      base: 'string',
      values: ['S', 'M', 'L'],
      name: 'ShopSize',
    });
    expect(prop('ShopProperties', 'tier')?.type).toEqual({
      kind: 'enum',
      base: 'string',
      values: ['Free', 'Paid'],
      name: 'Tier',
    });
    expect(prop('ShopProperties', 'alias')?.type).toEqual({ kind: 'primitive', name: 'string' });
  });

  it('allows recursive named types and imports a discriminated base with its own properties', () => {
    expect(prop('Category', 'children')?.type).toEqual({ kind: 'array', items: { kind: 'object', name: 'Category' } });
    expect(types.Pet?.properties.map((p) => p.name)).toEqual(['petType']);
  });
});

describe('importFiles: OpenAPI 3 and merging', () => {
  it('reads components/schemas and requestBodies refs, with a vendor-extension group', () => {
    const { catalog, issues } = importFiles([fixture('oas3-store.yaml')]);
    expect(issues).toEqual([]);
    const shop = only(catalog.kinds);
    expect(shop.group).toBe('store.example.com');
    const props = shop.versions[0]?.types.ShopProperties?.properties;
    expect(props?.find((p) => p.name === 'size')?.validation).toEqual({
      minimum: 1,
      maximum: 100,
      exclusiveMaximum: true,
      nullable: true,
    });
  });

  it('merges one file per API version into one kind', () => {
    const a = fixture('oas2-store.yaml');
    const b = {
      ...a,
      name: 'oas2-store-2016.yaml',
      text: a.text.replace(/version: '2021-01-01'/, "version: '2016-01-01'"),
    };
    const { catalog, issues } = importFiles([a, b]);
    expect(issues).toEqual([]);
    const shop = only(catalog.kinds);
    expect(shop.versions.map((x) => x.name)).toEqual([
      '2016-01-01',
      '2016-01-01storage',
      '2021-01-01',
      '2021-01-01storage',
    ]);
    expect(shop.hub).toBe('2021-01-01storage');
  });
});

describe('importFiles: OpenAPI problems', () => {
  it('reports dangling refs, cross-file refs and alias cycles with positions, and still imports the rest', () => {
    const { catalog, issues } = importFiles([fixture('oas-bad-refs.yaml')]);
    expect(issues.map((i) => [i.code, i.path.join('.'), i.range?.start.line]).sort()).toEqual([
      ['DANGLING_REF', 'definitions.Thing.properties.missing.$ref', 12],
      ['DANGLING_REF', 'definitions.Thing.properties.other.$ref', 14],
      ['REF_CYCLE', 'definitions.B.$ref', 17],
    ]);
    const spec = only(catalog.kinds).versions[0]?.types.ThingSpec;
    expect(spec?.properties.find((p) => p.name === 'fine')?.type).toEqual({ kind: 'primitive', name: 'string' });
  });

  it('reports a document without a resource, or without info.version', () => {
    const none = importFiles([{ name: 'x.yaml', text: 'swagger: "2.0"\ninfo: {title: x, version: "1"}\npaths: {}\n' }]);
    expect(none.issues.map((i) => i.code)).toEqual(['NO_RESOURCE']);
    const nover = importFiles([{ name: 'y.json', text: '{"openapi": "3.0.0", "info": {"title": "x"}, "paths": {}}' }]);
    expect(nover.issues.map((i) => [i.code, i.range?.start.line])).toEqual([['INVALID_OPENAPI', 1]]);
  });
});

describe('groupFromPath', () => {
  it('maps provider namespaces to groups', () => {
    expect(groupFromPath('/subscriptions/{s}/providers/Microsoft.ServiceFabric/clusters/{c}')).toBe(
      'servicefabric.azure.com',
    );
    expect(groupFromPath('/providers/Contoso.Crm/people/{p}')).toBe('crm.contoso.com');
    expect(groupFromPath('/people/{p}')).toBeUndefined();
  });
});

describe('importFiles: OpenAPI refs into other files (Azure common types)', () => {
  const vault = fixture('crossfile/specs/2021-01-01/vault.json');
  const common = fixture('crossfile/common/v2/types.json');

  it('follows them into the loaded file, whose own local refs resolve there', () => {
    const { catalog, issues } = importFiles([vault, common]);
    // The common-types file holds no resource, and needs none: others take definitions from it.
    expect(issues).toEqual([]);
    const k = only(catalog.kinds);
    expect([k.group, k.kind]).toEqual(['vault.contoso.com', 'Vault']);
    const types = k.versions.find((v) => v.name === '2021-01-01')?.types ?? {};
    expect(types.VaultSpec?.properties.map((p) => [p.name, p.required])).toEqual([
      ['location', true],
      ['managedBy', false],
      ['properties', false],
      ['sku', false],
      ['tags', false],
    ]);
    expect(types.VaultStatus?.properties.map((p) => p.name)).toEqual(['id', 'name']);
    expect(types.VaultSpec?.properties.find((p) => p.name === 'sku')?.type).toEqual({ kind: 'object', name: 'Sku' });
    expect(types.Sku?.properties[0]?.type).toMatchObject({ kind: 'enum', name: 'SkuName' });
    // This file's `Resource` keeps its name; the common one, a type too, gets another.
    expect(types.VaultSpec?.properties.find((p) => p.name === 'properties')?.type).toEqual({
      kind: 'object',
      name: 'Resource',
    });
    expect(types.Resource?.properties.map((p) => p.name)).toEqual(['retentionDays']);
    expect(types.VaultSpec?.properties.find((p) => p.name === 'managedBy')?.type).toEqual({
      kind: 'object',
      name: 'Resource2',
    });
    expect(types.Resource2?.properties.map((p) => p.name)).toEqual(['id', 'name']);
  });

  it('matches a dropped file by name when the relative path does not resolve', () => {
    const { catalog, issues } = importFiles([
      { name: 'vault.json', text: vault.text },
      { name: 'types.json', text: common.text },
    ]);
    expect(issues).toEqual([]);
    expect(only(catalog.kinds).versions[0]?.types.VaultSpec?.properties.map((p) => p.name)).toContain('location');
  });

  it('says which file to load when the target is missing', () => {
    const { catalog, issues } = importFiles([vault]);
    const dangling = issues.filter((i) => i.code === 'DANGLING_REF');
    expect(dangling.length).toBeGreaterThan(0);
    expect(dangling[0]?.file).toBe('crossfile/specs/2021-01-01/vault.json');
    expect(dangling[0]?.range?.start.line).toBeGreaterThan(1);
    expect(dangling.map((i) => i.message).join(' ')).toContain('types.json');
    // What does resolve still imports.
    expect(only(catalog.kinds).kind).toBe('Vault');
  });
});
