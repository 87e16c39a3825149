// Laws of the API server's stages, over generated structural schemas and values.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFiles } from '../../../importers/index.ts';
import { compile } from './compiledSchema.ts';
import { pruneCopy } from './pruneCopy.ts';
import type { Kind, Path } from '../../index.ts';
import {
  applyDefaultsInPlace,
  findVersion,
  pruneInPlace,
  pruneNullsInPlace,
  runDeployed,
  type Schema,
} from '../../index.ts';

const KEYS = ['a', 'b', 'c', 'apiVersion', 'kind', 'metadata', '__proto__'];
const json = fc.jsonValue({ maxDepth: 2 });
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

/** A dictionary whose keys may be `__proto__`: built as own properties. */
const dict = <T>(value: fc.Arbitrary<T>): fc.Arbitrary<Record<string, T>> =>
  fc.array(fc.tuple(fc.constantFrom(...KEYS), value), { maxLength: 4 }).map((entries) => {
    const o: Record<string, T> = {};
    for (const [k, v] of entries)
      Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
    return o;
  });

const clean = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

const { node: schema } = fc.letrec<{ node: Schema; object: Schema; array: Schema; leaf: Schema }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), tie('object'), tie('array')),
  leaf: fc
    .record({
      type: fc.constantFrom('string', 'integer', 'boolean', undefined),
      'x-kubernetes-int-or-string': opt(fc.constant(true)),
      nullable: opt(fc.boolean()),
      default: opt(json),
    })
    .map(clean),
  object: fc
    .record({
      type: fc.constant('object'),
      properties: opt(dict(tie('node'))),
      additionalProperties: opt(fc.oneof(fc.boolean(), tie('node'))),
      'x-kubernetes-preserve-unknown-fields': opt(fc.boolean()),
      'x-kubernetes-embedded-resource': opt(fc.boolean()),
      nullable: opt(fc.boolean()),
      default: opt(json),
    })
    .map(clean),
  array: fc.record({ type: fc.constant('array'), items: opt(tie('node')), default: opt(json) }).map(clean),
}));

const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
    fc.array(tie('value'), { maxLength: 3 }),
    dict(tie('value')),
  ),
}));

/** Every key of `small` is in `big` at the same path, and its scalars are equal. */
function within(small: unknown, big: unknown, at: Path = [], nullIsAny = false): Path | undefined {
  if (nullIsAny && small === null) return undefined;
  if (Array.isArray(small)) {
    if (!Array.isArray(big) || big.length !== small.length) return at;
    for (let i = 0; i < small.length; i++) {
      const bad = within(small[i], big[i], [...at, i], nullIsAny);
      if (bad) return bad;
    }
    return undefined;
  }
  if (small !== null && typeof small === 'object') {
    if (big === null || typeof big !== 'object' || Array.isArray(big)) return at;
    for (const k of Object.keys(small)) {
      if (!Object.hasOwn(big, k)) return [...at, k];
      const bad = within(
        (small as Record<string, unknown>)[k],
        (big as Record<string, unknown>)[k],
        [...at, k],
        nullIsAny,
      );
      if (bad) return bad;
    }
    return undefined;
  }
  return Object.is(small, big) ? undefined : at;
}

const RUNS = { numRuns: 400 };

describe('pruning laws', () => {
  it('prune is idempotent: a second prune removes nothing', () => {
    fc.assert(
      fc.property(value, schema, fc.boolean(), (x, s, root) => {
        const once = structuredClone(x);
        pruneInPlace(once, s, root);
        const twice = structuredClone(once);
        const again: Path[] = [];
        pruneInPlace(twice, s, root, (p) => void again.push(p));
        expect(again).toEqual([]);
        expect(twice).toEqual(once);
      }),
      RUNS,
    );
  });

  it('prune never adds or changes anything: the output lies within the input', () => {
    fc.assert(
      fc.property(value, schema, fc.boolean(), (x, s, root) => {
        const out = structuredClone(x);
        pruneInPlace(out, s, root);
        expect(within(out, x)).toBeUndefined();
      }),
      RUNS,
    );
  });

  it('every removed key is recorded: input minus recorded paths equals the output', () => {
    fc.assert(
      fc.property(value, schema, (x, s) => {
        const out = structuredClone(x);
        const removed: Path[] = [];
        pruneInPlace(out, s, false, (p) => void removed.push(p));
        const expected = structuredClone(x);
        for (const p of removed) {
          let o = expected as Record<string | number, unknown>;
          for (const seg of p.slice(0, -1)) o = o[seg] as Record<string | number, unknown>;
          delete o[p[p.length - 1] as string];
        }
        // upstream does not report a root-level apiVersion/kind/metadata pruned by a non-root schema
        if (out !== null && typeof out === 'object' && !Array.isArray(out))
          for (const k of ['apiVersion', 'kind', 'metadata'])
            if (!Object.hasOwn(out, k)) delete (expected as Record<string, unknown>)[k];
        expect(out).toEqual(expected);
      }),
      RUNS,
    );
  });

  it('pruning the output of defaulting keeps it (defaults are pruned as the server loads them)', () => {
    fc.assert(
      fc.property(value, schema, (x, s) => {
        const d = structuredClone(x);
        pruneInPlace(d, s, false);
        applyDefaultsInPlace(d, s);
        const again = structuredClone(d);
        pruneInPlace(again, s, false);
        expect(again).toEqual(d);
      }),
      RUNS,
    );
  });

  it('defaulting only adds: the input lies within the output (a null may take a default)', () => {
    fc.assert(
      fc.property(value, schema, (x, s) => {
        const d = structuredClone(x);
        pruneNullsInPlace(d, s);
        const before = structuredClone(d);
        applyDefaultsInPlace(d, s);
        // a non-nullable null with a default is replaced; everything else is kept
        expect(within(before, d, [], true)).toBeUndefined();
      }),
      RUNS,
    );
  });

  it('null-pruning is idempotent', () => {
    fc.assert(
      fc.property(value, schema, (x, s) => {
        const once = structuredClone(x);
        pruneNullsInPlace(once, s);
        const again: Path[] = [];
        pruneNullsInPlace(structuredClone(once), s, (p) => void again.push(p));
        expect(again).toEqual([]);
      }),
      RUNS,
    );
  });
});

describe('the pipeline fast path', () => {
  it('pruneCopy equals pruneInPlace then pruneNullsInPlace, with the same records, and leaves its input alone', () => {
    fc.assert(
      fc.property(value, schema, fc.boolean(), (x, s, root) => {
        const before = structuredClone(x);
        const got: string[] = [];
        const out = pruneCopy(
          x,
          compile(s),
          root,
          (p, c) => void got.push(`prune ${JSON.stringify(p)} ${c}`),
          (p, c) => void got.push(`nulls ${JSON.stringify(p)} ${c}`),
        );
        const want: string[] = [];
        const seq = structuredClone(x);
        pruneInPlace(seq, s, root, (p, c) => void want.push(`prune ${JSON.stringify(p)} ${c}`));
        pruneNullsInPlace(seq, s, (p, c) => void want.push(`nulls ${JSON.stringify(p)} ${c}`));
        expect(out).toEqual(seq);
        expect(got.sort()).toEqual(want.sort());
        expect(x).toEqual(before);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('pipeline laws', () => {
  const text = readFileSync(path.join(import.meta.dirname, 'testdata', 'widgets-crd.yaml'), 'utf8');
  const { catalog } = importFiles([{ name: 'w.yaml', text }], { id: 't', title: 't' });
  const kind = catalog.kinds[0] as Kind;
  const doc = (version: string, spec: unknown) => ({
    apiVersion: `example.com/${version}`,
    kind: 'Widget',
    metadata: { name: 'w' },
    spec,
  });

  it('is deterministic, never mutates its input, and stores what a second write at S keeps', () => {
    fc.assert(
      fc.property(fc.constantFrom('v1', 'v2'), fc.constantFrom('v1', 'v2'), value, (from, to, spec) => {
        const input = doc(from, spec);
        const copy = structuredClone(input);
        const a = runDeployed(catalog, kind, findVersion(kind, from)!, input, findVersion(kind, to)!);
        const b = runDeployed(catalog, kind, findVersion(kind, from)!, input, findVersion(kind, to)!);
        expect(input).toEqual(copy);
        expect(a).toEqual(b);
        // the read path's "prune by S" is a no-op on what the write stored (why the pipeline skips it)
        const s = findVersion(kind, 'v2')!.schema!;
        const again: Path[] = [];
        pruneInPlace(structuredClone(a.stored), s, true, (p) => void again.push(p));
        expect(again).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
