// Value types of the conversion library: plans, fates, results. The UI renders these; tests snapshot them.
import type { Issue, IssueCode, Path } from './issue.ts';
import type { Strategy } from './model.ts';

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
}

/** The plan for one object type along one edge, in one direction. */
export interface TypePlan {
  readonly sourceVersion: string;
  readonly destinationVersion: string;
  readonly direction: Direction;
  readonly sourceType: string;
  readonly destinationType: string;
  readonly sourceHasBag: boolean;
  readonly destinationHasBag: boolean;
  /** Steps in alphabetical order of destination name (source name for bag writes). */
  readonly steps: readonly Step[];
  /** True when a hand-written hook is registered for this (edge, type). */
  readonly hook: boolean;
}

/** The plan for converting a kind from one version to another: every type plan on the path. */
export interface Plan {
  readonly group: string;
  readonly kind: string;
  readonly from: string;
  readonly to: string;
  readonly strategy: Strategy;
  /** Versions visited, from `from` to `to` inclusive (through the hub). */
  readonly path: readonly string[];
  /** Per hop of `path`, the type plans reachable from the root, root first then alphabetical. */
  readonly hops: readonly {
    readonly from: string;
    readonly to: string;
    readonly direction: Direction;
    readonly types: readonly TypePlan[];
  }[];
}

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

export interface Fate {
  readonly kind: FateKind;
  /** Where the value was in the source document (absent for `required-missing`). */
  readonly sourcePath?: Path;
  /** Where it is in the destination document (absent for `lost` and `pruned`). For `bagged`: the bag's path plus the key. */
  readonly targetPath?: Path;
  readonly reason: string;
  readonly code?: IssueCode;
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
