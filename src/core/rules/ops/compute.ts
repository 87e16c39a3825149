// `compute`: destinations written from CEL over the object (`self`), one list of targets per direction; with
// `always` a direction runs even when its inputs are absent, with `defaults` it writes those instead.
import { celToJson, evaluateCel } from '../../cel/index.ts';
import type { Path } from '../../model/issue.ts';
import type { OpModule, RuleOf } from './op.ts';

export const computeOp: OpModule<RuleOf<'compute'>> = {
  ends(rule, dir) {
    const up = rule.up.map((t) => t.to.pattern);
    const down = rule.down.map((t) => t.to.pattern);
    // What one direction writes is what the other consumes.
    return dir === 'up' ? { source: down, dest: up } : { source: up, dest: down };
  },
  cel: (rule, dir) =>
    [...(dir === 'up' ? rule.up : rule.down), ...(rule.defaults?.[dir] ?? [])].map((t) => t.expression),
  run(rule, ctx) {
    const defaults = ctx.found.length === 0 ? rule.defaults?.[ctx.dir] : undefined;
    if (ctx.found.length === 0 && rule.always !== true && !defaults) return false;
    const bindings = { self: ctx.celSelf() };
    for (const t of defaults ?? (ctx.dir === 'up' ? rule.up : rule.down)) {
      const r = evaluateCel(t.expression, bindings, { dataSize: ctx.dataSize() });
      if (r.kind === 'value') {
        const v = celToJson(r.value);
        if (v !== null) ctx.write(t.to.pattern as Path, v);
      } else
        ctx.report(
          'RULE_FAILED',
          'error',
          r.kind === 'cost'
            ? `${t.to.text}: estimated cost ${r.estimated} exceeds ${r.limit}`
            : `${t.to.text}: ${r.message}`,
          t.to.pattern as Path,
        );
    }
    return true;
  },
  describe: (rule) =>
    `compute ${rule.up.map((t) => t.to.text).join(', ')} <- ${rule.down.map((t) => t.to.text).join(', ')}`,
};
