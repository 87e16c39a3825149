import { describe, expect, it } from 'vitest';
import { parseResources } from '../../core/index.ts';
import { jsonRanges, parseInput } from './parseInput.ts';
import { keyAtOffset, rangeAt, rangeIndex, toRangeTable } from './rangeTable.ts';
import { changedChars } from '../worker/useWorkerConversion.ts';
import { alignKeys } from './engine.ts';
import { inputFitsCatalog, skeletonFor } from '../skeleton.ts';

const K = (...p: (string | number)[]) => p.join('\u0000');

describe('jsonRanges', () => {
  it('gives the same ranges as the YAML parser for JSON text', () => {
    const text =
      '{\n  "apiVersion": "x/v1",\n  "kind": "K",\n  "spec": {\n    "a": [1, {"b": "c\\"d"}, true],\n    "e": {}\n  },\n  "n": null\n}\n';
    const fast = jsonRanges(text);
    const slow = parseResources(text).documents[0]?.ranges;
    expect(slow).toBeDefined();
    for (const [k, r] of slow ?? []) {
      if (k === '') continue; // the YAML document's own range includes the trailing newline
      expect(fast.get(k), k).toEqual(r);
    }
    expect(fast.get(K('spec', 'a', 1, 'b'))?.start).toMatchObject({ line: 5, col: 15 });
  });

  it('falls back to the YAML parser for invalid JSON, which reports the syntax error', () => {
    const r = parseInput('{"a": ');
    expect(r.issues.map((i) => i.code)).toContain('YAML_SYNTAX');
  });
});

describe('range tables', () => {
  it('round-trip ranges and find the deepest node at an offset', () => {
    const ranges = parseResources('a:\n  b: 1\n  c: [x, y]\n').documents[0]?.ranges ?? new Map();
    const t = toRangeTable(ranges);
    const idx = rangeIndex(t);
    expect(rangeAt(t, idx.get(K('a', 'b')) ?? -1)).toEqual(ranges.get(K('a', 'b')));
    expect(keyAtOffset(t, 'a:\n  b: 1\n  c: [x, '.length)).toBe(K('a', 'c', 1));
  });
});

describe('small helpers', () => {
  it('measures the changed region of an edit', () => {
    expect(changedChars('hello world', 'hello brave world')).toBe(6);
    expect(changedChars('abc', 'abc')).toBe(0);
  });

  it('orders keys like a reference so diffs show changes, not reordering', () => {
    expect(Object.keys(alignKeys({ b: 1, a: 2 }, { a: 2, c: 3, b: 1 }) as object)).toEqual(['b', 'a', 'c']);
  });

  it('builds a skeleton resource for a catalog and recognises inputs that fit', () => {
    const cat = {
      kinds: [
        {
          group: 'g.io',
          kind: 'Widget',
          versions: [
            { name: 'v1', role: 'api' },
            { name: 'v2', role: 'api' },
          ],
        },
      ],
    };
    expect(skeletonFor(cat)).toContain('apiVersion: g.io/v2\nkind: Widget');
    expect(inputFitsCatalog('apiVersion: g.io/v1\nkind: Widget\n', cat)).toBe(true);
    expect(inputFitsCatalog('apiVersion: other/v1\nkind: Widget\n', cat)).toBe(false);
    expect(inputFitsCatalog('{"apiVersion": "g.io/v1", "kind": "Widget", "spec": {}}', cat)).toBe(true);
    expect(inputFitsCatalog('{\n "kind": "Widget",\n "apiVersion": "other/v1"\n}', cat)).toBe(false);
    expect(inputFitsCatalog('kind: Gadget\napiVersion: g.io/v1\n', cat)).toBe(false);
  });
});
