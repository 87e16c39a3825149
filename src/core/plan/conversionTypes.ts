// Value types of the conversion library: plans, fates, results. The UI renders these; tests snapshot them.
import type { Issue, IssueCode } from '../model/issue.ts';
import type { KindVersionPair, Strategy } from '../model/model.ts';
import type { Fate } from '../fates/fate.ts';

/** What changed for one property between the source and destination type (seed 001's "Change" column). */
export type Change = 'none' | 'new' | 'removed' | 'renamed' | 'type-changed' | 'optionality-changed' | 'enum-changed';

/** How a step moves the value (seed 001's "Handler" column). */
export type Handler =
  | 'copy'
  | 'convert-nested'
  | 'rename'
  | 'property-bag' // written to the destination's bag
  | 'read-bag' // read (pulled) from the source's bag
  | 'skip' // new in the destination and nothing to read: left absent
  | 'drop' // no destination field and no destination bag: lost
  | 'manual' // `conversion: manual`: a hook owns it
  | 'opaque'; // carried as-is

/** Direction along an edge: `up` is toward the hub, `down` away from it. */
export type Direction = 'up' | 'down';

/** Where a type sits: the resource root, the spec object (gains `originalVersion`), or anything else. */
export type TypeRole = 'root' | 'spec' | 'other';

/**
 * A built-in rule that replaces the generic handler for one step (CONVERSION.md §6-§7):
 * - `api-version`: the root's apiVersion is rewritten to the destination's group/version;
 * - `kind`: the root's kind is kept (written when absent);
 * - `metadata`: the root's metadata is copied verbatim;
 * - `original-version-set`: spec.originalVersion of a storage version gets the source API version;
 * - `original-version-ignored`: spec.originalVersion is dropped silently going to an API version.
 */
export type StepRule = 'api-version' | 'kind' | 'metadata' | 'original-version-set' | 'original-version-ignored';

/**
 * A bag entry that crosses a version gap keeps one shape: the shape at the gap's start, the storage version
 * farther from the hub (aso-reference §11). Going down into the gap the value is converted to that shape before
 * it is bagged; going up out of it the stored shape is converted back. The conversion is planned in the hop's
 * `shapes` (type plans between this hop's version and `version`).
 */
export interface BagShape {
  /** The storage version at the start of the gap, whose shape the entry keeps. */
  readonly version: string;
  /** The object type in that version that declares the property. */
  readonly holder: string;
  /** Display form of the property's type in that version. */
  readonly type: string;
}

/** One property step of a type plan. Either side may be absent (new / removed). */
export interface Step {
  /** Destination JSON name (absent when the value goes to the bag or is dropped). */
  readonly destination?: string;
  /** Source JSON name (absent for a new property). */
  readonly source?: string;
  /** Display form of the types, e.g. `string`, `[]NodeTypes`, `*Level`, `map[string]string`. */
  readonly sourceType?: string;
  readonly destinationType?: string;
  /** Bag key used when the handler is `property-bag` or `read-bag`. */
  readonly bagKey?: string;
  readonly change: Change;
  readonly handler: Handler;
  /** Why this handler was chosen, in words. */
  readonly reason: string;
  /** Set when the step is a problem worth an issue (e.g. NEEDS_HANDWRITTEN_CONVERSION). */
  readonly code?: IssueCode;
  /** For `convert-nested` (and nested element types of arrays and maps): the type pair planned separately. */
  readonly nested?: { readonly sourceType: string; readonly destinationType: string };
  /** A built-in rule that decides this step instead of `handler` (root fields, `originalVersion`). */
  readonly rule?: StepRule;
  /** For bag writes into, and bag reads out of, a version gap: the shape the entry keeps across it. */
  readonly bagShape?: BagShape;
}

/** The plan for one object type along one edge, in one direction. */
export interface TypePlan {
  readonly sourceVersion: string;
  readonly destinationVersion: string;
  readonly direction: Direction;
  readonly sourceType: string;
  readonly destinationType: string;
  /** The root and the spec type get rules of their own (`Step.rule`); the same pair may be planned per role. */
  readonly role: TypeRole;
  readonly sourceHasBag: boolean;
  readonly destinationHasBag: boolean;
  /** Steps in alphabetical order of destination name (source name for bag writes). */
  readonly steps: readonly Step[];
  /** True when a hand-written hook is registered for this (edge, type). */
  readonly hook: boolean;
}

/** The plan for converting a kind from one version to another: every type plan on the path. */
export interface Plan extends KindVersionPair {
  readonly strategy: Strategy;
  /** Versions visited, from `from` to `to` inclusive (through the hub). */
  readonly path: readonly string[];
  /**
   * Per hop of `path` (one hop from a version to itself when `from` is `to`: the schema still prunes), the type
   * plans reachable from the root, root first then alphabetical. Execution runs exactly these.
   */
  readonly hops: readonly HopPlan[];
  /**
   * Present only when conversion rules are given (docs/conversion-rules.md, "In the ASO view"): the rules that
   * run, once per conversion, after the generated steps of the last hop, and the input fields they own, which
   * the generated steps never see (not copied, bagged or lost).
   */
  readonly rules?: PlanRules;
}

/** Conversion rules in a plan: the API-version pair they convert between, their steps and owned fields. */
export interface PlanRules {
  /** The API versions the rules convert between: `from`'s and `to`'s own, or their twins for storage versions. */
  readonly from: string;
  readonly to: string;
  /** The rule pairs along the shortest chain from `from` to `to`, in order. */
  readonly steps: readonly PlanRuleStep[];
  /** Input fields the rules own (patterns as written in rules: `[]` is each element); generated steps skip them. */
  readonly owned: readonly string[];
}

export interface PlanRuleStep {
  readonly from: string;
  readonly to: string;
  readonly direction: Direction;
  readonly rules: readonly {
    readonly id: string;
    readonly op: string;
    /** Patterns read (and owned) in the step's source version, and written in its destination. */
    readonly reads: readonly string[];
    readonly writes: readonly string[];
  }[];
}

/** One conversion between adjacent versions of a path, toward the hub (`up`) or away from it. */
export interface Hop {
  readonly from: string;
  readonly to: string;
  readonly direction: Direction;
}

/** One hop of a plan: the type plans the executor compiles and runs for it. */
export interface HopPlan extends Hop {
  readonly types: readonly TypePlan[];
  /**
   * Type plans that reshape bag entries across a version gap (steps with `bagShape`), between this hop's
   * version and the gap's start; absent when the hop has none.
   */
  readonly shapes?: readonly TypePlan[];
}

export interface ConversionResult {
  /** The converted document (a fresh value; the input is never mutated). */
  readonly output: unknown;
  readonly from: string;
  readonly to: string;
  readonly path: readonly string[];
  /** Fates of the fields, sorted by source path then target path. Paths are relative to the document root. */
  readonly fates: readonly Fate[];
  /** Problems: PRUNED, REQUIRED_MISSING, LOST, NEEDS_HANDWRITTEN_CONVERSION, ENUM_UNKNOWN_VALUE, ... */
  readonly issues: readonly Issue[];
}
