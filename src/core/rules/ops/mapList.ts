// `mapToList` / `listToMap`: a map keyed by name and a list of elements that carry the name (each the other's
// inverse). A duplicate key is an error (a map keeps one); a shape that does not fit is kept as is, with a warning.
import { deepClone } from '../../model/jsonValue.ts';
import type { Path } from '../../model/issue.ts';
import { bind, defineKey } from '../paths.ts';
import { describePair, pairEnds, type OpModule, type RuleOf } from './op.ts';

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => x !== null && typeof x === 'object' && !Array.isArray(x);

export const mapListOp: OpModule<RuleOf<'mapToList'>> = {
  ends: pairEnds,
  cel: () => [],
  run(rule, ctx) {
    if (ctx.found.length === 0) return false;
    const toList = (rule.op === 'mapToList') === (ctx.dir === 'up');
    for (const m of ctx.found) {
      const v = toList ? mapToList(m.value, rule.key, rule.value) : listToMap(m.value, rule.key, rule.value);
      for (const p of v.problems)
        ctx.report(p.code, p.code === 'RULE_DUPLICATE_KEY' ? 'error' : 'warning', p.message, [...m.path, ...p.at]);
      ctx.write(bind(ctx.dest[0]!, m.indexes), v.value !== undefined ? v.value : deepClone(m.value));
    }
    return true;
  },
  describe: describePair,
};

type Problem = { code: 'RULE_SHAPE_MISMATCH' | 'RULE_DUPLICATE_KEY'; message: string; at: Path };

export function mapToList(
  v: unknown,
  key: string,
  value: string | undefined,
): { value?: unknown; problems: Problem[] } {
  if (!isObj(v))
    return { problems: [{ code: 'RULE_SHAPE_MISMATCH', message: 'expected a map here: kept as is', at: [] }] };
  const problems: Problem[] = [];
  const list: unknown[] = [];
  for (const [k, x] of Object.entries(v)) {
    if (value !== undefined) {
      // computed keys define own properties (even `__proto__`); the field names come from the rule, not the data
      list.push({ [key]: k, [value]: deepClone(x) });
      continue;
    }
    const el = Object.create(null) as Obj;
    defineKey(el, key, k);
    if (isObj(x)) {
      if (Object.hasOwn(x, key))
        problems.push({
          code: 'RULE_SHAPE_MISMATCH',
          message: `the value already has a "${key}" field: replaced by the map key`,
          at: [k, key],
        });
      for (const [a, b] of Object.entries(x)) if (a !== key) defineKey(el, a, deepClone(b));
    } else {
      problems.push({
        code: 'RULE_SHAPE_MISMATCH',
        message: 'expected an object value (the rule has no value field)',
        at: [k],
      });
      continue;
    }
    list.push({ ...el });
  }
  return { value: list, problems };
}

export function listToMap(
  v: unknown,
  key: string,
  value: string | undefined,
): { value?: unknown; problems: Problem[] } {
  if (!Array.isArray(v))
    return { problems: [{ code: 'RULE_SHAPE_MISMATCH', message: 'expected a list here: kept as is', at: [] }] };
  const problems: Problem[] = [];
  const map = Object.create(null) as Obj;
  v.forEach((el, i) => {
    if (!isObj(el) || typeof el[key] !== 'string') {
      problems.push({ code: 'RULE_SHAPE_MISMATCH', message: `element has no string "${key}": left out`, at: [i] });
      return;
    }
    const k = el[key];
    if (Object.hasOwn(map, k)) {
      problems.push({
        code: 'RULE_DUPLICATE_KEY',
        message: `"${k}" appears twice: a map keeps one (the last)`,
        at: [i, key],
      });
    }
    if (value !== undefined) {
      for (const a of Object.keys(el))
        if (a !== key && a !== value)
          problems.push({
            code: 'RULE_SHAPE_MISMATCH',
            message: `field "${a}" has no place in the map: lost`,
            at: [i, a],
          });
      if (!Object.hasOwn(el, value)) {
        problems.push({ code: 'RULE_SHAPE_MISMATCH', message: `element has no "${value}": left out`, at: [i] });
        return;
      }
      defineKey(map, k, deepClone(el[value]));
    } else {
      const rest = Object.create(null) as Obj;
      for (const [a, b] of Object.entries(el)) if (a !== key) defineKey(rest, a, deepClone(b));
      defineKey(map, k, { ...rest });
    }
  });
  return { value: { ...map }, problems };
}
