// Seed 003's Person conversions said as rules give what the compiled hooks give through the executor, one way,
// between every two API versions, on generated instances.
import { readFileSync } from 'node:fs';
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
import { arbitraryInstance } from '../../core/arbitrary.ts';
import { builtinCatalog } from '../../core/testdata/loadCatalogs.ts';
import { hooksFor } from '../hooks.ts';

const catalog = builtinCatalog('crm-person');
const hooks = hooksFor('crm-person');
const kind = findKind(catalog, 'Person')!;
const file = 'src/catalogs/crm-person/rules.yaml';
const parsed = parseRules(readFileSync(path.join(import.meta.dirname, 'rules.yaml'), 'utf8'), file);
const apis = kind.versions.filter((v) => v.role === 'api');
const names = fc.oneof(fc.constantFrom('Ada', 'King', 'Augusta Ada', ''), fc.string({ maxLength: 6 }));

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
          fc.record(
            { firstName: names, middleName: names, lastName: names, knownAs: names, legalName: names },
            { requiredKeys: [] },
          ),
          (generated, nameFields) => {
            // names from a small alphabet with spaces, so the derivations meet each other's edge cases
            const spec = { ...(generated.spec as object) } as Record<string, unknown>;
            for (const [k, v] of Object.entries(nameFields)) if (Object.hasOwn(spec, k)) spec[k] = v;
            const doc = { ...generated, spec };
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
