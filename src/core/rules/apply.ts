// Applying rules to a plain JSON document. Reads come from the input, writes go to a copy: first every path the
// rules consume is removed from the copy, then each rule writes its destinations (shallow paths first, so a
// rule writing inside an object another rule moved lands inside it). What no rule names stays where it was: the
// caller's same-path copy (the webhook's) or generated steps (ASO's) carry it on.
import { dataSizeOf, toCelValue } from '../cel/index.ts';
import { formatPath, issue, type Issue, type Path } from '../model/issue.ts';
import type { Direction, Hop } from '../model/hop.ts';
import type { Conversion, Rule, RuleOp, RuleSet } from './format.ts';
import { deepClone } from '../model/jsonValue.ts';
import { visiblePart } from './celInput.ts';
import { defineKey, deleteAt, formatPathPattern, getAt, matches, setAt, type PathPattern } from './paths.ts';
import { opOf, type Match } from './ops/index.ts';

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
export const ruleEnds = (rule: Rule, dir: Direction): { source: PathPattern[]; dest: PathPattern[] } =>
  opOf(rule).ends(rule, dir);

/** Patterns of the fields the rules own converting `from` -> `to` (first step): generated steps skip them. */
export function ownedPaths(ruleSet: RuleSet, kind: KindName, from: string, to: string): PathPattern[] {
  const steps = findSteps(ruleSet, kind, from, to);
  const first = steps?.[0];
  if (!first) return [];
  return first.conversion.rules.flatMap((r) => ruleEnds(r, first.direction).source);
}

interface Write {
  readonly rule: Rule;
  readonly path: Path;
  readonly value: unknown;
}

function runStep(step: RuleStep, input: unknown, file: string | undefined, issues: Issue[]) {
  const dir = step.direction;
  const at = (r: Rule) => ({ ...(file !== undefined ? { file } : {}), ...(r.range ? { range: r.range } : {}) });
  const out = deepClone(input) as Obj;
  const applied: AppliedRule[] = [];
  const dropped: { ruleId: string; path: Path; reason: string }[] = [];
  const writes: Write[] = [];
  let self: unknown;
  let dataSize = 0;
  const celSelf = (): unknown => {
    if (self === undefined) {
      // Only what this step's expressions can read becomes a CEL value (celInput.ts).
      const programs = step.conversion.rules.flatMap((r) => opOf(r).cel(r, dir));
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
  const carried = (m: Match): unknown => {
    const v = deepClone(m.value);
    for (const c of consumed)
      if (c.length > m.path.length && m.path.every((seg, i) => c[i] === seg) && v !== null && typeof v === 'object')
        deleteAt(v as Obj, c.slice(m.path.length));
    return v;
  };
  const restores: Write[] = [];
  for (const { rule, ends, found } of perRule) {
    const before = writes.length;
    const issuesBefore = issues.length;
    const ran = opOf(rule).run(rule, {
      dir,
      found,
      dest: ends.dest,
      celSelf,
      dataSize: () => dataSize,
      carried,
      write: (path, value) => writes.push({ rule, path, value }),
      restore: (path, value) => restores.push({ rule, path, value }),
      dropped: (path, reason) => dropped.push({ ruleId: rule.id, path, reason }),
      report: (code, sev, msg, path) => issues.push(issue(sev, code, `rule ${rule.id}: ${msg}`, path, at(rule))),
    });
    if (!ran) continue;
    applied.push({
      ruleId: rule.id,
      op: rule.op,
      direction: dir,
      from: step.from,
      to: step.to,
      sourcePaths: found.map((m) => m.path),
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

export const describeRule = (r: Rule): string => opOf(r).describe(r);

export { formatPathPattern };
