// blockRanges must give exactly parseResources' range map wherever it gives one, and give up (undefined) on
// whatever it cannot place exactly: generated documents, texts mangled with YAML's other forms, and the corpus.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { blockRanges } from './blockRanges.ts';
import { loadYamlValue } from './fastParse.ts';
import { parseResources } from './parseResources.ts';
import { bigClusterYaml } from '../../../bench/support/bigResource.ts';
import { describeCorpus } from '../testdata/corpusSuite.ts';
import { CORPUS, walk } from '../testdata/loadCatalogs.ts';
import { blockText, resource, YAML_EDITS } from '../testdata/blockYaml.ts';

/** blockRanges over the values-only parse; 'no value' where that parse refuses the text. */
function cheap(text: string): ReadonlyMap<string, unknown> | undefined | 'no value' {
  let value: unknown;
  try {
    value = loadYamlValue(text);
  } catch {
    return 'no value';
  }
  return blockRanges(text, value);
}

/** The full parse's ranges of a one-document text (undefined when it reports anything). */
function full(text: string): ReadonlyMap<string, unknown> | undefined {
  const p = parseResources(text);
  return p.issues.length === 0 && p.documents.length === 1 ? p.documents[0]?.ranges : undefined;
}

/** Either no cheap ranges, or the full parse's, entry for entry and in the same order. */
function agrees(text: string): boolean {
  const c = cheap(text);
  if (c === undefined || c === 'no value') return false;
  expect([...c], text).toEqual([...(full(text) ?? new Map())]);
  return true;
}

describe('blockRanges', () => {
  it("equals parseResources' ranges on generated documents, in both libraries' block styles", () => {
    let placed = 0;
    fc.assert(
      fc.property(blockText, (text) => {
        if (agrees(text)) placed++;
      }),
      { numRuns: 400, seed: 18 },
    );
    expect(placed).toBeGreaterThan(100); // the cheap path is taken, not only given up
  });

  it('gives up or agrees when the text holds comments, flow style, anchors, several documents, odd spacing', () => {
    fc.assert(
      fc.property(resource, fc.constantFrom(...YAML_EDITS.keys()), (v, e) => {
        agrees((YAML_EDITS[e] as (t: string) => string)(stringify(v)));
      }),
      { numRuns: 600, seed: 19 },
    );
  });

  it('places kubectl-style output: empty flow collections, null, quoted values, sequences at the key indent', () => {
    const text = [
      'apiVersion: v1',
      'kind: Pod',
      'metadata:',
      '  creationTimestamp: null',
      "  name: 'it''s'",
      '  labels: {}',
      'spec:',
      '  containers:',
      '  - args: []',
      '    image: "nginx:1.27"',
      '    resources: {}',
      '  -   name: b',
      'status: {}',
      '',
    ].join('\n');
    expect(agrees(text)).toBe(true);
    expect(agrees(text.replace('labels: {}', 'labels: {a: b}'))).toBe(false);
    expect(agrees(text.replace('status: {}', 'status:'))).toBe(false);
  });

  it("places the UI benchmark's 1 MB paste exactly", () => {
    expect(agrees(bigClusterYaml(1_000_000, 3))).toBe(true);
  });
});

describeCorpus('blockRanges over the corpus', () => {
  it('agrees with parseResources on every YAML file it places, and places the plain ones', () => {
    let placed = 0;
    for (const file of walk(CORPUS)) {
      if (!/\.ya?ml$/.test(file)) continue;
      if (agrees(readFileSync(file, 'utf8'))) placed++;
    }
    console.log(`blockRanges placed ${placed} corpus files`);
    expect(placed).toBeGreaterThan(20);
  });
});
