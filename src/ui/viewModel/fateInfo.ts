// What a pane line shows of a field's fate: its kind, the reason in words, and where its value came from.
import type { FateKind, IssueCode, Path } from '../../core/index.ts';

export interface FateInfo {
  readonly kind: FateKind;
  readonly reason: string;
  readonly code?: IssueCode;
  /** Where the value came from in the source document. */
  readonly src?: Path;
}
