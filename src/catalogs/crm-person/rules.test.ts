// Seed 003's Person conversions said as rules give what the compiled hooks give through the executor, one way,
// between every two API versions, on generated instances: applied alone (as a webhook), and in the ASO view
// (the rules with the generated steps, no hooks), where the hub differs only by the bag entries the hooks keep.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyRules,
  checkRulesAgainstCatalog,
  convertResource,
  findKind,
  jsonDifferences,
  parseRules,
  pruneTo,
} from '../../core/index.ts';
import { arbitraryInstance } from '../../core/testing/arbitrary.ts';
import { builtinCatalog } from '../../core/testdata/loadCatalogs.ts';
import { hooksFor } from '../hooks.ts';

const catalog = builtinCatalog('crm-person');
const hooks = hooksFor('crm-person');
const kind = findKind(catalog, 'Person')!;
const file = 'src/catalogs/crm-person/rules.yaml';
const parsed = parseRules(readFileSync(path.join(import.meta.dirname, 'rules.yaml'), 'utf8'), file);
const apis = kind.versions.filter((v) => v.role === 'api');
const names = fc.oneof(fc.constantFrom('Ada', 'King', 'Augusta Ada', ''), fc.string({ maxLength: 6 }));
const nameRecord = fc.record(
  { firstName: names, middleName: names, lastName: names, knownAs: names, legalName: names },
  { requiredKeys: [] },
);

/** A generated instance with its name fields from a small alphabet with spaces (the derivations' edge cases). */
function withNames(generated: Record<string, unknown>, nameFields: Record<string, string>) {
  const spec = { ...(generated.spec as object) } as Record<string, unknown>;
  for (const [k, v] of Object.entries(nameFields)) if (Object.hasOwn(spec, k)) spec[k] = v;
  return { ...generated, spec };
}

const specOf = (doc: unknown): Record<string, unknown> | undefined => (doc as { spec?: Record<string, unknown> }).spec;

/** ASO view, rules (no hooks) against hooks (no rules): the same spec, but for the hooks' bag entries at the hub. */
function sameAsHooks(doc: Record<string, unknown>, from: string): void {
  for (const b of [...apis.map((v) => v.name), 'hub']) {
    if (b === from) continue;
    const byHooks = convertResource(catalog, doc, b, { hooks, fates: false });
    const byRules = convertResource(catalog, doc, b, { rules: parsed.ruleSet, fates: false });
    const errors = (r: typeof byRules) => r.issues.filter((i) => i.severity === 'error').map((i) => [i.code, i.path]);
    expect(errors(byRules)).toEqual(errors(byHooks));
    const differences = jsonDifferences(specOf(byRules.output), specOf(byHooks.output));
    // what rules cannot say: the hooks keep, in the hub's bag, legacy values the way back would not reproduce
    const allowed = b === 'hub' ? differences.filter((d) => d[0] !== '$propertyBag') : differences;
    expect(allowed, `${from} -> ${b}`).toEqual([]);
  }
}

describe('CRM Person: rules and hooks agree', () => {
  it('the rules parse and name only fields their versions have', () => {
    expect(parsed.issues).toEqual([]);
    expect(checkRulesAgainstCatalog(parsed.ruleSet, catalog)).toEqual([]);
  });

  for (const a of apis)
    it(`from ${a.name} to every other API version`, () => {
      fc.assert(
        fc.property(
          arbitraryInstance(catalog, kind, a.name, { maxDepth: 3, maxItems: 2, status: false }),
          nameRecord,
          (generated, nameFields) => {
            const doc = withNames(generated, nameFields);
            for (const b of apis) {
              if (b === a) continue;
              const byHooks = convertResource(catalog, doc, b.name, { hooks, fates: false }).output as {
                spec?: unknown;
              };
              const r = applyRules(parsed.ruleSet, { group: kind.group, kind: 'Person' }, a.name, b.name, doc);
              expect(r.issues.filter((i) => i.severity === 'error')).toEqual([]);
              const byRules = pruneTo(b, r.doc).value as { spec?: unknown };
              // an emptied spec is absent on one side and {} on the other: equal, as everywhere in the project
              expect(jsonDifferences(byRules.spec, byHooks.spec), `${a.name} -> ${b.name}`).toEqual([]);
            }
          },
        ),
        { numRuns: 40, seed: 3 },
      );
    });
});

describe('CRM Person in the ASO view: rules and the generated steps agree with the hooks', () => {
  it('on the catalog sample', () => {
    const sample = parse(readFileSync(path.join(import.meta.dirname, 'example.yaml'), 'utf8')) as Record<
      string,
      unknown
    >;
    const from = String(sample.apiVersion).split('/')[1] as string;
    sameAsHooks(sample, from);
    // the sample's legacy names are the rules' at the hub, not in its bag
    const hub = convertResource(catalog, sample, 'hub', { rules: parsed.ruleSet });
    expect(specOf(hub.output)).toMatchObject({ knownAs: 'Ada', familyName: 'Lovelace', legalName: 'Ada Lovelace' });
    expect(specOf(hub.output)).not.toHaveProperty('$propertyBag');
  });

  for (const a of apis)
    it(`from ${a.name} to every other version, on generated instances`, () => {
      fc.assert(
        fc.property(
          arbitraryInstance(catalog, kind, a.name, { maxDepth: 3, maxItems: 2, status: false }),
          nameRecord,
          (generated, nameFields) => sameAsHooks(withNames(generated, nameFields), a.name),
        ),
        { numRuns: 25, seed: 7 },
      );
    });
});
