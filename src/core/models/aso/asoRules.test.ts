// Conversion rules in the ASO view: the fields they own skip the generated steps (never bagged or lost), what
// they write lands after the last hop, fates name the rule, and intended drops are not LOST.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { arbitraryInstance } from '../../testing/arbitrary.ts';
import { convertResource } from './convertResource.ts';
import { planConversion } from '../../plan/planConversion.ts';
import { roundTrip, jsonDifferences } from '../../analyse/roundTrip.ts';
import { parseRules } from '../../rules/parse.ts';
import type { RuleSet } from '../../rules/format.ts';
import { propertiesByName, typeNamed } from '../../catalog/catalogLookup.ts';
import { objectLeaf } from '../../model/typeRef.ts';
import { PROPERTY_BAG } from '../../model/propertyBag.ts';
import type { Catalog, Kind, Version } from '../../model/model.ts';
import type { ConversionResult } from '../../plan/conversionTypes.ts';
import type { Fate } from '../../fates/fate.ts';
import { BUILTIN_IDS, builtinCatalog } from '../../testdata/loadCatalogs.ts';
import { importFiles } from '../../../importers/index.ts';
import { runDeployed } from '../deployed/index.ts';

const dotted = (p: readonly (string | number)[] | undefined): string => (p ?? []).join('.');
const crm = builtinCatalog('crm-person');
const crmRules = parseRules(
  readFileSync(path.resolve(import.meta.dirname, '../../../catalogs/crm-person/rules.yaml'), 'utf8'),
  'rules.yaml',
).ruleSet;

function rulesOf(conversions: unknown[]): RuleSet {
  const text = JSON.stringify({ apiVersion: 'version-explorer.dev/v1alpha1', kind: 'ConversionRules', conversions });
  const r = parseRules(text, 'test.yaml');
  expect(r.issues).toEqual([]);
  return r.ruleSet;
}

const person = (version: string, spec: Record<string, unknown>) => ({
  apiVersion: `crm.example.com/${version}`,
  kind: 'Person',
  metadata: { name: 'ada' },
  spec: { id: 'x', ...spec },
});
const fateFrom = (r: ConversionResult, source: string): Fate | undefined =>
  r.fates.find((f) => dotted(f.sourcePath) === source);
const bagOf = (doc: unknown): Record<string, unknown> =>
  ((doc as { spec?: Record<string, unknown> }).spec?.[PROPERTY_BAG] as Record<string, unknown> | undefined) ?? {};

describe('plan with rules', () => {
  it('shows the API-version pair, the rule steps and the owned input fields', () => {
    const r = planConversion(crm, 'Person', '2013-03-03', 'hub', { rules: crmRules });
    expect(r.plan?.rules).toMatchObject({
      from: '2013-03-03',
      to: '2019-09-09',
      steps: [{ from: '2013-03-03', to: '2019-09-09', direction: 'up', rules: [{ id: 'names', op: 'compute' }] }],
    });
    expect([...(r.plan?.rules?.owned ?? [])].sort()).toEqual(['spec.firstName', 'spec.lastName', 'spec.middleName']);
  });

  it('has no rules field without rules, and none between a version and its own storage twin', () => {
    expect(planConversion(crm, 'Person', '2013-03-03', 'hub').plan).not.toHaveProperty('rules');
    expect(planConversion(crm, 'Person', '2019-09-09', 'hub', { rules: crmRules }).plan).not.toHaveProperty('rules');
  });

  it('a kind the rules convert but not between these versions is RULES_NO_CONVERSION', () => {
    const rs = rulesOf([{ kind: 'Person', from: '2011-01-01', to: '2012-02-02', rules: [] }]);
    const r = planConversion(crm, 'Person', '2013-03-03', 'hub', { rules: rs });
    expect(r.issues.map((i) => i.code)).toContain('RULES_NO_CONVERSION');
    expect(r.plan).not.toHaveProperty('rules');
  });
});

describe('convert with rules (ASO view)', () => {
  it('fields the rules own are not bagged: the hub gets what the rules compute', () => {
    const doc = person('2013-03-03', { firstName: 'Ada', middleName: 'Augusta', lastName: 'King' });
    const plain = convertResource(crm, doc, 'hub');
    expect(Object.keys(bagOf(plain.output)).length).toBeGreaterThan(0);
    const r = convertResource(crm, doc, 'hub', { rules: crmRules });
    const spec = (r.output as { spec: Record<string, unknown> }).spec;
    expect(spec).toMatchObject({ knownAs: 'Ada', familyName: 'King', sortKey: 'King', legalName: 'Ada Augusta King' });
    expect(bagOf(r.output)).toEqual({});
    expect(r.fates.filter((f) => f.kind === 'bagged')).toEqual([]);
    const taken = fateFrom(r, 'spec.middleName');
    expect(taken?.causes.map((c) => c.rule)).toEqual(['conversion-rule']);
    expect(taken?.rule).toBe('names');
    const made = r.fates.find((f) => dotted(f.targetPath) === 'spec.knownAs');
    expect(made).toMatchObject({ kind: 'converted', rule: 'names', sourcePath: ['spec'] });
  });

  it('a moved field is renamed by the rule, with the rule in its cause', () => {
    const r = convertResource(crm, person('2014-04-04', { alphaKey: 'king' }), 'hub', { rules: crmRules });
    expect((r.output as { spec: Record<string, unknown> }).spec.sortKey).toBe('king');
    const f = fateFrom(r, 'spec.alphaKey');
    expect(f).toMatchObject({ kind: 'renamed', targetPath: ['spec', 'sortKey'], rule: 'sortKey' });
    expect(f?.causes[0]).toMatchObject({ rule: 'conversion-rule', conversionRule: { id: 'sortKey', op: 'move' } });
  });

  it('an intended drop is shown as dropped by its rule, not LOST', () => {
    const r = convertResource(
      crm,
      person('2019-09-09', { sortKey: 'king', legalName: 'Ada King' }),
      '2014-04-04preview',
      {
        rules: crmRules,
      },
    );
    const f = fateFrom(r, 'spec.sortKey');
    expect(f).toMatchObject({ kind: 'lost', rule: 'sortKey', code: 'RULE_DROPPED' });
    expect(f?.causes[0]).toMatchObject({ rule: 'rule-dropped', conversionRule: { id: 'sortKey', op: 'drop' } });
    expect(r.issues.map((i) => i.code)).toContain('RULE_DROPPED');
    expect(r.issues.filter((i) => i.code === 'LOST')).toEqual([]);
    expect((r.output as { spec: Record<string, unknown> }).spec.fullName).toBe('Ada King');
  });

  it('a chain of pairs composes: computed going up, then moved going down, is converted', () => {
    const doc = person('2013-03-03', { firstName: 'Ada', middleName: 'Augusta', lastName: 'King' });
    const r = convertResource(crm, doc, '2014-04-04preview', { rules: crmRules });
    expect((r.output as { spec: Record<string, unknown> }).spec.fullName).toBe('Ada Augusta King');
    const f = r.fates.find((x) => dotted(x.targetPath) === 'spec.fullName');
    expect(f?.kind).toBe('converted');
    expect(f?.causes.map((c) => c.conversionRule?.id)).toEqual(['names', 'legalName']);
  });

  it('a value a rule writes fills a required field: no required-missing', () => {
    const cat = builtinCatalog('person-v1v2');
    const doc = {
      apiVersion: 'crm.example.com/v1',
      kind: 'Person',
      metadata: { name: 'a' },
      spec: { firstName: 'A', lastName: 'B' },
    };
    const before = convertResource(cat, doc, 'v2');
    expect(
      before.fates.some((f) => f.kind === 'required-missing' && dotted(f.targetPath) === 'spec.postalAddress'),
    ).toBe(true);
    const rs = rulesOf([
      {
        kind: 'Person',
        from: 'v1',
        to: 'v2',
        rules: [
          {
            id: 'postal',
            drop: { to: 'spec.postalAddress', reason: 'v1 has none', restore: "{'street': '-', 'city': '-'}" },
          },
        ],
      },
    ]);
    const r = convertResource(cat, doc, 'v2', { rules: rs });
    expect((r.output as { spec: Record<string, unknown> }).spec.postalAddress).toEqual({ street: '-', city: '-' });
    // made by the rule from nothing in the input: a fate with a target and the rule, without a source
    const made = r.fates.find((f) => dotted(f.targetPath) === 'spec.postalAddress');
    expect(made).toMatchObject({ kind: 'converted', rule: 'postal' });
    expect(made).not.toHaveProperty('sourcePath');
    expect(r.fates.some((f) => f.kind === 'required-missing' && dotted(f.targetPath) === 'spec.postalAddress')).toBe(
      false,
    );
    expect(
      r.fates.some((f) => f.kind === 'required-missing' && dotted(f.targetPath) === 'spec.residentialAddress'),
    ).toBe(true);
  });

  it('a CEL failure is an error issue with the rule file and the path; no value stands in for it', () => {
    const cat = builtinCatalog('person-v1v2');
    const rs = rulesOf([
      {
        kind: 'Person',
        from: 'v1',
        to: 'v2',
        rules: [
          {
            id: 'code',
            compute: {
              up: { 'spec.postalAddress.postCode': 'string(int(self.spec.lastName))' },
              down: { 'spec.lastName': 'self.spec.postalAddress.postCode' },
            },
          },
        ],
      },
    ]);
    const doc = (lastName: string) => ({
      apiVersion: 'crm.example.com/v1',
      kind: 'Person',
      metadata: { name: 'a' },
      spec: { firstName: 'A', lastName },
    });
    const postal = (r: ConversionResult) =>
      (r.output as { spec: { postalAddress?: Record<string, unknown> } }).spec.postalAddress;
    const ok = convertResource(cat, doc('42'), 'v2', { rules: rs });
    expect(postal(ok)?.postCode).toBe('42');
    expect(ok.issues.filter((i) => i.code === 'RULE_FAILED')).toEqual([]);
    for (const part of ['all', 'spec'] as const) {
      const r = convertResource(cat, doc('King'), 'v2', { rules: rs, part });
      expect(r.issues.filter((i) => i.code === 'RULE_FAILED').map((i) => [i.severity, i.path, i.file])).toEqual([
        ['error', ['spec', 'postalAddress', 'postCode'], 'test.yaml'],
      ]);
      expect(postal(r)?.postCode).toBeUndefined();
      expect(r.fates.some((f) => f.rule === 'code' && f.targetPath !== undefined)).toBe(false);
      // What the rule read is lost by its failure (not "converted by" it).
      expect(
        r.fates.filter((f) => f.rule === 'code').map((f) => [f.kind, f.sourcePath, f.code, f.causes.at(-1)?.rule]),
      ).toEqual([['lost', ['spec', 'lastName'], 'RULE_FAILED', 'rule-failed']]);
    }
  });

  it('--spec-only: rules take and write only under spec', () => {
    const doc = person('2014-04-04', { alphaKey: 'king' });
    const r = convertResource(crm, doc, 'hub', { rules: crmRules, part: 'status' });
    expect((r.output as { spec: Record<string, unknown> }).spec).toEqual(doc.spec);
  });

  it('a plan with rules run without them says so', async () => {
    const { executePlan } = await import('./convertResource.ts');
    const { findKind } = await import('../../catalog/catalogLookup.ts');
    const kind = findKind(crm, 'Person') as Kind;
    const p = planConversion(crm, 'Person', '2014-04-04', 'hub', { rules: crmRules }).plan!;
    const r = executePlan(crm, kind, p, person('2014-04-04', { alphaKey: 'k' }));
    expect(r.issues.map((i) => i.code)).toContain('RULES_NO_CONVERSION');
  });
});

/** String properties of the spec type: the candidates for a rule that moves one to another name. */
function specStrings(v: Version): Map<string, string> {
  const root = typeNamed(v, v.root);
  const specProp = root && v.spec ? propertiesByName(root).get(v.spec) : undefined;
  const specType = specProp && objectLeaf(specProp.type);
  const t = specType ? typeNamed(v, specType) : undefined;
  const out = new Map<string, string>();
  for (const p of t ? propertiesByName(t).values() : [])
    if (p.type.kind === 'primitive' && p.type.name === 'string') out.set(p.name, p.bagKey);
  return out;
}

interface MoveCase {
  readonly catalog: Catalog;
  readonly kind: Kind;
  readonly version: Version;
  readonly hubApi: string;
  /** A spec string of `version` the hub lacks (bagged without rules), and a hub spec string `version` lacks. */
  readonly from: string;
  readonly fromBagKey: string;
  readonly to: string;
}

function moveCases(): MoveCase[] {
  const out: MoveCase[] = [];
  for (const id of BUILTIN_IDS) {
    const catalog = builtinCatalog(id);
    for (const kind of catalog.kinds) {
      const hub = kind.versions.find((v) => v.name === kind.hub);
      const hubApi = hub?.twin;
      const hubApiV = kind.versions.find((v) => v.name === hubApi);
      if (!hubApi || !hubApiV) continue;
      const there = specStrings(hubApiV);
      for (const version of kind.versions) {
        if (version.role !== 'api' || version.name === hubApi) continue;
        const here = specStrings(version);
        const from = [...here.keys()].find((k) => !there.has(k));
        const to = [...there.keys()].find((k) => !here.has(k));
        if (from && to) out.push({ catalog, kind, version, hubApi, from, fromBagKey: here.get(from)!, to });
      }
    }
  }
  return out;
}

describe('rules and round trips (property)', () => {
  const cases = moveCases();
  it('finds version pairs to move a field between', () => expect(cases.length).toBeGreaterThan(3));

  for (const c of cases)
    it(`${c.catalog.id} ${c.kind.kind} ${c.version.name}: spec.${c.from} -> hub spec.${c.to}`, () => {
      const rs = rulesOf([
        {
          group: c.kind.group,
          kind: c.kind.kind,
          from: c.version.name,
          to: c.hubApi,
          rules: [{ id: 'moved', move: { from: `spec.${c.from}`, to: `spec.${c.to}` } }],
        },
      ]);
      const arb = arbitraryInstance(c.catalog, c.kind, c.version, { maxDepth: 3, maxItems: 2 });
      fc.assert(
        fc.property(arb, fc.string({ maxLength: 8 }), (generated, value) => {
          const spec = { ...(generated.spec as Record<string, unknown>), [c.from]: value };
          const doc = { ...generated, spec };
          const without = roundTrip(c.catalog, doc);
          const withRules = roundTrip(c.catalog, doc, { rules: rs });
          // lossless without rules stays lossless with them
          if (without.ok) expect(withRules.lost).toEqual([]);
          // the moved value is at the rule's destination at the hub, and not in its bag
          const hub = convertResource(c.catalog, doc, 'hub', { rules: rs }).output as { spec: Record<string, unknown> };
          expect(hub.spec[c.to]).toBe(value);
          expect(Object.keys(bagOf(hub))).not.toContain(c.fromBagKey);
          expect(jsonDifferences(withRules.back, doc).filter((d) => dotted(d) === `spec.${c.from}`)).toEqual([]);
        }),
        { numRuns: 25, seed: 13 },
      );
    });
});

describe('rules that are not exactly invertible keep what they would not give back in the bag (ASO)', () => {
  it('a middle name the reverse derivation loses is kept in the hub bag by the rule, and restored', () => {
    // an empty middle name: the legal name "Ada" gives none back
    const doc = person('2013-03-03', { firstName: 'Ada', middleName: '', lastName: '' });
    const up = convertResource(crm, doc, 'hub', { rules: crmRules });
    expect(bagOf(up.output)).toEqual({ MiddleName: '' });
    const kept = up.fates.find((f) => f.kind === 'bagged');
    expect(kept).toMatchObject({
      sourcePath: ['spec', 'middleName'],
      targetPath: ['spec', PROPERTY_BAG, 'MiddleName'],
    });
    expect(kept?.causes[0]).toMatchObject({ rule: 'rule-bagged', conversionRule: { id: 'names' } });
    const down = convertResource(crm, up.output, '2013-03-03', { rules: crmRules });
    expect((down.output as { spec: unknown }).spec).toEqual(doc.spec);
    // an exact derivation needs no bag entry
    const plain = convertResource(
      crm,
      person('2013-03-03', { firstName: 'Ada', middleName: 'B', lastName: 'King' }),
      'hub',
      {
        rules: crmRules,
      },
    );
    expect(bagOf(plain.output)).toEqual({});
  });

  const apis = (findKindOf(crm).versions as Version[]).filter((v) => v.role === 'api');
  const names = fc.oneof(fc.constantFrom('Ada', 'King', 'Augusta Ada', ''), fc.string({ maxLength: 6 }));
  for (const a of apis)
    it(`CRM Person rules.yaml: ${a.name} -> hub -> ${a.name} stays lossless where it was without rules`, () => {
      fc.assert(
        fc.property(
          arbitraryInstance(crm, findKindOf(crm), a, { maxDepth: 3, maxItems: 2 }),
          fc.record(
            { firstName: names, middleName: names, lastName: names, knownAs: names, legalName: names },
            { requiredKeys: [] },
          ),
          (generated, nameFields) => {
            const spec = { ...(generated.spec as Record<string, unknown>) };
            for (const [k, v] of Object.entries(nameFields)) if (Object.hasOwn(spec, k)) spec[k] = v;
            const doc = { ...generated, spec };
            if (!roundTrip(crm, doc).ok) return;
            expect(roundTrip(crm, doc, { rules: crmRules }).lost).toEqual([]);
          },
        ),
        { numRuns: 40, seed: 5 },
      );
    });
});

function findKindOf(catalog: Catalog): Kind {
  return catalog.kinds.find((k) => k.kind === 'Person') as Kind;
}

describe('an ASO-style CRD (its own storage variants)', () => {
  const { catalog } = importFiles([
    {
      name: 'aso-crd.yaml',
      text: readFileSync(path.resolve(import.meta.dirname, '../../../importers/testdata/aso-crd.yaml'), 'utf8'),
    },
  ]);
  const vault = catalog.kinds[0] as Kind;
  const rs = rulesOf([
    {
      kind: 'Vault',
      from: 'v1api20220131preview',
      to: 'v1api20230131',
      rules: [{ id: 'tier', move: { from: 'spec.tier', to: 'spec.tags.tier' } }],
    },
  ]);
  const doc = {
    apiVersion: 'things.azure.com/v1api20220131preview',
    kind: 'Vault',
    metadata: { name: 'v' },
    spec: { location: 'westus', tier: 'Premium' },
  };

  it('ASO view: the moved tier is a tag at the hub, not a bag entry, and comes back', () => {
    expect(bagOf(convertResource(catalog, doc, 'hub').output)).toHaveProperty('Tier');
    const hub = convertResource(catalog, doc, 'hub', { rules: rs });
    expect((hub.output as { spec: Record<string, unknown> }).spec.tags).toEqual({ tier: 'Premium' });
    expect(bagOf(hub.output)).toEqual({});
    expect(roundTrip(catalog, doc, { rules: rs }).ok).toBe(true);
  });

  it("as deployed, the rules augment ASO's conversion (the webhook): the tier is converted by the rule", () => {
    const v2 = vault.versions.find((v) => v.name === 'v1api20230131') as Version;
    const from = vault.versions.find((v) => v.name === 'v1api20220131preview') as Version;
    const r = runDeployed(catalog, vault, from, doc, v2, { rules: rs, conversion: 'Webhook' });
    expect((r.target as { spec: Record<string, unknown> }).spec.tags).toEqual({ tier: 'Premium' });
    expect(r.fates.some((f) => f.cause === 'conversion-rule' && f.rule === 'tier')).toBe(true);
    const plain = runDeployed(catalog, vault, from, doc, v2, { conversion: 'Webhook' });
    expect((plain.target as { spec: Record<string, unknown> }).spec).not.toHaveProperty('tags');
  });
});
