import { describe, expect, it } from 'vitest';
import { choose, firstVisit, initialState, needsFirstVisit, reduce } from './useExplorerState.ts';
import { exampleFor } from './examples.ts';
import type { ExplorerState } from './state.ts';

const first = { id: 'crm-person', hash: 'h1' };
const firstVisitDefault = (s: ExplorerState): ExplorerState => firstVisit(s, first);

describe('reduce', () => {
  it('computes an update from the state the action meets, not the one it was made from', () => {
    // ?catalog= and ?resource= arrive, then the built-in index's first-visit default: the URL catalog stays.
    let s = initialState();
    s = reduce(s, { type: 'update', update: (x) => ({ ...x, catalog: { type: 'url', url: 'https://x/c.yaml' } }) });
    s = reduce(s, { type: 'update', update: (x) => ({ ...x, input: 'kind: Person', document: 0 }) });
    s = reduce(s, { type: 'update', update: firstVisitDefault });
    expect(s.catalog).toEqual({ type: 'url', url: 'https://x/c.yaml' });
    expect(s.input).toBe('kind: Person');
  });

  it('a catalog change forgets the versions and the highlight chosen for the old one', () => {
    const s: ExplorerState = {
      ...initialState(),
      sourceVersion: 'v1',
      targetVersion: 'v2',
      highlight: ['spec'],
      view: 'plan',
    };
    const next = reduce(s, { type: 'catalog', catalog: { type: 'builtin', id: 'servicefabric' }, input: 'x' });
    expect(next).toEqual({ catalog: { type: 'builtin', id: 'servicefabric' }, input: 'x', document: 0, view: 'plan' });
  });

  it('sets the conversion rules; blank or absent text is no rules, the same text the same state', () => {
    const s = reduce(initialState(), { type: 'rules', rules: 'kind: ConversionRules\n' });
    expect(s.rules).toBe('kind: ConversionRules\n');
    expect(reduce(s, { type: 'rules', rules: s.rules })).toBe(s);
    expect(Object.hasOwn(reduce(s, { type: 'rules', rules: ' \n' }), 'rules')).toBe(false);
    expect(Object.hasOwn(reduce(s, { type: 'rules', rules: undefined }), 'rules')).toBe(false);
    // Typed text is never dropped by a catalog switch.
    const other = reduce(s, { type: 'catalog', catalog: { type: 'builtin', id: 'servicefabric' }, input: 'x' });
    expect(other.rules).toBe(s.rules);
  });
});

describe('firstVisit', () => {
  it('gives a fresh state the first built-in catalog (with its hash) and that catalog’s example', () => {
    expect(needsFirstVisit(initialState())).toBe(true);
    const s = firstVisit({ ...initialState(), view: 'plan', targetVersion: 'v2' }, first);
    expect(s).toEqual({
      catalog: { type: 'builtin', id: 'crm-person', hash: 'h1' },
      input: exampleFor('crm-person'),
      document: 0,
      view: 'plan',
    });
    expect(s.input).toMatch(/kind:/);
    expect(needsFirstVisit(s)).toBe(false);
  });

  it('keeps an input that is already there', () => {
    const typed = { ...initialState(), input: 'kind: Person' };
    expect(firstVisit(typed, first)).toMatchObject({ catalog: { id: 'crm-person' }, input: 'kind: Person' });
  });

  it('leaves a state with a chosen catalog unchanged (the same object)', () => {
    const chosen: ExplorerState[] = [
      { ...initialState(), catalog: { type: 'builtin', id: 'servicefabric' }, input: 'a' },
      { ...initialState(), catalog: { type: 'url', url: 'https://x/c.yaml' } },
      { ...initialState(), catalog: { type: 'embedded', name: 'n', hash: 'h', sources: [] } },
    ];
    for (const s of chosen) {
      expect(needsFirstVisit(s)).toBe(false);
      expect(firstVisit(s, first)).toBe(s);
    }
  });
});

describe('choose', () => {
  it('sets one optional choice and leaves the rest; undefined removes the key (the default decides again)', () => {
    const s: ExplorerState = { ...initialState(), sourceVersion: 'v1', strategy: 'direct' };
    const set = reduce(s, choose('targetVersion', 'v2'));
    expect(set).toEqual({ ...s, targetVersion: 'v2' });
    const cleared = reduce(set, choose('sourceVersion', undefined));
    expect(Object.hasOwn(cleared, 'sourceVersion')).toBe(false);
    expect(cleared).toEqual({ ...initialState(), strategy: 'direct', targetVersion: 'v2' });
    expect(reduce(s, choose('highlight', ['spec', 0])).highlight).toEqual(['spec', 0]);
    expect(reduce(s, choose('storage', 'deployed')).storage).toBe('deployed');
  });
});
