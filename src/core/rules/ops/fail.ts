// `fail`: a check, not a change. Its condition for the direction true fails the conversion with its message (the
// API server fails the request); a condition that errs or is not a bool fails it too, saying why.
import { evaluateCel, type CelProgram } from '../../cel/index.ts';
import type { OpModule, RuleOf } from './op.ts';

export const failOp: OpModule<RuleOf<'fail'>> = {
  ends: () => ({ source: [], dest: [] }),
  cel: (rule, dir) => [rule[dir]].filter((p): p is CelProgram => p !== undefined),
  run(rule, ctx) {
    const cond = rule[ctx.dir];
    if (!cond) return false;
    const fail = (message: string) => ctx.report('RULE_FAILED', 'error', message, []);
    const r = evaluateCel(cond, { self: ctx.celSelf() }, { dataSize: ctx.dataSize() });
    if (r.kind === 'value' && r.value === true) fail(rule.message);
    else if (r.kind === 'cost') fail(`${ctx.dir}: estimated cost ${r.estimated} exceeds ${r.limit}`);
    else if (r.kind === 'error') fail(`${ctx.dir}: ${r.message}`);
    else if (typeof r.value !== 'boolean') fail(`${ctx.dir}: the condition is not a bool`);
    return false;
  },
  describe: (rule) => `fail (${[rule.up ? 'up' : '', rule.down ? 'down' : ''].filter(Boolean).join(', ')})`,
};
