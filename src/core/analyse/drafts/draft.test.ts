// Drafts from the Changes analysis: which differences give a strong draft, which do not (fields, enums and changes
// under list items), over prototype-key names, and on a hostile schema.
import { describe, expect, it } from 'vitest';
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
import { applyRules } from '../../rules/apply.ts';
import { checkRulesAgainstCatalog } from '../rulesCheck.ts';
import { draftRules } from './draft.ts';
import { formatDrafts } from './draftText.ts';
import { parseRules } from '../../rules/parse.ts';
import { backup, brief, crd, gates, store, strong } from './testdata/drafts.ts';

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
