// The CLI's fast reader gives the same documents as the full parse, and issues the same positions.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { dump } from 'js-yaml';
import { blockValues, parseResources, pathKey, stringifyJsonExact } from '../core/index.ts';
import { plainResource, resource } from '../core/testdata/blockYaml.ts';
import { FAST_CHARS, readResources, rootRange, YAML_POSITIONS_CHARS } from './readResources.ts';

const big = (extra: Record<string, unknown>) => ({
  apiVersion: 'x.io/v1',
  kind: 'Thing',
  metadata: { name: 'n', labels: Object.fromEntries(Array.from({ length: 4000 }, (_, i) => [`k${i}`, `v${i}`])) },
  spec: extra,
});

describe('readResources', () => {
  it('reads large JSON, YAML and Lists as parseResources does, ranges included', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }),
        fc.constantFrom('json', 'yaml', 'list'),
        (extra, form) => {
          const doc = big(extra);
          const text =
            form === 'json'
              ? JSON.stringify(doc, null, 1)
              : form === 'yaml'
                ? stringify(doc)
                : stringify({ apiVersion: 'v1', kind: 'List', items: [doc, doc] });
          expect(text.length).toBeGreaterThan(FAST_CHARS);
          const fast = readResources(text, 'f');
          const full = parseResources(text, 'f');
          expect(fast.issues).toEqual(full.issues);
          expect(fast.documents.map((d) => stringifyJsonExact(d.value))).toEqual(
            full.documents.map((d) => stringifyJsonExact(d.value)),
          );
          for (const [i, d] of full.documents.entries()) {
            const f = fast.documents[i];
            expect(f?.listPath).toEqual(d.listPath);
            expect(f?.range).toEqual(d.range);
            for (const k of [...d.ranges.keys()].slice(-50)) expect(f?.ranges.get(k), k).toEqual(d.ranges.get(k));
          }
        },
      ),
      { numRuns: 6, seed: 11 },
    );
  });

  it("reads a stream's pieces as the full parse does, key order included, by the line scan where it can (law)", () => {
    let scanned = 0;
    fc.assert(
      fc.property(fc.oneof(plainResource, resource), fc.boolean(), (v, useYaml) => {
        const text = useYaml ? stringify(v) : dump(v);
        if (blockValues(text)) scanned++;
        const fast = readResources(text, 'f', 0);
        const full = parseResources(text, 'f');
        expect(fast.issues).toEqual(full.issues);
        expect(fast.documents.map((d) => stringifyJsonExact(d.value))).toEqual(
          full.documents.map((d) => stringifyJsonExact(d.value)),
        );
      }),
      { numRuns: 300, seed: 28 },
    );
    expect(scanned).toBeGreaterThan(50);
  });

  it('places paths in a plain block-style YAML resource of any size (past the full parse limit)', () => {
    const labels = Object.fromEntries(Array.from({ length: 260_000 }, (_, i) => [`k${i}`, `v${i}`]));
    const text = stringify({ apiVersion: 'x.io/v1', kind: 'Thing', metadata: { name: 'n', labels } });
    expect(text.length).toBeGreaterThan(YAML_POSITIONS_CHARS);
    const doc = readResources(text, 'f').documents[0];
    const line = text.split('\n').findIndex((l) => l === '    k250000: v250000') + 1;
    expect(line).toBeGreaterThan(0);
    expect(doc?.ranges.get(pathKey(['metadata', 'labels', 'k250000']))?.start).toMatchObject({ line, col: 5 });
    // A second document: not one block-style document, so past the limit paths are named without positions.
    const two = readResources(`${text}---\nkind: Other\n`, 'f').documents[0];
    expect(two?.ranges.get(pathKey(['metadata', 'labels', 'k250000']))).toBeUndefined();
  });

  it('leaves aliases, merge keys, duplicate keys and errors to the full parse', () => {
    const base = stringify(big({}));
    for (const tail of ['  a: &x [1]\n  b: *x\n', '  <<: {a: 1}\n', 'kind: Again\n', '  bad: [\n', '  n: .nan\n'])
      expect(readResources(base + tail, 'f')).toEqual(parseResources(base + tail, 'f'));
  });

  it("a lone document's own range is the full parse's, from a line scan (no range of every node)", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
        fc.constantFrom('', '# licence\n', '\n\n', '# a\n\n# b\n'),
        fc.constantFrom('', '\n', '\n\n'),
        (spec, head, tail) => {
          const body = stringify({ apiVersion: 'x.io/v1', kind: 'Thing', metadata: { name: 'n' }, spec });
          const text = head + body.trimEnd() + tail;
          const full = parseResources(text, 'f').documents[0]?.range;
          const own = rootRange(text);
          if (own !== undefined) expect(own).toEqual(full);
          expect(readResources(text, 'f', 0).documents[0]?.range).toEqual(full);
        },
      ),
      { numRuns: 200, seed: 28 },
    );
    for (const text of ['---\nkind: A\n', 'kind: A\n# c\n', 'kind:\tA\n', '  kind: A\n', '%YAML 1.2\n---\nkind: A\n'])
      expect(rootRange(text), text).toBeUndefined();
  });
});
