// What the drafting passes share: the draft types, a draft before its id is chosen, and the version pair they
// compare (fields by path, canonical type tokens, the Changes entries a draft explains).
import type { PathPattern } from '../../rules/paths.ts';
import { formatPathPattern } from '../../rules/paths.ts';
import type { Issue } from '../../model/issue.ts';
import type { TypeRef, Version } from '../../model/model.ts';
import type { PropertyChangeKind } from '../versionChanges.ts';
import type { Rule, RulePath } from '../../rules/format.ts';
import type { FieldNode } from './draftFields.ts';
import type { ListMapReason } from './draftListMap.ts';

export type DraftConfidence = 'strong' | 'weak';

/** Why a draft was made: the shape of the difference it explains. */
export type DraftReason =
  | 'moved'
  | 'renamed'
  | 'string-to-object'
  | 'enum-renamed'
  | ListMapReason
  | 'ambiguous'
  | 'same-type-only'
  | 'positional-enum'
  | 'no-string-field';

export interface DraftEvidence {
  readonly reason: DraftReason;
  /** Rule paths in the older and newer version (`[]` = each list element). */
  readonly from: string;
  readonly to: string;
  /** The types compared, as the catalog names them (`string`, `object`, `[]object`, `enum(a,b)`). */
  readonly fromType: string;
  readonly toType: string;
  /** The Changes analysis entries this draft explains (their paths as the Changes tab shows them). */
  readonly changes: readonly { readonly change: PropertyChangeKind; readonly path: string }[];
  /**
   * How many fields compete for this pairing, either end (1 for a strong draft; for a map <-> list, the element's
   * key/value pairings that fit, 2 when a conventional key name chose: `map-list-by-name`).
   */
  readonly candidates: number;
}

export interface RuleDraft {
  readonly rule: Rule;
  readonly confidence: DraftConfidence;
  readonly evidence: DraftEvidence;
  /** The rule's CEL is a skeleton: it carries the value but the user must write the real expressions. */
  readonly needsExpressions: boolean;
}

export interface DraftTarget {
  readonly group: string;
  readonly kind: string;
  readonly from: string;
  readonly to: string;
}

export interface DraftResult {
  readonly target?: DraftTarget;
  readonly drafts: readonly RuleDraft[];
  readonly issues: readonly Issue[];
}

/** A rule before its id is chosen. */
export type RuleBody = Rule extends infer R ? (R extends Rule ? Omit<R, 'id'> : never) : never;

/** A draft before its id is chosen: the rule, the rest of the draft, and the name its id starts from. */
export interface PendingDraft {
  readonly rule: RuleBody;
  readonly draft: Omit<RuleDraft, 'rule'>;
  readonly idBase: string;
}

/** The two versions a draft pass compares. */
export interface DraftPair {
  readonly a: Version;
  readonly b: Version;
  /** Fields of each version by path text. */
  readonly fa: Map<string, FieldNode>;
  readonly fb: Map<string, FieldNode>;
  /** Structural type tokens of each version (one interning: equal tokens are equal types across both). */
  readonly ca: (t: TypeRef) => string;
  readonly cb: (t: TypeRef) => string;
  /** The Changes entries at a field or (for a field inside a new object) at its nearest ancestor. */
  readonly explains: (p: PathPattern, ...kinds: PropertyChangeKind[]) => DraftEvidence['changes'];
}

export const leaf = (p: PathPattern): string => p[p.length - 1] ?? '';

export const rulePath = (pattern: PathPattern): RulePath => ({ text: formatPathPattern(pattern), pattern });
