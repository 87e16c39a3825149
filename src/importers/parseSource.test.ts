// parseSource reads a YAML file's values with the values-only parse when it can stand in for the full parse:
// the documents, their values and their positions are the full parse's, and every text it cannot read as the
// full parse does (anchors and aliases, merge keys, duplicate keys, syntax errors, empty documents, integers past
// 2^53, NaN) still gets the full parse's answer.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CORPUS, CORPUS_MISSING, HAS_CORPUS } from '../core/testdata/corpus.ts';
import { fullParses, parseSource, parseYaml, type SourceDoc } from './parseSource.ts';

const plain = (r: { docs: SourceDoc[]; issues: unknown[] }) => ({
  issues: r.issues,
  docs: r.docs.map((d) => ({ file: d.file, index: d.index, value: d.value })),
});

/** Both parses' answers for a text, with the ranges asked for at `paths`. */
function both(text: string, paths: (string | number)[][] = [[]]) {
  const file = { name: 'x.yaml', text };
  const ranges = (r: { docs: SourceDoc[] }) => r.docs.map((d) => paths.map((p) => [d.rangeAt(p), d.keyRangeAt?.(p)]));
  const fast = parseSource(file);
  const full = parseYaml(file);
  return { fast: { ...plain(fast), ranges: ranges(fast) }, full: { ...plain(full), ranges: ranges(full) } };
}

describe('parseSource, YAML', () => {
  it.each([
    ['a CRD-like document', 'kind: CustomResourceDefinition\nspec:\n  names: {kind: W}\n  x: "*.example.com"\n', false],
    ['prose with stars and ampersands', 'description: matches *.example.com && more\nrule: self.a && self.b\n', false],
    ['an anchor and an alias', 'a: &x {q: 1}\nb: *x\n', true],
    ['a duplicate key', 'a: 1\na: 2\n', true],
    ['an integer past 2^53', 'maximum: 12345678901234567890\n', true],
    ['an empty document between two', 'a: 1\n---\n---\nb: 2\n', true],
  ])('%s: read by the full parse only when it must (%s)', (_, text, must) => {
    const before = fullParses.count;
    const r = parseSource({ name: 'x.yaml', text });
    expect(fullParses.count - before).toBe(must ? 1 : 0);
    // a position asked for is the full parse's
    r.docs[0]?.rangeAt([]);
    expect(fullParses.count - before).toBe(1);
  });

  it.each([
    ['a CRD-like document', 'kind: CustomResourceDefinition\nspec:\n  names: {kind: W}\n  x: "*.example.com"\n'],
    ['prose with stars and ampersands', 'description: matches *.example.com && more\nrule: self.a && self.b\n'],
    ['an anchor and an alias', 'a: &x {q: 1}\nb: *x\n'],
    ['a merge key', 'a: &x {q: 1}\nb:\n  <<: *x\n  r: 2\n'],
    ['a duplicate key', 'a: 1\na: 2\n'],
    ['a syntax error', 'a: [1, 2\n'],
    ['an empty document between two', 'a: 1\n---\n---\nb: 2\n'],
    ['an integer past 2^53', 'maximum: 12345678901234567890\n'],
    ['NaN', 'minimum: .nan\n'],
    ['several documents', '---\na: 1\n---\nb: [x, y]\n'],
    ['an unknown tag', 'a: !!binary aGk=\n'],
  ])('%s: the full parse’s documents, issues and positions', (_, text) => {
    const { fast, full } = both(text, [[], ['a'], ['b', 0], ['spec', 'names', 'kind']]);
    expect(fast).toEqual(full);
  });

  it('any small YAML map: the full parse’s answer', () => {
    const key = fc.constantFrom('a', 'b', 'kind', 'x-y', '__proto__', '1');
    const scalar = fc.oneof(
      fc.constantFrom(
        'true',
        'no',
        '0x1f',
        '0o17',
        '1e3',
        '-.5',
        '~',
        'null',
        '"*x"',
        "'&y'",
        '1_000',
        '9007199254740993',
      ),
      fc.integer().map(String),
      fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s)),
    );
    const line = fc.tuple(key, scalar).map(([k, v]) => `${k}: ${v}\n`);
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), (lines) => {
        const { fast, full } = both(lines.join(''), [[], ['a'], ['kind']]);
        expect(fast).toEqual(full);
      }),
      { numRuns: 300 },
    );
  });

  it.skipIf(!HAS_CORPUS)('every corpus CRD file: the full parse’s documents and positions', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true }))
        if (e.isDirectory()) walk(path.join(dir, e.name));
        else if (/crds?\b.*\.ya?ml$/.test(path.join(dir, e.name))) files.push(path.join(dir, e.name));
    };
    walk(CORPUS);
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      // read without the full parse (a catalog's CRDs are what the values-only parse is for)
      const before = fullParses.count;
      parseSource({ name: f, text });
      expect(fullParses.count - before, f).toBe(0);
      const paths = [[], ['spec', 'versions', 0, 'name'], ['spec', 'names', 'kind']];
      const { fast, full } = both(text, paths);
      expect(fast, f).toEqual(full);
    }
  });
  it.skipIf(HAS_CORPUS)('corpus', () => console.log(CORPUS_MISSING));
});
