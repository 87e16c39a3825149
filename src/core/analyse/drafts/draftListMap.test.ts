// Drafts for a map that became a list keyed by one field, and back: on the fixture and on random shapes.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyRules } from '../../rules/apply.ts';
import { draftRules } from './draft.ts';
import { formatDrafts } from './draftText.ts';
import { parseRules } from '../../rules/parse.ts';
import { brief, crd, nodes, roundTripErrors, strong } from './testdata/drafts.ts';

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
