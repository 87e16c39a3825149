import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Fate } from '../../core/index.ts';
import { Ghost, withGhosts } from './ghosts.ts';
import { copiedYaml, leftOut, packedYaml } from './packLines.ts';
import { renderLines, renderPacked } from './renderLines.ts';

const K = (...p: (string | number)[]) => p.join('\u0000');

// Flux HelmRelease v2beta1 -> v2: kustomize's two patch lists have no place in v2.
const source = {
  spec: {
    postRenderers: [
      {
        kustomize: {
          patches: [{ patch: 'p' }],
          patchesStrategicMerge: [{ kind: 'Deployment' }],
          images: [{ name: 'a' }],
        },
      },
    ],
  },
};
const target = { spec: { postRenderers: [{ kustomize: { patches: [{ patch: 'p' }], images: [{ name: 'a' }] } }] } };
const lost: Fate = {
  kind: 'lost',
  sourcePath: ['spec', 'postRenderers', 0, 'kustomize', 'patchesStrategicMerge'],
  reason: 'the destination version has no property bag',
  causes: [],
};

describe('withGhosts', () => {
  it('puts a lost field where it would be, in the source key order, without touching the document', () => {
    const doc = withGhosts(target, source, [lost]) as typeof target;
    const k = doc.spec.postRenderers[0]?.kustomize as Record<string, unknown>;
    expect(Object.keys(k)).toEqual(['patches', 'patchesStrategicMerge', 'images']);
    expect(k.patchesStrategicMerge).toBeInstanceOf(Ghost);
    expect((k.patchesStrategicMerge as Ghost).value).toEqual([{ kind: 'Deployment' }]);
    // The converted document itself is unchanged.
    expect(Object.keys(target.spec.postRenderers[0]?.kustomize ?? {})).toEqual(['patches', 'images']);
  });

  it('follows a moved parent, and leaves a field under a lost parent to the parent', () => {
    const moved: Fate = {
      kind: 'renamed',
      sourcePath: ['spec', 'old'],
      targetPath: ['spec', 'new'],
      reason: 'r',
      causes: [],
    };
    const gone: Fate = { kind: 'lost', sourcePath: ['spec', 'old', 'x'], reason: 'r', causes: [] };
    const doc = withGhosts({ spec: { new: { y: 1 } } }, { spec: { old: { x: 1, y: 1 } } }, [moved, gone]) as {
      spec: { new: Record<string, unknown> };
    };
    expect(doc.spec.new.x).toBeInstanceOf(Ghost);
    const parent: Fate = { kind: 'lost', sourcePath: ['spec', 'a'], reason: 'r', causes: [] };
    const child: Fate = { kind: 'lost', sourcePath: ['spec', 'a', 'b'], reason: 'r', causes: [] };
    const d2 = withGhosts({ spec: {} }, { spec: { a: { b: 1 } } }, [parent, child]) as { spec: { a: Ghost } };
    expect(d2.spec.a.value).toEqual({ b: 1 });
  });

  it('keeps data keys such as __proto__ as keys', () => {
    const src = JSON.parse('{"spec":{"__proto__":{"x":1}}}') as unknown;
    const doc = withGhosts({ spec: {} }, src, [
      { kind: 'lost', sourcePath: ['spec', '__proto__'], reason: 'r', causes: [] },
    ]);
    const spec = (doc as { spec: object }).spec;
    expect(Object.hasOwn(spec, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(spec)).toBe(Object.prototype);
  });
});

describe('ghost lines', () => {
  const doc = withGhosts(target, source, [lost]);
  const packed = renderPacked(doc, new Map());

  it('are lines of the pane, marked as ghosts with the lost fate and the source path', () => {
    const lines = renderLines(doc, new Map());
    const root = lines.find((l) => l.path === K('spec', 'postRenderers', 0, 'kustomize', 'patchesStrategicMerge'));
    expect(root).toMatchObject({ ghost: 'root', fate: 'lost' });
    const inner = lines.find(
      (l) => l.path === K('spec', 'postRenderers', 0, 'kustomize', 'patchesStrategicMerge', 0, 'kind'),
    );
    expect(inner).toMatchObject({ ghost: 'inside', fate: 'lost', value: 'Deployment' });
    expect(lines.filter((l) => l.ghost === undefined).every((l) => l.fate === undefined)).toBe(true);
  });

  it('are left out of Copy YAML, which names them in a comment header', () => {
    expect(parse(packedYaml(packed))).toEqual(target);
    expect(leftOut(packed)).toEqual([
      { path: K('spec', 'postRenderers', 0, 'kustomize', 'patchesStrategicMerge'), fate: 'lost', reason: lost.reason },
    ]);
    const copied = copiedYaml(packed, 'v2');
    expect(parse(copied)).toEqual(target);
    const comments = copied.split('\n').filter((l) => l.startsWith('#'));
    expect(comments.some((l) => l.includes('spec.postRenderers[0].kustomize.patchesStrategicMerge'))).toBe(true);
    // Nothing lost: no header.
    expect(copiedYaml(renderPacked(target, new Map()), 'v2')).toBe(packedYaml(renderPacked(target, new Map())));
  });

  it('never change what Copy YAML copies, for any document and any lost fields', () => {
    const key = fc.constantFrom('a', 'b', 'c', 'd');
    const tree = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.dictionary(key, tie('node'), { maxKeys: 3 })),
    })).node;
    fc.assert(
      fc.property(
        fc.dictionary(key, tree, { maxKeys: 4 }),
        fc.array(fc.array(key, { minLength: 1, maxLength: 3 })),
        (src, paths) => {
          // The pane shows the source without the fields at `paths`; each is lost.
          const fates: Fate[] = paths.map((p) => ({ kind: 'lost', sourcePath: p, reason: 'r', causes: [] }));
          const pane = structuredClone(src) as Record<string, unknown>;
          for (const p of paths) {
            let o: unknown = pane;
            for (const seg of p.slice(0, -1))
              o = o && typeof o === 'object' ? (o as Record<string, unknown>)[seg] : undefined;
            if (o && typeof o === 'object') delete (o as Record<string, unknown>)[p[p.length - 1] as string];
          }
          const plain = packedYaml(renderPacked(pane, new Map()));
          expect(packedYaml(renderPacked(withGhosts(pane, src, fates), new Map()))).toBe(plain);
        },
      ),
      { numRuns: 200 },
    );
  });
});
