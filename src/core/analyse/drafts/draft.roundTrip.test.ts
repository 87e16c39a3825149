// Every draft is a valid rule that round-trips (move, enum, mapToList and listToMap) on generated instances.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkRulesAgainstCatalog } from '../rulesCheck.ts';
import { draftRules } from './draft.ts';
import { formatDrafts } from './draftText.ts';
import { parseRules } from '../../rules/parse.ts';
import { backup, brief, crd, gates, nodes, roundTripErrors, store, strong } from './testdata/drafts.ts';

describe('drafts are valid rules', () => {
  for (const [name, catalog, kind, from, to] of [
    ['Store', store, 'Store', 'v1', 'v2'],
    ['Backup', backup, 'Backup', 'v1', 'v2'],
    ['Node', nodes, 'Node', 'v1', 'v2'],
    ['Gate', gates, 'Gate', 'v1', 'v2'],
  ] as const) {
    it(`${name}: the strong drafts together, and each draft alone, parse and name only paths their versions have`, () => {
      const r = draftRules(catalog, kind, from, to);
      for (const set of [strong(r.drafts), ...r.drafts.map((d) => [d])]) {
        const parsed = parseRules(formatDrafts(set, r.target!));
        expect(parsed.issues).toEqual([]);
        expect(parsed.ruleSet.conversions[0]?.rules.length).toBe(set.length);
        expect(checkRulesAgainstCatalog(parsed.ruleSet, catalog)).toEqual([]);
      }
    });
    it(`${name}: move, enum and map <-> list drafts round-trip generated instances of both versions without loss`, () => {
      const { count, errors } = roundTripErrors(catalog, kind, from, to);
      expect(count).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    });
  }
});

describe('property: a field moved into a new object, and an enum value renamed, are drafted strong and lossless', () => {
  const NAMES = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
  const TYPES: Record<string, unknown>[] = [
    { type: 'string' },
    { type: 'integer' },
    { type: 'boolean' },
    { type: 'object', properties: { x: { type: 'string' }, y: { type: 'integer' } } },
    { type: 'array', items: { type: 'string' } },
  ];
  const arb = fc.record({
    fields: fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 5 }),
    types: fc.array(fc.nat(TYPES.length - 1), { minLength: 5, maxLength: 5 }),
    moved: fc.nat(4),
    values: fc.uniqueArray(fc.stringMatching(/^[A-Z][a-z]{1,5}$/), { minLength: 2, maxLength: 4 }),
    renamed: fc.nat(3),
    newValue: fc.stringMatching(/^[A-Z][a-z]{6,8}$/),
  });
  it('holds for random schemas', () => {
    fc.assert(
      fc.property(arb, ({ fields, types, moved, values, renamed, newValue }) => {
        const v1 = Object.fromEntries(fields.map((f, i) => [f, TYPES[types[i]!]!]));
        const m = fields[moved % fields.length]!;
        const r = values[renamed % values.length]!;
        const v2 = { ...v1, nest: { type: 'object', properties: { [m]: v1[m] } } };
        delete (v2 as Record<string, unknown>)[m];
        const catalog = crd(
          { ...v1, level: { type: 'string', enum: values } },
          { ...v2, level: { type: 'string', enum: values.map((v) => (v === r ? newValue : v)) } },
        );
        const drafts = strong(draftRules(catalog, 'Thing', 'v1', 'v2').drafts).map(brief);
        expect(drafts).toContain(`move spec.${m} -> spec.nest.${m}`);
        expect(drafts).toContain(`enum spec.level ${JSON.stringify(values.map((v) => [v, v === r ? newValue : v]))}`);
        expect(roundTripErrors(catalog, 'Thing', 'v1', 'v2', 8).errors).toEqual([]);
      }),
      { numRuns: 25, seed: 13 },
    );
  });
});
