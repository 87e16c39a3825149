// Execution (CONVERSION.md §5-§8): plan the conversion (or take a plan), compile each hop of that plan once,
// run it hop by hop along from -> ... -> hub -> ... -> to, and compose the hops' fates end to end.
import { issue, type Issue } from '../../model/issue.ts';
import type { Catalog, Kind, Strategy, Version } from '../../model/model.ts';
import type { ConversionResult, Plan } from '../../plan/conversionTypes.ts';
import type { Fate } from '../../fates/fate.ts';
import { findVersion } from '../../catalog/catalogLookup.ts';
import { findKindForDocument } from '../../catalog/findKindForDocument.ts';
import { NO_HOOKS, type HookRegistry } from '../../plan/hooks.ts';
import { planKind, resolveVersion } from '../../plan/planConversion.ts';
import { deepClone } from '../../model/jsonValue.ts';
import { FATE_KINDS } from '../../fates/fateKinds.ts';
import { compileHop } from './compileHop.ts';
import { runObject } from './runObject.ts';
import type { RunState } from './hopState.ts';
import { FateComposer } from './composeFates.ts';
import type { PlannedModel } from '../storageModel.ts';
import type { RuleSet } from '../../rules/format.ts';
import { comparePaths, isUnder, type Path } from '../../model/path.ts';
import { rulesMissing, runRules, type RulesRun } from './asoRules.ts';

export interface ConvertOptions {
  readonly strategy?: Strategy;
  /** Convert only the spec or only the status; the other part is passed through untouched (same reference, not read). */
  readonly part?: 'all' | 'spec' | 'status';
  readonly hooks?: HookRegistry;
  /**
   * false: record only the fates that matter (bag traffic, renames, losses, pruned, manual, required-missing),
   * not one per copied field: for bulk conversion and round trips. Issues are the same either way.
   */
  readonly fates?: boolean;
  /** The storage model to convert with (default: ASO's hub and property bag, run by this module). */
  readonly model?: PlannedModel;
  /**
   * Conversion rules (docs/conversion-rules.md, "In the ASO view"): the fields they own skip the generated
   * steps, and what they write lands in the output after the last hop.
   */
  readonly rules?: RuleSet;
}

function failed(from: string, to: string, issues: Issue[]): ConversionResult {
  return { output: undefined, from, to, path: [], fates: [], issues };
}

/** Converts a whole resource document (or only its spec or status) to `to` (a version name or `hub`). Pure. */
export function convertResource(
  catalog: Catalog,
  doc: unknown,
  to: string,
  opts: ConvertOptions = {},
): ConversionResult {
  const found = findKindForDocument(catalog, doc);
  if (!found.kind || !found.version) return failed('', to, found.issue ? [found.issue] : []);
  return convertAt(catalog, found.kind, found.version, doc as Record<string, unknown>, to, opts);
}

const plans = new WeakMap<Catalog, WeakMap<Kind, Map<string, Plan | Issue>>>();
const withRules = new WeakMap<RuleSet, WeakMap<Catalog, WeakMap<Kind, Map<string, Plan | Issue>>>>();

/** The resource plan execution runs (cached per rule set, catalog, kind, versions and strategy). */
function executionPlan(
  catalog: Catalog,
  kind: Kind,
  from: Version,
  to: Version,
  strategy: Strategy,
  rules: RuleSet | undefined,
): Plan | Issue {
  let cache = plans;
  if (rules) {
    const hit = withRules.get(rules);
    if (hit) cache = hit;
    else withRules.set(rules, (cache = new WeakMap()));
  }
  let byKind = cache.get(catalog);
  if (!byKind) cache.set(catalog, (byKind = new WeakMap()));
  let byKey = byKind.get(kind);
  if (!byKey) byKind.set(kind, (byKey = new Map()));
  const key = `${from.name}\u0000${to.name}\u0000${strategy}`;
  let hit = byKey.get(key);
  if (!hit) {
    const r = planKind(catalog, kind, from, to, { strategy, ...(rules ? { rules } : {}) });
    hit =
      r.plan ??
      r.issues[0] ??
      issue('error', 'UNKNOWN_VERSION', `no ${strategy} conversion path from ${from.name} to ${to.name}`);
    byKey.set(key, hit);
  }
  return hit;
}

/** Converts a document known to be `kind` at `from` (its apiVersion is not consulted). */
export function convertAt(
  catalog: Catalog,
  kind: Kind,
  from: Version,
  doc: Record<string, unknown>,
  to: string,
  opts: ConvertOptions = {},
): ConversionResult {
  if (opts.model) return convertWith(opts.model, catalog, kind, from, doc, to, opts);
  const target = resolveVersion(kind, to);
  if (!target.version) return failed(from.name, to, target.issue ? [target.issue] : []);
  const plan = executionPlan(catalog, kind, from, target.version, opts.strategy ?? kind.strategy, opts.rules);
  if (!('hops' in plan)) return failed(from.name, target.version.name, [plan]);
  return executePlan(catalog, kind, plan, doc, opts);
}

/** Plan with a storage model, then run that plan (`hub` names the model's storage version). */
function convertWith(
  model: PlannedModel,
  catalog: Catalog,
  kind: Kind,
  from: Version,
  doc: Record<string, unknown>,
  to: string,
  opts: ConvertOptions,
): ConversionResult {
  const target = resolveVersion(kind, to === 'hub' ? model.storageVersion(kind) : to);
  if (!target.version) return failed(from.name, to, target.issue ? [target.issue] : []);
  const planned = model.plan(catalog, kind, from, target.version, opts);
  if (!planned.plan) return failed(from.name, target.version.name, [...planned.issues]);
  return model.execute(catalog, kind, planned.plan, doc, opts);
}

/**
 * Runs a resource plan (from `planConversion` without `type`, or `planKind`) on a document at the plan's `from`
 * version: exactly the plan's hops and steps, then hooks registered in `opts.hooks`.
 */
export function executePlan(
  catalog: Catalog,
  kind: Kind,
  plan: Plan,
  doc: Record<string, unknown>,
  opts: Omit<ConvertOptions, 'strategy'> = {},
): ConversionResult {
  const hooks = opts.hooks ?? NO_HOOKS;
  const allFates = opts.fates !== false;
  const issues: Issue[] = [];
  const composer = new FateComposer(allFates);
  const part = opts.part ?? 'all';
  const rulesRun = plan.rules && opts.rules ? startRules(kind, plan, doc, opts.rules, part, allFates) : undefined;
  if (plan.rules && !opts.rules) issues.push(rulesMissing(plan.rules));
  let current: Record<string, unknown> = rulesRun ? rulesRun.input : doc;
  plan.hops.forEach((hop, i) => {
    const a = findVersion(kind, hop.from) as Version;
    const b = findVersion(kind, hop.to) as Version;
    const [edgeFrom, edgeTo] = hop.direction === 'up' ? [a, b] : [b, a];
    const last = i === plan.hops.length - 1;
    const st: RunState = {
      catalog,
      kind,
      src: a,
      dst: b,
      direction: hop.direction,
      edgeFrom,
      edgeTo,
      sourceAt: [],
      targetAt: [],
      fates: [],
      allFates,
      traceAll: allFates || !last,
      compactCopies: allFates && hooks.registrations.length === 0,
      issues,
      hooks,
      hasHooks: hooks.registrations.length > 0,
      hookCache: new Map(),
      checkRequired: last && b.role === 'api',
      part: opts.part ?? 'all',
      causes: new Map(),
    };
    const program = compileHop(catalog, kind, hop);
    current = program.root ? runObject(program.root, current, st) : deepClone(current);
    composer.hop(st.fates, current, last);
  });
  let fates = composer.fates();
  if (rulesRun) fates = finishRules(rulesRun, current, fates, issues);
  const fromFates: Issue[] = [];
  for (const f of fates) {
    // A rule's intended drop is its RULE_DROPPED issue, not a LOST one.
    const problem = f.causes[f.causes.length - 1]?.rule === 'rule-dropped' ? undefined : FATE_KINDS[f.kind].problem;
    if (!problem) continue;
    const at = f.kind === 'required-missing' ? f.targetPath : f.sourcePath;
    fromFates.push(issue(problem.severity, problem.code, f.reason, at ?? []));
  }
  return {
    output: current,
    from: plan.from,
    to: plan.to,
    path: plan.path,
    fates,
    issues: [...fromFates, ...issues],
  };
}

function startRules(
  kind: Kind,
  plan: Plan,
  doc: Record<string, unknown>,
  ruleSet: RuleSet,
  part: 'all' | 'spec' | 'status',
  allFates: boolean,
): RulesRun {
  const from = findVersion(kind, plan.from) as Version;
  const partRoot = part === 'spec' ? (from.spec ?? 'spec') : part === 'status' ? (from.status ?? 'status') : undefined;
  const to = findVersion(kind, plan.to) as Version;
  return runRules(ruleSet, kind, plan.rules!, doc, { from, to, partRoot, allFates });
}

/**
 * After the last hop: the rules' writes go into the output; a `required-missing` the rules filled is gone, and
 * the rules' fates join the generated steps' (sorted as composed fates are).
 */
function finishRules(run: RulesRun, output: Record<string, unknown>, fates: Fate[], issues: Issue[]): Fate[] {
  // values the generated steps restored from a bag (where a rule kept what it would not give back)
  const restored = fates.flatMap((f) =>
    f.targetPath && f.causes.some((c) => c.rule === 'bag-read' || c.rule === 'bag-read-type-changed')
      ? [f.targetPath]
      : [],
  );
  const written: Path[] = run.finish(output, restored);
  issues.push(...run.issues);
  const kept = fates.filter(
    // filled by a rule: the field itself, or something inside it, was written
    (f) =>
      f.kind !== 'required-missing' ||
      !written.some((w) => f.targetPath && (isUnder(f.targetPath, w) || isUnder(w, f.targetPath))),
  );
  return [...kept, ...run.fates].sort(
    (x, y) => comparePaths(x.sourcePath, y.sourcePath) || comparePaths(x.targetPath, y.targetPath),
  );
}

/** Spec-only conversion (ASO's ConvertSpecTo/From): the status is passed through untouched, not read. */
export const convertSpec = (
  catalog: Catalog,
  doc: unknown,
  to: string,
  opts: Omit<ConvertOptions, 'part'> = {},
): ConversionResult => convertResource(catalog, doc, to, { ...opts, part: 'spec' });

/** Status-only conversion (ASO's ConvertStatusTo/From): the spec is passed through untouched, not read. */
export const convertStatus = (
  catalog: Catalog,
  doc: unknown,
  to: string,
  opts: Omit<ConvertOptions, 'part'> = {},
): ConversionResult => convertResource(catalog, doc, to, { ...opts, part: 'status' });
