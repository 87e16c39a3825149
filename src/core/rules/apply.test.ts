import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { arbitraryInstance } from '../testing/arbitrary.ts';
import { findKind } from '../catalog/catalogLookup.ts';
import { applyRules, ownedPaths, ruleThatRead, ruleThatWrote } from './apply.ts';
import { checkRulesAgainstCatalog, checkRulesByRoundTrip } from '../analyse/rulesCheck.ts';
import { parseRules } from './parse.ts';
import { formatPathPattern } from './paths.ts';
import { fixtureCatalog, fixtureRules } from './testdata/load.ts';

const HEAD = 'apiVersion: version-explorer.dev/v1alpha1\nkind: ConversionRules\nconversions:\n';
const rules = (body: string) => {
  const r = parseRules(`${HEAD}  - kind: T\n    from: v1\n    to: v2\n    rules:\n${body}`, 'r.yaml');
  expect(r.issues).toEqual([]);
  return r.ruleSet;
};
const T = { kind: 'T' };

describe('applyRules', () => {
  it('moves a field into and out of objects, and the rest stays at its path', () => {
    const rs = rules('      - id: m\n        move: { from: spec.a, to: spec.x.y.z }\n');
    const doc = { spec: { a: { k: 1 }, b: 2 } };
    const up = applyRules(rs, T, 'v1', 'v2', doc);
    expect(up.doc).toEqual({ spec: { x: { y: { z: { k: 1 } } }, b: 2 } });
    expect(up.applied).toMatchObject([
      { ruleId: 'm', op: 'move', sourcePaths: [['spec', 'a']], destPaths: [['spec', 'x', 'y', 'z']] },
    ]);
    expect(doc).toEqual({ spec: { a: { k: 1 }, b: 2 } }); // input untouched
    expect(applyRules(rs, T, 'v2', 'v1', up.doc).doc).toEqual(doc);
    expect(ownedPaths(rs, T, 'v1', 'v2').map(formatPathPattern)).toEqual(['spec.a']);
    expect(ownedPaths(rs, T, 'v2', 'v1').map(formatPathPattern)).toEqual(['spec.x.y.z']);
  });

  it('names the rule behind each field of the input and of the output', () => {
    const rs = rules(
      '      - id: m\n        move: { from: spec.a, to: spec.x.y }\n      - id: n\n        move: { from: "spec.a.k", to: spec.k }\n',
    );
    const r = applyRules(rs, T, 'v1', 'v2', { spec: { a: { k: 1, j: 2 }, b: 3 } });
    expect(r.doc).toEqual({ spec: { x: { y: { j: 2 } }, k: 1, b: 3 } });
    expect(ruleThatRead(r.applied, ['spec', 'a', 'j'])?.ruleId).toBe('m');
    expect(ruleThatRead(r.applied, ['spec', 'a', 'k'])?.ruleId).toBe('n');
    expect(ruleThatRead(r.applied, ['spec', 'b'])).toBeUndefined();
    expect(ruleThatWrote(r.applied, ['spec', 'x', 'y', 'j'])?.ruleId).toBe('m');
    expect(ruleThatWrote(r.applied, ['spec', 'k'])?.ruleId).toBe('n');
  });

  it('pairs the i-th source element with the i-th destination element, keeping the other fields of each', () => {
    const rs = rules('      - id: m\n        move: { from: "spec.l[].k", to: "spec.l[].o.k" }\n');
    const up = applyRules(rs, T, 'v1', 'v2', { spec: { l: [{ k: 'a', r: 1 }, { r: 2 }, { k: 'c' }] } });
    expect(up.doc).toEqual({ spec: { l: [{ o: { k: 'a' }, r: 1 }, { r: 2 }, { o: { k: 'c' } }] } });
    const down = applyRules(rs, T, 'v2', 'v1', up.doc);
    expect(down.doc).toEqual({ spec: { l: [{ k: 'a', r: 1 }, { r: 2 }, { k: 'c' }] } });
  });

  it('moves between two lists element by element, growing the destination list', () => {
    const rs = rules('      - id: m\n        move: { from: "spec.a[].x", to: "spec.b[].y" }\n');
    expect(applyRules(rs, T, 'v1', 'v2', { spec: { a: [{ x: 1 }, { x: 2 }] } }).doc).toEqual({
      spec: { a: [{}, {}], b: [{ y: 1 }, { y: 2 }] },
    });
  });

  it('maps enum values both ways and keeps (and reports) a value the map lacks', () => {
    const rs = rules('      - id: e\n        enum: { from: spec.m, values: { A: Alpha, B: Beta } }\n');
    expect(applyRules(rs, T, 'v1', 'v2', { spec: { m: 'B' } }).doc).toEqual({ spec: { m: 'Beta' } });
    expect(applyRules(rs, T, 'v2', 'v1', { spec: { m: 'Alpha' } }).doc).toEqual({ spec: { m: 'A' } });
    const odd = applyRules(rs, T, 'v1', 'v2', { spec: { m: 'Z' } });
    expect(odd.doc).toEqual({ spec: { m: 'Z' } });
    expect(odd.issues.map((i) => [i.code, i.path])).toEqual([['RULE_ENUM_UNMAPPED', ['spec', 'm']]]);
  });

  it('turns a map into a list of key/value pairs and back, any key included', () => {
    const rs = rules('      - id: l\n        mapToList: { from: spec.args, to: spec.args, key: name, value: value }\n');
    const map = JSON.parse('{"spec":{"args":{"__proto__":"p","v":"1","constructor":"c"}}}') as object;
    const up = applyRules(rs, T, 'v1', 'v2', map);
    expect(up.doc).toEqual({
      spec: {
        args: [
          { name: '__proto__', value: 'p' },
          { name: 'v', value: '1' },
          { name: 'constructor', value: 'c' },
        ],
      },
    });
    const back = applyRules(rs, T, 'v2', 'v1', up.doc).doc as { spec: { args: object } };
    expect(Object.keys(back.spec.args)).toEqual(['__proto__', 'v', 'constructor']);
    expect(JSON.stringify(back)).toBe(JSON.stringify(map));
  });

  it('reports a duplicate key and extra element fields going from a list to a map', () => {
    const rs = rules('      - id: l\n        listToMap: { from: spec.args, key: name, value: value }\n');
    const r = applyRules(rs, T, 'v1', 'v2', {
      spec: {
        args: [
          { name: 'a', value: '1' },
          { name: 'a', value: '2', x: 1 },
        ],
      },
    });
    expect(r.doc).toEqual({ spec: { args: { a: '2' } } });
    expect(r.issues.map((i) => [i.code, i.path])).toEqual([
      ['RULE_DUPLICATE_KEY', ['spec', 'args', 1, 'name']],
      ['RULE_SHAPE_MISMATCH', ['spec', 'args', 1, 'x']],
    ]);
  });

  it('computes with CEL both ways; a failing expression is an issue with the rule, not an exception', () => {
    const rs = rules(
      '      - id: c\n        compute:\n          up: { spec.full: "self.spec.first + \' \' + self.spec.last" }\n          down:\n            spec.first: "self.spec.full.split(\' \')[0]"\n            spec.last: "self.spec.full.split(\' \')[1]"\n',
    );
    expect(applyRules(rs, T, 'v1', 'v2', { spec: { first: 'Ada', last: 'Lovelace', n: 1 } }).doc).toEqual({
      spec: { full: 'Ada Lovelace', n: 1 },
    });
    expect(applyRules(rs, T, 'v2', 'v1', { spec: { full: 'Ada Lovelace' } }).doc).toEqual({
      spec: { first: 'Ada', last: 'Lovelace' },
    });
    const bad = applyRules(rs, T, 'v2', 'v1', { spec: { full: 'Ada' } });
    expect(bad.issues.map((i) => [i.code, i.path])).toEqual([['RULE_FAILED', ['spec', 'last']]]);
    // nothing to consume: the rule does not run
    expect(applyRules(rs, T, 'v1', 'v2', { spec: { n: 1 } })).toMatchObject({
      doc: { spec: { n: 1 } },
      applied: [],
      issues: [],
    });
  });

  it('an expression sees every field it selects, and has() of a missing one is false, not an error', () => {
    const rs = rules(
      '      - id: c\n        compute:\n          up: { spec.b: "has(self.spec.x) ? \'x\' : self.spec.a + string(size(self.metadata))" }\n          down: { spec.a: "self.spec.b" }\n',
    );
    expect(
      applyRules(rs, T, 'v1', 'v2', { metadata: { name: 'n', uid: 'u' }, spec: { a: 'A', big: [1, 2] } }).doc,
    ).toEqual({
      metadata: { name: 'n', uid: 'u' },
      spec: { b: 'A2', big: [1, 2] },
    });
    expect(applyRules(rs, T, 'v1', 'v2', { spec: { a: 'A', x: 1 } }).doc).toEqual({ spec: { b: 'x', x: 1 } });
  });

  it('drops on purpose with the reason, and restores going the other way only into an object that is there', () => {
    const rs = rules(
      '      - id: ns\n        drop: { from: spec.ref.namespace, reason: same namespace, restore: "self.metadata.namespace" }\n',
    );
    const up = applyRules(rs, T, 'v1', 'v2', {
      metadata: { namespace: 'n' },
      spec: { ref: { name: 'a', namespace: 'x' } },
    });
    expect(up.doc).toEqual({ metadata: { namespace: 'n' }, spec: { ref: { name: 'a' } } });
    expect(up.dropped).toEqual([{ ruleId: 'ns', path: ['spec', 'ref', 'namespace'], reason: 'same namespace' }]);
    expect(up.issues.map((i) => i.code)).toEqual(['RULE_DROPPED']);
    expect(applyRules(rs, T, 'v2', 'v1', up.doc).doc).toEqual({
      metadata: { namespace: 'n' },
      spec: { ref: { name: 'a', namespace: 'n' } },
    });
    expect(applyRules(rs, T, 'v2', 'v1', { metadata: { namespace: 'n' }, spec: {} }).doc).toEqual({
      metadata: { namespace: 'n' },
      spec: {},
    });
  });

  it('a move carries an object without the fields nested rules own', () => {
    const rs = rules(
      '      - id: ref\n        move: { from: spec.ref, to: spec.t.ref }\n      - id: group\n        compute:\n          up: { spec.t.ref.group: "self.spec.ref.apiVersion.split(\'/\')[0]" }\n          down: { spec.ref.apiVersion: "self.spec.t.ref.group + \'/v1\'" }\n',
    );
    const up = applyRules(rs, T, 'v1', 'v2', { spec: { ref: { apiVersion: 'g/v1', name: 'n' } } });
    expect(up.doc).toEqual({ spec: { t: { ref: { name: 'n', group: 'g' } } } });
    expect(applyRules(rs, T, 'v2', 'v1', up.doc).doc).toEqual({ spec: { ref: { apiVersion: 'g/v1', name: 'n' } } });
  });

  it('chains pairs for versions two steps apart, and says when the rules have no way between two versions', () => {
    const r = parseRules(
      `${HEAD}  - { kind: T, from: v1, to: v2, rules: [{ id: a, move: { from: spec.a, to: spec.b } }] }\n  - { kind: T, from: v2, to: v3, rules: [{ id: b, move: { from: spec.b, to: spec.c } }] }\n`,
    );
    expect(applyRules(r.ruleSet, T, 'v1', 'v3', { spec: { a: 1 } }).doc).toEqual({ spec: { c: 1 } });
    expect(applyRules(r.ruleSet, T, 'v3', 'v1', { spec: { c: 1 } }).doc).toEqual({ spec: { a: 1 } });
    const none = applyRules(r.ruleSet, T, 'v1', 'v9', { spec: { a: 1 } });
    expect(none.issues.map((i) => i.code)).toEqual(['RULES_NO_CONVERSION']);
    expect(none.doc).toEqual({ spec: { a: 1 } });
  });
});

describe('rules checked by round trips (the Backup fixture: a cron string into five fields)', () => {
  const catalog = fixtureCatalog('backup-crd.yaml');
  const { ruleSet, issues } = fixtureRules('backup-rules.yaml');
  const kind = findKind(catalog, 'Backup')!;

  it('parses and every path exists in its version', () => {
    expect(issues).toEqual([]);
    expect(checkRulesAgainstCatalog(ruleSet, catalog)).toEqual([]);
  });

  it('turns the schedule string into the object and back', () => {
    const doc = {
      apiVersion: 'example.com/v1',
      kind: 'Backup',
      spec: { schedule: '*/5 2 * * 1-5', retention: 'Long' },
    };
    const up = applyRules(ruleSet, { group: 'example.com', kind: 'Backup' }, 'v1', 'v2', doc);
    expect(up.doc).toMatchObject({
      spec: {
        schedule: { minute: '*/5', hour: '2', dayOfMonth: '*', month: '*', dayOfWeek: '1-5' },
        retention: 'Days90',
      },
    });
  });

  for (const v of ['v1', 'v2'])
    it(`generated ${v} instances come back unchanged through the rules`, () => {
      fc.assert(
        fc.property(arbitraryInstance(catalog, kind, v, { maxDepth: 4, maxItems: 3, status: false }), (doc) => {
          // v2 labels is a list-type map: the API server refuses two items with one key
          const labels = (doc.spec as { labels?: unknown } | undefined)?.labels;
          // and integer-like keys come first in any JSON map: that reorder is reported (tested below)
          if (Array.isArray(labels)) {
            const keys = labels.map((l: { key?: unknown }) => String(l.key));
            fc.pre(new Set(keys).size === keys.length && !keys.some((k) => /^(0|[1-9][0-9]*)$/.test(k)));
          }
          const [r] = checkRulesByRoundTrip(ruleSet, catalog, [{ doc, source: 'generated' }]);
          expect(r?.issues).toEqual([]);
        }),
        { numRuns: 200, seed: 13 },
      );
    });

  it('finds a rule that is not the inverse of its other direction, and a rule that loses data, by rule and path', () => {
    const text = `${HEAD}  - group: example.com\n    kind: Backup\n    from: v1\n    to: v2\n    rules:\n      - id: target\n        compute:\n          up: { spec.target.name: "self.spec.targetName.lowerAscii()" }\n          down: { spec.targetName: "self.spec.target.name" }\n      - id: labels\n        mapToList: { from: spec.labels, key: key }\n`;
    const r = parseRules(text, 'broken.yaml');
    expect(r.issues).toEqual([]);
    const doc = { apiVersion: 'example.com/v1', kind: 'Backup', spec: { targetName: 'MixedCase', labels: { a: 'b' } } };
    const [rt] = checkRulesByRoundTrip(r.ruleSet, catalog, [{ doc, source: 'sample' }]);
    expect(rt!.issues.map((i) => [i.code, i.path, i.range?.start.line])).toEqual([
      ['RULE_SHAPE_MISMATCH', ['spec', 'labels', 'a'], 13],
      ['RULE_LOSES_DATA', ['spec', 'labels', 'a'], 13],
      ['RULE_NOT_INVERSE', ['spec', 'targetName'], 9],
    ]);
  });

  it('reports a list -> map -> list round trip that reorders integer-like keys', () => {
    const doc = {
      apiVersion: 'example.com/v2',
      kind: 'Backup',
      spec: {
        labels: [
          { key: 'a', value: '1' },
          { key: '7', value: '2' },
        ],
      },
    };
    const [rt] = checkRulesByRoundTrip(ruleSet, catalog, [{ doc, source: 'sample' }]);
    expect(rt!.issues.map((i) => [i.code, i.path])).toEqual([
      ['RULE_NOT_INVERSE', ['spec', 'labels', 0, 'key']],
      ['RULE_NOT_INVERSE', ['spec', 'labels', 0, 'value']],
      ['RULE_NOT_INVERSE', ['spec', 'labels', 1, 'key']],
      ['RULE_NOT_INVERSE', ['spec', 'labels', 1, 'value']],
    ]);
  });
});
