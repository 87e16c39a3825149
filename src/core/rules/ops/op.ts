// What every rule op provides to the step that runs it: what it reads and writes in a direction, the CEL it may
// run, how it runs on what it found, and a one-line description. apply.ts composes them; it knows no op by name.
import type { CelProgram } from '../../cel/index.ts';
import type { Issue, Path } from '../../model/issue.ts';
import type { Direction } from '../../model/hop.ts';
import type { Rule, RuleOp } from '../format.ts';
import type { PathPattern } from '../paths.ts';

/** The rule of one op (mapToList and listToMap share a shape). */
export type RuleOf<K extends RuleOp> = Rule extends infer R
  ? R extends { op: infer O }
    ? K extends O
      ? R
      : never
    : never
  : never;

/** A value a rule's source pattern matched in the input, with the list indexes its `[]` segments bound. */
export interface Match {
  readonly path: Path;
  readonly value: unknown;
  readonly indexes: number[];
}

/** What the step gives a rule while it runs: what it found, and where its effects go. */
export interface RunContext {
  readonly dir: Direction;
  readonly found: readonly Match[];
  /** The rule's destination patterns in this direction. */
  readonly dest: readonly PathPattern[];
  /** The input as CEL sees it (only what the step's expressions read), and its size for the cost limit. */
  readonly celSelf: () => unknown;
  readonly dataSize: () => number;
  /** A matched value without the fields nested rules own (they move those themselves). */
  readonly carried: (m: Match) => unknown;
  readonly write: (path: Path, value: unknown) => void;
  /** After every write: put a dropped field back, only into an object that is there. */
  readonly restore: (path: Path, value: unknown) => void;
  readonly dropped: (path: Path, reason: string) => void;
  readonly report: (code: Issue['code'], severity: Issue['severity'], message: string, path: Path) => void;
}

export interface OpModule<R extends Rule> {
  /** What the rule reads and writes going `dir` (patterns in the step's source and destination versions). */
  ends(rule: R, dir: Direction): { source: PathPattern[]; dest: PathPattern[] };
  /** The CEL programs the rule may run going `dir` (what of the input becomes a CEL value: celInput.ts). */
  cel(rule: R, dir: Direction): CelProgram[];
  /** Runs the rule; false when it did nothing the step records as applied (nothing found, a check, a restore). */
  run(rule: R, ctx: RunContext): boolean;
  describe(rule: R): string;
}

/** move, enum, mapToList, listToMap: `from` in the older version, `to` in the newer. */
export const pairEnds = (
  rule: { readonly from: { readonly pattern: PathPattern }; readonly to: { readonly pattern: PathPattern } },
  dir: Direction,
): { source: PathPattern[]; dest: PathPattern[] } =>
  dir === 'up'
    ? { source: [rule.from.pattern], dest: [rule.to.pattern] }
    : { source: [rule.to.pattern], dest: [rule.from.pattern] };

export const describePair = (rule: RuleOf<'move'> | RuleOf<'enum'> | RuleOf<'mapToList'>): string =>
  `${rule.op} ${rule.from.text} -> ${rule.to.text}`;
