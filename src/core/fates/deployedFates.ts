// The As deployed view's fate vocabulary: what a stage of the API server's pipeline did to a field, why, and
// the words, colours and loss codes for it. The panes, the fate list, the Markdown report and the CLI read them
// here; nothing outside core decides what counts as a loss.
import type { IssueCode, Path, Severity } from '../model/issue.ts';
import type { FateKind } from './fate.ts';

/** The pipeline's stages (customresource_handler.go's coercer, defaulting, conversion). */
/** `prepare`: the registry strategy's PrepareForCreate/PrepareForUpdate (after defaulting, before validation). */
export type DeployedStep = 'prune' | 'nulls' | 'metadata' | 'default' | 'prepare' | 'convert';

export type DeployedCause =
  /** prune: the key is neither a declared property nor allowed by `additionalProperties`. */
  | 'unknown-field'
  /** prune: an object under a scalar-typed node (`type: string`, int-or-string, ...) loses its keys. */
  | 'under-scalar'
  /** prune: the value has no schema at all (`additionalProperties: true/false`, an array without `items`). */
  | 'no-schema'
  /** nulls: a `null` where the schema is not nullable and has no default. */
  | 'non-nullable-null'
  /** metadata: a key ObjectMeta does not have. */
  | 'unknown-metadata-field'
  /** metadata: a value of the wrong type for ObjectMeta (dropped on read; rejects a write). */
  | 'malformed-metadata-field'
  /** metadata: an embedded resource's apiVersion/kind that is not a string. */
  | 'non-string-type-meta'
  /** default: the field was absent. */
  | 'missing'
  /** default: the field was a non-nullable `null`. */
  | 'null'
  /** prepare: the status subresource is enabled, so a create or main-resource update does not set `.status`. */
  | 'status-subresource'
  /** convert: None rewrites apiVersion only. */
  | 'api-version'
  /** convert (Webhook, not described): same path, same type in both schemas. */
  | 'webhook-same-path'
  /** convert (Webhook, not described): anything else is the operator's code. */
  | 'webhook-not-modelled'
  /** convert (Webhook): the server restores every metadata field but labels and annotations. */
  | 'metadata-restored'
  /** convert (Webhook, ASO-style): ASO's conversion webhook reported this field (renamed, converted, lost, ...). */
  | 'aso-conversion'
  /** convert (Webhook described by conversion rules): a rule moved or computed this field. */
  | 'conversion-rule'
  /** convert (Webhook described by conversion rules): a `drop` rule loses this field on purpose. */
  | 'rule-dropped'
  /** convert (Webhook described by conversion rules): the rule reading this field failed (RULE_FAILED). */
  | 'rule-failed';

export type DeployedFateKind =
  | 'dropped-on-write' // pruned (or unknown metadata dropped) while writing: by V's or S's schema
  | 'dropped-on-read' // pruned while reading: by T's schema
  | 'defaulted' // on write by V's defaults, on read by S's
  | 'null-removed' // a non-nullable null without default
  | 'metadata-coerced' // a metadata value normalised by the typed ObjectMeta round trip
  | 'metadata-restored' // the server put back metadata a webhook changed
  | 'webhook-not-modelled' // the operator's webhook decides; not shown as kept or lost
  | 'converted' // apiVersion rewritten, or the conversion webhook moved it
  | 'copied';

/** Where a fate is shown: the input as written at V, the stored object (S) or the object read at T. */
export type DeployedPane = 'resource' | 'stored' | 'target';

export interface DeployedFate {
  readonly kind: DeployedFateKind;
  readonly on: 'write' | 'read';
  /** The version whose schema, defaults or conversion did it. */
  readonly by: string;
  readonly step: DeployedStep;
  readonly cause: DeployedCause;
  readonly pane: DeployedPane;
  /** Path in that pane's document (for a drop: where the value was). */
  readonly path: Path;
  /** The conversion rule (its id) that moved, computed or dropped the field. */
  readonly rule?: string;
}

export interface DeployedFateKindInfo {
  /** Short words for the kind (hover, fate list). */
  readonly words: string;
  /** The pane colour: the ASO view's fate classes (a drop reads as lost). */
  readonly colour: FateKind | undefined;
  /** A problem the CLI and the verdict report. */
  readonly problem?: { readonly code: IssueCode; readonly severity: Severity };
}

/** Every deployed fate kind (a Record: a new kind does not compile until it is described here). */
export const DEPLOYED_FATE_KINDS: Readonly<Record<DeployedFateKind, DeployedFateKindInfo>> = {
  'dropped-on-write': {
    words: 'dropped on write',
    colour: 'lost',
    problem: { code: 'DROPPED_ON_WRITE', severity: 'warning' },
  },
  'dropped-on-read': {
    words: 'dropped on read',
    colour: 'lost',
    problem: { code: 'DROPPED_ON_READ', severity: 'warning' },
  },
  defaulted: { words: 'defaulted', colour: 'converted' },
  'null-removed': { words: 'null removed', colour: undefined },
  'metadata-coerced': { words: 'metadata normalised', colour: 'converted' },
  'metadata-restored': { words: 'metadata restored', colour: 'converted' },
  'webhook-not-modelled': {
    words: 'cannot tell: the conversion webhook decides',
    colour: 'manual',
    problem: { code: 'WEBHOOK_NOT_MODELLED', severity: 'info' },
  },
  converted: { words: 'converted', colour: 'converted' },
  copied: { words: 'copied', colour: 'copied' },
};

/**
 * The colours the As deployed panes use, with what each means in this view (the legend shows only these, in these
 * words: the ASO labels, "in the property bag" or "needs a hand-written conversion", are not this view's story).
 */
export const DEPLOYED_LEGEND: Readonly<Partial<Record<FateKind, string>>> = {
  copied: 'kept',
  renamed: 'moved by a rule',
  converted: 'converted or defaulted',
  lost: 'dropped on write or read',
  pruned: 'pruned when written',
  manual: 'decided by a webhook (cannot tell)',
};

/** A drop a `drop` rule intends: the conversion's doing, shown as such and never as a loss. */
export const intendedDrop = (f: Pick<DeployedFate, 'cause'>): boolean => f.cause === 'rule-dropped';

/** A field the object loses: a drop on write or read that no rule intends. */
export const isDeployedLoss = (f: Pick<DeployedFate, 'kind' | 'cause'>): boolean =>
  (f.kind === 'dropped-on-write' || f.kind === 'dropped-on-read') && !intendedDrop(f);

/** What a conversion rule did to a field, the rule named: "moved by rule `infrastructureRef`". */
export type RuleFate = 'moved' | 'computed' | 'read' | 'dropped' | 'failed';

export function ruleFateWords(how: RuleFate, rule: string, reason?: string): string {
  if (how === 'failed') return `lost: rule \`${rule}\` failed reading it`;
  const what = how === 'dropped' ? 'dropped on purpose' : how === 'read' ? 'read (computed from)' : how;
  return `${what} by rule \`${rule}\`${how === 'dropped' && reason ? `: ${reason}` : ''}`;
}

/** What each rule does, by rule id (the first rule of an id wins): the words' input for rule fates. */
export type RuleFates = ReadonlyMap<string, { readonly how: RuleFate; readonly reason?: string }>;

/** The fate in words, without when and by whom; a rule's fate names the rule. */
export function deployedFateWords(f: DeployedFate, rules: RuleFates = new Map()): string {
  if (f.rule === undefined) return DEPLOYED_FATE_KINDS[f.kind].words;
  const r = rules.get(f.rule);
  const how: RuleFate =
    f.cause === 'rule-dropped'
      ? 'dropped'
      : f.cause === 'rule-failed'
        ? 'failed'
        : r?.how === 'computed' && f.pane === 'resource'
          ? 'read'
          : (r?.how ?? 'moved');
  return ruleFateWords(how, f.rule, r?.reason);
}

const DROP_WHY: Partial<Record<DeployedCause, (by: string, field: string) => string>> = {
  'unknown-field': (by, field) => `${by}'s schema has no ${field}`,
  'under-scalar': (by) => `${by}'s schema declares a plain value here, not an object`,
  'no-schema': (by) => `${by}'s schema does not describe this value`,
  'unknown-metadata-field': (_, field) => `${field} is not an ObjectMeta field`,
  'malformed-metadata-field': (_, field) => `${field} is not of ObjectMeta's type`,
  'non-string-type-meta': (_, field) => `an embedded resource's ${field} must be a string`,
  'status-subresource': () => 'the status subresource is enabled: a create does not set .status',
};

/** A drop as a sentence: "dropped when written at v2: v2's schema has no `patchesStrategicMerge`". */
export function deployedDropSentence(f: DeployedFate): string {
  const last = f.path[f.path.length - 1];
  const field = last === undefined ? 'this field' : typeof last === 'number' ? `item ${last}` : `\`${last}\``;
  const when = f.on === 'write' ? `dropped when written at ${f.by}` : `dropped when read at ${f.by}`;
  if (f.cause === 'rule-failed') return `lost: rule \`${f.rule ?? '?'}\` failed reading it`;
  const why = DROP_WHY[f.cause];
  return why ? `${when}: ${why(f.by, field)}` : when;
}

/** The hover text: the fate, then when and by which version (a drop as a sentence). */
export function deployedFateReason(f: DeployedFate, rules?: RuleFates): string {
  if (f.kind === 'copied') return DEPLOYED_FATE_KINDS.copied.words;
  if (isDeployedLoss(f)) return deployedDropSentence(f);
  return `${deployedFateWords(f, rules)} (${f.on} · ${f.by})`;
}

/** The pane colour: a field a rule moved reads as renamed, one it computed as converted. */
export function deployedColour(f: DeployedFate, rules: RuleFates = new Map()): FateKind | undefined {
  if (f.rule !== undefined && f.cause === 'conversion-rule')
    return rules.get(f.rule)?.how === 'computed' ? 'converted' : 'renamed';
  return DEPLOYED_FATE_KINDS[f.kind].colour;
}
