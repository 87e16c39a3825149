import { describe, expect, it } from 'vitest';
import { parseResources } from './parseResources.ts';
import { pathKey } from '../model/path.ts';

describe('parseResources', () => {
  it('reads every document of a multi-document text in order', () => {
    const r = parseResources('a: 1\n---\nb: 2\n');
    expect(r.issues).toEqual([]);
    expect(r.documents.map((d) => d.value)).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('expands kind: List items into documents', () => {
    const r = parseResources('kind: List\nitems:\n  - kind: A\n  - kind: B\n');
    expect(r.documents.map((d) => (d.value as { kind: string }).kind)).toEqual(['A', 'B']);
    expect(r.documents[1]?.listPath).toEqual(['items', 1]);
  });

  it('reports a syntax error with line and column instead of throwing', () => {
    const r = parseResources('a: 1\nb: [1, 2\nc: 3\n', 'x.yaml');
    expect(r.issues[0]?.code).toBe('YAML_SYNTAX');
    expect(r.issues[0]?.file).toBe('x.yaml');
    expect(r.issues[0]?.range?.start.line).toBeGreaterThanOrEqual(2);
  });

  it('reports an empty input', () => {
    expect(parseResources('   \n').issues.map((i) => i.code)).toEqual(['EMPTY_INPUT']);
  });

  it('records the source range of nested fields', () => {
    const r = parseResources('spec:\n  name: x\n');
    expect(r.documents[0]?.ranges.get(pathKey(['spec', 'name']))?.start).toMatchObject({ line: 2, col: 3 });
  });

  it('parses JSON input too', () => {
    expect(parseResources('{"a": [1, 2]}').documents[0]?.value).toEqual({ a: [1, 2] });
  });
});

describe('parseResources: resource exhaustion', () => {
  it('an alias bomb becomes a YAML_SYNTAX issue at the document, never an exception', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (const n of 'bcdefg') {
      const prev = String.fromCharCode(n.charCodeAt(0) - 1);
      lines.push(`${n}: &${n} [${Array(10).fill(`*${prev}`).join(', ')}]`);
    }
    const r = parseResources(lines.join('\n'), 'bomb.yaml');
    expect(r.documents).toEqual([]);
    expect(r.issues.map((i) => [i.code, i.file, i.range?.start.line])).toEqual([['YAML_SYNTAX', 'bomb.yaml', 1]]);
  });
});
