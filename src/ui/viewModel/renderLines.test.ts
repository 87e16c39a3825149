import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathKey, type FateKind, type Path } from '../../core/index.ts';
import { FATE_ORDER, firstLineUnder, lineAt, packedYaml, pathKeyAt, srcKeyAt, yamlKey } from './packLines.ts';
import { parse } from 'yaml';
import type { Line } from './types.ts';
import {
  MISSING,
  withMissing,
  renderHead,
  renderLines,
  renderPacked,
  yamlScalar,
  type FateInfo,
} from './renderLines.ts';

const K = (...p: (string | number)[]) => p.join('\u0000');

describe('renderLines', () => {
  it('renders YAML lines with paths, fates and inherited fates', () => {
    const fates = new Map([[K('spec', 'old'), { kind: 'bagged' as const, reason: 'no field', src: ['spec', 'old'] }]]);
    const lines = renderLines({ kind: 'K', spec: { old: { x: 1 }, list: [{ a: 1, b: 'two' }, 'three'] } }, fates);
    const text = lines.map(
      (l) =>
        `${' '.repeat(l.dash ? l.indent - 2 : l.indent)}${l.dash ? '- ' : ''}${l.key ? `${l.key}:` : ''}${l.value !== undefined ? `${l.key ? ' ' : ''}${l.value}` : ''}`,
    );
    expect(text).toEqual([
      'kind: K',
      'spec:',
      '  old:',
      '    x: 1',
      '  list:',
      '    - a: 1',
      '      b: two',
      '    - three',
    ]);
    expect(lines.find((l) => l.path === K('spec', 'old', 'x'))?.fate).toBe('bagged');
    expect(lines.find((l) => l.path === K('spec', 'list', 0, 'b'))?.fate).toBeUndefined();
  });

  it('shows a placeholder where a required field is missing, copying only the path to it', () => {
    const original = { spec: { keep: { a: 1 } }, other: { b: 2 } };
    const doc = withMissing(original, ['spec', 'address']) as typeof original & { spec: { address?: unknown } };
    expect(doc.spec.address).toBe(MISSING);
    expect(original.spec).toEqual({ keep: { a: 1 } });
    expect(doc.other).toBe(original.other);
    expect(doc.spec.keep).toBe(original.spec.keep);
    expect(withMissing(original, ['spec', 'keep'])).toBe(original);
    expect(withMissing({ spec: 'x' }, ['spec', 'a', 'b'])).toEqual({ spec: { a: { b: MISSING } } });
    expect(withMissing({ list: [{ a: 1 }] }, ['list', 0, 'b'])).toEqual({ list: [{ a: 1, b: MISSING }] });
    const line = renderLines(doc, new Map()).find((l) => l.path === K('spec', 'address'));
    expect(line).toMatchObject({ missing: true, fate: 'required-missing' });
  });

  it('quotes scalars only when YAML would read them differently', () => {
    expect(yamlScalar('plain')).toBe('plain');
    expect(yamlScalar('2011-01-01')).toBe('"2011-01-01"');
    expect(yamlScalar('true')).toBe('"true"');
    expect(yamlScalar('a: b')).toBe('"a: b"');
    expect(yamlScalar(3)).toBe('3');
  });
});

// The straightforward renderer (a full path and source path string per line): the packed renderer must
// give the same lines.
const INHERITED = new Set<FateKind>(['copied', 'bagged', 'unbagged', 'lost', 'pruned', 'opaque', 'manual']);
function oracle(value: unknown, fates: ReadonlyMap<string, FateInfo>): Line[] {
  const out: Line[] = [];
  const ROOT = '\u0001';
  const join = (k: string, seg: string | number) => (k === ROOT ? String(seg) : `${k}\u0000${seg}`);
  const emit = (
    indent: number,
    dash: boolean,
    key: string | undefined,
    value: string | undefined,
    fate: FateInfo | undefined,
    at: string,
    src: string,
    missing = false,
  ) => {
    const path = at === ROOT ? '' : at;
    const s = src === ROOT ? '' : src;
    out.push({
      indent,
      path,
      ...(s !== path ? { src: s } : {}),
      ...(dash ? { dash } : {}),
      ...(missing ? { missing } : {}),
      ...(key !== undefined ? { key: yamlKey(key) } : {}),
      ...(value !== undefined ? { value } : {}),
      ...(fate ? { fate: fate.kind, reason: fate.reason } : {}),
      ...(fate?.code ? { code: fate.code } : {}),
    });
  };
  const walk = (
    node: unknown,
    at: string,
    indent: number,
    dash: boolean,
    key: string | undefined,
    inherited: FateInfo | undefined,
    src: string,
  ): void => {
    const own = fates.get(at === ROOT ? '' : at);
    const fate = own ?? inherited;
    const here = own?.src ? (own.src.length === 0 ? ROOT : pathKey(own.src)) : src;
    const pass = fate && INHERITED.has(fate.kind) ? fate : undefined;
    if (node === MISSING) {
      const f = fate ?? { kind: 'required-missing' as const, reason: 'required by the destination and absent' };
      emit(indent, dash, key, '# required, missing', f, at, here, true);
      return;
    }
    if (Array.isArray(node)) {
      if (node.length === 0) return emit(indent, dash, key, '[]', fate, at, here);
      if (key !== undefined || dash) emit(indent, dash, key, undefined, fate, at, here);
      const itemIndent = key !== undefined ? indent + 4 : indent + 2;
      node.forEach((v, i) => walk(v, join(at, i), itemIndent, true, undefined, pass, join(here, i)));
      return;
    }
    if (node !== null && typeof node === 'object') {
      const keys = Object.keys(node);
      if (keys.length === 0) return emit(indent, dash, key, '{}', fate, at, here);
      const obj = node as Record<string, unknown>;
      if (key !== undefined) {
        emit(indent, dash, key, undefined, fate, at, here);
        for (const k of keys) walk(obj[k], join(at, k), indent + 2, false, k, pass, join(here, k));
        return;
      }
      keys.forEach((k, i) => {
        const childAt = join(at, k);
        walk(obj[k], childAt, indent, dash && i === 0, k, fates.has(childAt) ? pass : (fate ?? pass), join(here, k));
      });
      return;
    }
    emit(indent, dash, key, yamlScalar(node), fate, at, here);
  };
  walk(value, ROOT, 0, false, undefined, undefined, ROOT);
  return out;
}

/** Every node's path in a document. */
function nodePaths(v: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => nodePaths(x, [...at, i], out));
  else if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) nodePaths(x, [...at, k], out);
  return out;
}

const keyArb = fc.oneof(fc.constantFrom('a', 'b', 'name', 'true', 'x y', '0', ''), fc.string({ maxLength: 4 }));
const docArb = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean(), fc.constant(null)),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(keyArb, tie('node'), { maxKeys: 4 }),
  ),
})).node;

describe('renderHead', () => {
  it('renders the first lines of the whole rendering, and says when it left lines out (law)', () => {
    fc.assert(
      fc.property(docArb, fc.nat({ max: 12 }), (doc, limit) => {
        const whole = renderPacked(doc, new Map());
        const { lines, cut } = renderHead(doc, new Map(), limit);
        expect(lines.size).toBe(Math.min(limit, whole.size));
        expect(cut).toBe(whole.size > limit);
        for (let i = 0; i < lines.size; i++) expect(lineAt(lines, i)).toEqual(lineAt(whole, i));
      }),
    );
  });
});

describe('renderPacked', () => {
  it('gives the lines of the straightforward renderer, paths and source paths included', () => {
    fc.assert(
      fc.property(
        docArb,
        fc.array(
          fc.record({
            at: fc.nat(),
            kind: fc.constantFrom(...FATE_ORDER),
            from: fc.option(fc.nat(), { nil: undefined }),
            code: fc.boolean(),
          }),
          { maxLength: 8 },
        ),
        fc.boolean(),
        (doc, picks, missing) => {
          // A root key '' has the root's own pathKey (''): an ambiguity of the key format, not of rendering.
          fc.pre(doc === null || typeof doc !== 'object' || Array.isArray(doc) || !Object.hasOwn(doc, ''));
          const paths = nodePaths(doc);
          const fates = new Map<string, FateInfo>();
          for (const p of picks) {
            const at = paths[p.at % paths.length] as Path;
            const src = p.from === undefined ? undefined : [...(paths[p.from % paths.length] as Path), 'old'];
            fates.set(pathKey(at), {
              kind: p.kind,
              reason: `why ${p.kind}`,
              ...(p.code ? { code: 'LOST' as const } : {}),
              ...(src ? { src } : {}),
            });
          }
          const d = missing ? withMissing(doc, ['spec', 'required']) : doc;
          const packed = renderPacked(d, fates);
          const expected = oracle(d, fates);
          expect(renderLines(d, fates)).toEqual(expected);
          expected.forEach((l, i) => {
            expect(pathKeyAt(packed, i)).toBe(l.path);
            expect(srcKeyAt(packed, i)).toBe(l.src ?? l.path);
          });
          // Selecting a field finds the first line showing it (or inside it), as a scan of the source paths would.
          const under = (k: string, hl: string) => k === hl || k.startsWith(hl + '\u0000');
          for (const hl of new Set(['', 'nope', ...expected.flatMap((l) => [l.path, l.src ?? l.path])]))
            expect(firstLineUnder(packed, hl), hl).toBe(expected.findIndex((l) => under(l.src ?? l.path, hl)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps the source path of a renamed field for everything under it', () => {
    const fates = new Map([
      [K('spec', 'old'), { kind: 'bagged' as const, reason: 'no field', code: 'LOST' as const, src: ['spec', 'was'] }],
    ]);
    const doc = withMissing({ kind: 'K', spec: { old: { x: 1 }, list: [{ a: 1 }, 'b'] } }, ['spec', 'req']);
    const packed = renderPacked(doc, fates);
    const i = Array.from({ length: packed.size }, (_, j) => lineAt(packed, j)).findIndex(
      (l) => l.path === K('spec', 'old', 'x'),
    );
    expect(srcKeyAt(packed, i)).toBe(K('spec', 'was', 'x'));
    expect(lineAt(packed, i)).toMatchObject({ fate: 'bagged', src: K('spec', 'was', 'x') });
  });
});

describe('packedYaml (Copy YAML)', () => {
  // Any JSON value a resource can hold, with keys and strings that need quoting in YAML.
  const tricky = fc.constantFrom(
    '@at',
    '.inf',
    '-.Inf',
    '.nan',
    '.0',
    '.5e3',
    'yes',
    'No',
    '~',
    '',
    ' lead',
    'trail ',
    'a: b',
    'a #b',
    '- x',
    '*alias',
    '&anchor',
    '!tag',
    '%x',
    '{x}',
    '[x]',
    '12',
    '0x1F',
    '1e3',
    'multi\nline',
    '"q"',
    "'s'",
    '`b`',
    '|',
    '>',
    '?',
    '2001-12-14',
  );
  const str = fc.oneof(fc.string(), tricky);
  const value = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      str,
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Object.is(d, -0)),
      fc.boolean(),
      fc.constant(null),
      tie('arr'),
      tie('obj'),
    ),
    arr: fc.array(tie('node'), { maxLength: 4 }),
    obj: fc.dictionary(str, tie('node'), { maxKeys: 4 }),
  })).node;

  it('gives YAML that reads back as the document the pane shows', () => {
    fc.assert(
      fc.property(fc.dictionary(str, value, { minKeys: 1, maxKeys: 5 }), (doc) => {
        const text = packedYaml(renderPacked(doc, new Map()));
        expect(parse(text)).toEqual(doc);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves out the placeholders of missing required fields', () => {
    const text = packedYaml(renderPacked(withMissing({ spec: { a: 1 } }, ['spec', 'b']), new Map()));
    expect(text).toBe('spec:\n  a: 1\n');
  });
});
