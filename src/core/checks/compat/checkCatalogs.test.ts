// Every rule on a crafted old/new pair (edits of testdata/widget-crd.yaml), in both directions: each edit is
// exactly one finding, with the rule and path the docs promise, and the reverse edit gives the reverse rule.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { importFiles } from '../../../importers/index.ts';
import type { Catalog } from '../../model/model.ts';
import { checkCatalogs } from './checkCatalogs.ts';
import { formatSchemaPath } from './compareSchemas.ts';
import { COMPAT_RULES, type CompatRule } from './rules.ts';
import { parseAllowList } from './allowList.ts';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const BASE = readFileSync(path.join(import.meta.dirname, 'testdata/widget-crd.yaml'), 'utf8');
const base = (): Rec => YAML.parse(BASE) as Rec;
const version = (crd: Rec, i = 0): Rec => crd.spec.versions[i];
const root = (crd: Rec, i = 0): Rec => version(crd, i).schema.openAPIV3Schema;
const props = (crd: Rec, i = 0): Rec => root(crd, i).properties.spec.properties;
const spec = (crd: Rec, i = 0): Rec => root(crd, i).properties.spec;

export function catalogOf(...crds: Rec[]): Catalog {
  const r = importFiles(crds.map((c, i) => ({ name: `crd${i}.yaml`, text: YAML.stringify(c) })));
  expect(r.issues.filter((x) => x.severity === 'error')).toEqual([]);
  return r.catalog;
}

/** A second version (v1) beside v1beta1, same schema, served, not storage. */
function twoVersions(crd: Rec): Rec {
  const v1 = structuredClone(version(crd));
  v1.name = 'v1';
  v1.storage = false;
  crd.spec.versions.push(v1);
  return crd;
}

const found = (old: Rec, neu: Rec, withHarmless = false) =>
  checkCatalogs(catalogOf(old), catalogOf(neu))
    .findings.filter((f) => withHarmless || f.severity !== 'harmless')
    .map((f) => ({ rule: f.rule, path: formatSchemaPath(f.path), ...(f.version ? { version: f.version } : {}) }));

const WEBHOOK = {
  strategy: 'Webhook',
  webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: 'https://x.example/convert' } },
};

interface Case {
  readonly name: string;
  readonly edit: (crd: Rec) => void;
  readonly forward: CompatRule;
  readonly path: string;
  /** The rule the reverse edit (new -> old) gives. */
  readonly backward: CompatRule;
  readonly from?: () => Rec;
}

const cases: Case[] = [
  {
    name: 'a field removed',
    edit: (c) => delete props(c).param,
    forward: 'field-removed',
    path: 'spec.param',
    backward: 'field-added',
  },
  {
    name: 'a field renamed (same schema)',
    edit: (c) => {
      props(c).matcher = props(c).selector;
      delete props(c).selector;
    },
    forward: 'field-renamed',
    path: 'spec.selector',
    backward: 'field-renamed',
  },
  {
    name: 'a type changed (and its limits and default with it)',
    edit: (c) => (props(c).replicas = { type: 'string' }),
    forward: 'type-changed',
    path: 'spec.replicas',
    backward: 'type-changed',
  },
  {
    name: 'an int-or-string narrowed to a string',
    edit: (c) => (props(c).size = { type: 'string' }),
    forward: 'type-changed',
    path: 'spec.size',
    backward: 'type-changed',
  },
  {
    name: 'an optional field made required',
    edit: (c) => spec(c).required.push('param'),
    forward: 'required-added',
    path: 'spec.param',
    backward: 'required-removed',
  },
  {
    name: 'a new required field',
    edit: (c) => {
      props(c).zone = { type: 'string' };
      spec(c).required.push('zone');
    },
    forward: 'required-added',
    path: 'spec.zone',
    backward: 'field-removed',
  },
  {
    name: 'an enum value removed',
    edit: (c) => (props(c).mode.enum = ['Fast']),
    forward: 'enum-value-removed',
    path: 'spec.mode',
    backward: 'enum-value-added',
  },
  {
    name: 'an enum constraint added',
    edit: (c) => (props(c).param.enum = ['a', 'b']),
    forward: 'enum-constraint-added',
    path: 'spec.param',
    backward: 'enum-constraint-removed',
  },
  {
    name: 'a default added',
    edit: (c) => (props(c).param.default = 'x'),
    forward: 'default-added',
    path: 'spec.param',
    backward: 'default-removed',
  },
  {
    name: 'a default changed',
    edit: (c) => (props(c).replicas.default = 2),
    forward: 'default-changed',
    path: 'spec.replicas',
    backward: 'default-changed',
  },
  {
    name: 'a pattern changed',
    edit: (c) => (props(c).name.pattern = '^[a-z0-9]+$'),
    forward: 'pattern-changed',
    path: 'spec.name',
    backward: 'pattern-changed',
  },
  {
    name: 'a pattern added',
    edit: (c) => (props(c).param.pattern = '^x'),
    forward: 'pattern-added',
    path: 'spec.param',
    backward: 'pattern-removed',
  },
  {
    name: 'a format changed',
    edit: (c) => (props(c).endpoint.format = 'hostname'),
    forward: 'format-changed',
    path: 'spec.endpoint',
    backward: 'format-changed',
  },
  {
    name: 'a format added',
    edit: (c) => (props(c).param.format = 'date'),
    forward: 'format-added',
    path: 'spec.param',
    backward: 'format-removed',
  },
  ...(
    [
      ['maximum', 'replicas', 5, 'maximum'],
      ['minimum', 'replicas', 1, 'minimum'],
      ['maxLength', 'name', 32, 'max-length'],
      ['minLength', 'name', 2, 'min-length'],
      ['maxItems', 'tags', 3, 'max-items'],
      ['minItems', 'tags', 1, 'min-items'],
      ['maxProperties', 'labels', 5, 'max-properties'],
      ['minProperties', 'labels', 1, 'min-properties'],
    ] as const
  ).map(([kw, field, value, rule]): Case => ({
    name: `${kw} moved inward`,
    edit: (c) => (props(c)[field][kw] = value),
    forward: `${rule}-tightened`,
    path: `spec.${field}`,
    backward: `${rule}-loosened`,
  })),
  {
    name: 'a bound added where there was none',
    edit: (c) => (props(c).param.maxLength = 10),
    forward: 'max-length-tightened',
    path: 'spec.param',
    backward: 'max-length-loosened',
  },
  {
    name: 'exclusiveMaximum dropped',
    edit: (c) => delete props(c).ratio.exclusiveMaximum,
    forward: 'exclusive-maximum-loosened',
    path: 'spec.ratio',
    backward: 'exclusive-maximum-tightened',
  },
  {
    name: 'exclusiveMinimum set',
    edit: (c) => (props(c).ratio.exclusiveMinimum = true),
    forward: 'exclusive-minimum-tightened',
    path: 'spec.ratio',
    backward: 'exclusive-minimum-loosened',
  },
  {
    name: 'uniqueItems set',
    edit: (c) => (props(c).tags.uniqueItems = true),
    forward: 'unique-items-added',
    path: 'spec.tags',
    backward: 'unique-items-removed',
  },
  {
    name: 'nullable dropped',
    edit: (c) => delete props(c).note.nullable,
    forward: 'nullable-removed',
    path: 'spec.note',
    backward: 'nullable-added',
  },
  {
    name: 'a oneOf alternative added',
    edit: (c) => props(c).shape.oneOf.push({ required: ['circle', 'square'] }),
    forward: 'one-of-changed',
    path: 'spec.shape',
    backward: 'one-of-changed',
  },
  {
    name: 'oneOf dropped',
    edit: (c) => delete props(c).shape.oneOf,
    forward: 'one-of-removed',
    path: 'spec.shape',
    backward: 'one-of-added',
  },
  {
    name: 'anyOf added',
    edit: (c) => (props(c).param.anyOf = [{ minLength: 2 }, { maxLength: 0 }]),
    forward: 'any-of-added',
    path: 'spec.param',
    backward: 'any-of-removed',
  },
  {
    name: 'allOf added',
    edit: (c) => (props(c).param.allOf = [{ minLength: 2 }]),
    forward: 'all-of-added',
    path: 'spec.param',
    backward: 'all-of-removed',
  },
  {
    name: 'an anyOf alternative changed',
    from: () => {
      const c = base();
      props(c).param.anyOf = [{ minLength: 2 }, { maxLength: 0 }];
      return c;
    },
    edit: (c) => (props(c).param.anyOf[1] = { maxLength: 1 }),
    forward: 'any-of-changed',
    path: 'spec.param',
    backward: 'any-of-changed',
  },
  {
    name: 'an allOf member changed',
    from: () => {
      const c = base();
      props(c).param.allOf = [{ minLength: 2 }];
      return c;
    },
    edit: (c) => (props(c).param.allOf = [{ minLength: 3 }]),
    forward: 'all-of-changed',
    path: 'spec.param',
    backward: 'all-of-changed',
  },
  {
    name: 'a not schema changed',
    from: () => {
      const c = base();
      props(c).selector.not = { required: ['app'] };
      return c;
    },
    edit: (c) => (props(c).selector.not = { properties: { app: { maxLength: 0 } } }),
    forward: 'not-changed',
    path: 'spec.selector',
    backward: 'not-changed',
  },
  {
    name: 'a map opened to any value',
    edit: (c) => (props(c).labels.additionalProperties = true),
    forward: 'additional-properties-changed',
    path: 'spec.labels',
    backward: 'additional-properties-changed',
  },
  {
    name: 'not added',
    edit: (c) => (props(c).selector.not = { required: ['app'] }),
    forward: 'not-added',
    path: 'spec.selector',
    backward: 'not-removed',
  },
  {
    name: 'a map closed (additionalProperties dropped)',
    edit: (c) => delete props(c).labels.additionalProperties,
    forward: 'additional-properties-removed',
    path: 'spec.labels',
    backward: 'additional-properties-added',
  },
  {
    name: 'a map value retyped',
    edit: (c) => (props(c).labels.additionalProperties = { type: 'integer' }),
    forward: 'type-changed',
    path: 'spec.labels{*}',
    backward: 'type-changed',
  },
  {
    name: 'an array item field retyped',
    edit: (c) => (props(c).ports.items.properties.port = { type: 'string' }),
    forward: 'type-changed',
    path: 'spec.ports[*].port',
    backward: 'type-changed',
  },
  {
    name: 'preserve-unknown-fields dropped',
    edit: (c) => delete props(c).config['x-kubernetes-preserve-unknown-fields'],
    forward: 'preserve-unknown-fields-removed',
    path: 'spec.config',
    backward: 'preserve-unknown-fields-added',
  },
  {
    name: 'embedded-resource dropped',
    edit: (c) => delete props(c).template['x-kubernetes-embedded-resource'],
    forward: 'embedded-resource-changed',
    path: 'spec.template',
    backward: 'embedded-resource-changed',
  },
  {
    name: 'a list-map made atomic',
    edit: (c) => {
      delete props(c).ports['x-kubernetes-list-type'];
      delete props(c).ports['x-kubernetes-list-map-keys'];
    },
    forward: 'list-type-changed',
    path: 'spec.ports',
    backward: 'list-type-changed',
  },
  {
    name: 'a struct made atomic',
    edit: (c) => (props(c).selector['x-kubernetes-map-type'] = 'atomic'),
    forward: 'map-type-changed',
    path: 'spec.selector',
    backward: 'map-type-changed',
  },
  {
    name: 'a CEL rule added',
    edit: (c) => props(c).owner['x-kubernetes-validations'].push({ rule: 'self.size() < 64', message: 'too long' }),
    forward: 'cel-rule-added',
    path: 'spec.owner',
    backward: 'cel-rule-removed',
  },
  {
    name: 'a CEL rule changed (same message)',
    edit: (c) => (props(c).owner['x-kubernetes-validations'][0].rule = 'self.size() > 1'),
    forward: 'cel-rule-changed',
    path: 'spec.owner',
    backward: 'cel-rule-changed',
  },
  {
    name: 'a field made immutable (self == oldSelf)',
    edit: (c) => (props(c).name['x-kubernetes-validations'] = [{ rule: 'self == oldSelf', message: 'immutable' }]),
    forward: 'immutability-added',
    path: 'spec.name',
    backward: 'immutability-removed',
  },
  {
    name: 'a field made immutable from its parent (self.name == oldSelf.name)',
    edit: (c) => (spec(c)['x-kubernetes-validations'] = [{ rule: 'self.name == oldSelf.name' }]),
    forward: 'immutability-added',
    path: 'spec',
    backward: 'immutability-removed',
  },
  {
    name: 'the scope changed',
    edit: (c) => (c.spec.scope = 'Cluster'),
    forward: 'scope-changed',
    path: '.',
    backward: 'scope-changed',
  },
  {
    name: 'a version stops being served',
    from: () => twoVersions(base()),
    edit: (c) => (version(c).served = false),
    forward: 'served-removed',
    path: '.',
    backward: 'served-added',
  },
  {
    name: 'the storage version moved',
    from: () => twoVersions(base()),
    edit: (c) => {
      version(c, 0).storage = false;
      version(c, 1).storage = true;
    },
    forward: 'storage-changed',
    path: '.',
    backward: 'storage-changed',
  },
  {
    name: 'a webhook conversion added',
    edit: (c) => (c.spec.conversion = WEBHOOK),
    forward: 'conversion-webhook-added',
    path: '.',
    backward: 'conversion-webhook-removed',
  },
  {
    name: 'a field in a served version behind a deprecation',
    from: () => twoVersions(base()),
    edit: (c) => (version(c).deprecated = true),
    forward: 'deprecation-changed',
    path: '.',
    backward: 'deprecation-changed',
  },
  {
    name: 'a keyword no rule covers',
    edit: (c) => (props(c).param.title = 'Param'),
    forward: 'other-changed',
    path: 'spec.param',
    backward: 'other-changed',
  },
];

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

describe('checkCatalogs: versions and kinds', () => {
  it('a version still in status.storedVersions cannot go', () => {
    const old = twoVersions(base());
    old.status = { storedVersions: ['v1beta1', 'v1'] };
    const neu = structuredClone(old);
    neu.spec.versions.splice(1, 1);
    expect(found(old, neu)).toEqual([{ rule: 'stored-version-removed', path: '.', version: 'v1' }]);
  });

  it('without status, the storage version counts as stored; a served version that was never stored is version-removed', () => {
    const old = twoVersions(base());
    const dropStorage = structuredClone(old);
    dropStorage.spec.versions.splice(0, 1);
    dropStorage.spec.versions[0].storage = true;
    expect(found(old, dropStorage).map((f) => f.rule)).toEqual(['storage-changed', 'stored-version-removed']);
    const dropServed = structuredClone(old);
    dropServed.spec.versions.splice(1, 1);
    expect(found(old, dropServed).map((f) => f.rule)).toEqual(['version-removed']);
    old.spec.versions[1].served = false;
    const dropUnserved = structuredClone(old);
    dropUnserved.spec.versions.splice(1, 1);
    expect(found(old, dropUnserved).map((f) => f.rule)).toEqual(['unserved-version-removed']);
  });

  it('a new version whose schema differs needs a conversion strategy that can carry it', () => {
    const old = base();
    const neu = twoVersions(base());
    delete props(neu, 1).param;
    expect(found(old, neu)).toEqual([{ rule: 'version-added-without-conversion', path: '.', version: 'v1' }]);
    const same = twoVersions(base());
    expect(found(old, same)).toEqual([{ rule: 'version-added', path: '.', version: 'v1' }]);
    const hooked = structuredClone(neu);
    hooked.spec.conversion = WEBHOOK;
    expect(found(old, hooked).map((f) => f.rule)).toEqual(['conversion-webhook-added', 'version-added']);
  });

  it('kinds pair by group and kind: one removed, one added', () => {
    const gadget = base();
    gadget.spec.names = { kind: 'Gadget', plural: 'gadgets' };
    gadget.metadata.name = 'gadgets.example.com';
    const r = checkCatalogs(catalogOf(base()), catalogOf(gadget));
    expect(r.findings.map((f) => [f.kind, f.rule])).toEqual([
      ['Widget', 'kind-removed'],
      ['Gadget', 'kind-added'],
    ]);
    expect(r.compared).toEqual([]);
  });

  it('lists the kinds and versions compared field by field', () => {
    const r = checkCatalogs(catalogOf(twoVersions(base())), catalogOf(twoVersions(base())));
    expect(r.compared).toEqual([{ group: 'example.com', kind: 'Widget', versions: ['v1beta1', 'v1'] }]);
  });
});

describe('allow files', () => {
  const removeParamAndMode = () => {
    const neu = base();
    delete props(neu).param;
    props(neu).mode.enum = ['Fast'];
    return neu;
  };

  it('an entry (rule + path glob) turns a matching incompatible finding into an allowed one, with its reason', () => {
    const { entries, issues } = parseAllowList(
      'allow:\n  - rule: field-removed\n    path: spec.*\n    reason: nobody set it\n',
      'allow.yaml',
    );
    expect(issues).toEqual([]);
    const r = checkCatalogs(catalogOf(base()), catalogOf(removeParamAndMode()), entries);
    expect(r.findings.map((f) => [f.rule, f.allowed?.reason])).toEqual([
      ['field-removed', 'nobody set it'],
      ['enum-value-removed', undefined],
    ]);
    expect(r.ok).toBe(false);
    expect(r.counts).toEqual({ incompatible: 1, compatible: 0, harmless: 0, allowed: 1 });
  });

  it('passes when every incompatible finding is allowed; rule globs, ** paths, kind and version filters match', () => {
    const { entries } = parseAllowList(
      [
        'allow:',
        '  - { rule: "enum-*", path: "**", kind: example.com/Widget, version: v1beta1, reason: Slow was never used }',
        '  - { rule: field-removed, path: spec.param, kind: Widget, reason: gone }',
      ].join('\n'),
    );
    const r = checkCatalogs(catalogOf(base()), catalogOf(removeParamAndMode()), entries);
    expect(r.ok).toBe(true);
    expect(r.issues).toEqual([]);
  });

  it('does not match another kind, version or path; unused entries are reported', () => {
    const { entries } = parseAllowList(
      [
        'allow:',
        '  - { rule: field-removed, path: spec.param, kind: Gadget, reason: r }',
        '  - { rule: field-removed, path: spec.param, version: v1, reason: r }',
        '  - { rule: field-removed, path: spec, reason: r }',
        '  - { rule: enum-value-removed, path: spec.mode, reason: r }',
      ].join('\n'),
      'allow.yaml',
    );
    const r = checkCatalogs(catalogOf(base()), catalogOf(removeParamAndMode()), entries);
    expect(r.ok).toBe(false);
    expect(r.issues.map((i) => [i.code, i.range?.start.line])).toEqual([
      ['UNUSED_ALLOW_ENTRY', 2],
      ['UNUSED_ALLOW_ENTRY', 3],
      ['UNUSED_ALLOW_ENTRY', 4],
    ]);
  });

  it('failOn compatible: an added field fails, and an entry can then allow it', () => {
    const neu = base();
    props(neu).extra = { type: 'string' };
    expect(checkCatalogs(catalogOf(base()), catalogOf(neu)).ok).toBe(true);
    expect(checkCatalogs(catalogOf(base()), catalogOf(neu), [], 'compatible').ok).toBe(false);
    const { entries } = parseAllowList('allow:\n  - { rule: field-added, path: spec.extra, reason: r }\n');
    const r = checkCatalogs(catalogOf(base()), catalogOf(neu), entries, 'compatible');
    expect([r.ok, r.counts.allowed, r.issues]).toEqual([true, 1, []]);
  });

  it('never allows compatible findings by default (nothing to allow)', () => {
    const neu = base();
    props(neu).extra = { type: 'string' };
    const { entries } = parseAllowList('allow:\n  - { rule: "**", path: "**", reason: everything }\n');
    const r = checkCatalogs(catalogOf(base()), catalogOf(neu), entries);
    expect(r.findings.map((f) => [f.rule, f.allowed])).toEqual([['field-added', undefined]]);
    expect(r.issues.map((i) => i.code)).toEqual(['UNUSED_ALLOW_ENTRY']);
  });

  it.each([
    ['allow: 3', []],
    ['allow:\n  - rule: field-removed\n    reason: r', ['allow', 0, 'path']],
    ['allow:\n  - rule: no-such-rule\n    path: x\n    reason: r', ['allow', 0, 'rule']],
    ['allow:\n  - rule: field-removed\n    path: x', ['allow', 0, 'reason']],
    ['allow:\n  - rule: field-removed\n    path: x\n    reason: r\n    severity: low', ['allow', 0, 'severity']],
    ['allow:\n  - just a string', ['allow', 0]],
  ])('rejects %j with INVALID_ALLOW_FILE at its path', (text, at) => {
    const r = parseAllowList(text, 'allow.yaml');
    expect(r.entries).toEqual([]);
    expect(r.issues.map((i) => [i.code, i.path])).toEqual([['INVALID_ALLOW_FILE', at]]);
    expect(r.issues[0]?.range).toBeDefined();
  });

  it('reports YAML syntax errors as issues', () => {
    expect(parseAllowList('allow: [', 'a.yaml').issues.map((i) => i.code)).toContain('YAML_SYNTAX');
  });
});

describe('docs/compatibility.md', () => {
  it('names every rule id, or its family (`max-length-*`)', () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/compatibility.md'), 'utf8');
    const listed = [...COMPAT_RULES].filter(
      ([rule]) =>
        doc.includes(`\`${rule}\``) ||
        doc.includes(`\`${rule.replace(/-(tightened|loosened|added|changed|removed)$/, '-*')}\``) ||
        doc.includes(`\`${rule.replace(/-(tightened|loosened)$/, '')}-tightened\``),
    );
    expect(listed.map(([r]) => r)).toEqual([...COMPAT_RULES.keys()]);
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
