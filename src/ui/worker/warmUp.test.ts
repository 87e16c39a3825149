import { describe, expect, it } from 'vitest';
import { parseResources, serializeCatalog } from '../../core/index.ts';
import { importFiles } from '../../importers/index.ts';
import { exampleFor } from '../examples.ts';
import { explore, exploreRanges, setCatalog } from '../viewModel/engine.ts';
import { FAST_PARSE_CHARS, parseValues } from '../viewModel/parseInput.ts';
import type { ExploreRequest } from '../viewModel/types.ts';
import { WARM_UP_CHARS, warmUp, warmUpText } from './warmUp.ts';

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
  ])('%s: the same document with its longest list repeated, large enough for the values-only parse', (_, input) => {
    expect(warmUpText(input)?.length).toBeGreaterThanOrEqual(WARM_UP_CHARS);
    const text = warmUpText(input, FAST_PARSE_CHARS + 4096) as string;
    expect(text.length).toBeGreaterThanOrEqual(FAST_PARSE_CHARS + 4096);
    expect(/\S/.exec(text)?.[0] === '{').toBe(input === json);
    const fast = parseValues(text);
    expect(fast).toBeDefined();
    const value = fast?.value as { spec: { properties: { nodeTypes: { name: string }[] } } };
    const original = parseResources(input).documents[0]?.value as typeof value;
    const nodeTypes = value.spec.properties.nodeTypes;
    expect(nodeTypes.length).toBeGreaterThan(100);
    expect(new Set(nodeTypes.map((n) => n.name)).size).toBe(nodeTypes.length);
    expect({ ...value, spec: { ...value.spec, properties: { ...value.spec.properties, nodeTypes: [] } } }).toEqual({
      ...original,
      spec: { ...original.spec, properties: { ...original.spec.properties, nodeTypes: [] } },
    });
    // The same value as the full parse reads it.
    expect(parseResources(text).issues).toEqual([]);
    expect(parseResources(text).documents[0]?.value).toEqual(fast?.value);
  });

  it('gives up on a text that is not one object with a list', () => {
    expect(warmUpText('- a\n- b\n')).toBeUndefined();
    expect(warmUpText('a: 1\nb: {c: 2}\n')).toBeUndefined();
    expect(warmUpText('')).toBeUndefined();
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
