// The state of one hop while it runs: where we are in both documents, the fates and issues it records.
import type { Issue } from '../../model/issue.ts';
import type { Path } from '../../model/path.ts';
import type { Catalog, Kind, Version } from '../../model/model.ts';
import type { Direction } from '../../plan/conversionTypes.ts';
import type { Fate, FateCause, FateKind, FateRule } from '../../fates/fate.ts';
import type { ConversionHook, HookRegistry } from '../../plan/hooks.ts';
import { PROPERTY_BAG } from '../../model/propertyBag.ts';

export type Seg = string | number;

/**
 * A hop-level fate. Internal kinds: `passed`, a bag entry carried through unchanged; `set`, a value the
 * conversion writes itself (`originalVersion`), never reported, traced so later hops do not report it either.
 */
export interface HopFate {
  kind: FateKind | 'passed' | 'set';
  sourcePath?: Path;
  targetPath?: Path;
  cause: FateCause;
  code?: Fate['code'];
  /** The value was reshaped (a hook's work from the whole source object, or a gap's shape conversion): paths
   * inside it do not map into the source. */
  whole?: boolean;
  /** A `copied` fate that stands for a whole subtree copied to the same path. */
  subtree?: boolean;
}

export interface RunState {
  readonly catalog: Catalog;
  readonly kind: Kind;
  readonly src: Version;
  readonly dst: Version;
  readonly direction: Direction;
  readonly edgeFrom: Version;
  readonly edgeTo: Version;
  /** Current path in the source and in the destination document (pushed and popped while walking). */
  readonly sourceAt: Seg[];
  readonly targetAt: Seg[];
  readonly fates: HopFate[];
  readonly allFates: boolean;
  /** allFates, or a hop before the last: fates a later hop needs to map its source paths back (hook writes). */
  readonly traceAll: boolean;
  /** Record a wholly copied subtree as one `copied` fate (every fate computed, no hooks: see settleCopies). */
  readonly compactCopies: boolean;
  readonly issues: Issue[];
  readonly hooks: HookRegistry;
  readonly hasHooks: boolean;
  readonly hookCache: Map<object, ConversionHook | null>;
  readonly checkRequired: boolean;
  readonly part: 'all' | 'spec' | 'status';
  /** One cause object per rule on this hop (fates of big documents share them). */
  readonly causes: Map<FateRule, FateCause>;
}

/** The cause `rule` on this hop (shared, not built per field). */
export function causeOf(st: RunState, rule: FateRule): FateCause {
  let c = st.causes.get(rule);
  if (!c) {
    c = { rule, hop: { from: st.src.name, to: st.dst.name } };
    st.causes.set(rule, c);
  }
  return c;
}

/** Records a fate; returns its index (callers mark reshaped values `whole`). */
export function emit(
  st: RunState,
  kind: HopFate['kind'],
  sourcePath: Path | undefined,
  targetPath: Path | undefined,
  cause: FateCause,
  code?: Fate['code'],
): number {
  // Plain assignments, not spreads: fates are built per field on big documents.
  const f: HopFate = { kind, cause };
  if (sourcePath) f.sourcePath = sourcePath;
  if (targetPath) f.targetPath = targetPath;
  if (code) f.code = code;
  return st.fates.push(f) - 1;
}

/** A state for gap-shape conversions: same issues, but no fates, hooks or required checks of its own. */
export const quiet = (st: RunState): RunState => ({
  ...st,
  compactCopies: false,
  sourceAt: [...st.sourceAt],
  targetAt: [...st.targetAt],
  fates: [],
  allFates: false,
  traceAll: false,
  hasHooks: false,
  checkRequired: false,
});

/** Path of a bag entry in the destination (or source) object being written (read). */
export const bagPath = (st: RunState, key: string): Path => [...st.targetAt, PROPERTY_BAG, key];
export const srcBagPath = (st: RunState, key: string): Path => [...st.sourceAt, PROPERTY_BAG, key];
