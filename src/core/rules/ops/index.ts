// One module per rule op; the step looks an op up here and knows none by name.
import type { Rule, RuleOp } from '../format.ts';
import { computeOp } from './compute.ts';
import { dropOp } from './drop.ts';
import { enumOp } from './enumOp.ts';
import { failOp } from './fail.ts';
import { mapListOp } from './mapList.ts';
import { moveOp } from './move.ts';
import type { OpModule, RuleOf } from './op.ts';

const OPS: { readonly [K in RuleOp]: OpModule<RuleOf<K>> } = {
  move: moveOp,
  enum: enumOp,
  mapToList: mapListOp,
  listToMap: mapListOp,
  compute: computeOp,
  drop: dropOp,
  fail: failOp,
};

/** The module of a rule's op, typed for that rule. */
export const opOf = <R extends Rule>(rule: R): OpModule<R> => OPS[rule.op] as unknown as OpModule<R>;

export type { Match, OpModule, RunContext } from './op.ts';
