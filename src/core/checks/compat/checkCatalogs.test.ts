// Every rule on a crafted old/new pair (edits of testdata/widget-crd.yaml), in both directions: each edit is
// exactly one finding, with the rule and path the docs promise, and the reverse edit gives the reverse rule.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCatalogs } from './checkCatalogs.ts';
import { formatSchemaPath } from './compareSchemas.ts';
import { COMPAT_RULES } from './rules.ts';
import { base, catalogOf, found, props, twoVersions } from './testdata/widgetCrd.ts';
import { cases } from './testdata/widgetEdits.ts';

describe('checkCatalogs: one finding per change, both directions', () => {
  it.each(cases)('$name: $forward at $path, and $backward back', ({ edit, forward, path, backward, from }) => {
    const old = (from ?? base)();
    const neu = structuredClone(old);
    edit(neu);
    const there = found(old, neu, true).filter((f) => f.rule !== 'description-changed');
    expect(there.map((f) => [f.rule, f.path])).toEqual([[forward, path]]);
    const back = found(neu, old, true).filter((f) => f.rule !== 'description-changed');
    expect(back.map((f) => f.rule)).toEqual([backward]);
  });

  it('covers every rule id with a case or a dedicated test below', () => {
    const tested = new Set<string>([
      ...cases.flatMap((c) => [c.forward, c.backward]),
      'kind-added',
      'kind-removed',
      'stored-version-removed',
      'version-removed',
      'unserved-version-removed',
      'version-added',
      'version-added-without-conversion',
      'cel-message-changed',
      'description-changed',
    ]);
    expect([...COMPAT_RULES.keys()].filter((r) => !tested.has(r))).toEqual([]);
  });

  it('finds nothing between a CRD and itself, and nothing for writing the default list type', () => {
    expect(found(base(), base(), true)).toEqual([]);
    const neu = base();
    props(neu).tags['x-kubernetes-list-type'] = 'atomic';
    expect(found(base(), neu, true)).toEqual([]);
  });

  it("reports seed 002's Param string -> Params []string as a removal and an addition, nothing else", () => {
    const neu = base();
    delete props(neu).param;
    props(neu).params = { type: 'array', items: { type: 'string' } };
    expect(found(base(), neu)).toEqual([
      { rule: 'field-removed', path: 'spec.param', version: 'v1beta1' },
      { rule: 'field-added', path: 'spec.params', version: 'v1beta1' },
    ]);
  });

  it('does not pair two bare fields as a rename: a removal and an addition', () => {
    const neu = base();
    props(neu).parameter = props(neu).param;
    delete props(neu).param;
    expect(found(base(), neu).map((f) => [f.rule, f.path])).toEqual([
      ['field-removed', 'spec.param'],
      ['field-added', 'spec.parameter'],
    ]);
  });

  it('does not compare inside a removed object (no nested findings)', () => {
    const neu = base();
    delete props(neu).shape;
    expect(found(base(), neu, true).map((f) => f.rule)).toEqual(['field-removed']);
  });

  it('a description change is harmless: reported, and the check passes', () => {
    const neu = base();
    props(neu).param.description = 'A parameter, now better described.';
    const r = checkCatalogs(catalogOf(base()), catalogOf(neu));
    expect(r.findings.map((f) => [f.rule, f.severity, formatSchemaPath(f.path), f.old, f.new])).toEqual([
      ['description-changed', 'harmless', 'spec.param', 'One parameter.', 'A parameter, now better described.'],
    ]);
    expect(r.ok).toBe(true);
  });

  it('a changed CEL message is harmless', () => {
    const neu = base();
    props(neu).owner['x-kubernetes-validations'][0].message = 'owner is required';
    expect(found(base(), neu, true).map((f) => f.rule)).toEqual(['cel-message-changed']);
  });

  it('carries the evidence: old and new values', () => {
    const neu = base();
    props(neu).mode.enum = ['Fast', 'Medium'];
    const r = checkCatalogs(catalogOf(base()), catalogOf(neu));
    expect(r.findings.map((f) => [f.rule, f.old, f.new])).toEqual([
      ['enum-value-removed', ['Slow'], undefined],
      ['enum-value-added', undefined, ['Medium']],
    ]);
    expect(r.ok).toBe(false);
  });
});

describe('checkCatalogs: laws', () => {
  // One case per path (edits at different paths are independent), field-level only.
  const independent = cases.filter(
    (c, i) => c.from === undefined && c.path !== '.' && cases.findIndex((d) => d.path === c.path) === i,
  );

  it('edits at different paths compose: the findings are the union of each edit alone', () => {
    fc.assert(
      fc.property(fc.subarray(independent, { minLength: 1 }), (chosen) => {
        const neu = base();
        for (const c of chosen) c.edit(neu);
        const got = found(base(), neu, true)
          .filter((f) => f.rule !== 'description-changed')
          .map((f) => `${f.rule} ${f.path}`)
          .sort();
        expect(got).toEqual(chosen.map((c) => `${c.forward} ${c.path}`).sort());
      }),
      { numRuns: 25 },
    );
  });

  it('a generated CRD file with storedVersions: [] counts its storage version as stored', () => {
    const old = twoVersions(base());
    old.status = { storedVersions: [] };
    const neu = structuredClone(old);
    neu.spec.versions.splice(0, 1);
    neu.spec.versions[0].storage = true;
    expect(found(old, neu).map((f) => f.rule)).toEqual(['storage-changed', 'stored-version-removed']);
  });
});
