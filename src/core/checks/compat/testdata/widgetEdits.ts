// One edit of the Widget CRD per compatibility rule: the rule and path it gives, and the rule its reverse gives.
import type { CompatRule } from '../rules.ts';
import { base, props, spec, twoVersions, version, WEBHOOK, type Rec } from './widgetCrd.ts';

export interface Case {
  readonly name: string;
  readonly edit: (crd: Rec) => void;
  readonly forward: CompatRule;
  readonly path: string;
  /** The rule the reverse edit (new -> old) gives. */
  readonly backward: CompatRule;
  readonly from?: () => Rec;
}

export const cases: Case[] = [
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
