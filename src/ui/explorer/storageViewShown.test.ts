import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { appliedView, checkedView } from './storageViewShown.ts';
import { choose, reduce, initialState } from '../useExplorerState.ts';

const view = fc.constantFrom('aso' as const, 'deployed' as const);

describe('the storage view switch', () => {
  it('shows no default while the shown result answers another catalog (the one open before)', () => {
    const builtin = { storageView: 'aso' as const, catalogKey: 'builtin:servicefabric' };
    expect(checkedView(undefined, builtin, 'embedded:f09e')).toBeUndefined();
    expect(appliedView(builtin, 'embedded:f09e')).toBeUndefined();
    expect(checkedView(undefined, builtin, undefined)).toBeUndefined(); // the new catalog still loading
  });

  it('shows the default of a result for the open catalog', () => {
    fc.assert(
      fc.property(view, fc.string(), (v, key) => {
        expect(checkedView(undefined, { storageView: v, catalogKey: key }, key)).toBe(v);
        expect(appliedView({ storageView: v, catalogKey: key }, key)).toBe(v);
      }),
    );
  });

  it('shows the user’s choice at once, whatever result is shown', () => {
    fc.assert(
      fc.property(view, fc.option(view, { nil: undefined }), fc.string(), fc.string(), (choice, v, a, b) => {
        expect(checkedView(choice, { ...(v ? { storageView: v } : {}), catalogKey: a }, b)).toBe(choice);
      }),
    );
  });

  it('a result without a storage view (no kind) applies none', () => {
    expect(appliedView({ catalogKey: 'k' }, 'k')).toBeUndefined();
    expect(appliedView(undefined, 'k')).toBeUndefined();
  });
});

describe('choosing the storage view', () => {
  it('a choice sticks: it survives later choices of other fields, and only a new catalog resets it', () => {
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

  it('choosing the value already chosen keeps the same state (a click on the checked option is a no-op render)', () => {
    const s = reduce(initialState(), choose('storage', 'aso'));
    expect(reduce(s, choose('storage', 'aso'))).toBe(s);
    expect(reduce(s, choose('storage', 'deployed'))).not.toBe(s);
    const none = initialState();
    expect(reduce(none, choose('storage', undefined))).toBe(none);
  });
});
