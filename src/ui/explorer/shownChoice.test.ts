import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { appliedChoice, checkedChoice } from './shownChoice.ts';
import { choose, reduce, initialState } from '../useExplorerState.ts';

const view = fc.constantFrom('aso' as const, 'deployed' as const);

describe('a choice’s radio group while the panes may show another catalog’s result', () => {
  it('shows no default while the shown result answers the catalog open before', () => {
    const before = { shown: 'builtin:servicefabric', open: 'embedded:f09e' };
    expect(checkedChoice(undefined, 'aso', before)).toBeUndefined();
    expect(appliedChoice('aso', before)).toBeUndefined();
    // The new catalog still loading, or no result yet.
    expect(checkedChoice(undefined, 'aso', { shown: 'builtin:servicefabric', open: undefined })).toBeUndefined();
    expect(checkedChoice(undefined, 'aso', { shown: undefined, open: 'embedded:f09e' })).toBeUndefined();
  });

  it('shows the value of a result for the open catalog', () => {
    fc.assert(
      fc.property(view, fc.string(), (v, key) => {
        expect(checkedChoice(undefined, v, { shown: key, open: key })).toBe(v);
        expect(appliedChoice(v, { shown: key, open: key })).toBe(v);
      }),
    );
  });

  it('shows the user’s choice at once, whatever result is shown', () => {
    const key = fc.option(fc.string(), { nil: undefined });
    fc.assert(
      fc.property(view, fc.option(view, { nil: undefined }), key, key, (choice, v, shown, open) => {
        expect(checkedChoice(choice, v, { shown, open })).toBe(choice);
      }),
    );
  });
});

describe('choosing the storage view', () => {
  it('a choice sticks: it survives input and other choices, and only a new catalog resets it', () => {
    const loaded = reduce(initialState(), {
      type: 'catalog',
      catalog: { type: 'embedded', name: 'a.yaml', hash: 'f09e', sources: [] },
      input: 'kind: A',
    });
    const picked = reduce(reduce(loaded, choose('storage', 'aso')), { type: 'input', input: 'kind: B' });
    expect(picked.storage).toBe('aso');
    expect(reduce(picked, choose('hub', 'v1')).storage).toBe('aso');
    expect(reduce(picked, { type: 'catalog', catalog: loaded.catalog, input: '' }).storage).toBeUndefined();
  });

  it('choosing the value already chosen keeps the same state (a click on the checked option renders nothing)', () => {
    const s = reduce(initialState(), choose('storage', 'aso'));
    expect(reduce(s, choose('storage', 'aso'))).toBe(s);
    expect(reduce(s, choose('storage', 'deployed'))).not.toBe(s);
    const none = initialState();
    expect(reduce(none, choose('storage', undefined))).toBe(none);
  });
});
