import { describe, expect, it } from 'vitest';
import { versionChanges } from './versionChanges.ts';
import { apiVersion, makeCatalog, makeKind, type, S, I, enm, chained, personV1V2 } from '../testdata/fixtures.ts';

const summary = (c: ReturnType<typeof versionChanges>['changes']) =>
  (c?.changes ?? []).map((x) => `${x.path.join('.')} ${x.change} ${x.breaking ? 'breaking' : 'ok'}`);

describe('versionChanges', () => {
  it('adding an optional field is compatible; removing, renaming are breaking', () => {
    const c = chained();
    expect(summary(versionChanges(c, 'Widget', 'v2', 'v3').changes)).toEqual([
      'spec.blob added-optional ok',
      'spec.extra added-optional ok',
      'status.message added-optional ok',
    ]);
    expect(versionChanges(c, 'Widget', 'v2', 'v3').changes?.compatible).toBe(true);
    const v12 = versionChanges(c, 'Widget', 'v1', 'v2').changes;
    expect(summary(v12)).toEqual([
      'spec.colour enum-widened ok',
      'spec.legacy removed breaking',
      'spec.oldName renamed breaking',
    ]);
    expect(v12?.compatible).toBe(false);
    expect(v12?.types.find((t) => t.sourceType === 'WidgetSpec')?.status).toBe('modified');
  });

  it('adding a required field is breaking (seed 000 Person v1 -> v2)', () => {
    const c = personV1V2();
    expect(summary(versionChanges(c, 'Person', 'v1', 'v2').changes)).toEqual([
      'spec.nickname removed breaking',
      'spec.postalAddress added-required breaking',
      'spec.residentialAddress added-required breaking',
    ]);
  });

  it('optional -> required, enum narrowing, tightened validation and type changes are breaking', () => {
    const v1 = apiVersion('v1', 'App', 'AppSpec', [
      type('AppSpec', {
        name: S,
        replicas: I,
        mode: enm(['A', 'B']),
        param: S,
        size: { kind: 'primitive', name: 'integer' },
      }),
    ]);
    const v2 = apiVersion('v2', 'App', 'AppSpec', [
      {
        ...type('AppSpec', { 'name!': S, replicas: I, mode: enm(['A']), param: { kind: 'array', items: S }, size: I }),
        properties: type('AppSpec', {
          'name!': S,
          replicas: I,
          mode: enm(['A']),
          param: { kind: 'array', items: S },
          size: I,
        }).properties.map((p) => (p.name === 'size' ? { ...p, validation: { maximum: 10 } } : p)),
      },
    ]);
    const c = makeCatalog('app', [makeKind('example.com', 'App', [v1, v2])]);
    expect(summary(versionChanges(c, 'App', 'v1', 'v2').changes)).toEqual([
      'spec.mode enum-narrowed breaking',
      'spec.name became-required breaking',
      'spec.param type-changed breaking',
      'spec.size validation-tightened breaking',
    ]);
  });

  it('an enum made is narrowing; dropped or given values is widening; under a changed type only type-changed', () => {
    const v1 = apiVersion('v1', 'App', 'AppSpec', [
      type('AppSpec', { made: S, dropped: enm(['A']), grown: enm(['A']), retyped: enm(['A']) }),
    ]);
    const v2 = apiVersion('v2', 'App', 'AppSpec', [
      type('AppSpec', { made: enm(['A', 'B']), dropped: S, grown: enm(['A', 'B']), retyped: I }),
    ]);
    const c = makeCatalog('app', [makeKind('example.com', 'App', [v1, v2])]);
    expect(summary(versionChanges(c, 'App', 'v1', 'v2').changes)).toEqual([
      'spec.dropped enum-widened ok',
      'spec.grown enum-widened ok',
      'spec.made enum-narrowed breaking',
      'spec.retyped type-changed breaking',
    ]);
  });

  it('reports unknown versions as issues', () => {
    expect(versionChanges(chained(), 'Widget', 'v1', 'v9').issues[0]?.code).toBe('UNKNOWN_VERSION');
  });
});
