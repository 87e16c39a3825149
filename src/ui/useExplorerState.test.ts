import { describe, expect, it } from 'vitest';
import { initialState, reduce } from './useExplorerState.ts';
import type { ExplorerState } from './state.ts';

const firstVisitDefault = (s: ExplorerState): ExplorerState =>
  s.catalog.type === 'builtin' && s.catalog.id === ''
    ? reduce(s, { type: 'catalog', catalog: { type: 'builtin', id: 'crm-person' }, input: s.input || 'example' })
    : s;

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

  it('applies the first-visit default to a fresh state and keeps an input that is already there', () => {
    expect(reduce(initialState(), { type: 'update', update: firstVisitDefault })).toMatchObject({
      catalog: { type: 'builtin', id: 'crm-person' },
      input: 'example',
    });
    const typed = { ...initialState(), input: 'kind: Person' };
    expect(reduce(typed, { type: 'update', update: firstVisitDefault }).input).toBe('kind: Person');
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
});
