// blockValues must read exactly what js-yaml with the core schema reads (loadYamlValue), which the full parse
// (parseResources) agrees with, wherever it reads anything, and give up (undefined) on whatever else: generated
// documents in both libraries' block styles, texts mangled with YAML's other forms, hand-picked edges, the corpus.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { dump } from 'js-yaml';
import { blockValues } from './blockValues.ts';
import { loadYamlValue } from './fastParse.ts';
import { parseResources } from './parseResources.ts';
import { bigClusterYaml } from '../../../bench/support/bigResource.ts';
import { describeCorpus } from '../testdata/corpusSuite.ts';
import { CORPUS, walk } from '../testdata/loadCatalogs.ts';
import { blockText, plainResource, resource, YAML_EDITS } from '../testdata/blockYaml.ts';

/** True when blockValues read the text; then its value is js-yaml's, key order included (and the full parse's). */
function agrees(text: string): boolean {
  const fast = blockValues(text);
  if (fast === undefined) return false;
  expect(JSON.stringify(Object.keys(fast)), text).toBe(JSON.stringify(Object.keys(loadYamlValue(text) as object)));
  expect(fast, text).toStrictEqual(loadYamlValue(text));
  // (The full parse refuses what the API server refuses, NaN say, and then gives no document.)
  const full = parseResources(text);
  if (full.documents.length > 0) expect(fast, text).toStrictEqual(full.documents[0]?.value);
  else expect(full.issues.map((i) => i.code)).toEqual(['NUMBER_NOT_JSON']);
  return true;
}

/** Key order too (toStrictEqual ignores it): the panes render keys in order. */
const keyOrder = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(keyOrder)
    : v !== null && typeof v === 'object'
      ? Object.entries(v).map(([k, x]) => [k, keyOrder(x)])
      : typeof v === 'bigint'
        ? `${v}n`
        : v;
function agreesInOrder(text: string): boolean {
  if (!agrees(text)) return false;
  expect(keyOrder(blockValues(text))).toEqual(keyOrder(loadYamlValue(text)));
  return true;
}

describe('blockValues', () => {
  it("reads generated documents as js-yaml and the full parse do, in both libraries' block styles (law)", () => {
    let read = 0;
    fc.assert(
      fc.property(blockText, (text) => {
        if (agreesInOrder(text)) read++;
      }),
      { numRuns: 500, seed: 25 },
    );
    expect(read).toBeGreaterThan(100); // the line scan is taken, not only given up
  });

  it('gives up or agrees when the text holds comments, flow style, anchors, several documents, odd spacing', () => {
    fc.assert(
      fc.property(
        fc.oneof(plainResource, resource),
        fc.constantFrom(...YAML_EDITS.keys()),
        fc.boolean(),
        (v, e, useYaml) => {
          agreesInOrder((YAML_EDITS[e] as (t: string) => string)(useYaml ? stringify(v) : dump(v)));
        },
      ),
      { numRuns: 1500, seed: 26 },
    );
  });

  it('reads kubectl-style output and the edges js-yaml reads its own way', () => {
    const text = [
      '# a licence header',
      'apiVersion: v1',
      'kind: Pod',
      'metadata:',
      '  creationTimestamp: null',
      "  name: 'it''s'",
      '  labels: {}',
      '  annotations:',
      '    a: "x: y #z"',
      '    b: a#b',
      '    c: http://x:80/y',
      '    d: --flag',
      '    e: 0o17',
      '    f: -.5',
      '    g: 1_000',
      '    h: 12345678901234567890',
      '    i: ~',
      '    j: .NaN',
      '    k: TRUE',
      '    l: yes',
      '    m: "é ü ✓"',
      '    toString: x',
      'spec:',
      '  containers:',
      '  - args: []',
      '    image: "nginx:1.27"',
      '    resources: {}',
      '  -   name: b',
      '      ports:',
      '      - - 1',
      '        - 2',
      '      -   - 3',
      'status: {}',
      '',
    ].join('\n');
    expect(agreesInOrder(text)).toBe(true);
    // Duplicate keys, `__proto__`, null and bool keys, empty values and items: js-yaml's or the full parse's.
    for (const [from, to] of [
      ['  labels: {}', '  labels: {}\n  labels: {}'],
      ['  labels: {}', '  __proto__: {}'],
      ['  labels: {}', '  null: {}'],
      ['  labels: {}', '  True: {}'],
      ['status: {}', 'status:'],
      ['  -   name: b', '  -'],
      ['    b: a#b', '    b: a #b'],
      ['    b: a#b', '    b: a: b'],
      ['    b: a#b', '    b: x\n      y'],
    ] as const) {
      expect(blockValues(text.replace(from, to)), to).toBeUndefined();
    }
  });

  it('reads every one-line scalar as js-yaml does (law)', () => {
    // Pieces of the core schema's null, bool, int and float forms, of words that only look like them, and of
    // YAML's indicators.
    const piece = fc.constantFrom(
      ...['true', 'True', 'tRUE', 'FALSE', 'null', 'NULL', 'nULL', '~', '0', '1', '9', '0x', '0o', 'e', 'E', '.'],
      ...['-', '+', 'inf', 'Inf', 'nan', 'NaN', '_', 'a', ' ', ':', '#', "'", '"', '\\', '[', '{', ',', '&', '*', '!'],
    );
    const text = fc.array(piece, { minLength: 1, maxLength: 5 }).map((ps) => ps.join(''));
    let read = 0;
    fc.assert(
      fc.property(text, (s) => {
        for (const t of [`v: ${s}\n`, `v:\n- ${s}\n`, `v:\n  - w: ${s}\n    x: 1\n`]) {
          let js: unknown;
          try {
            js = loadYamlValue(t);
          } catch {
            expect(blockValues(t), t).toBeUndefined();
            continue;
          }
          const fast = blockValues(t);
          if (fast === undefined) continue;
          read++;
          expect(fast, t).toStrictEqual(js);
        }
      }),
      { numRuns: 3000, seed: 27 },
    );
    expect(read).toBeGreaterThan(3000);
  });

  it("reads the UI benchmark's 1 MB paste", () => {
    expect(agreesInOrder(bigClusterYaml(1_000_000, 3))).toBe(true);
  });
});

describeCorpus('blockValues over the corpus', () => {
  it('agrees with js-yaml and parseResources on every YAML file it reads, and reads the plain ones', () => {
    let read = 0;
    for (const file of walk(CORPUS)) {
      if (!/\.ya?ml$/.test(file)) continue;
      if (agreesInOrder(readFileSync(file, 'utf8'))) read++;
    }
    expect(read).toBeGreaterThan(20);
  });
});
