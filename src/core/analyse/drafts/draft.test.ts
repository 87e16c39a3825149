// Drafts from the Changes analysis: which differences give a strong draft, which do not, and that every draft is a
// valid rule that round-trips (move, enum, mapToList and listToMap) on generated instances.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'yaml';
import { arbitraryInstance } from '../../testing/arbitrary.ts';
import { findKind } from '../../catalog/catalogLookup.ts';
import { importFiles } from '../../../importers/index.ts';
import { buildKind } from '../../versions/buildKind.ts';
import { deriveStorageVariant } from '../../versions/storageVariant.ts';
import {
  CATALOG_FORMAT_VERSION,
  EMPTY_CONFIG,
  type Catalog,
  type ObjectType,
  type Property,
  type Version,
} from '../../model/model.ts';
import { applyRules, ruleEnds } from '../../rules/apply.ts';
import { checkRulesAgainstCatalog, checkRulesByRoundTrip } from '../rulesCheck.ts';
import { draftRules, type RuleDraft } from './draft.ts';
import { draftData, formatDrafts, mergeDrafts, ruleToJson, writtenRuleEnds } from './draftText.ts';
import { parseRules } from '../../rules/parse.ts';
import { formatPathPattern } from '../../rules/paths.ts';
import { fixtureCatalog, fixtureRules, keyedListsSound, repoRuleFiles } from '../../rules/testdata/load.ts';

const store = fixtureCatalog('drafts-crd.yaml');
const backup = fixtureCatalog('backup-crd.yaml');
const nodes = fixtureCatalog('drafts-maplist-crd.yaml');
const gates = fixtureCatalog('drafts-listitems-crd.yaml');
const strong = (ds: readonly RuleDraft[]) => ds.filter((d) => d.confidence === 'strong');
/** A draft as `op from -> to` (enum: with its value map). */
const brief = (d: RuleDraft): string => {
  const r = d.rule;
  if (r.op === 'enum') return `enum ${r.from.text} ${JSON.stringify([...r.values])}`;
  if (r.op === 'compute') return `compute ${r.up.map((t) => t.to.text).join(',')}`;
  if (r.op === 'move') return `move ${r.from.text} -> ${r.to.text}`;
  if (r.op === 'mapToList' || r.op === 'listToMap')
    return `${r.op} ${r.from.text}${r.to.text === r.from.text ? '' : ` -> ${r.to.text}`} key=${r.key}${r.value === undefined ? '' : ` value=${r.value}`}`;
  return r.op;
};

/** Generated instances of both versions of the pair (fixed seed: reproducible). */
function generated(catalog: Catalog, kindName: string, versions: readonly string[], runs: number) {
  const kind = findKind(catalog, kindName)!;
  return versions.flatMap((v) =>
    fc
      .sample(arbitraryInstance(catalog, kind, v, { maxDepth: 3, maxItems: 2, status: false }), {
        numRuns: runs,
        seed: 7,
      })
      .map((doc, i) => ({ doc, source: `generated ${v} #${i}` })),
  );
}

const LOSSLESS = new Set(['move', 'enum', 'mapToList', 'listToMap']);

/**
 * The errors of round trips through the move, enum and map <-> list drafts (the compute skeletons are the user's to
 * finish). A list a map <-> list draft reads is one a map could hold (keys once each: keyedListsSound).
 */
function roundTripErrors(catalog: Catalog, kindName: string, from: string, to: string, runs = 40) {
  const r = draftRules(catalog, kindName, from, to);
  const lossless = strong(r.drafts).filter((d) => LOSSLESS.has(d.rule.op));
  const parsed = parseRules(formatDrafts(lossless, r.target!));
  const rules = parsed.ruleSet.conversions.flatMap((c) => c.rules);
  const inputs = generated(catalog, kindName, [from, to], runs).filter((x) => keyedListsSound(x.doc, rules));
  const reports = checkRulesByRoundTrip(parsed.ruleSet, catalog, inputs);
  // every generated document went there and back (a conversion with no rules would check nothing)
  if (lossless.length > 0) expect(reports.length).toBe(inputs.length);
  return { count: lossless.length, errors: reports.flatMap((x) => x.issues).filter((i) => i.severity === 'error') };
}

describe('draftRules: strong evidence', () => {
  const r = draftRules(store, 'Store', 'v1', 'v2');
  it('drafts a move for a same-named field of the same type elsewhere, a rename for the only sibling, a move in a list', () => {
    expect(strong(r.drafts).map(brief).sort()).toEqual(
      [
        'move spec.owner -> spec.contact.owner',
        'move spec.endpoint -> spec.server',
        'move spec.disks[].sizeGb -> spec.disks[].capacity.sizeGb',
        'compute spec.schedule',
        'enum spec.mode [["fast","Fast"],["slow","Slow"]]',
        'enum spec.tier [["Basic","Basic"],["Premium","Premium"],["Legacy","Standard"]]',
      ].sort(),
    );
  });
  it('names the evidence: paths, types and the Changes entries it explains', () => {
    const owner = r.drafts.find((d) => d.evidence.from === 'spec.owner')!;
    expect(owner.evidence).toMatchObject({
      reason: 'moved',
      to: 'spec.contact.owner',
      fromType: 'string',
      toType: 'string',
      candidates: 1,
    });
    expect(owner.evidence.changes).toEqual([
      { change: 'removed', path: 'spec.owner' },
      { change: 'added-optional', path: 'spec.contact' },
    ]);
    expect(r.drafts.find((d) => d.evidence.from === 'spec.endpoint')!.evidence.reason).toBe('renamed');
    expect(r.drafts.find((d) => d.evidence.from === 'spec.tier')!.evidence.changes).toEqual([
      { change: 'enum-narrowed', path: 'spec.tier' },
    ]);
  });
  it('a string that became an object: a compute skeleton that carries the string in a required string field', () => {
    const d = r.drafts.find((x) => x.rule.op === 'compute')!;
    expect(d.needsExpressions).toBe(true);
    expect(d.evidence).toMatchObject({ reason: 'string-to-object', fromType: 'string', toType: 'object' });
    const set = parseRules(formatDrafts([d], r.target!)).ruleSet;
    const kind = { group: 'example.com', kind: 'Store' };
    const up = applyRules(set, kind, 'v1', 'v2', { spec: { schedule: '0 3 * * *' } });
    expect(up.doc).toEqual({ spec: { schedule: { cron: '0 3 * * *' } } });
    expect(up.issues).toEqual([]);
    const down = applyRules(set, kind, 'v2', 'v1', up.doc);
    expect(down.doc).toEqual({ spec: { schedule: '0 3 * * *' } });
    // absent stays absent (no CEL error on a missing field)
    expect(applyRules(set, kind, 'v1', 'v2', { spec: {} })).toMatchObject({ doc: { spec: {} }, issues: [] });
  });
  it('ids are unique and every draft names its rule', () => {
    const ids = r.drafts.map((d) => d.rule.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('draftRules: no strong draft without strong evidence', () => {
  const r = draftRules(store, 'Store', 'v1', 'v2');
  it('no draft when the types differ (integer size vs string capacity.size)', () => {
    expect(r.drafts.filter((d) => d.evidence.from === 'spec.size' || d.evidence.to === 'spec.capacity.size')).toEqual(
      [],
    );
  });
  it('two same-named candidates: both weak, neither strong', () => {
    const region = r.drafts.filter((d) => d.evidence.from === 'spec.region');
    expect(region.map((d) => [d.confidence, d.evidence.reason, d.evidence.to, d.evidence.candidates])).toEqual([
      ['weak', 'ambiguous', 'spec.primary.region', 2],
      ['weak', 'ambiguous', 'spec.secondary.region', 2],
    ]);
  });
  it('enum values renamed several at once, not by case: a weak positional map', () => {
    const d = draftRules(backup, 'Backup', 'v1', 'v2').drafts.find((x) => x.rule.op === 'enum')!;
    expect([d.confidence, d.evidence.reason]).toEqual(['weak', 'positional-enum']);
  });
  it('no drafts between a version and itself; unknown kinds and versions are issues', () => {
    expect(draftRules(store, 'Store', 'v1', 'v1').drafts).toEqual([]);
    expect(draftRules(store, 'Nope', 'v1', 'v2').issues.map((i) => i.code)).toEqual(['UNKNOWN_KIND']);
    expect(draftRules(store, 'Store', 'v1', 'v9').issues.map((i) => i.code)).toEqual(['UNKNOWN_VERSION']);
  });
});

describe('draftRules: a map that became a list keyed by one field, and back', () => {
  const r = draftRules(nodes, 'Node', 'v1', 'v2');
  const kind = { group: 'example.com', kind: 'Node' };
  const of = (from: string) => r.drafts.filter((d) => d.evidence.from === from);
  it('drafts mapToList / listToMap where one key field and one value field (or the value inlined) fit', () => {
    expect(strong(r.drafts).map(brief).sort()).toEqual(
      [
        'mapToList spec.kubeletArgs key=name value=value',
        'mapToList spec.labels key=key value=value',
        'mapToList spec.limits key=resource value=amount',
        'mapToList spec.zones key=name',
        'mapToList spec.disks[].tags key=name value=value',
        'listToMap spec.envs key=name value=value',
        'mapToList spec.annotations -> spec.meta.annotations key=name value=value',
      ].sort(),
    );
  });
  it('names the evidence: the types, the Changes entries, and how the key field was chosen', () => {
    expect(of('spec.kubeletArgs')[0]!.evidence).toEqual({
      reason: 'map-list-by-name',
      from: 'spec.kubeletArgs',
      to: 'spec.kubeletArgs',
      fromType: 'map[string]string',
      toType: '[]object',
      changes: [{ change: 'type-changed', path: 'spec.kubeletArgs' }],
      candidates: 2,
    });
    expect(of('spec.limits')[0]!.evidence).toMatchObject({ reason: 'map-list', candidates: 1 });
    expect(of('spec.zones')[0]!.evidence).toMatchObject({ reason: 'map-list', toType: '[]object' });
    expect(of('spec.envs')[0]!.evidence).toMatchObject({ fromType: '[]object', toType: 'map[string]string' });
    expect(of('spec.annotations')[0]!.evidence.changes).toEqual([
      { change: 'removed', path: 'spec.annotations' },
      { change: 'added-optional', path: 'spec.meta' },
    ]);
  });
  it('weak, saying why, where the pairing is not certain; no draft where no field can hold the value', () => {
    const weak = r.drafts.filter((d) => d.confidence === 'weak');
    expect(weak.map((d) => [d.evidence.from, d.rule.op, d.evidence.reason, d.evidence.candidates])).toEqual([
      ['spec.opts', 'mapToList', 'optional-field', 2],
      ['spec.pairs', 'mapToList', 'ambiguous', 2],
      ['spec.vars', 'mapToList', 'extra-fields', 2],
    ]);
    expect(of('spec.ports')).toEqual([]);
  });
  it('applied: a map becomes the list of its entries (value field, or the value inlined), and back', () => {
    const set = parseRules(formatDrafts(strong(r.drafts), r.target!)).ruleSet;
    const v1 = {
      spec: {
        kubeletArgs: JSON.parse('{"eviction-hard":"x","__proto__":"p","constructor":"c"}') as unknown,
        zones: { z1: { controlPlane: true, weight: 3 } },
        disks: [{ device: 'sda', tags: { t: 'x' } }, { device: 'sdb' }],
        envs: [{ name: 'HOME', value: '/root' }],
        annotations: { n: 'v' },
      },
    };
    const up = applyRules(set, kind, 'v1', 'v2', v1);
    expect(up.issues).toEqual([]);
    expect(up.doc).toEqual({
      spec: {
        kubeletArgs: [
          { name: 'eviction-hard', value: 'x' },
          { name: '__proto__', value: 'p' },
          { name: 'constructor', value: 'c' },
        ],
        zones: [{ name: 'z1', controlPlane: true, weight: 3 }],
        disks: [{ device: 'sda', tags: [{ name: 't', value: 'x' }] }, { device: 'sdb' }],
        envs: { HOME: '/root' },
        meta: { annotations: [{ name: 'n', value: 'v' }] },
      },
    });
    const down = applyRules(set, kind, 'v2', 'v1', up.doc);
    expect(down.issues).toEqual([]);
    expect(down.doc).toEqual(v1);
    const back = down.doc as { spec: { kubeletArgs: object } };
    expect(Object.keys(back.spec.kubeletArgs)).toEqual(['eviction-hard', '__proto__', 'constructor']);
  });
});

describe('draftRules: changes under list items', () => {
  const r = draftRules(gates, 'Gate', 'v1', 'v2');
  it('renames, moves and enum renames inside list elements (and in a list in a list) are drafted strong', () => {
    expect(strong(r.drafts).map(brief).sort()).toEqual(
      [
        'move spec.routes[].portNumber -> spec.routes[].port',
        'move spec.routes[].target -> spec.routes[].backend.target',
        'move spec.routes[].hosts[].addr -> spec.routes[].hosts[].address',
        'enum spec.routes[].protocol [["tcp","TCP"],["udp","UDP"]]',
      ].sort(),
    );
    // the first Changes entry is the row the Changes tab offers the draft on
    expect(r.drafts.find((d) => d.evidence.from === 'spec.routes[].portNumber')!.evidence.changes[0]).toEqual({
      change: 'removed',
      path: 'spec.routes["*"].portNumber',
    });
  });
  it('no draft for a string that became an object in list elements (compute has no `[]`), nor in map values', () => {
    expect(r.drafts.filter((d) => /schedule|byZone/.test(d.evidence.from + d.evidence.to))).toEqual([]);
  });
  it('applied: each element converts, its other fields stay', () => {
    const set = parseRules(formatDrafts(strong(r.drafts), r.target!)).ruleSet;
    const kind = { group: 'example.com', kind: 'Gate' };
    const v1 = {
      spec: {
        routes: [
          { name: 'a', portNumber: 80, target: 't', protocol: 'tcp', hosts: [{ addr: 'h', weight: 1 }, { weight: 2 }] },
          { name: 'b', protocol: 'udp' },
        ],
      },
    };
    const up = applyRules(set, kind, 'v1', 'v2', v1);
    expect(up.issues).toEqual([]);
    expect(up.doc).toEqual({
      spec: {
        routes: [
          {
            name: 'a',
            port: 80,
            backend: { target: 't' },
            protocol: 'TCP',
            hosts: [{ address: 'h', weight: 1 }, { weight: 2 }],
          },
          { name: 'b', protocol: 'UDP' },
        ],
      },
    });
    expect(applyRules(set, kind, 'v2', 'v1', up.doc).doc).toEqual(v1);
  });
});

describe('property: a map that became a list keyed by one field (or back) is drafted strong and lossless', () => {
  const VALUE_TYPES: Record<string, unknown>[] = [
    { type: 'string' },
    { type: 'integer' },
    { type: 'boolean' },
    { type: 'object', required: ['x'], properties: { x: { type: 'string' }, y: { type: 'integer' } } },
  ];
  const arb = fc.record({
    value: fc.nat(VALUE_TYPES.length - 1),
    keyName: fc.constantFrom('name', 'key'),
    otherKeyName: fc.constantFrom('id', 'resource'),
    valueName: fc.constantFrom('value', 'data', 'amount'),
    inline: fc.boolean(),
    anchor: fc.constantFrom('required', 'list-map-keys'),
    moved: fc.boolean(),
    reverse: fc.boolean(),
  });
  it('holds for random shapes', () => {
    fc.assert(
      fc.property(arb, ({ value, keyName, otherKeyName, valueName, inline, anchor, moved, reverse }) => {
        const t = VALUE_TYPES[value]!;
        const isString = t.type === 'string';
        const inlined = inline && t.type === 'object';
        // a string value: the key field's conventional name decides; otherwise the only string field is the key
        const key = isString ? keyName : otherKeyName;
        // list-map keys are required or defaulted (the API server rejects a CRD otherwise)
        const dflt = (x: Record<string, unknown>, d: unknown) => (anchor === 'required' ? x : { ...x, default: d });
        const DEFAULTS: Record<string, unknown> = { string: '', integer: 0, boolean: false, object: { x: '' } };
        const props = inlined
          ? { [key]: dflt({ type: 'string' }, 'k'), ...(t.properties as object) }
          : { [key]: dflt({ type: 'string' }, 'k'), [valueName]: dflt(t, DEFAULTS[t.type as string]) };
        const anchored = inlined ? [key] : [key, valueName];
        const required = inlined ? [...anchored, 'x'] : anchor === 'required' ? anchored : [];
        const list = {
          type: 'array',
          ...(anchor === 'list-map-keys'
            ? { 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': anchored }
            : {}),
          items: { type: 'object', required, properties: props },
        };
        const map = { type: 'object', additionalProperties: t };
        const older = { args: reverse ? list : map, other: { type: 'string' } };
        const newer = moved
          ? { nest: { type: 'object', properties: { args: reverse ? map : list } }, other: { type: 'string' } }
          : { args: reverse ? map : list, other: { type: 'string' } };
        const catalog = crd(older, newer);
        const op = reverse ? 'listToMap' : 'mapToList';
        const expected = `${op} spec.args${moved ? ' -> spec.nest.args' : ''} key=${key}${inlined ? '' : ` value=${valueName}`}`;
        expect(strong(draftRules(catalog, 'Thing', 'v1', 'v2').drafts).map(brief)).toEqual([expected]);
        expect(roundTripErrors(catalog, 'Thing', 'v1', 'v2', 8).errors).toEqual([]);
      }),
      { numRuns: 40, seed: 17 },
    );
  });
});

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

/** A CRD of two versions as JSON text (JSON is YAML). */
function crd(v1: Record<string, unknown>, v2: Record<string, unknown>): Catalog {
  const version = (name: string, spec: Record<string, unknown>) => ({
    name,
    served: true,
    storage: name === 'v2',
    schema: {
      openAPIV3Schema: {
        type: 'object',
        properties: {
          apiVersion: { type: 'string' },
          kind: { type: 'string' },
          metadata: { type: 'object' },
          spec: { type: 'object', properties: spec },
        },
      },
    },
  });
  const doc = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'things.example.com' },
    spec: {
      group: 'example.com',
      names: { kind: 'Thing', plural: 'things', singular: 'thing', listKind: 'ThingList' },
      scope: 'Namespaced',
      versions: [version('v1', v1), version('v2', v2)],
    },
  };
  return importFiles([{ name: 'thing.json', text: JSON.stringify(doc) }], { id: 'p', title: 'p' }).catalog;
}

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

describe('mergeDrafts: into the user rules text', () => {
  const r = draftRules(store, 'Store', 'v1', 'v2');
  const target = r.target!;
  const owner = r.drafts.filter((d) => d.evidence.from === 'spec.owner').map(draftData);
  const tier = r.drafts.filter((d) => d.evidence.from === 'spec.tier').map(draftData);
  const USER = [
    '# my rules',
    'apiVersion: version-explorer.dev/v1alpha1',
    'kind: ConversionRules',
    'conversions:',
    '  - group: example.com',
    '    kind: Store',
    '    from: v1',
    '    to: v2',
    '    rules:',
    '      # keep this comment',
    '      - id: owner',
    '        drop: { from: spec.size, reason: "not kept" }   # and this one',
    '',
  ].join('\n');

  it('appends to the conversion of the pair, keeping the text before it byte for byte; ids that clash get -2', () => {
    const m = mergeDrafts(USER, target, owner);
    expect(m.issues).toEqual([]);
    expect(m.added).toEqual(['owner-2']);
    expect(m.text.startsWith(USER)).toBe(true);
    const parsed = parseRules(m.text);
    expect(parsed.issues).toEqual([]);
    expect(parsed.ruleSet.conversions[0]!.rules.map((x) => x.id)).toEqual(['owner', 'owner-2']);
  });
  it('a draft whose paths a rule already reads is left out (merging twice adds nothing)', () => {
    const once = mergeDrafts(USER, target, [...owner, ...tier]);
    const twice = mergeDrafts(once.text, target, [...owner, ...tier]);
    expect(twice.added).toEqual([]);
    expect([...twice.present].sort()).toEqual(['owner', 'tier-values']);
    expect(twice.text).toBe(once.text);
  });
  it('a map <-> list draft: written as files write it (no `to` at the same path), after the user rules, once', () => {
    const n = draftRules(nodes, 'Node', 'v1', 'v2');
    const ds = strong(n.drafts)
      .filter((d) => d.rule.op === 'mapToList' || d.rule.op === 'listToMap')
      .map(draftData);
    const user = USER.replace('kind: Store', 'kind: Node');
    const m = mergeDrafts(user, n.target!, ds);
    expect(m.text.startsWith(user)).toBe(true);
    const parsed = parseRules(m.text);
    expect(parsed.issues).toEqual([]);
    const written = (parse(m.text) as { conversions: { rules: { id: string }[] }[] }).conversions[0]!.rules;
    expect(written.find((x) => x.id === 'kubeletArgs')).toEqual({
      id: 'kubeletArgs',
      mapToList: { from: 'spec.kubeletArgs', key: 'name', value: 'value' },
    });
    expect(written.find((x) => x.id === 'annotations')).toEqual({
      id: 'annotations',
      mapToList: { from: 'spec.annotations', to: 'spec.meta.annotations', key: 'name', value: 'value' },
    });
    expect(written.find((x) => x.id === 'zones')).toEqual({
      id: 'zones',
      mapToList: { from: 'spec.zones', key: 'name' },
    });
    expect(m.added.length).toBe(ds.length);
    const twice = mergeDrafts(m.text, n.target!, ds);
    expect([twice.added, twice.text]).toEqual([[], m.text]);
  });
  it('another pair: a new conversion after the existing ones', () => {
    const m = mergeDrafts(USER, { ...target, from: 'v0' }, owner);
    const cs = parseRules(m.text).ruleSet.conversions;
    expect(cs.map((c) => [c.from, c.rules.map((x) => x.id)])).toEqual([
      ['v1', ['owner']],
      ['v0', ['owner']],
    ]);
    expect(m.text.startsWith(USER)).toBe(true);
  });
  it('flow-style rules: the document is edited and printed, comments kept', () => {
    const flow = USER.split('\n').slice(0, 9).join('\n').replace('rules:', 'rules: []  # none yet') + '\n';
    const m = mergeDrafts(flow, target, owner);
    expect(m.text).toContain('# my rules');
    expect(parseRules(m.text).ruleSet.conversions[0]!.rules.map((x) => x.id)).toEqual(['owner']);
  });
  it('empty text: a new rules document', () => {
    const m = mergeDrafts('', target, owner);
    expect(parseRules(m.text).issues).toEqual([]);
    expect(m.added).toEqual(['owner']);
  });
  it('text that is not a rules document is left alone, with an issue', () => {
    for (const [text, code] of [
      ['a: [', 'YAML_SYNTAX'],
      ['apiVersion: v1\nkind: ConfigMap\n', 'RULES_FORMAT_VERSION'],
      ['apiVersion: version-explorer.dev/v1alpha1\nkind: ConversionRules\nconversions: 3\n', 'RULES_INVALID'],
    ] as const) {
      const m = mergeDrafts(text, target, owner);
      expect([m.text, m.added, m.issues.map((i) => i.code)]).toEqual([text, [], [code]]);
    }
  });
});

describe('drafts as plain data', () => {
  it('a rule as written reads and writes what the parsed rule does (every rule of the repository and the fixtures)', () => {
    const rules = [
      ...repoRuleFiles().map((f) => parseRules(f.text, f.file).ruleSet),
      fixtureRules('backup-rules.yaml').ruleSet,
    ].flatMap((set) => set.conversions.flatMap((c) => c.rules));
    expect(rules.length).toBeGreaterThan(20);
    for (const r of rules) {
      const e = ruleEnds(r, 'up');
      expect(writtenRuleEnds(ruleToJson(r)), r.id).toEqual({
        reads: e.source.map(formatPathPattern),
        writes: e.dest.map(formatPathPattern),
      });
    }
  });
  it('survive structured clone (posted from the worker) and print the same rules', () => {
    const r = draftRules(store, 'Store', 'v1', 'v2');
    const data = strong(r.drafts).map(draftData);
    const cloned = structuredClone(data);
    expect(mergeDrafts('', r.target!, cloned).text).toBe(formatDrafts(strong(r.drafts), r.target!));
  });
});

describe('drafts over names that are object prototype keys', () => {
  it('a moved `constructor` and enum values `__proto__` / `toString` are drafted and printed as data', () => {
    const catalog = crd(
      { constructor: { type: 'string' }, level: { type: 'string', enum: ['__proto__', 'toString'] } },
      {
        nest: { type: 'object', properties: { constructor: { type: 'string' } } },
        level: { type: 'string', enum: ['__proto__', 'valueOf'] },
      },
    );
    const r = draftRules(catalog, 'Thing', 'v1', 'v2');
    expect(strong(r.drafts).map(brief).sort()).toEqual(
      [
        'move spec.constructor -> spec.nest.constructor',
        'enum spec.level [["__proto__","__proto__"],["toString","valueOf"]]',
      ].sort(),
    );
    const parsed = parseRules(formatDrafts(r.drafts, r.target!));
    expect(parsed.issues).toEqual([]);
    expect(checkRulesAgainstCatalog(parsed.ruleSet, catalog)).toEqual([]);
    const kind = { group: 'example.com', kind: 'Thing' };
    const up = applyRules(parsed.ruleSet, kind, 'v1', 'v2', { spec: { constructor: 'c', level: 'toString' } });
    expect(JSON.stringify(up.doc)).toBe('{"spec":{"level":"valueOf","nest":{"constructor":"c"}}}');
  });
});

describe('drafts on a hostile schema', () => {
  it('thousands of removed maps and added lists: only a map and a list that could hold its values are paired', () => {
    const N = 2000;
    const entry = {
      type: 'object',
      required: ['name', 'value'],
      properties: { name: { type: 'string' }, value: { type: 'string' } },
    };
    const v1: Record<string, unknown> = {};
    const v2: Record<string, unknown> = {};
    for (let i = 0; i < N; i++) {
      v1[`m${i}`] = { type: 'object', additionalProperties: { type: 'integer' } };
      v2[`l${i}`] = { type: 'array', items: entry };
    }
    v1.args = { type: 'object', additionalProperties: { type: 'string' } };
    v2.nest = { type: 'object', properties: { args: { type: 'array', items: entry } } };
    const r = draftRules(crd(v1, v2), 'Thing', 'v1', 'v2');
    expect(r.drafts.filter((d) => d.rule.op === 'mapToList').map(brief)).toEqual([
      'mapToList spec.args -> spec.nest.args key=name value=value',
    ]);
  });

  it('a type reused at every level (2^30 paths) is drafted without expanding it', () => {
    const prop = (name: string, type: Property['type']): Property => ({ name, bagKey: name, type, required: false });
    const obj = (name: string, properties: Property[]): ObjectType => ({
      name,
      named: true,
      properties,
      hasPropertyBag: false,
    });
    const ref = (name: string): Property['type'] => ({ kind: 'object', name });
    const chain: Record<string, ObjectType> = {};
    for (let i = 0; i < 30; i++)
      chain[`T${i}`] = obj(`T${i}`, [prop('a', ref(`T${i + 1}`)), prop('b', ref(`T${i + 1}`))]);
    chain.T30 = obj('T30', [prop('leaf', { kind: 'primitive', name: 'string' })]);
    const version = (name: string, spec: ObjectType, extra: ObjectType[]): Version => ({
      name,
      role: 'api',
      served: true,
      crdStorage: name === 'v2',
      deprecated: false,
      root: 'Root',
      spec: 'spec',
      types: Object.fromEntries(
        [obj('Root', [prop('spec', ref(spec.name))]), spec, ...extra, ...Object.values(chain)].map((t) => [t.name, t]),
      ),
    });
    const v1 = version('v1', obj('Spec', [prop('old', ref('T0'))]), []);
    const v2 = version('v2', obj('Spec', [prop('nest', ref('Nest'))]), [obj('Nest', [prop('old', ref('T0'))])]);
    const { kind } = buildKind({ group: 'g.io', kind: 'Deep', versions: [v1, v2, deriveStorageVariant(v2)] });
    const catalog: Catalog = {
      formatVersion: CATALOG_FORMAT_VERSION,
      id: 'deep',
      title: 'deep',
      kinds: [kind!],
      config: EMPTY_CONFIG,
      sources: [],
    };
    const r = draftRules(catalog, 'Deep', 'v1', 'v2');
    expect(strong(r.drafts).map(brief)).toEqual(['move spec.old -> spec.nest.old']);
  });
});
