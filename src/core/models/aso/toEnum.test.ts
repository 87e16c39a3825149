import { describe, expect, it } from 'vitest';
import { apiVersion, enm, makeCatalog, makeKind, type } from '../../testdata/fixtures.ts';
import { convertResource } from './convertResource.ts';
import { enumLookup, toEnum } from './toEnum.ts';

describe('toEnum (ASO genruntime.ToEnum)', () => {
  // Ported from ASO's v2/pkg/genruntime/enum_test.go, Test_ToEnum_WhenCalled_ReturnsExpectedResult.
  const values = enumLookup(['Success', 'Failure', 'Unknown', 'Pending']);
  it.each([
    ['success', 'Success'],
    ['Failure', 'Failure'],
    ['UNKNOWN', 'Unknown'],
    ['fatal', 'fatal'],
  ])('%s reads as %s', (str, expected) => {
    expect(toEnum(str, values)).toBe(expected);
  });
});

describe('the ASO view reads enum values back in their canonical case', () => {
  const mode = enm(['User', 'System'], 'Mode');
  const catalog = makeCatalog('pools', [
    makeKind('enum.example.com', 'Pool', [
      apiVersion('v1', 'Pool', 'PoolSpec', [type('PoolSpec', {}), type('PoolStatus', { mode })], 'PoolStatus'),
      // v2 has no `mode`: the hub (v2storage) keeps v1's in its property bag
      apiVersion('v2', 'Pool', 'PoolSpec', [type('PoolSpec', {}), type('PoolStatus', {})], 'PoolStatus'),
    ]),
  ]);

  it('a stored status value `user` in the property bag reads back as `User` at the API version', () => {
    const hub = { apiVersion: 'enum.example.com/v2storage', kind: 'Pool', status: { $propertyBag: { Mode: 'user' } } };
    const r = convertResource(catalog, hub, 'v1');
    expect(r.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect((r.output as { status: unknown }).status).toEqual({ mode: 'User' });
  });

  it('a stored value that is no member is kept as it is (a warning, as ASO keeps it)', () => {
    const hub = { apiVersion: 'enum.example.com/v2storage', kind: 'Pool', status: { $propertyBag: { Mode: 'fatal' } } };
    const r = convertResource(catalog, hub, 'v1');
    expect((r.output as { status: unknown }).status).toEqual({ mode: 'fatal' });
  });
});
