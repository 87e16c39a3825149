// Applying rules to a plain JSON document. Reads come from the input, writes go to a copy: first every path the
// rules consume is removed from the copy, then each rule writes its destinations (shallow paths first, so a
// rule writing inside an object another rule moved lands inside it). What no rule names stays where it was: the
// caller's same-path copy (the webhook's) or generated steps (ASO's) carry it on.
import { celToJson, dataSizeOf, evaluateCel, toCelValue, type CelProgram } from '../cel/index.ts';
import { formatPath, issue, type Issue, type Path } from '../model/issue.ts';
import type { Direction, Hop } from '../model/hop.ts';
import type { Conversion, Rule, RuleOp, RuleSet } from './format.ts';
import { deepClone } from '../model/jsonValue.ts';
import { visiblePart } from './celInput.ts';
import { bind, defineKey, deleteAt, formatPathPattern, getAt, matches, setAt, type PathPattern } from './paths.ts';

/** One rule's effect in one step: which concrete paths it read (and removed) and which it wrote. */
export interface AppliedRule extends Hop {
  readonly ruleId: string;
  readonly op: RuleOp;
  readonly sourcePaths: readonly Path[];
  readonly destPaths: readonly Path[];
  /** For `drop`: why the loss is intended. */
  readonly reason?: string;
  /** A CEL expression of the rule failed (RULE_FAILED): what it read is consumed, its destination not written. */
  readonly failed?: boolean;
}

export interface RuleStep extends Hop {
  readonly conversion: Conversion;
}

export interface ApplyResult {
  /** The converted document (apiVersion untouched: the caller sets it). */
  readonly doc: unknown;
  readonly applied: readonly AppliedRule[];
  /** Patterns (in the input's version) of the fields the rules of the first step own: other steps skip them. */
  readonly owned: readonly PathPattern[];
  /** Concrete paths (in the input) intentionally lost by `drop` rules, with their rule. */
  readonly dropped: readonly { readonly ruleId: string; readonly path: Path; readonly reason: string }[];
  readonly steps: readonly RuleStep[];
  readonly issues: readonly Issue[];
}

export interface KindName {
  readonly group?: string;
  readonly kind: string;
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => x !== null && typeof x === 'object' && !Array.isArray(x);

const sameKind = (c: Conversion, k: KindName): boolean =>
  c.kind === k.kind && (c.group === undefined || k.group === undefined || c.group === k.group);

/** True when the rules convert `kind` between some pair of its versions. */
export const rulesConvert = (ruleSet: RuleSet, kind: KindName): boolean =>
  ruleSet.conversions.some((c) => sameKind(c, kind));

/** The conversions to run from `from` to `to`: the direct pair, else the shortest chain of pairs. */
export function findSteps(ruleSet: RuleSet, kind: KindName, from: string, to: string): RuleStep[] | undefined {
  if (from === to) return [];
  const cs = ruleSet.conversions.filter((c) => sameKind(c, kind));
  const prev = new Map<string, RuleStep>();
  const queue = [from];
  const seen = new Set([from]);
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const c of cs) {
      const step: RuleStep | undefined =
        c.from === v
          ? { from: v, to: c.to, direction: 'up', conversion: c }
          : c.to === v
            ? { from: v, to: c.from, direction: 'down', conversion: c }
            : undefined;
      if (!step || seen.has(step.to)) continue;
      seen.add(step.to);
      prev.set(step.to, step);
      if (step.to === to) {
        const out: RuleStep[] = [];
        for (let s = prev.get(to); s; s = prev.get(s.from)) out.unshift(s);
        return out;
      }
      queue.push(step.to);
    }
  }
  return undefined;
}

/** What a rule reads and writes in one direction (patterns in the step's source and destination versions). */
export function ruleEnds(rule: Rule, dir: Direction): { source: PathPattern[]; dest: PathPattern[] } {
  switch (rule.op) {
    case 'move':
    case 'enum':
    case 'mapToList':
    case 'listToMap':
      return dir === 'up'
        ? { source: [rule.from.pattern], dest: [rule.to.pattern] }
        : { source: [rule.to.pattern], dest: [rule.from.pattern] };
    case 'compute': {
      const up = rule.up.map((t) => t.to.pattern);
      const down = rule.down.map((t) => t.to.pattern);
      // What one direction writes is what the other consumes.
      return dir === 'up' ? { source: down, dest: up } : { source: up, dest: down };
    }
    case 'fail':
      return { source: [], dest: [] };
    case 'drop':
      if ((rule.side === 'from') === (dir === 'up')) return { source: [rule.path.pattern], dest: [] };
      return { source: [], dest: rule.restore ? [rule.path.pattern] : [] };
  }
}

/** Patterns of the fields the rules own converting `from` -> `to` (first step): generated steps skip them. */
export function ownedPaths(ruleSet: RuleSet, kind: KindName, from: string, to: string): PathPattern[] {
  const steps = findSteps(ruleSet, kind, from, to);
  const first = steps?.[0];
  if (!first) return [];
  return first.conversion.rules.flatMap((r) => ruleEnds(r, first.direction).source);
}

const clone = deepClone;

/** The CEL programs a rule may run going `dir` (what of the input becomes a CEL value: celInput.ts). */
function celOf(r: Rule, dir: Direction): CelProgram[] {
  if (r.op === 'compute')
    return [...(dir === 'up' ? r.up : r.down), ...(r.defaults?.[dir] ?? [])].map((t) => t.expression);
  if (r.op === 'drop') return r.restore ? [r.restore] : [];
  if (r.op === 'fail') return [r[dir]].filter((p): p is CelProgram => p !== undefined);
  return [];
}

/** A `fail` rule: its condition for `dir` true fails the conversion with its message (or why it cannot tell). */
function failOnPurpose(
  rule: Extract<Rule, { op: 'fail' }>,
  dir: Direction,
  bindings: Record<string, unknown>,
  dataSize: number,
  fail: (message: string) => void,
): void {
  const cond = rule[dir];
  if (!cond) return;
  const r = evaluateCel(cond, bindings, { dataSize });
  if (r.kind === 'value' && r.value === true) fail(rule.message);
  else if (r.kind === 'cost') fail(`${dir}: estimated cost ${r.estimated} exceeds ${r.limit}`);
  else if (r.kind === 'error') fail(`${dir}: ${r.message}`);
  else if (typeof r.value !== 'boolean') fail(`${dir}: the condition is not a bool`);
}

interface Write {
  readonly rule: Rule;
  readonly path: Path;
  readonly value: unknown;
}

function runStep(step: RuleStep, input: unknown, file: string | undefined, issues: Issue[]) {
  const dir = step.direction;
  const at = (r: Rule) => ({ ...(file !== undefined ? { file } : {}), ...(r.range ? { range: r.range } : {}) });
  const out = clone(input) as Obj;
  const applied: AppliedRule[] = [];
  const dropped: { ruleId: string; path: Path; reason: string }[] = [];
  const writes: Write[] = [];
  let self: unknown;
  let dataSize = 0;
  const celSelf = (): unknown => {
    if (self === undefined) {
      // Only what this step's expressions can read becomes a CEL value (celInput.ts).
      const programs = step.conversion.rules.flatMap((r) => celOf(r, dir));
      const part = visiblePart(input, programs);
      self = toCelValue(part, undefined);
      dataSize = dataSizeOf(part);
    }
    return self;
  };
  const perRule = step.conversion.rules.map((rule) => {
    const ends = ruleEnds(rule, dir);
    return { rule, ends, found: ends.source.flatMap((p) => matches(input, p)) };
  });
  const consumed = perRule.flatMap((r) => r.found.map((m) => m.path));
  /** A moved value without the fields nested rules own (they move those themselves). */
  const carried = (m: { path: Path; value: unknown }): unknown => {
    const v = clone(m.value);
    for (const c of consumed)
      if (c.length > m.path.length && m.path.every((seg, i) => c[i] === seg) && v !== null && typeof v === 'object')
        deleteAt(v as Obj, c.slice(m.path.length));
    return v;
  };
  const restores: Write[] = [];
  for (const { rule, ends, found } of perRule) {
    if (rule.op === 'drop' && rule.restore && ends.dest.length > 0) {
      const r = evaluateCel(rule.restore, { self: celSelf() }, { dataSize });
      if (r.kind === 'value' && r.value !== null)
        restores.push({ rule, path: ends.dest[0] as Path, value: celToJson(r.value) });
      else if (r.kind !== 'value')
        issues.push(
          issue(
            'error',
            'RULE_FAILED',
            `rule ${rule.id}: restore: ${r.kind === 'cost' ? 'cost exceeded' : r.message}`,
            [],
            at(rule),
          ),
        );
      continue;
    }
    if (rule.op === 'fail') {
      failOnPurpose(rule, dir, { self: celSelf() }, dataSize, (msg) =>
        issues.push(issue('error', 'RULE_FAILED', `rule ${rule.id}: ${msg}`, [], at(rule))),
      );
      continue;
    }
    // A direction whose inputs are absent does not run, unless the rule says `always` or has defaults for it.
    const defaults = rule.op === 'compute' && found.length === 0 ? rule.defaults?.[dir] : undefined;
    if (found.length === 0 && !(rule.op === 'compute' && rule.always === true) && !defaults) continue;
    const sourcePaths = found.map((m) => m.path);
    const before = writes.length;
    const issuesBefore = issues.length;
    const fail = (code: Issue['code'], sev: Issue['severity'], msg: string, path: Path) =>
      issues.push(issue(sev, code, `rule ${rule.id}: ${msg}`, path, at(rule)));
    switch (rule.op) {
      case 'move':
        for (const m of found) writes.push({ rule, path: bind(ends.dest[0]!, m.indexes), value: carried(m) });
        break;
      case 'enum': {
        const map = dir === 'up' ? rule.values : new Map([...rule.values].map(([a, b]) => [b, a] as const));
        for (const m of found) {
          const mapped = typeof m.value === 'string' ? map.get(m.value) : undefined;
          if (mapped === undefined)
            fail(
              'RULE_ENUM_UNMAPPED',
              'warning',
              `${JSON.stringify(m.value)} is not one of the rule's values: kept as is`,
              m.path,
            );
          writes.push({ rule, path: bind(ends.dest[0]!, m.indexes), value: mapped ?? clone(m.value) });
        }
        break;
      }
      case 'mapToList':
      case 'listToMap': {
        const toList = (rule.op === 'mapToList') === (dir === 'up');
        for (const m of found) {
          const v = toList ? mapToList(m.value, rule.key, rule.value) : listToMap(m.value, rule.key, rule.value);
          for (const p of v.problems)
            fail(p.code, p.code === 'RULE_DUPLICATE_KEY' ? 'error' : 'warning', p.message, [...m.path, ...p.at]);
          if (v.value !== undefined) writes.push({ rule, path: bind(ends.dest[0]!, m.indexes), value: v.value });
          else writes.push({ rule, path: bind(ends.dest[0]!, m.indexes), value: clone(m.value) });
        }
        break;
      }
      case 'compute': {
        const bindings = { self: celSelf() };
        for (const t of defaults ?? (dir === 'up' ? rule.up : rule.down)) {
          const r = evaluateCel(t.expression, bindings, { dataSize });
          if (r.kind === 'value') {
            const v = celToJson(r.value);
            if (v !== null) writes.push({ rule, path: t.to.pattern as Path, value: v });
          } else
            fail(
              'RULE_FAILED',
              'error',
              r.kind === 'cost'
                ? `${t.to.text}: estimated cost ${r.estimated} exceeds ${r.limit}`
                : `${t.to.text}: ${r.message}`,
              t.to.pattern as Path,
            );
        }
        break;
      }
      case 'drop':
        for (const m of found) {
          dropped.push({ ruleId: rule.id, path: m.path, reason: rule.reason });
          issues.push(
            issue('info', 'RULE_DROPPED', `rule ${rule.id}: dropped on purpose: ${rule.reason}`, m.path, at(rule)),
          );
        }
        break;
    }
    applied.push({
      ruleId: rule.id,
      op: rule.op,
      direction: dir,
      from: step.from,
      to: step.to,
      sourcePaths,
      destPaths: writes.slice(before).map((w) => w.path),
      ...(rule.op === 'drop' ? { reason: rule.reason } : {}),
      ...(issues.slice(issuesBefore).some((i) => i.code === 'RULE_FAILED') ? { failed: true } : {}),
    });
  }
  // Remove what the rules consume, deepest first, then write (shallowest first; stable among equals).
  const keepEmpty = step.conversion.keepEmpty === true;
  for (const p of [...consumed].sort((a, b) => b.length - a.length)) deleteAt(out, p, !keepEmpty);
  const ordered = writes.map((w, i) => ({ w, i })).sort((a, b) => a.w.path.length - b.w.path.length || a.i - b.i);
  for (const { w } of ordered) {
    const prior = getAt(out, w.path);
    if (prior.found && isObj(prior.value) && isObj(w.value)) {
      // Another rule (or the remainder) already put fields here: add ours beside them.
      for (const [k, v] of Object.entries(w.value)) defineKey(prior.value, k, v);
      continue;
    }
    if (prior.found && JSON.stringify(prior.value) !== JSON.stringify(w.value))
      issues.push(
        issue(
          'warning',
          'RULE_OVERLAP',
          `rule ${w.rule.id}: ${formatPath(w.path)} already holds a value; the rule's value replaces it`,
          w.path,
          at(w.rule),
        ),
      );
    if (!setAt(out, w.path, w.value))
      issues.push(
        issue(
          'error',
          'RULE_SHAPE_MISMATCH',
          `rule ${w.rule.id}: a non-object value is in the way of ${formatPath(w.path)}`,
          w.path,
          at(w.rule),
        ),
      );
  }
  for (const w of restores) {
    // Put back only into an object that is there (a drop's parent), never create one for it.
    const parent = getAt(out, w.path.slice(0, -1));
    if (!parent.found || !isObj(parent.value) || getAt(out, w.path).found) continue;
    setAt(out, w.path, w.value);
    applied.push({
      ruleId: w.rule.id,
      op: 'drop',
      direction: dir,
      from: step.from,
      to: step.to,
      sourcePaths: [],
      destPaths: [w.path],
    });
  }
  return { doc: out as unknown, applied, dropped };
}

type Problem = { code: 'RULE_SHAPE_MISMATCH' | 'RULE_DUPLICATE_KEY'; message: string; at: Path };

function mapToList(v: unknown, key: string, value: string | undefined): { value?: unknown; problems: Problem[] } {
  if (!isObj(v))
    return { problems: [{ code: 'RULE_SHAPE_MISMATCH', message: 'expected a map here: kept as is', at: [] }] };
  const problems: Problem[] = [];
  const list: unknown[] = [];
  for (const [k, x] of Object.entries(v)) {
    if (value !== undefined) {
      // computed keys define own properties (even `__proto__`); the field names come from the rule, not the data
      list.push({ [key]: k, [value]: clone(x) });
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
      for (const [a, b] of Object.entries(x)) if (a !== key) defineKey(el, a, clone(b));
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

function listToMap(v: unknown, key: string, value: string | undefined): { value?: unknown; problems: Problem[] } {
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
      defineKey(map, k, clone(el[value]));
    } else {
      const rest = Object.create(null) as Obj;
      for (const [a, b] of Object.entries(el)) if (a !== key) defineKey(rest, a, clone(b));
      defineKey(map, k, { ...rest });
    }
  });
  return { value: { ...map }, problems };
}

/**
 * Convert `doc` (a `kind` object at version `from`) to version `to` with the rules: the direct pair's rules, or
 * each pair's along the shortest chain. No conversion in the rules between the versions: the document unchanged
 * and a RULES_NO_CONVERSION issue.
 */
export function applyRules(ruleSet: RuleSet, kind: KindName, from: string, to: string, doc: unknown): ApplyResult {
  const issues: Issue[] = [];
  const steps = findSteps(ruleSet, kind, from, to);
  if (!steps) {
    issues.push(
      issue('warning', 'RULES_NO_CONVERSION', `the rules have no conversion of ${kind.kind} from ${from} to ${to}`),
    );
    return { doc, applied: [], owned: [], dropped: [], steps: [], issues };
  }
  let cur = doc;
  const applied: AppliedRule[] = [];
  const dropped: { ruleId: string; path: Path; reason: string }[] = [];
  for (const s of steps) {
    const r = runStep(s, cur, ruleSet.file, issues);
    cur = r.doc;
    applied.push(...r.applied);
    if (s === steps[0]) dropped.push(...r.dropped);
  }
  return { doc: cur, applied, owned: ownedPaths(ruleSet, kind, from, to), dropped, steps, issues };
}

const under = (path: Path, prefix: Path): boolean =>
  prefix.length <= path.length && prefix.every((seg, i) => path[i] === seg);

function deepest(applied: readonly AppliedRule[], path: Path, end: 'sourcePaths' | 'destPaths') {
  let best: { a: AppliedRule; n: number } | undefined;
  for (const a of applied)
    for (const p of a[end]) if (under(path, p) && (!best || p.length > best.n)) best = { a, n: p.length };
  return best?.a;
}

/**
 * The rule that read `path` of the input (a field at or under one of its source paths), for fates: "moved by
 * rule X". Undefined when no rule took it (the same-path copy or the generated steps did).
 */
export const ruleThatRead = (applied: readonly AppliedRule[], path: Path): AppliedRule | undefined =>
  deepest(applied, path, 'sourcePaths');

/** The rule that wrote `path` of the output (at or under one of its destination paths). */
export const ruleThatWrote = (applied: readonly AppliedRule[], path: Path): AppliedRule | undefined =>
  deepest(applied, path, 'destPaths');

export const describeRule = (r: Rule): string => {
  switch (r.op) {
    case 'compute':
      return `compute ${r.up.map((t) => t.to.text).join(', ')} <- ${r.down.map((t) => t.to.text).join(', ')}`;
    case 'drop':
      return `drop ${r.path.text} (${r.side})`;
    case 'fail':
      return `fail (${[r.up ? 'up' : '', r.down ? 'down' : ''].filter(Boolean).join(', ')})`;
    default:
      return `${r.op} ${r.from.text} -> ${r.to.text}`;
  }
};

export { formatPathPattern };
