// `enum`: a value renamed by a table (read backwards going down); a value the table lacks is kept, with a warning.
import { deepClone } from '../../model/jsonValue.ts';
import { bind } from '../paths.ts';
import { describePair, pairEnds, type OpModule, type RuleOf } from './op.ts';

export const enumOp: OpModule<RuleOf<'enum'>> = {
  ends: pairEnds,
  cel: () => [],
  run(rule, ctx) {
    if (ctx.found.length === 0) return false;
    const map = ctx.dir === 'up' ? rule.values : new Map([...rule.values].map(([a, b]) => [b, a] as const));
    for (const m of ctx.found) {
      const mapped = typeof m.value === 'string' ? map.get(m.value) : undefined;
      if (mapped === undefined)
        ctx.report(
          'RULE_ENUM_UNMAPPED',
          'warning',
          `${JSON.stringify(m.value)} is not one of the rule's values: kept as is`,
          m.path,
        );
      ctx.write(bind(ctx.dest[0]!, m.indexes), mapped ?? deepClone(m.value));
    }
    return true;
  },
  describe: describePair,
};
