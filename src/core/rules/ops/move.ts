// `move`: a field's value to another path (the whole subtree, less what nested rules own).
import { bind } from '../paths.ts';
import { describePair, pairEnds, type OpModule, type RuleOf } from './op.ts';

export const moveOp: OpModule<RuleOf<'move'>> = {
  ends: pairEnds,
  cel: () => [],
  run(_rule, ctx) {
    if (ctx.found.length === 0) return false;
    for (const m of ctx.found) ctx.write(bind(ctx.dest[0]!, m.indexes), ctx.carried(m));
    return true;
  },
  describe: describePair,
};
