// The compiled form of a hop's type plans: the ops the executor runs (types only, shared by the compiler,
// the object runner and the hooks).
import type { ObjectType, TypeRef } from '../../model/model.ts';
import type { TypePlan } from '../../plan/conversionTypes.ts';
import type { FateKind, FateRule } from '../../fates/fate.ts';
import type { RunState } from './hopState.ts';

export type Conv = (v: unknown, st: RunState) => unknown;

/** One compiled step. Field names: `from` is the source property, `to` the destination property. */
export type Op =
  | {
      k: 'copy';
      from: string;
      to: string;
      conv: Conv;
      fate: FateKind;
      rule: FateRule;
      leaf: boolean;
      part?: 'spec' | 'status';
    }
  | { k: 'api-version'; from?: string; to: string }
  | { k: 'kind'; from: string; to: string }
  | { k: 'metadata'; from: string; to: string }
  | { k: 'original-version'; to: string }
  | { k: 'bag-write'; from: string; key: string; type: TypeRef; shape?: Conv }
  | {
      k: 'bag-read';
      to: string;
      key: string;
      type: TypeRef;
      shape?: Conv;
      /** Into an API version's enum: the stored string in its canonical case (ASO's ToEnum), same paths. */
      enumCase?: Conv;
    }
  | {
      k: 'swap';
      from: string;
      to: string;
      readKey?: string;
      writeKey?: string;
      fromType: TypeRef;
      toType: TypeRef;
    }
  | { k: 'drop'; from: string; ignored: boolean; manual: boolean };

/** A type plan, compiled. */
export interface Compiled {
  readonly plan: TypePlan;
  readonly srcType: ObjectType;
  readonly dstType: ObjectType;
  readonly ops: Op[];
  readonly srcKnown: Set<string>;
  /** Required destination properties (checked on the last hop into an API version). */
  readonly required: string[];
  readonly srcBag: boolean;
  readonly dstBag: boolean;
  /** Type name on the edge's `from` side (hooks are registered by it). */
  readonly hookType: string;
  readonly srcExtras: boolean;
  readonly dstExtras: boolean;
}

/** A compiled hop: the root program, and programs of the other type plans by key. */
export interface HopProgram {
  readonly root: Compiled | undefined;
}
