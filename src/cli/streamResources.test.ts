import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { parseResources, type ParsedDocument } from '../core/index.ts';
import { streamResources } from './streamResources.ts';

/** The text in chunks of `size` characters. */
async function* chunked(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function streamed(text: string, size = 7) {
  const documents: ParsedDocument[] = [];
  const codes: string[] = [];
  for await (const b of streamResources(chunked(text, size), 'f.yaml')) {
    documents.push(...b.documents);
    codes.push(...b.issues.map((i) => i.code));
  }
  return { documents, codes };
}

/** What the whole-text parse says: values, List paths and the range of every path it knows. */
function sameAsWholeParse(text: string, got: readonly ParsedDocument[]): void {
  const want = parseResources(text, 'f.yaml').documents;
  expect(got.map((d) => d.value)).toEqual(want.map((d) => d.value));
  expect(got.map((d) => d.listPath)).toEqual(want.map((d) => d.listPath));
  got.forEach((d, i) => {
    expect(want[i]!.ranges.size).toBeGreaterThan(0);
    for (const [k, r] of want[i]!.ranges)
      expect([k, d.ranges.get(k)?.start.line, d.ranges.get(k)?.start.col]).toEqual([k, r.start.line, r.start.col]);
  });
}

const item = (i: number) => ({
  apiVersion: 'example.com/v1',
  kind: 'Widget',
  metadata: { name: `w${i}`, labels: { a: 'b' } },
  spec: { size: i, tags: ['x', 'y'], nested: [{ k: 'v', n: [1, 2] }], text: 'line one\nline two\n' },
});

describe('streamResources', () => {
  it('a List as kubectl prints it (YAML, items at column 1), any chunking: values and positions as the whole parse', async () => {
    const text = `apiVersion: v1\nitems:\n${stringify(
      Array.from({ length: 5 }, (_, i) => item(i)),
      { indentSeq: false },
    )}kind: List\nmetadata:\n  resourceVersion: ""\n`;
    for (const size of [1, 5, 64, 1 << 20]) {
      const r = await streamed(text, size);
      expect(r.codes).toEqual([]);
      sameAsWholeParse(text, r.documents);
    }
  });

  it('a List with indented items, a multi-document stream with comments and markers, and JSON', async () => {
    const items = Array.from({ length: 3 }, (_, i) => item(i));
    const texts = [
      stringify({ apiVersion: 'v1', kind: 'List', items }),
      `# head\n---\n${items.map((x) => stringify(x)).join('---\n')}...\n---\n# only a comment\n`,
      JSON.stringify({ apiVersion: 'v1', items, kind: 'List', metadata: {} }, null, 2),
      JSON.stringify({ apiVersion: 'v1', items, kind: 'List' }),
      JSON.stringify(items[0], null, 2),
    ];
    for (const text of texts)
      for (const size of [3, 100, 1 << 20]) {
        const r = await streamed(text, size);
        expect(r.codes).toEqual([]);
        sameAsWholeParse(text, r.documents);
      }
  });

  it('any List of JSON-like values, YAML or JSON, cut anywhere, reads as the whole parse', async () => {
    const key = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,6}$/);
    const value = fc.letrec((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.integer(),
        fc.boolean(),
        fc.array(tie('v'), { maxLength: 3 }),
        fc.dictionary(key, tie('v'), { maxKeys: 3 }),
      ),
    })).v;
    const obj = fc.dictionary(key, value, { minKeys: 1, maxKeys: 4 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(obj, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 50 }),
        fc.boolean(),
        async (items, size, json) => {
          const list = { apiVersion: 'v1', items, kind: 'List' };
          const text = json ? JSON.stringify(list, null, 1) : stringify(list, { indentSeq: false });
          const r = await streamed(text, size);
          expect(r.codes).toEqual([]);
          sameAsWholeParse(text, r.documents);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('problems keep their place: a syntax error in the third document, a wrapper that is not a List, no document', async () => {
    const bad = `${stringify(item(0))}---\n${stringify(item(1))}---\na: [1\n`;
    const r = await streamed(bad);
    expect(r.documents).toHaveLength(2);
    expect(r.codes).toEqual(['YAML_SYNTAX']);
    const notList = await streamed('kind: Thing\nitems:\n- a: 1\n');
    expect(notList.codes).toEqual(['NOT_A_LIST']);
    expect((await streamed('# nothing\n')).codes).toEqual(['EMPTY_INPUT']);
  });
});
