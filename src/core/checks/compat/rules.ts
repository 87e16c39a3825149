// The closed set of revision-check rules (stable ids: allow files and CI scripts name them) and the severity
// of each. A rule is one direction of one change, so "tightened" and "loosened" are two rules with their own
// severity. docs/compatibility.md maps seed 002's wording and crdify's checks to these ids.

/** incompatible: fails the check; compatible: reported, passes; harmless: text only, passes. */
export type CompatSeverity = 'incompatible' | 'compatible' | 'harmless';

const BOUNDS = [
  'maximum',
  'minimum',
  'max-length',
  'min-length',
  'max-items',
  'min-items',
  'max-properties',
  'min-properties',
  'exclusive-maximum',
  'exclusive-minimum',
] as const;
type Bound = (typeof BOUNDS)[number];

const COMBINERS = ['one-of', 'any-of', 'all-of', 'not'] as const;
type Combiner = (typeof COMBINERS)[number];

export type CompatRule =
  // the CRD as a whole
  | 'kind-removed'
  | 'kind-added'
  | 'scope-changed'
  | 'stored-version-removed'
  | 'version-removed'
  | 'unserved-version-removed'
  | 'version-added'
  | 'version-added-without-conversion'
  | 'served-removed'
  | 'served-added'
  | 'storage-changed'
  | 'conversion-webhook-added'
  | 'conversion-webhook-removed'
  | 'deprecation-changed'
  // fields
  | 'field-removed'
  | 'field-renamed'
  | 'field-added'
  | 'required-added'
  | 'required-removed'
  | 'type-changed'
  | 'nullable-added'
  | 'nullable-removed'
  // values
  | 'enum-constraint-added'
  | 'enum-constraint-removed'
  | 'enum-value-removed'
  | 'enum-value-added'
  | 'default-added'
  | 'default-changed'
  | 'default-removed'
  | 'pattern-added'
  | 'pattern-changed'
  | 'pattern-removed'
  | 'format-added'
  | 'format-changed'
  | 'format-removed'
  | `${Bound}-tightened`
  | `${Bound}-loosened`
  | 'unique-items-added'
  | 'unique-items-removed'
  | `${Combiner}-added`
  | `${Combiner}-changed`
  | `${Combiner}-removed`
  | 'additional-properties-added'
  | 'additional-properties-removed'
  | 'additional-properties-changed'
  | 'preserve-unknown-fields-added'
  | 'preserve-unknown-fields-removed'
  | 'embedded-resource-changed'
  | 'list-type-changed'
  | 'map-type-changed'
  // CEL (x-kubernetes-validations)
  | 'cel-rule-added'
  | 'cel-rule-changed'
  | 'cel-rule-removed'
  | 'cel-message-changed'
  | 'immutability-added'
  | 'immutability-removed'
  // text
  | 'description-changed'
  // a keyword no rule above covers: reported (and failing) rather than silently passed
  | 'other-changed';

const table: [CompatRule, CompatSeverity][] = [
  ['kind-removed', 'incompatible'],
  ['kind-added', 'compatible'],
  ['scope-changed', 'incompatible'],
  ['stored-version-removed', 'incompatible'],
  ['version-removed', 'incompatible'],
  ['unserved-version-removed', 'compatible'],
  ['version-added', 'compatible'],
  ['version-added-without-conversion', 'incompatible'],
  ['served-removed', 'incompatible'],
  ['served-added', 'compatible'],
  ['storage-changed', 'compatible'],
  ['conversion-webhook-added', 'compatible'],
  ['conversion-webhook-removed', 'incompatible'],
  ['deprecation-changed', 'harmless'],
  ['field-removed', 'incompatible'],
  ['field-renamed', 'incompatible'],
  ['field-added', 'compatible'],
  ['required-added', 'incompatible'],
  ['required-removed', 'incompatible'],
  ['type-changed', 'incompatible'],
  ['nullable-added', 'incompatible'],
  ['nullable-removed', 'incompatible'],
  ['enum-constraint-added', 'incompatible'],
  ['enum-constraint-removed', 'incompatible'],
  ['enum-value-removed', 'incompatible'],
  ['enum-value-added', 'incompatible'],
  ['default-added', 'incompatible'],
  ['default-changed', 'incompatible'],
  ['default-removed', 'incompatible'],
  ['pattern-added', 'incompatible'],
  ['pattern-changed', 'incompatible'],
  ['pattern-removed', 'compatible'],
  ['format-added', 'incompatible'],
  ['format-changed', 'incompatible'],
  ['format-removed', 'compatible'],
  ...BOUNDS.flatMap((b): [CompatRule, CompatSeverity][] => [
    [`${b}-tightened`, 'incompatible'],
    [`${b}-loosened`, 'compatible'],
  ]),
  ['unique-items-added', 'incompatible'],
  ['unique-items-removed', 'compatible'],
  ...COMBINERS.flatMap((c): [CompatRule, CompatSeverity][] => [
    [`${c}-added`, 'incompatible'],
    [`${c}-changed`, 'incompatible'],
    [`${c}-removed`, 'compatible'],
  ]),
  ['additional-properties-added', 'compatible'],
  ['additional-properties-removed', 'incompatible'],
  ['additional-properties-changed', 'incompatible'],
  ['preserve-unknown-fields-added', 'compatible'],
  ['preserve-unknown-fields-removed', 'incompatible'],
  ['embedded-resource-changed', 'incompatible'],
  ['list-type-changed', 'incompatible'],
  ['map-type-changed', 'incompatible'],
  ['cel-rule-added', 'incompatible'],
  ['cel-rule-changed', 'incompatible'],
  ['cel-rule-removed', 'compatible'],
  ['cel-message-changed', 'harmless'],
  ['immutability-added', 'incompatible'],
  ['immutability-removed', 'compatible'],
  ['description-changed', 'harmless'],
  ['other-changed', 'incompatible'],
];

/** Every rule id with its severity, in documentation order. */
export const COMPAT_RULES: ReadonlyMap<CompatRule, CompatSeverity> = new Map(table);

export const severityOf = (rule: CompatRule): CompatSeverity => COMPAT_RULES.get(rule) as CompatSeverity;

const RANK: Readonly<Record<CompatSeverity, number>> = { harmless: 0, compatible: 1, incompatible: 2 };

export const isCompatSeverity = (s: string): s is CompatSeverity => Object.hasOwn(RANK, s);

/** True when a finding of `severity` fails a check that fails on `failOn` and anything more severe. */
export const fails = (severity: CompatSeverity, failOn: CompatSeverity): boolean => RANK[severity] >= RANK[failOn];

export const BOUND_KEYWORDS: readonly { readonly keyword: string; readonly rule: Bound; readonly upper: boolean }[] = [
  { keyword: 'maximum', rule: 'maximum', upper: true },
  { keyword: 'minimum', rule: 'minimum', upper: false },
  { keyword: 'maxLength', rule: 'max-length', upper: true },
  { keyword: 'minLength', rule: 'min-length', upper: false },
  { keyword: 'maxItems', rule: 'max-items', upper: true },
  { keyword: 'minItems', rule: 'min-items', upper: false },
  { keyword: 'maxProperties', rule: 'max-properties', upper: true },
  { keyword: 'minProperties', rule: 'min-properties', upper: false },
];

export const COMBINER_KEYWORDS: readonly { readonly keyword: string; readonly rule: Combiner }[] = [
  { keyword: 'oneOf', rule: 'one-of' },
  { keyword: 'anyOf', rule: 'any-of' },
  { keyword: 'allOf', rule: 'all-of' },
  { keyword: 'not', rule: 'not' },
];
