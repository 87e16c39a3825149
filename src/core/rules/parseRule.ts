// One rule of a rules file: its id and its one op, each op's body read by its own parser. A rule with a problem is
// left out (undefined), every problem reported as an Issue at its line and column.
import { compileCel, type CelProgram } from '../cel/index.ts';
import type { SourceRange } from '../model/issue.ts';
import { RULE_OPS, type ComputeTarget, type Rule, type RuleOp, type RulePath } from './format.ts';
import { eachCount, formatPathPattern, parsePathPattern } from './paths.ts';
import { flag, isObj, report, rulePath, str, unknownKeys, type At } from './parseAt.ts';

function computeSide(at: At | undefined, dir: 'up' | 'down', path: (string | number)[], owner: At) {
  if (!at || !isObj(at.value) || at.keys().length === 0) {
    report(
      owner.ctx,
      'RULES_INVALID',
      `compute.${dir} must map destination paths to CEL expressions`,
      (at ?? owner).range,
      [...path, dir],
    );
    return undefined;
  }
  const out: ComputeTarget[] = [];
  let ok = true;
  for (const k of at.keys()) {
    const p = [...path, dir, k];
    const pattern = parsePathPattern(k);
    const keyRange = at.keyRange(k);
    if (!pattern || eachCount(pattern) > 0) {
      report(at.ctx, 'RULE_PATH_SYNTAX', `"${k}" is not a path without [] (compute writes whole fields)`, keyRange, p);
      ok = false;
      continue;
    }
    const e = at.get(k)!;
    if (typeof e.value !== 'string' || e.value.trim() === '') {
      report(at.ctx, 'RULES_INVALID', 'a CEL expression (a string) is required', e.range, p);
      ok = false;
      continue;
    }
    const compiled = compileCel(e.value);
    if (!compiled.ok) {
      report(at.ctx, 'RULE_CEL_INVALID', compiled.error, e.range, p);
      ok = false;
      continue;
    }
    const range = e.range;
    out.push({
      to: { text: formatPathPattern(pattern), pattern, ...(keyRange ? { range: keyRange } : {}) },
      expression: compiled.program,
      ...(range ? { range } : {}),
    });
  }
  return ok ? out : undefined;
}

/** `compute.defaults`: absent is undefined, a problem (reported) null. */
function computeDefaults(at: At | undefined, path: (string | number)[]) {
  if (at === undefined) return undefined;
  if (!unknownKeys(at, ['up', 'down'], path)) return null;
  const up = at.get('up') && computeSide(at.get('up'), 'up', path, at);
  const down = at.get('down') && computeSide(at.get('down'), 'down', path, at);
  if (up === undefined && down === undefined) {
    report(at.ctx, 'RULES_INVALID', 'compute.defaults names up, down or both', at.range, path);
    return null;
  }
  if ((at.get('up') && !up) || (at.get('down') && !down)) return null;
  return { ...(up ? { up } : {}), ...(down ? { down } : {}) };
}

/** An op's body as its parser gets it: the op, its mapping and path, and the id and range every rule carries. */
interface OpBody {
  readonly op: RuleOp;
  readonly body: At;
  readonly bp: (string | number)[];
  readonly base: { readonly id: string; readonly range?: SourceRange };
}

/** `from` and `to` (`to` defaulting to `from` when optional), with the same number of `[]` segments. */
function fromTo({ op, body, bp }: OpBody, toOptional: boolean): { from: RulePath; to: RulePath } | undefined {
  const from = rulePath(body.get('from'), `${op}.from`, [...bp, 'from'], body);
  const toAt = body.get('to');
  const to = toAt === undefined && toOptional ? from : rulePath(toAt, `${op}.to`, [...bp, 'to'], body);
  if (!from || !to) return undefined;
  if (eachCount(from.pattern) !== eachCount(to.pattern)) {
    report(
      body.ctx,
      'RULE_PATH_SYNTAX',
      `from and to must have the same number of [] segments (the i-th element pairs with the i-th)`,
      to.range ?? body.range,
      [...bp, 'to'],
    );
    return undefined;
  }
  return { from, to };
}

function parseMove(b: OpBody): Rule | undefined {
  if (!unknownKeys(b.body, ['from', 'to'], b.bp)) return undefined;
  const ft = fromTo(b, false);
  return ft ? { ...b.base, op: 'move', ...ft } : undefined;
}

function parseCompute({ body, bp, base }: OpBody): Rule | undefined {
  if (!unknownKeys(body, ['up', 'down', 'always', 'defaults'], bp)) return undefined;
  const up = computeSide(body.get('up'), 'up', bp, body);
  const down = computeSide(body.get('down'), 'down', bp, body);
  const always = flag(body.get('always'), 'compute.always', [...bp, 'always']);
  const defaults = computeDefaults(body.get('defaults'), [...bp, 'defaults']);
  if (always === null || defaults === null) return undefined;
  return up && down
    ? { ...base, op: 'compute', up, down, ...(always ? { always } : {}), ...(defaults ? { defaults } : {}) }
    : undefined;
}

/** A fail rule's condition going `dir`: undefined when absent, null (reported) when not a valid CEL string. */
function failCondition({ body, bp }: OpBody, dir: 'up' | 'down'): CelProgram | undefined | null {
  const c = body.get(dir);
  if (c === undefined) return undefined;
  const text = str(c, `fail.${dir} (a CEL condition)`, [...bp, dir], body);
  const compiled = text === undefined ? undefined : compileCel(text);
  if (compiled?.ok) return compiled.program;
  if (compiled) report(body.ctx, 'RULE_CEL_INVALID', compiled.error, c.range, [...bp, dir]);
  return null;
}

function parseFail(b: OpBody): Rule | undefined {
  const { body, bp, base } = b;
  if (!unknownKeys(body, ['up', 'down', 'message'], bp)) return undefined;
  const message = str(body.get('message'), 'fail.message', [...bp, 'message'], body);
  const up = failCondition(b, 'up');
  const down = failCondition(b, 'down');
  if (up === undefined && down === undefined)
    report(body.ctx, 'RULES_INVALID', 'fail names a condition for up, down or both', body.range, bp);
  if (message === undefined || up === null || down === null || (up ?? down) === undefined) return undefined;
  return { ...base, op: 'fail', message, ...(up ? { up } : {}), ...(down ? { down } : {}) };
}

/** `enum.values`: older value -> newer value, each a string and one-to-one (the way back must be unambiguous). */
function enumValueMap({ body, bp }: OpBody): Map<string, string> | undefined {
  const ctx = body.ctx;
  const v = body.get('values');
  if (!v || !isObj(v.value) || v.keys().length === 0) {
    report(ctx, 'RULES_INVALID', 'enum.values must map older values to newer values', (v ?? body).range, [
      ...bp,
      'values',
    ]);
    return undefined;
  }
  const values = new Map<string, string>();
  const seen = new Map<string, string>();
  let ok = true;
  for (const k of v.keys()) {
    const x = v.get(k)!;
    if (typeof x.value !== 'string') {
      report(ctx, 'RULES_INVALID', 'an enum value must be a string', x.range, [...bp, 'values', k]);
      ok = false;
      continue;
    }
    const prior = seen.get(x.value);
    if (prior !== undefined) {
      report(
        ctx,
        'RULE_ENUM_NOT_BIJECTIVE',
        `"${prior}" and "${k}" both map to "${x.value}": the way back is ambiguous`,
        x.range,
        [...bp, 'values', k],
      );
      ok = false;
    }
    seen.set(x.value, k);
    values.set(k, x.value);
  }
  return ok ? values : undefined;
}

function parseEnum(b: OpBody): Rule | undefined {
  if (!unknownKeys(b.body, ['from', 'to', 'values'], b.bp)) return undefined;
  const ft = fromTo(b, true);
  const values = enumValueMap(b);
  return ft && values ? { ...b.base, op: 'enum', ...ft, values } : undefined;
}

/** mapToList and listToMap (one shape). */
function parseKeyedList(b: OpBody): Rule | undefined {
  const { op, body, bp, base } = b;
  if (!unknownKeys(body, ['from', 'to', 'key', 'value'], bp)) return undefined;
  const ft = fromTo(b, true);
  const key = str(body.get('key'), `${op}.key`, [...bp, 'key'], body);
  const valueAt = body.get('value');
  const value = valueAt === undefined ? undefined : str(valueAt, `${op}.value`, [...bp, 'value'], body);
  if (!ft || key === undefined || (valueAt !== undefined && value === undefined)) return undefined;
  if (value === key) {
    report(body.ctx, 'RULES_INVALID', 'key and value must be different fields', valueAt?.range, [...bp, 'value']);
    return undefined;
  }
  return { ...base, op: op as 'mapToList' | 'listToMap', ...ft, key, ...(value !== undefined ? { value } : {}) };
}

/** `drop.restore`: undefined when absent, null (reported) when not a valid CEL string. */
function dropRestore({ body, bp }: OpBody): CelProgram | undefined | null {
  const ra = body.get('restore');
  if (ra === undefined) return undefined;
  const text = str(ra, 'drop.restore (a CEL expression)', [...bp, 'restore'], body);
  if (text === undefined) return null;
  const compiled = compileCel(text);
  if (!compiled.ok) {
    report(body.ctx, 'RULE_CEL_INVALID', compiled.error, ra.range, [...bp, 'restore']);
    return null;
  }
  return compiled.program;
}

function parseDrop(b: OpBody): Rule | undefined {
  const { body, bp, base } = b;
  if (!unknownKeys(body, ['from', 'to', 'reason', 'restore'], bp)) return undefined;
  const hasFrom = body.get('from') !== undefined;
  if (hasFrom === (body.get('to') !== undefined)) {
    report(
      body.ctx,
      'RULES_INVALID',
      'drop names exactly one of from (lost going up) or to (lost going down)',
      body.range,
      bp,
    );
    return undefined;
  }
  const side = hasFrom ? 'from' : 'to';
  const p = rulePath(body.get(side), `drop.${side}`, [...bp, side], body);
  const reason = str(body.get('reason'), 'drop.reason (why losing it is intended)', [...bp, 'reason'], body);
  const restore = dropRestore(b);
  if (restore === null) return undefined;
  return p && reason !== undefined
    ? { ...base, op: 'drop', side, path: p, reason, ...(restore ? { restore } : {}) }
    : undefined;
}

const OP_PARSERS: Record<RuleOp, (b: OpBody) => Rule | undefined> = {
  move: parseMove,
  compute: parseCompute,
  fail: parseFail,
  enum: parseEnum,
  mapToList: parseKeyedList,
  listToMap: parseKeyedList,
  drop: parseDrop,
};

/** The rule's one op key; undefined (reported) when it has none, several, or one that is not an op. */
function ruleOp(at: At, path: (string | number)[]): RuleOp | undefined {
  const ops = at.keys().filter((k) => k !== 'id' && k !== 'description');
  const unknownOp = (k: string) =>
    report(
      at.ctx,
      'RULE_UNKNOWN_OPERATION',
      `unknown rule kind "${k}" (expected one of ${RULE_OPS.join(', ')})`,
      at.keyRange(k),
      [...path, k],
    );
  if (ops.length !== 1) {
    const unknown = ops.find((k) => !RULE_OPS.includes(k as RuleOp));
    if (unknown !== undefined) unknownOp(unknown);
    else report(at.ctx, 'RULES_INVALID', `a rule has exactly one operation (${RULE_OPS.join(', ')})`, at.range, path);
    return undefined;
  }
  const op = ops[0]!;
  if (!RULE_OPS.includes(op as RuleOp)) {
    unknownOp(op);
    return undefined;
  }
  return op as RuleOp;
}

export function parseRule(at: At, path: (string | number)[]): Rule | undefined {
  if (!isObj(at.value)) {
    report(at.ctx, 'RULES_INVALID', 'a rule must be a mapping with an id and one operation', at.range, path);
    return undefined;
  }
  const id = str(at.get('id'), 'id', [...path, 'id'], at);
  const op = ruleOp(at, path);
  if (op === undefined) return undefined;
  const body = at.get(op)!;
  const bp = [...path, op];
  if (!isObj(body.value)) {
    report(at.ctx, 'RULES_INVALID', `${op} must be a mapping`, body.range, bp);
    return undefined;
  }
  if (id === undefined) return undefined;
  const range = at.range;
  return OP_PARSERS[op]({ op, body, bp, base: { id, ...(range ? { range } : {}) } });
}
