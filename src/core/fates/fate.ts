// The ASO view's fate vocabulary as types: what happened to one field on the way through the hub, and why
// (closed unions: logic and tests read causes, never words).
import type { IssueCode, Path } from '../model/issue.ts';

/** What happened to one field. */
export type FateKind =
  | 'copied'
  | 'renamed'
  | 'converted' // nested conversion, enum canonicalisation, or a hook's work
  | 'bagged' // stored in the destination's property bag
  | 'unbagged' // restored from the source's property bag
  | 'lost' // dropped in this view (e.g. hub -> older API version drops the bag)
  | 'pruned' // not in the source version's schema: the API server would drop it
  | 'required-missing' // the destination requires it and it is absent
  | 'manual' // needs a hand-written conversion (none registered, or `conversion: manual`)
  | 'opaque'; // carried as-is (preserve-unknown-fields, int-or-string, free-form)

/**
 * The rule that moved a field on one hop. A closed set: logic and tests read causes, never `Fate.reason`
 * (which is rendered from them in one place, `fateReason`).
 */
export type FateRule =
  | 'copy' // same name and type
  | 'convert' // nested object by its own plan, or an enum value canonicalised
  | 'free-form' // carried as-is (opaque, int-or-string, preserve-unknown-fields)
  | 'rename' // a configured property rename
  | 'metadata' // the root's metadata, copied verbatim
  | 'original-version' // written by the conversion itself (spec.originalVersion), never reported
  | 'bag-write' // not in the destination type: written to its property bag
  | 'bag-read' // restored from the source's property bag
  | 'bag-read-type-changed' // a type-changed field restored from the source's bag
  | 'bag-carried' // a bag entry carried unchanged to the destination's bag
  | 'bag-dropped' // a bag entry the destination (no bag) cannot keep
  | 'type-changed-bagged' // a type-changed field kept in the destination's bag
  | 'type-changed-no-bag' // a type-changed field with no bag to keep it
  | 'no-destination-field' // not in the destination, which has no bag
  | 'manual-no-hook' // `conversion: manual` and no hook registered
  | 'extra-kept' // an extra field (preserve-unknown-fields) kept by both sides
  | 'extra-dropped' // an extra field the destination type does not keep
  | 'not-in-schema' // not in the source version's schema: pruned
  | 'required-absent' // required by the destination and absent
  | 'hook-set' // a hand-written hook set the field
  | 'hook-bagged' // a hand-written hook wrote the bag entry
  | 'hook-took-over' // a hand-written hook replaced or removed what the generated step wrote
  | 'conversion-rule' // a conversion rule moved, computed or took the field (`FateCause.conversionRule`)
  | 'rule-dropped' // a conversion rule's `drop`: lost on purpose, with the rule's reason
  | 'rule-bagged' // taken by a rule whose other direction would not give it back: kept in the property bag
  | 'rule-failed'; // read by a rule whose CEL failed (RULE_FAILED): nothing written from it

/** One rule applied on one hop. */
export interface FateCause {
  readonly rule: FateRule;
  /** The hop (`from -> to`, in conversion order) the rule applied on. */
  readonly hop: { readonly from: string; readonly to: string };
  /** For `hook-*` rules: the hook's registration, by type and edge (`from -> to` toward the hub). */
  readonly hook?: { readonly type: string; readonly from: string; readonly to: string };
  /** For `conversion-rule` and `rule-dropped`: the rule (its id and kind; a drop's reason). */
  readonly conversionRule?: { readonly id: string; readonly op: string; readonly reason?: string };
}

export interface Fate {
  readonly kind: FateKind;
  /** Where the value was in the source document (absent for `required-missing`). */
  readonly sourcePath?: Path;
  /** Where it is in the destination document (absent for `lost` and `pruned`). For `bagged`: the bag's path plus the key. */
  readonly targetPath?: Path;
  /** The rules that moved it, in hop order (the last decided its final place); never empty. */
  readonly causes: readonly FateCause[];
  /** `causes` in words (presentation only: rendered by `fateReason`). */
  readonly reason: string;
  readonly code?: IssueCode;
  /** The conversion rule (its id) that moved, computed or dropped the field, as in the deployed view's fates. */
  readonly rule?: string;
}
