// Parse a rules file with positions: every problem is an Issue at its line and column, and a rule with a problem
// is left out while the others still apply.
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import { compileCel, type CelProgram } from '../cel/index.ts';
import { issue, type Issue, type IssueCode, type SourceRange } from '../model/issue.ts';
import { documentValue, toRange } from '../text/yamlSource.ts';
import {
  RULE_OPS,
  RULES_API_VERSION,
  RULES_API_VERSIONS,
  RULES_KIND,
  type ComputeTarget,
  type Conversion,
  type Rule,
  type RuleOp,
  type RulePath,
  type RuleSet,
} from './format.ts';
import { ruleEnds } from './apply.ts';
import { eachCount, formatPathPattern, parsePathPattern } from './paths.ts';

export interface ParsedRules {
  readonly ruleSet: RuleSet;
  readonly issues: readonly Issue[];
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => x !== null && typeof x === 'object' && !Array.isArray(x);

/** A value with its YAML node, so any part can be located. */
class At {
  constructor(
    readonly value: unknown,
    readonly node: unknown,
    readonly ctx: Ctx,
  ) {}
  get range(): SourceRange | undefined {
    const n = this.node as YamlNode | undefined;
    return n?.range ? toRange(this.ctx.lc, n.range[0], n.range[1]) : undefined;
  }
  /** The key's node for a property (issues about a key point at the key). */
  keyRange(k: string): SourceRange | undefined {
    if (!isMap(this.node)) return this.range;
    const pair = this.node.items.find((p) => isScalar(p.key) && p.key.value === k);
    const n = pair?.key as YamlNode | undefined;
    return n?.range ? toRange(this.ctx.lc, n.range[0], n.range[1]) : this.range;
  }
  get(k: string): At | undefined {
    if (!isObj(this.value) || !Object.hasOwn(this.value, k)) return undefined;
    const node = isMap(this.node)
      ? this.node.items.find((p) => isScalar(p.key) && String(p.key.value) === k)?.value
      : undefined;
    return new At(this.value[k], node, this.ctx);
  }
  items(): At[] {
    if (!Array.isArray(this.value)) return [];
    const seq = isSeq(this.node) ? this.node.items : [];
    return this.value.map((v, i) => new At(v, seq[i], this.ctx));
  }
  keys(): string[] {
    return isObj(this.value) ? Object.keys(this.value) : [];
  }
}

interface Ctx {
  readonly lc: LineCounter;
  readonly file?: string;
  readonly issues: Issue[];
}

function report(ctx: Ctx, code: IssueCode, message: string, range: SourceRange | undefined, path: (string | number)[]) {
  ctx.issues.push(
    issue('error', code, message, path, {
      ...(ctx.file !== undefined ? { file: ctx.file } : {}),
      ...(range ? { range } : {}),
    }),
  );
}

function str(at: At | undefined, what: string, path: (string | number)[], owner: At): string | undefined {
  if (at === undefined) {
    report(owner.ctx, 'RULES_INVALID', `${what} is required`, owner.range, path);
    return undefined;
  }
  if (typeof at.value !== 'string' || at.value === '') {
    report(at.ctx, 'RULES_INVALID', `${what} must be a non-empty string`, at.range, path);
    return undefined;
  }
  return at.value;
}

/** An optional boolean: undefined when absent, null (reported) when not a boolean. */
function flag(at: At | undefined, what: string, path: (string | number)[]): boolean | undefined | null {
  if (at === undefined) return undefined;
  if (typeof at.value === 'boolean') return at.value;
  report(at.ctx, 'RULES_INVALID', `${what} must be true or false`, at.range, path);
  return null;
}

function rulePath(at: At | undefined, what: string, path: (string | number)[], owner: At): RulePath | undefined {
  const text = str(at, what, path, owner);
  if (text === undefined || !at) return undefined;
  const pattern = parsePathPattern(text);
  if (!pattern) {
    report(at.ctx, 'RULE_PATH_SYNTAX', `${what} "${text}" is not a path (a.b.c, a[].b, a["any key"])`, at.range, path);
    return undefined;
  }
  const range = at.range;
  return { text: formatPathPattern(pattern), pattern, ...(range ? { range } : {}) };
}

function unknownKeys(at: At, allowed: readonly string[], path: (string | number)[]): boolean {
  let ok = true;
  for (const k of at.keys())
    if (!allowed.includes(k)) {
      report(at.ctx, 'RULES_INVALID', `unknown field "${k}" (expected ${allowed.join(', ')})`, at.keyRange(k), [
        ...path,
        k,
      ]);
      ok = false;
    }
  return ok;
}

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

function parseRule(at: At, path: (string | number)[]): Rule | undefined {
  const ctx = at.ctx;
  if (!isObj(at.value)) {
    report(ctx, 'RULES_INVALID', 'a rule must be a mapping with an id and one operation', at.range, path);
    return undefined;
  }
  const id = str(at.get('id'), 'id', [...path, 'id'], at);
  const ops = at.keys().filter((k) => k !== 'id' && k !== 'description');
  const unknownOp = (k: string) =>
    report(
      ctx,
      'RULE_UNKNOWN_OPERATION',
      `unknown rule kind "${k}" (expected one of ${RULE_OPS.join(', ')})`,
      at.keyRange(k),
      [...path, k],
    );
  if (ops.length !== 1) {
    const unknown = ops.find((k) => !RULE_OPS.includes(k as RuleOp));
    if (unknown !== undefined) unknownOp(unknown);
    else report(ctx, 'RULES_INVALID', `a rule has exactly one operation (${RULE_OPS.join(', ')})`, at.range, path);
    return undefined;
  }
  const op = ops[0]!;
  if (!RULE_OPS.includes(op as RuleOp)) {
    unknownOp(op);
    return undefined;
  }
  const body = at.get(op)!;
  const bp = [...path, op];
  if (!isObj(body.value)) {
    report(ctx, 'RULES_INVALID', `${op} must be a mapping`, body.range, bp);
    return undefined;
  }
  if (id === undefined) return undefined;
  const range = at.range;
  const base = { id, ...(range ? { range } : {}) };
  const fromTo = (toOptional: boolean) => {
    const from = rulePath(body.get('from'), `${op}.from`, [...bp, 'from'], body);
    const toAt = body.get('to');
    const to = toAt === undefined && toOptional ? from : rulePath(toAt, `${op}.to`, [...bp, 'to'], body);
    if (!from || !to) return undefined;
    if (eachCount(from.pattern) !== eachCount(to.pattern)) {
      report(
        ctx,
        'RULE_PATH_SYNTAX',
        `from and to must have the same number of [] segments (the i-th element pairs with the i-th)`,
        to.range ?? body.range,
        [...bp, 'to'],
      );
      return undefined;
    }
    return { from, to };
  };
  switch (op as RuleOp) {
    case 'move': {
      if (!unknownKeys(body, ['from', 'to'], bp)) return undefined;
      const ft = fromTo(false);
      return ft ? { ...base, op: 'move', ...ft } : undefined;
    }
    case 'compute': {
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
    case 'fail': {
      if (!unknownKeys(body, ['up', 'down', 'message'], bp)) return undefined;
      const message = str(body.get('message'), 'fail.message', [...bp, 'message'], body);
      const cond = (dir: 'up' | 'down'): CelProgram | undefined | null => {
        const c = body.get(dir);
        if (c === undefined) return undefined;
        const text = str(c, `fail.${dir} (a CEL condition)`, [...bp, dir], body);
        const compiled = text === undefined ? undefined : compileCel(text);
        if (compiled?.ok) return compiled.program;
        if (compiled) report(ctx, 'RULE_CEL_INVALID', compiled.error, c.range, [...bp, dir]);
        return null;
      };
      const up = cond('up');
      const down = cond('down');
      if (up === undefined && down === undefined)
        report(ctx, 'RULES_INVALID', 'fail names a condition for up, down or both', body.range, bp);
      if (message === undefined || up === null || down === null || (up ?? down) === undefined) return undefined;
      return { ...base, op: 'fail', message, ...(up ? { up } : {}), ...(down ? { down } : {}) };
    }
    case 'enum': {
      if (!unknownKeys(body, ['from', 'to', 'values'], bp)) return undefined;
      const ft = fromTo(true);
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
      return ft && ok ? { ...base, op: 'enum', ...ft, values } : undefined;
    }
    case 'mapToList':
    case 'listToMap': {
      if (!unknownKeys(body, ['from', 'to', 'key', 'value'], bp)) return undefined;
      const ft = fromTo(true);
      const key = str(body.get('key'), `${op}.key`, [...bp, 'key'], body);
      const valueAt = body.get('value');
      const value = valueAt === undefined ? undefined : str(valueAt, `${op}.value`, [...bp, 'value'], body);
      if (!ft || key === undefined || (valueAt !== undefined && value === undefined)) return undefined;
      if (value === key) {
        report(ctx, 'RULES_INVALID', 'key and value must be different fields', valueAt?.range, [...bp, 'value']);
        return undefined;
      }
      return { ...base, op: op as 'mapToList' | 'listToMap', ...ft, key, ...(value !== undefined ? { value } : {}) };
    }
    case 'drop': {
      if (!unknownKeys(body, ['from', 'to', 'reason', 'restore'], bp)) return undefined;
      const hasFrom = body.get('from') !== undefined;
      if (hasFrom === (body.get('to') !== undefined)) {
        report(
          ctx,
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
      const ra = body.get('restore');
      let restore: CelProgram | undefined;
      if (ra !== undefined) {
        const text = str(ra, 'drop.restore (a CEL expression)', [...bp, 'restore'], body);
        if (text === undefined) return undefined;
        const compiled = compileCel(text);
        if (!compiled.ok) {
          report(ctx, 'RULE_CEL_INVALID', compiled.error, ra.range, [...bp, 'restore']);
          return undefined;
        }
        restore = compiled.program;
      }
      return p && reason !== undefined
        ? { ...base, op: 'drop', side, path: p, reason, ...(restore ? { restore } : {}) }
        : undefined;
    }
  }
}

/** Two rules may not read, or write, the same path in one direction (nested paths are fine: the inner wins). */
function overlaps(ctx: Ctx, rules: readonly Rule[], path: (string | number)[]): void {
  const reported = new Set<string>();
  for (const dir of ['up', 'down'] as const) {
    for (const end of ['source', 'dest'] as const) {
      const seen = new Map<string, string>();
      for (const r of rules)
        for (const pat of ruleEnds(r, dir)[end]) {
          const k = formatPathPattern(pat);
          const prior = seen.get(k);
          if (prior !== undefined && prior !== r.id) {
            if (reported.has(`${prior}\u0000${r.id}`)) continue;
            reported.add(`${prior}\u0000${r.id}`);
            report(
              ctx,
              'RULE_OVERLAP',
              `rules ${prior} and ${r.id} both ${end === 'source' ? 'read' : 'write'} ${k} going ${dir}`,
              r.range,
              path,
            );
          } else seen.set(k, r.id);
        }
    }
  }
}

/** Parse a rules file (YAML or JSON). Rules with problems are left out; every problem is an issue with a range. */
export function parseRules(text: string, file?: string): ParsedRules {
  const lc = new LineCounter();
  const ctx: Ctx = { lc, issues: [], ...(file !== undefined ? { file } : {}) };
  const doc = parseDocument(text, { lineCounter: lc, uniqueKeys: true, prettyErrors: false });
  for (const e of doc.errors) {
    const range = toRange(lc, e.pos[0], e.pos[1]);
    ctx.issues.push(
      issue('error', 'YAML_SYNTAX', e.message.split('\n')[0] ?? e.message, [], {
        ...(file !== undefined ? { file } : {}),
        range,
      }),
    );
  }
  if (doc.errors.length > 0)
    return { ruleSet: { conversions: [], ...(file !== undefined ? { file } : {}) }, issues: ctx.issues };
  const v = documentValue(doc, lc, file);
  if ('issue' in v) return { ruleSet: { conversions: [] }, issues: [v.issue] };
  const root = new At(v.value, doc.contents, ctx);
  const conversions: Conversion[] = [];
  if (!isObj(root.value)) {
    report(
      ctx,
      'RULES_INVALID',
      `a rules file is a mapping with apiVersion: ${RULES_API_VERSION}, kind: ${RULES_KIND}, conversions`,
      root.range,
      [],
    );
  } else {
    const av = root.get('apiVersion');
    const kd = root.get('kind');
    const known = typeof av?.value === 'string' && RULES_API_VERSIONS.includes(av.value);
    if (!known || kd?.value !== RULES_KIND)
      report(
        ctx,
        'RULES_FORMAT_VERSION',
        `expected apiVersion: ${RULES_API_VERSION} (or ${RULES_API_VERSIONS.filter((x) => x !== RULES_API_VERSION).join(', ')}) and kind: ${RULES_KIND}`,
        (!known ? av : kd)?.range ?? root.range,
        ['apiVersion'],
      );
    else {
      unknownKeys(root, ['apiVersion', 'kind', 'metadata', 'conversions'], []);
      const cs = root.get('conversions');
      if (!cs || !Array.isArray(cs.value))
        report(ctx, 'RULES_INVALID', 'conversions must be a list', (cs ?? root).range, ['conversions']);
      else
        cs.items().forEach((c, i) => {
          const p = ['conversions', i];
          if (!isObj(c.value)) {
            report(ctx, 'RULES_INVALID', 'a conversion is a mapping: kind, from, to, rules', c.range, p);
            return;
          }
          unknownKeys(c, ['group', 'kind', 'from', 'to', 'description', 'keepEmpty', 'rules'], p);
          const keepEmpty = flag(c.get('keepEmpty'), 'keepEmpty', [...p, 'keepEmpty']);
          const kind = str(c.get('kind'), 'kind', [...p, 'kind'], c);
          const from = str(c.get('from'), 'from (the older version)', [...p, 'from'], c);
          const to = str(c.get('to'), 'to (the newer version)', [...p, 'to'], c);
          const g = c.get('group');
          const group = g === undefined ? undefined : str(g, 'group', [...p, 'group'], c);
          const rs = c.get('rules');
          const rules: Rule[] = [];
          if (!rs || !Array.isArray(rs.value))
            report(ctx, 'RULES_INVALID', 'rules must be a list', (rs ?? c).range, [...p, 'rules']);
          else {
            const ids = new Set<string>();
            rs.items().forEach((r, j) => {
              const rule = parseRule(r, [...p, 'rules', j]);
              if (!rule) return;
              if (ids.has(rule.id)) {
                report(
                  ctx,
                  'RULE_DUPLICATE_ID',
                  `rule id "${rule.id}" is used twice in this conversion`,
                  r.get('id')?.range,
                  [...p, 'rules', j, 'id'],
                );
                return;
              }
              ids.add(rule.id);
              rules.push(rule);
            });
          }
          overlaps(ctx, rules, p);
          if (kind === undefined || from === undefined || to === undefined) return;
          const range = c.range;
          conversions.push({
            kind,
            from,
            to,
            rules,
            ...(group !== undefined ? { group } : {}),
            ...(keepEmpty ? { keepEmpty } : {}),
            ...(range ? { range } : {}),
          });
        });
    }
  }
  return { ruleSet: { conversions, ...(file !== undefined ? { file } : {}) }, issues: ctx.issues };
}
