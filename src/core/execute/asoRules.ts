// Conversion rules in the ASO view (docs/conversion-rules.md, "In the ASO view"). Rules are declared between API
// versions; an ASO conversion runs from -> storage ... hub ... storage -> to. The rules of the API-version pair
// (each end's own API version, or its twin for a storage version) run once per conversion: the fields they own
// are taken out of the input before the first hop (so no generated step copies, bags or loses them), and what
// they write is put into the output after the generated steps of the last hop, as the seeds' hand-written
// conversions run after the generated steps. Storage versions keep their API twin's JSON names, so the rules'
// paths mean the same on both.
import { comparePaths, isUnder, samePath, type Path } from '../path.ts';
import { issue, type Issue } from '../issue.ts';
import type { Kind, Version } from '../model.ts';
import type { Fate, FateCause, FateKind, PlanRules } from '../conversionTypes.ts';
import { FATE_KINDS } from '../fateKinds.ts';
import { deepClone, isRecord, setKey } from '../jsonValue.ts';
import type { RuleSet } from '../rules/format.ts';
import { applyRules, findSteps, ownedPaths, ruleEnds, type AppliedRule } from '../rules/apply.ts';
import { deleteAt, formatPathPattern, getAt, setAt } from '../rules/paths.ts';
import { fateReason } from './fateReason.ts';

type Obj = Record<string, unknown>;

/** Where a value of the rules' document came from in the input, and the rules that moved or made it. */
interface Source {
  readonly path: Path;
  readonly causes: readonly FateCause[];
  /** Made by a rule other than `move` (computed, mapped): `converted`, not `renamed`. */
  readonly made: boolean;
}

/** The API version a version's rules are declared at: itself, or the API twin of a storage version. */
export const apiVersionFor = (v: Version): string => (v.role === 'api' ? v.name : (v.twin ?? v.name));

const kindName = (kind: Kind) => ({ group: kind.group, kind: kind.kind });

/**
 * The rules part of a plan from `from` to `to`: undefined when the rule set has nothing for this conversion
 * (no conversion of the kind, or both ends at one API version). A kind the rules convert but with no chain of
 * pairs between the two API versions is a RULES_NO_CONVERSION warning.
 */
export function planRules(
  ruleSet: RuleSet,
  kind: Kind,
  from: Version,
  to: Version,
): { rules?: PlanRules; issue?: Issue } {
  const a = apiVersionFor(from);
  const b = apiVersionFor(to);
  if (a === b) return {};
  const k = kindName(kind);
  const steps = findSteps(ruleSet, k, a, b);
  if (!steps) {
    if (!ruleSet.conversions.some((c) => c.kind === kind.kind && (c.group === undefined || c.group === kind.group)))
      return {};
    return {
      issue: issue('warning', 'RULES_NO_CONVERSION', `the rules have no conversion of ${kind.kind} from ${a} to ${b}`),
    };
  }
  return {
    rules: {
      from: a,
      to: b,
      steps: steps.map((s) => ({
        from: s.from,
        to: s.to,
        direction: s.direction,
        rules: s.conversion.rules.map((r) => {
          const ends = ruleEnds(r, s.direction);
          return {
            id: r.id,
            op: r.op,
            reads: ends.source.map(formatPathPattern),
            writes: ends.dest.map(formatPathPattern),
          };
        }),
      })),
      owned: ownedPaths(ruleSet, k, a, b).map(formatPathPattern),
    },
  };
}

/** What the rules do to one document: the input without the owned fields, then `finish` on the hops' output. */
export interface RulesRun {
  /** The input with the fields the rules own taken out: what the generated steps convert. */
  readonly input: Obj;
  /** Writes the rules' fields into the generated steps' output (in place); returns the paths written. */
  finish(output: Obj): Path[];
  /** Fates of the fields the rules took and wrote, about the input and the output. */
  readonly fates: Fate[];
  readonly issues: readonly Issue[];
}

/** Longest common prefix of paths (the object a computed value is made from). */
function commonPrefix(paths: readonly Path[]): Path {
  const [first, ...rest] = paths;
  if (!first) return [];
  let n = first.length;
  for (const p of rest) {
    let i = 0;
    while (i < n && i < p.length && p[i] === first[i]) i++;
    n = i;
  }
  return first.slice(0, n);
}

const causeOf = (a: AppliedRule, reason?: string): FateCause => ({
  rule: a.op === 'drop' ? 'rule-dropped' : 'conversion-rule',
  hop: { from: a.from, to: a.to },
  conversionRule: { id: a.ruleId, op: a.op, ...(reason !== undefined ? { reason } : {}) },
});

/**
 * Runs the plan's rules on `doc` (at the plan's `from`). `part`: only the spec or the status root property is
 * the rules' to take and write (the other part passes through the generated steps untouched).
 */
export function runRules(
  ruleSet: RuleSet,
  kind: Kind,
  rules: PlanRules,
  doc: Obj,
  partRoot: string | undefined,
  allFates: boolean,
): RulesRun {
  const r = applyRules(ruleSet, kindName(kind), rules.from, rules.to, doc);
  const inPart = (p: Path): boolean => partRoot === undefined || p[0] === partRoot;
  // Where each value of the rules' document came from in the input, and the rules that made it (a chain of
  // pairs can move a value twice: computed going up to the newest version, then moved going down).
  const origin = new Map<string, Source>();
  const key = (p: Path) => JSON.stringify(p);
  const taken: Path[] = [];
  for (const a of r.applied)
    for (const p of a.sourcePaths)
      if (inPart(p) && getAt(doc, p).found && !taken.some((t) => samePath(t, p))) taken.push(p);
  const writes: { path: Path; a: AppliedRule; from: Source }[] = [];
  for (const a of r.applied) {
    const sources = a.sourcePaths.map((p): Source => origin.get(key(p)) ?? { path: p, causes: [], made: false });
    const one = a.sourcePaths.length === a.destPaths.length;
    a.destPaths.forEach((d, i) => {
      // One source per destination (move, enum, map <-> list): that source; a compute: the object it reads.
      const s: Source = one
        ? (sources[i] as Source)
        : { path: commonPrefix(sources.map((x) => x.path)), causes: sources.flatMap((x) => x.causes), made: true };
      const from = { path: s.path, causes: [...s.causes, causeOf(a)], made: s.made || a.op !== 'move' };
      origin.set(key(d), from);
      writes.push({ path: d, a, from });
    });
  }
  const final = writes.filter((w) => inPart(w.path) && getAt(r.doc, w.path).found);
  const input = deepClone(doc);
  // Objects emptied by taking their last field go (as in applyRules), but not the root's own (spec, status):
  // the generated steps still convert them (ASO's spec gains originalVersion).
  for (const p of [...taken].sort((x, y) => y.length - x.length)) {
    const top = p.length > 1 ? input[p[0] as string] : undefined;
    if (isRecord(top)) deleteAt(top, p.slice(1));
    else deleteAt(input, p);
  }
  const fates: Fate[] = [];
  const push = (
    kindOf: FateKind,
    causes: readonly FateCause[],
    sourcePath: Path,
    targetPath?: Path,
    code?: Fate['code'],
  ) => {
    if (!allFates && !FATE_KINDS[kindOf].sparse) return;
    const last = causes[causes.length - 1] as FateCause;
    fates.push({
      kind: kindOf,
      sourcePath,
      ...(targetPath ? { targetPath } : {}),
      causes,
      reason: fateReason(causes),
      ...(code ? { code } : {}),
      rule: last.conversionRule?.id as string,
    });
  };
  const reported = new Set<string>();
  for (const w of final) {
    const kindOf: FateKind = w.from.made ? 'converted' : samePath(w.from.path, w.path) ? 'copied' : 'renamed';
    push(kindOf, w.from.causes, w.from.path, w.path);
    reported.add(key(w.from.path));
  }
  for (const a of r.applied) {
    for (const p of a.sourcePaths) {
      if (!taken.some((t) => samePath(t, p)) || reported.has(key(p))) continue;
      reported.add(key(p));
      if (a.op === 'drop') push('lost', [causeOf(a, a.reason)], p, undefined, 'RULE_DROPPED');
      // read by a rule that wrote elsewhere (a compute's inputs): taken by the rule
      else push('converted', [causeOf(a)], p);
    }
  }
  const issues = r.issues.filter((i) => i.path.length === 0 || inPart(i.path));
  return {
    input,
    fates,
    issues,
    finish(output) {
      const written: Path[] = [];
      for (const w of [...final].sort((x, y) => x.path.length - y.path.length)) {
        if (written.some((p) => isUnder(w.path, p))) continue; // inside a value already written whole
        const v = deepClone(getAt(r.doc, w.path).value);
        const there = getAt(output, w.path);
        // Beside what the generated steps put in the same object (fields no rule names), as applyRules does.
        if (there.found && isRecord(there.value) && isRecord(v)) {
          for (const [k, x] of Object.entries(v)) setKey(there.value, k, x);
          written.push(w.path);
        } else if (setAt(output, w.path, v)) written.push(w.path);
      }
      return written.sort(comparePaths);
    },
  };
}

/** A plan names rules, but the conversion was given none: said, not silently skipped. */
export const rulesMissing = (rules: PlanRules): Issue =>
  issue(
    'warning',
    'RULES_NO_CONVERSION',
    `the plan has conversion rules (${rules.from} -> ${rules.to}) but none were given`,
  );
