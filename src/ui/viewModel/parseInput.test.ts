// The values-only parse of a large paste (parseValues: JSON.parse or js-yaml's core schema) reads resources
// as the full parse (the `yaml` package, via parseResources) does; where it does not, the two-phase
// explore ends on the full parse's result. Errors keep their line and column.
// @vitest-environment node
import fc from 'fast-check';
import { parseAllDocuments, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { describeCorpus } from '../../core/testdata/corpusSuite.ts';
import { parseResources, serializeCatalog } from '../../core/index.ts';
import { importFiles } from '../../importers/index.ts';
import { bigClusterYaml } from '../../../bench/support/bigResource.ts';
import { explore, exploreRanges, prepareWholePanes, setCatalog } from './engine.ts';
import { FAST_PARSE_CHARS, parseInput, parseRanges, parseValues, sameValue } from './parseInput.ts';
import type { ExploreRequest, ExploreResult } from './types.ts';
import { lineAt } from './packLines.ts';
import { completed } from './firstLines.ts';

// The shared corpus of real resources (beside the repository) and the Service Fabric catalog's sources.
const corpus = import.meta.glob<string>('@corpus/**/samples/**/*.yaml', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const serviceFabric = import.meta.glob<string>('../../catalogs/servicefabric/source/*', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The full parse's value of a one-document text, or undefined when it has issues or is not one object. */
function fullValue(text: string): unknown {
  const r = parseResources(text);
  if (r.issues.length > 0 || r.documents.length !== 1) return undefined;
  return r.documents[0]?.value;
}

describeCorpus('parseValues on the corpus', () => {
  it('reads every corpus sample document as the yaml package does', () => {
    expect(Object.keys(corpus).length).toBeGreaterThan(100);
    let compared = 0;
    for (const [file, text] of Object.entries(corpus)) {
      // Each document of the file on its own (the fast path takes single-resource texts).
      for (const doc of parseAllDocuments(text)) {
        if (doc.errors.length > 0 || !doc.range) continue;
        const part = text.slice(doc.range[0], doc.range[2]);
        const fast = parseValues(part, 0);
        const full = fullValue(part);
        if (fast === undefined) continue; // not a single object (or a List): only the full parse applies
        expect(full, `${file} at ${doc.range[0]}`).toBeDefined();
        expect(sameValue(fast.value, full), `${file} at ${doc.range[0]}`).toBe(true);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});

describe('parseValues', () => {
  it('reads generated resources as the yaml package does', () => {
    const scalar = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom('yes', 'no', 'on', 'off', '~', 'Null', 'TRUE', '0x1F', '0o17', '2001-12-14', '1e3', '+1', '.inf'),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('arr'), tie('obj')),
      arr: fc.array(tie('node'), { maxLength: 4 }),
      obj: fc.dictionary(fc.string({ minLength: 1 }), tie('node'), { maxKeys: 4 }),
    })).node;
    const resource = fc.record({ apiVersion: fc.constant('x.io/v1'), kind: fc.constant('Thing'), spec: value });
    fc.assert(
      fc.property(resource, fc.boolean(), (r, flow) => {
        const text = flow ? JSON.stringify(r) : stringify(r, { lineWidth: 0 });
        const fast = parseValues(text, 0);
        const full = fullValue(text);
        // It only declines texts that may hold an alias (a `*`, even quoted: declining costs speed, not truth),
        // or an integer beyond 2^53 (16 digits: js-yaml reads doubles; the full parse keeps it exact).
        if (fast === undefined) return text.includes('*') || /\d{16}/.test(text);
        return sameValue(fast.value, full);
      }),
      { numRuns: 300 },
    );
  });

  it('agrees on the YAML 1.2 core scalars a resource uses', () => {
    const plain = [
      'a',
      'yes',
      'No',
      'on',
      'OFF',
      'y',
      '~',
      'null',
      'Null',
      'true',
      'False',
      '12',
      '-3',
      '+4',
      '0777',
      '0o17',
      '0x1F',
      '1.5',
      '-.5',
      '1e3',
      '2001-12-14',
      '2001-12-14T21:59:43.10-05:00',
      '12:30:00',
      '=',
      '"quoted"',
      "'single'",
      '"\\u00e9\\t"',
    ];
    for (const s of plain) {
      const text = `apiVersion: x.io/v1\nkind: Thing\nspec:\n  v: ${s}\n  list: [${s}, ${s}]\n`;
      const fast = parseValues(text, 0);
      expect(fast, s).toBeDefined();
      expect(sameValue(fast?.value, fullValue(text)), s).toBe(true);
    }
    // NaN and Infinity have no JSON form: both parses refuse them (the full one says NUMBER_NOT_JSON).
    for (const s of ['.inf', '-.Inf', '.nan']) {
      const text = `apiVersion: x.io/v1\nkind: Thing\nspec:\n  v: ${s}\n`;
      expect(parseValues(text, 0), s).toBeUndefined();
      expect(parseResources(text).issues.map((i) => i.code)).toEqual(['NUMBER_NOT_JSON']);
    }
  });

  it('leaves small, multi-document, List and invalid texts to the full parse', () => {
    const big = bigClusterYaml(FAST_PARSE_CHARS + 1000);
    expect(parseValues(big)).toBeDefined();
    expect(parseValues(big.slice(0, 1000))).toBeUndefined();
    expect(parseValues(`${big}---\n${big}`)).toBeUndefined();
    expect(parseValues(`apiVersion: v1\nkind: List\nitems:\n  - ${'a'.repeat(FAST_PARSE_CHARS)}\n`)).toBeUndefined();
    expect(parseValues(`${big}  bad: [\n`)).toBeUndefined();
    expect(parseValues(`${big}metadata: {}\n`)).toBeUndefined(); // duplicate key
    // Aliases: the full parse caps their expansion (an alias bomb would exhaust memory in the fast one).
    expect(parseValues(`${big}  a: &x [1, 2]\n  b: [*x, *x]\n`)).toBeUndefined();
    expect(parseValues(`${big}  hosts: ["*.example.com"]\n`)).toBeDefined();
  });

  it('compares values with their key order', () => {
    expect(sameValue({ a: 1, b: [1, { c: null }] }, { a: 1, b: [1, { c: null }] })).toBe(true);
    expect(sameValue({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameValue([1, 2], [1, 2, 3])).toBe(false);
    expect(sameValue({ a: '1' }, { a: 1 })).toBe(false);
    expect(sameValue(Number.NaN, Number.NaN)).toBe(true);
  });
});

describe('parseRanges', () => {
  it('is parseInput for every text parseValues reads: plain block YAML, YAML it gives up on, JSON', () => {
    const y = bigClusterYaml(FAST_PARSE_CHARS + 1000, 5);
    const inputs = [
      y,
      `# a comment\n${y}`,
      `\n# a licence header\n\n#\n${y}`,
      y.replace('  location: westeurope\n', '  location: westeurope # here\n  tags: {a: "b"}\n'),
      JSON.stringify(parseResources(y).documents[0]?.value, null, 2),
    ];
    for (const text of inputs) {
      const fast = parseValues(text);
      expect(fast).toBeDefined();
      if (fast) expect(parseRanges(text, fast)).toEqual(parseInput(text));
    }
  });
});

describe('parseInput errors', () => {
  it('reports a syntax error of a large YAML text with its line and column', () => {
    const big = bigClusterYaml(FAST_PARSE_CHARS + 1000);
    const lines = big.split('\n').length;
    const r = parseInput(`${big}  bad: [\n`);
    const e = r.issues.find((i) => i.code === 'YAML_SYNTAX');
    expect(e?.range?.start.line).toBeGreaterThanOrEqual(lines - 1);
    expect(e?.range?.start.col).toBeGreaterThan(0);
  });
});

describe('two-phase explore', () => {
  const files = Object.entries(serviceFabric).map(([p, text]) => ({ name: p.split('/').at(-1) ?? p, text }));
  const { catalog } = importFiles(files, { id: 'servicefabric' });
  setCatalog('sf', JSON.parse(serializeCatalog(catalog)) as unknown);

  const strip = (r: ExploreResult) => ({ ...r, millis: 0, rangesPending: undefined });
  /** The first phase completed by its update, as the page ends up showing it. */
  function twoPhase(req: ExploreRequest): { first: ExploreResult; final: ExploreResult; replaced: boolean } {
    const first = explore(req, true);
    const u = first.rangesPending ? exploreRanges() : undefined;
    // (As the page's conversion client completes it: the update's whole panes replace the first lines.)
    const final = u ? completed(first, u) : first;
    return { first, final, replaced: u !== undefined && 'result' in u };
  }
  const onePhase = (req: ExploreRequest) => explore(req);

  // Each view's two panes: the ASO design's Hub and Target, As deployed's Stored and Target.
  const views = {
    aso: (r: ExploreResult) => [r.hub, r.target],
    deployed: (r: ExploreResult) => [r.deployed?.stored, r.deployed?.target],
  } as const;

  it.each(Object.keys(views) as (keyof typeof views)[])(
    'ends where the one-phase explore does, for YAML and JSON (%s)',
    (storage) => {
      const panes = views[storage];
      // (The last field, outside the schema, is dropped on write: a marker for the second phase in either view.)
      const y = bigClusterYaml(300_000, 7) + '  notInTheSchema: 1\n';
      for (const input of [y, JSON.stringify(parseResources(y).documents[0]?.value, null, 1)]) {
        const req: ExploreRequest = { catalogKey: 'sf', input, document: 0, targetVersion: '2016-09-01', storage };
        const { first, final, replaced } = twoPhase(req);
        expect(first.rangesPending).toBe(true);
        expect(first.storageView).toBe(storage);
        // The first phase renders the panes' first lines only, as the whole panes begin.
        const [heads, wholes] = [panes(first), panes(final)];
        expect(heads.map((p) => p?.partial)).toEqual([true, true]);
        expect(wholes.map((p) => p?.partial)).toEqual([undefined, undefined]);
        expect(wholes[0]?.lines.size).toBeGreaterThan(1000);
        for (const [i, whole] of wholes.entries()) {
          const head = heads[i]?.lines;
          expect(head && whole && head.size > 20 && head.size < whole.lines.size).toBe(true);
          if (head && whole)
            for (let j = 0; j < head.size; j++) expect(lineAt(head, j)).toEqual(lineAt(whole.lines, j));
        }
        expect(replaced).toBe(false);
        expect(final.ranges.keys.length).toBeGreaterThan(1000);
        expect(final.markers.length).toBeGreaterThan(0);
        const one = onePhase(req);
        expect(one.rangesPending).toBeUndefined();
        expect(strip(final)).toEqual(strip(one));
        // The worker renders the whole panes while the page paints the first lines: the same panes.
        const again = explore(req, true);
        prepareWholePanes();
        const early = exploreRanges();
        expect(early && panes(completed(again, early))).toEqual(panes(one));
      }
    },
  );

  it('replaces the first result when the full parse reads the text differently (a merge key)', () => {
    const y = bigClusterYaml(FAST_PARSE_CHARS + 1000, 3).replace(
      '  location: westeurope\n',
      '  location: westeurope\n  extra:\n    <<: {a: b}\n',
    );
    const req: ExploreRequest = { catalogKey: 'sf', input: y, document: 0 };
    const { final, replaced } = twoPhase(req);
    expect(replaced).toBe(true);
    expect(strip(final)).toEqual(strip(onePhase(req)));
  });

  it('does not take the fast path for small inputs or unknown kinds', () => {
    const small = bigClusterYaml(2000);
    expect(explore({ catalogKey: 'sf', input: small, document: 0 }, true).rangesPending).toBeUndefined();
    const unknown = bigClusterYaml(FAST_PARSE_CHARS + 1000).replace('kind: Cluster', 'kind: Nope');
    const r = explore({ catalogKey: 'sf', input: unknown, document: 0 }, true);
    expect(r.rangesPending).toBeUndefined();
    expect(r.blocking[0]?.range?.start.line).toBe(2);
  });
});
