// Hook registrations: checked against the catalog, and found by the registry's precedence rules.
import { describe, expect, it } from 'vitest';
import { checkHooks, hookRegistry, type ConversionHook } from './hooks.ts';
import { builtinCatalog } from '../testdata/loadCatalogs.ts';
import { builtinHooks } from '../../catalogs/hooks.ts';
import { chained } from '../testdata/fixtures.ts';

const noop = (): ConversionHook => ({ afterToHub: () => undefined, afterFromHub: () => undefined });

describe('checkHooks', () => {
  for (const id of Object.keys(builtinHooks))
    it(`finds every hook of the built-in catalog ${id} a target`, () => {
      expect(checkHooks(builtinCatalog(id), builtinHooks[id] ?? hookRegistry([]))).toEqual([]);
    });

  it('reports a kind, an edge or a type the catalog does not have', () => {
    const reg = hookRegistry([
      { kind: 'Widgit', from: 'v1', to: 'v1storage', type: 'WidgetSpec', hook: noop() },
      { kind: 'Widget', from: 'v1', to: 'v2', type: 'WidgetSpec', hook: noop() },
      { kind: 'Widget', from: 'v1', to: 'v1storage', type: 'WidgetSpek', hook: noop() },
      { kind: 'Widget', from: 'v1', to: 'v1storage', type: 'WidgetSpec', hook: noop() },
    ]);
    const issues = checkHooks(chained(), reg);
    expect(issues.map((i) => [i.code, i.path])).toEqual([
      ['HOOK_UNKNOWN_TARGET', ['hooks', 0]],
      ['HOOK_UNKNOWN_TARGET', ['hooks', 1]],
      ['HOOK_UNKNOWN_TARGET', ['hooks', 2]],
    ]);
  });

  it('reports a duplicate registration (the registry keeps only the first)', () => {
    const first = noop();
    const reg = hookRegistry([
      { kind: 'Widget', from: 'v1', to: 'v1storage', type: 'WidgetSpec', hook: first },
      { kind: 'Widget', from: 'v1', to: 'v1storage', type: 'WidgetSpec', hook: noop() },
    ]);
    expect(checkHooks(chained(), reg).map((i) => [i.code, i.path])).toEqual([['HOOK_DUPLICATE', ['hooks', 1]]]);
    expect(reg.find('Widget', 'v1', 'v1storage', 'WidgetSpec')).toBe(first);
  });
});

describe('hookRegistry precedence', () => {
  it('an exact registration beats a wildcard one, whatever the order; the first wildcard wins among wildcards', () => {
    const exact = noop();
    const wildA = noop();
    const wildB = noop();
    const reg = hookRegistry([
      { kind: 'Widget', from: '*', to: '*', type: 'WidgetSpec', hook: wildA },
      { kind: 'Widget', from: '*', to: '*', type: '*', hook: wildB },
      { kind: 'Widget', from: 'v1', to: 'v1storage', type: 'WidgetSpec', hook: exact },
    ]);
    expect(reg.find('Widget', 'v1', 'v1storage', 'WidgetSpec')).toBe(exact);
    expect(reg.find('Widget', 'v2', 'v2storage', 'WidgetSpec')).toBe(wildA);
    expect(reg.find('Widget', 'v2', 'v2storage', 'Part')).toBe(wildB);
    expect(reg.find('Gadget', 'v1', 'v1storage', 'WidgetSpec')).toBeUndefined();
  });
});
