import { describe, expect, it } from 'vitest';
import { parseResources, serializeCatalog } from '../../core/index.ts';
import { importFiles } from '../../importers/index.ts';
import { exampleFor } from '../examples.ts';
import { explore, exploreRanges, setCatalog } from '../viewModel/engine.ts';
import { FAST_PARSE_CHARS, parseValues } from '../viewModel/parseInput.ts';
import type { ExploreRequest } from '../viewModel/types.ts';
import { warmUp, warmUpText } from './warmUp.ts';

const serviceFabric = import.meta.glob<string>('../../catalogs/servicefabric/source/*', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('warmUpText', () => {
  const yaml = exampleFor('servicefabric');
  const json = JSON.stringify(parseResources(yaml).documents[0]?.value, null, 2);

  it.each([
    ['YAML', yaml],
    ['JSON', json],
  ])('%s: the input plus one field, large enough for the values-only parse', (_, input) => {
    const text = warmUpText(input);
    expect(text).toBeDefined();
    const fast = parseValues(text as string);
    expect(fast).toBeDefined();
    const { veWarmUp, ...rest } = fast?.value as Record<string, unknown>;
    expect(rest).toEqual(parseResources(input).documents[0]?.value);
    expect(Array.isArray(veWarmUp)).toBe(true);
    // The same value as the full parse reads it (the warm-up runs the ranges' parse too).
    expect(parseResources(text as string).issues).toEqual([]);
    expect(parseResources(text as string).documents[0]?.value).toEqual(fast?.value);
  });

  it('gives up on a text that is not one object', () => {
    expect(warmUpText('- a\n- b\n')).toBeUndefined();
    expect(warmUpText('[1, 2]')).toBeUndefined();
    expect(warmUpText('')).toBeUndefined();
  });

  it('adds nothing to a text already large', () => {
    const big = `${yaml}\n# ${'x'.repeat(FAST_PARSE_CHARS + 4096)}\n`;
    expect(warmUpText(big)).toBe(`${big}veWarmUp:\n`);
  });
});

describe('warmUp', () => {
  const files = Object.entries(serviceFabric).map(([p, text]) => ({ name: p.split('/').at(-1) ?? p, text }));
  setCatalog('sf', JSON.parse(serializeCatalog(importFiles(files, { id: 'servicefabric' }).catalog)) as unknown);
  const req: ExploreRequest = { catalogKey: 'sf', input: exampleFor('servicefabric'), document: 0, storage: 'aso' };

  it('takes the two-phase path, completes it, and leaves later answers as they were', () => {
    const before = explore(req, true);
    warmUp(req);
    // Its second phase done: nothing pending for a ranges request that belongs to no real request.
    expect(exploreRanges()).toBeUndefined();
    const after = explore(req, true);
    expect({ ...after, millis: 0 }).toEqual({ ...before, millis: 0 });
    const warm = explore({ ...req, input: warmUpText(req.input) as string }, true);
    expect(warm.rangesPending).toBe(true);
    expect(warm.blocking).toEqual([]);
    exploreRanges();
  });
});
