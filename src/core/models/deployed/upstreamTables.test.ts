// Kubernetes' own unit-test tables (kubernetes/apiextensions-apiserver, cited in each testdata file) run through
// the functions the deployed pipeline calls.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Path } from '../../index.ts';
import {
  applyDefaultsInPlace,
  coerceEmbeddedInPlace,
  pruneInPlace,
  pruneNullsInPlace,
  readObjectMeta,
  restoreObjectMeta,
  type Schema,
} from '../../index.ts';

const table = <T>(file: string): { cases: T[] } & Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'testdata', file), 'utf8')) as { cases: T[] };

/** Upstream's `opts.ParentPath` form: `array[1].b`. */
const upstreamPath = (p: Path): string =>
  p.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');

const schemaOf = (s: unknown): Schema | undefined => (s === null ? undefined : (s as Schema));

interface ValueCase {
  name: string;
  json: unknown;
  schema: unknown;
  expected: unknown;
}

/** One `it` per upstream case, named as upstream names it. */
function runTable<C extends { name: string }>(file: string, run: (c: C) => void): void {
  it.each(table<C>(file).cases.map((c) => [c.name, c] as const))('%s', (_, c) => run(c));
}

describe('pruning/algorithm_test.go TestPrune', () => {
  runTable<ValueCase & { isResourceRoot: boolean; expectedObject: unknown; expectedPruned: string[] }>(
    'pruning.TestPrune.json',
    (c) => {
      const pruned: string[] = [];
      pruneInPlace(c.json, schemaOf(c.schema), c.isResourceRoot, (p) => void pruned.push(upstreamPath(p)));
      expect(c.json).toEqual(c.expectedObject);
      expect(pruned.sort()).toEqual(c.expectedPruned);
    },
  );
});

describe('defaulting/prunenulls_test.go TestPruneNonNullableNullsWithoutDefaults', () => {
  runTable<ValueCase>('defaulting.TestPruneNonNullableNullsWithoutDefaults.json', (c) => {
    pruneNullsInPlace(c.json, schemaOf(c.schema));
    expect(c.json).toEqual(c.expected);
  });
});

describe('defaulting/algorithm_test.go TestDefault', () => {
  runTable<ValueCase>('defaulting.TestDefault.json', (c) => {
    applyDefaultsInPlace(c.json, schemaOf(c.schema));
    expect(c.json).toEqual(c.expected);
  });
});

describe('objectmeta/algorithm_test.go TestCoerce', () => {
  runTable<ValueCase & { includeRoot: boolean; dropInvalidFields: boolean }>('objectmeta.TestCoerce.json', (c) => {
    expect(coerceEmbeddedInPlace(c.json, schemaOf(c.schema), c.includeRoot, c.dropInvalidFields)).toEqual([]);
    expect(c.json).toEqual(c.expected);
  });
});

describe('objectmeta/coerce_test.go', () => {
  interface Case {
    name: string;
    metadata: unknown;
    dropMalformedFields: boolean;
    expectedError?: boolean;
    expectedObject?: unknown;
    expectedUnknownPaths?: string[];
  }
  const t = table<Case>('objectmeta.TestGetObjectMeta.json');
  it.each(t.cases.map((c) => [c.name, c] as const))('TestGetObjectMetaWithOptions %s', (_, c) => {
    const r = readObjectMeta(c.metadata);
    // Upstream fails the whole decode when a field is malformed and malformed fields are not dropped.
    expect(r.malformed.length > 0 && !c.dropMalformedFields).toBe(c.expectedError === true);
    if (c.expectedObject !== undefined) expect(r.meta).toEqual(c.expectedObject);
    if (c.expectedUnknownPaths)
      expect(r.unknown.map((p) => upstreamPath(['metadata', ...p]))).toEqual(c.expectedUnknownPaths);
  });

  it('TestGetObjectMetaNils: null strings and numbers read as zero, a null label as ""', () => {
    const nils = t.nils as { metadata: unknown; expectedObject: unknown };
    expect(readObjectMeta(nils.metadata).meta).toEqual(nils.expectedObject);
  });

  it('TestGetObjectMeta: keys are case-sensitive; a malformed creationTimestamp is dropped', () => {
    const c = t.caseSensitive as { metadata: unknown; expectedName: string; expectedNamespace: string };
    const r = readObjectMeta(c.metadata);
    expect(r.meta?.name).toBe(c.expectedName);
    expect(r.meta?.namespace).toBe(c.expectedNamespace);
    expect(r.malformed).toEqual(['creationTimestamp']);
  });
});

describe('conversion/webhook_converter_test.go TestRestoreObjectMeta', () => {
  /** Go's strings.Repeat, written `{ "repeat": s, "times": n }` in the table. */
  const expand = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(expand);
    if (v === null || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    if (typeof o.repeat === 'string' && typeof o.times === 'number') return o.repeat.repeat(o.times);
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, expand(x)]));
  };
  runTable<{
    name: string;
    original: unknown;
    converted: unknown;
    expected: unknown;
    expectedError: boolean;
    expectedErrorKind?: string;
  }>('conversion.TestRestoreObjectMeta.json', (c) => {
    const original = expand(c.original) as Record<string, unknown>;
    const converted = expand(c.converted) as Record<string, unknown>;
    const before = structuredClone(original);
    const err = restoreObjectMeta(original, converted);
    expect(err !== undefined).toBe(c.expectedError);
    if (c.expectedErrorKind !== undefined) expect(err?.problem).toBe(c.expectedErrorKind);
    expect(converted).toEqual(expand(c.expected));
    expect(original).toEqual(before); // upstream's caller copies the input first; the original is never changed
  });
});
