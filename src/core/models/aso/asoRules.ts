// Conversion rules in the ASO view (docs/conversion-rules.md, "In the ASO view"). Rules are declared between API
// versions; an ASO conversion runs from -> storage ... hub ... storage -> to. The rules of the API-version pair
// (each end's own API version, or its twin for a storage version) run once per conversion: the fields they own
// are taken out of the input before the first hop (so no generated step copies, bags or loses them), and what
// they write is put into the output after the generated steps of the last hop, as the seeds' hand-written
// conversions run after the generated steps. Storage versions keep their API twin's JSON names, so the rules'
// paths mean the same on both.
import { comparePaths, isUnder, samePath, type Path } from '../../model/path.ts';
import { issue, type Issue } from '../../model/issue.ts';
import type { Kind, ObjectType, TypeRef, Version } from '../../model/model.ts';
import type { PlanRules } from '../../plan/conversionTypes.ts';
import type { Fate, FateCause, FateKind } from '../../fates/fate.ts';
import { FATE_KINDS } from '../../fates/fateKinds.ts';
import { isRecord, setKey } from '../../model/jsonValue.ts';
import type { RuleSet } from '../../rules/format.ts';
import { applyRules, findSteps, ownedPaths, ruleEnds, ruleThatRead, type AppliedRule } from '../../rules/apply.ts';
import { propertiesByName, typeAtPath, typeNamed } from '../../catalog/catalogLookup.ts';
import { PROPERTY_BAG, bagWrite, readBag, setBag } from '../../model/propertyBag.ts';
import { deleteAt, formatPathPattern, getAt, setAt } from '../../rules/paths.ts';
import { readPaths } from '../../rules/celInput.ts';
import { fateReason } from './fateReason.ts';

type Obj = Record<string, unknown>;

/** Where a value of the rules' document came from in the input, and the rules that moved or made it. */
interface Source {
  /** Undefined for a value made from nothing in the input (a `drop`'s restore). */
  readonly path: Path | undefined;
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

/** Where the rules run: the plan's ends, only under `partRoot` (spec or status) when given, all fates or sparse. */
export interface RulesAt {
  readonly from: Version;
  readonly to: Version;
  readonly partRoot: string | undefined;
  readonly allFates: boolean;
}

/** An input field the rules take but would not give back: kept in the destination object's property bag. */
interface Kept {
  readonly path: Path;
  readonly parent: Path;
  readonly key: string;
  readonly value: unknown;
  readonly type: TypeRef | undefined;
  readonly cause: FateCause;
}

/** Equal as round trips count it: absent, null, [] and {} alike; maps whatever their key order. */
function sameJson(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) =>
    v === undefined || v === null || (typeof v === 'object' && Object.keys(v as object).length === 0);
  if (empty(a) && empty(b)) return true;
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  const all = new Set([...ka, ...kb]);
  for (const k of all) if (!sameJson((a as Obj)[k], (b as Obj)[k])) return false;
  return true;
}

/** The object type at `path` of a version (undefined when the path is not an object there). */
function objectAt(v: Version, path: Path): ObjectType | undefined {
  const t = typeAtPath(v, path);
  return t?.kind === 'object' ? typeNamed(v, t.name) : undefined;
}

/**
 * What the other direction needs of the rules' document to give back what CEL computed: the computed values (what
 * it consumes) and what its expressions read; not the rest of a large resource (copying it would cost more than the conversion).
 */
function reverseInput(ruleSet: RuleSet, kind: Kind, rules: PlanRules, r: ReturnType<typeof applyRules>): unknown {
  const steps = findSteps(ruleSet, kindName(kind), rules.to, rules.from) ?? [];
  const programs = steps.flatMap((s) =>
    s.conversion.rules.flatMap((x) =>
      x.op === 'compute'
        ? (s.direction === 'up' ? x.up : x.down).map((t) => t.expression)
        : x.op === 'drop' && x.restore
          ? [x.restore]
          : [],
    ),
  );
  const read = readPaths(programs);
  if (read === 'all') return r.doc;
  const computed = r.applied.filter((a) => a.op === 'compute').flatMap((a) => a.destPaths);
  const paths = [...read, ...computed].sort((a, b) => a.length - b.length);
  const out: Obj = {};
  const picked: Path[] = [];
  for (const p of paths) {
    // below a value already picked: in it; otherwise containers on the way are the copy's own, values shared
    if (picked.some((q) => isUnder(p, q))) continue;
    const v = getAt(r.doc, p);
    if (v.found && setAt(out, p, v.value)) picked.push(p);
  }
  return out;
}

/**
 * ASO keeps in a storage object's property bag what its shape cannot hold; the rules' fields, taken by the rules,
 * never reach the bag by the generated steps. Toward a storage version, a field the rules take but whose other
 * direction would not give it back (a derivation that is not exactly invertible: the seed's middle name) is kept
 * in the bag of its object, under its property's bag key, when the destination's object has a bag. Going back,
 * the generated steps restore it where a version has the field, and the rules do not write over it. Intended
 * drops are not kept.
 */
function keptInBag(
  ruleSet: RuleSet,
  kind: Kind,
  rules: PlanRules,
  doc: Obj,
  r: ReturnType<typeof applyRules>,
  taken: readonly Path[],
  at: RulesAt,
): Kept[] {
  // Moves, enum maps (one to one) and map <-> list give their values back by construction (`rules check` reports
  // duplicate keys and reordering); a CEL computation may not.
  const drops = r.applied.filter((a) => a.op === 'drop').flatMap((a) => a.sourcePaths);
  const candidates = taken.filter(
    (p) =>
      !drops.some((d) => isUnder(p, d)) &&
      typeof p[p.length - 1] === 'string' &&
      ruleThatRead(r.applied, p)?.op === 'compute',
  );
  if (candidates.length === 0) return [];
  const back = applyRules(ruleSet, kindName(kind), rules.to, rules.from, reverseInput(ruleSet, kind, rules, r));
  const out: Kept[] = [];
  for (const p of [...candidates].sort((x, y) => x.length - y.length)) {
    if (out.some((k) => isUnder(p, k.path))) continue;
    const before = getAt(doc, p).value;
    const after = getAt(back.doc, p);
    if (sameJson(before, after.found ? after.value : undefined)) continue;
    const parent = p.slice(0, -1);
    const name = p[p.length - 1] as string;
    if (!objectAt(at.to, parent)?.hasPropertyBag) continue;
    const own = objectAt(at.from, parent);
    const prop = own ? propertiesByName(own).get(name) : undefined;
    const rule = ruleThatRead(r.applied, p);
    out.push({
      path: p,
      parent,
      key: prop?.bagKey ?? name.charAt(0).toUpperCase() + name.slice(1),
      value: before,
      type: prop?.type,
      cause: {
        rule: 'rule-bagged',
        hop: { from: rules.from, to: rules.to },
        conversionRule: { id: rule?.ruleId ?? '', op: rule?.op ?? '' },
      },
    });
  }
  return out;
}

/** What the rules do to one document: the input without the owned fields, then `finish` on the hops' output. */
export interface RulesRun {
  /** The input with the fields the rules own taken out: what the generated steps convert. */
  readonly input: Obj;
  /**
   * Writes the rules' fields into the generated steps' output (in place), but not over a value the generated
   * steps restored from a property bag (`restored`), and keeps in the destination's bag what the rules would
   * not give back; returns the paths written.
   */
  finish(output: Obj, restored: readonly Path[]): Path[];
  /** Fates of the fields the rules took and wrote, about the input and the output. */
  readonly fates: Fate[];
  readonly issues: readonly Issue[];
}

/**
 * `doc` without the fields at `paths`: only the objects and lists on the way to them are copied (the generated
 * steps read their input and never write it, so the rest is shared, not cloned: a large resource stays cheap).
 * Objects emptied by taking their last field go (as in applyRules), but not the root's own (spec, status): the
 * generated steps still convert them (ASO's spec gains originalVersion).
 */
function withoutPaths(doc: Obj, paths: readonly Path[]): Obj {
  if (paths.length === 0) return doc;
  const root: Obj = { ...doc };
  const copied = new Set<unknown>([root]);
  const own = (parent: Obj | unknown[], seg: string | number): unknown => {
    const v = (parent as Record<string | number, unknown>)[seg];
    if (v === null || typeof v !== 'object' || copied.has(v)) return v;
    const c = Array.isArray(v) ? [...v] : { ...(v as Obj) };
    copied.add(c);
    if (Array.isArray(parent)) parent[seg as number] = c;
    else setKey(parent, seg as string, c);
    return c;
  };
  for (const p of [...paths].sort((x, y) => y.length - x.length)) {
    let at: unknown = root;
    for (const seg of p.slice(0, -1)) {
      if (at === null || typeof at !== 'object') break;
      at = own(at as Obj, seg);
    }
    const top = p.length > 1 ? root[p[0] as string] : undefined;
    if (isRecord(top)) deleteAt(top, p.slice(1));
    else deleteAt(root, p);
  }
  return root;
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

const causeOf = (a: AppliedRule, reason?: string, failed = false): FateCause => ({
  rule: a.op === 'drop' ? 'rule-dropped' : failed ? 'rule-failed' : 'conversion-rule',
  hop: { from: a.from, to: a.to },
  conversionRule: { id: a.ruleId, op: a.op, ...(reason !== undefined ? { reason } : {}) },
});

/**
 * Runs the plan's rules on `doc` (at the plan's `from`). With `at.partRoot`, only the spec or the status root
 * property is the rules' to take and write (the other part passes through the generated steps untouched).
 */
export function runRules(ruleSet: RuleSet, kind: Kind, rules: PlanRules, doc: Obj, at: RulesAt): RulesRun {
  const { partRoot, allFates } = at;
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
        : {
            path: sources.length > 0 ? commonPrefix(sources.flatMap((x) => (x.path ? [x.path] : []))) : undefined,
            causes: sources.flatMap((x) => x.causes),
            made: true,
          };
      const from = { path: s.path, causes: [...s.causes, causeOf(a)], made: s.made || a.op !== 'move' };
      origin.set(key(d), from);
      writes.push({ path: d, a, from });
    });
  }
  const final = writes.filter((w) => inPart(w.path) && getAt(r.doc, w.path).found);
  const input = withoutPaths(doc, taken);
  const fates: Fate[] = [];
  const push = (
    kindOf: FateKind,
    causes: readonly FateCause[],
    sourcePath: Path | undefined,
    targetPath?: Path,
    code?: Fate['code'],
  ) => {
    if (!allFates && !FATE_KINDS[kindOf].sparse) return;
    const last = causes[causes.length - 1] as FateCause;
    fates.push({
      kind: kindOf,
      ...(sourcePath ? { sourcePath } : {}),
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
    if (w.from.path) reported.add(key(w.from.path));
  }
  for (const a of r.applied) {
    for (const p of a.sourcePaths) {
      if (!taken.some((t) => samePath(t, p)) || reported.has(key(p))) continue;
      reported.add(key(p));
      if (a.op === 'drop') push('lost', [causeOf(a, a.reason)], p, undefined, 'RULE_DROPPED');
      else if (a.failed) push('lost', [causeOf(a, undefined, true)], p, undefined, 'RULE_FAILED');
      // read by a rule that wrote elsewhere (a compute's inputs): taken by the rule
      else push('converted', [causeOf(a)], p);
    }
  }
  const kept = at.to.role === 'storage' ? keptInBag(ruleSet, kind, rules, doc, r, taken, at) : [];
  for (const k of kept) push('bagged', [k.cause], k.path, [...k.parent, PROPERTY_BAG, k.key]);
  const issues = r.issues.filter((i) => i.path.length === 0 || inPart(i.path));
  return {
    input,
    fates,
    issues,
    finish(output, restored) {
      const written: Path[] = [];
      for (const w of [...final].sort((x, y) => x.path.length - y.path.length)) {
        if (written.some((p) => isUnder(w.path, p))) continue; // inside a value already written whole
        // restored from the bag, where a rule of the other direction kept what it could not give back
        if (restored.some((p) => isUnder(w.path, p))) continue;
        // the rules' document is theirs alone (applyRules copies): its values need no copy
        const v = getAt(r.doc, w.path).value;
        const there = getAt(output, w.path);
        // Beside what the generated steps put in the same object (fields no rule names), as applyRules does.
        if (there.found && isRecord(there.value) && isRecord(v)) {
          for (const [k, x] of Object.entries(v)) setKey(there.value, k, x);
          written.push(w.path);
        } else if (setAt(output, w.path, v)) written.push(w.path);
      }
      for (const k of kept) {
        // the object may have gone with the fields the rules took: its type has a bag here, so it comes back
        if (!getAt(output, k.parent).found) setAt(output, k.parent, {});
        const holder = getAt(output, k.parent);
        if (!isRecord(holder.value)) continue;
        const bag = readBag(holder.value);
        bagWrite(bag, k.key, k.value, k.type);
        setBag(holder.value, bag);
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
