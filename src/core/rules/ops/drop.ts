// `drop`: a field lost on purpose on the side that has it (info RULE_DROPPED, never a loss); going the other way
// `restore` may put a value back into its parent object when that object is there.
import { celToJson, evaluateCel } from '../../cel/index.ts';
import type { Path } from '../../model/issue.ts';
import type { OpModule, RuleOf } from './op.ts';

export const dropOp: OpModule<RuleOf<'drop'>> = {
  ends(rule, dir) {
    if ((rule.side === 'from') === (dir === 'up')) return { source: [rule.path.pattern], dest: [] };
    return { source: [], dest: rule.restore ? [rule.path.pattern] : [] };
  },
  cel: (rule) => (rule.restore ? [rule.restore] : []),
  run(rule, ctx) {
    if (rule.restore && ctx.dest.length > 0) {
      const r = evaluateCel(rule.restore, { self: ctx.celSelf() }, { dataSize: ctx.dataSize() });
      if (r.kind === 'value' && r.value !== null) ctx.restore(ctx.dest[0] as Path, celToJson(r.value));
      else if (r.kind !== 'value')
        ctx.report('RULE_FAILED', 'error', `restore: ${r.kind === 'cost' ? 'cost exceeded' : r.message}`, []);
      return false;
    }
    if (ctx.found.length === 0) return false;
    for (const m of ctx.found) {
      ctx.dropped(m.path, rule.reason);
      ctx.report('RULE_DROPPED', 'info', `dropped on purpose: ${rule.reason}`, m.path);
    }
    return true;
  },
  describe: (rule) => `drop ${rule.path.text} (${rule.side})`,
};
