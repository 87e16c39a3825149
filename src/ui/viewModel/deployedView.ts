// The as-deployed view for the worker: runs core's API server pipeline (runDeployed) and shapes it into panes
// (Stored, Target), the fate list and the write-loss banner. No pipeline logic here.
import {
  conversionUndeclared,
  conversionWithRules,
  deployedStorageVersion,
  deployedVersions,
  findSteps,
  formatPath,
  pathKey,
  runDeployed,
  type Catalog,
  type ConversionStrategy,
  type DeployedResult,
  type DeployedFate,
  deployedColour as colourOf,
  deployedFateReason as fateWords,
  deployedFateWords as words,
  intendedDrop as intended,
  type RuleFate,
  type RuleFates,
  type HookRegistry,
  type Issue,
  type Kind,
  type RuleSet,
  type Version,
} from '../../core/index.ts';
import type { DeployedFateRow, DeployedView, PaneView, SourceFate } from './types.ts';
import type { FateInfo } from './renderLines.ts';
import { pane as paneView } from './views.ts';
import { panesFor } from './firstLines.ts';

/** What each rule of the user's set does to a field (a rule id names one rule per conversion; the first wins). */
function ruleFates(rules: RuleSet | undefined): RuleFates {
  const m = new Map<string, { how: RuleFate; reason?: string }>();
  for (const c of rules?.conversions ?? [])
    for (const r of c.rules)
      if (!m.has(r.id))
        m.set(
          r.id,
          r.op === 'drop' ? { how: 'dropped', reason: r.reason } : { how: r.op === 'compute' ? 'computed' : 'moved' },
        );
  return m;
}

function paneOf(
  version: string,
  doc: unknown,
  fates: readonly DeployedFate[],
  pane: DeployedFate['pane'],
  rules: RuleFates,
  limit: number,
): PaneView {
  const m = new Map<string, FateInfo>();
  const byRule = new Map<string, string>();
  for (const f of fates) {
    const kind = colourOf(f, rules);
    if (f.pane !== pane || !kind || f.kind.startsWith('dropped')) continue;
    const k = pathKey(f.path);
    if (!m.has(k) || f.kind !== 'copied') m.set(k, { kind, reason: fateWords(f, rules) });
    if (f.rule !== undefined) byRule.set(k, f.rule);
  }
  return { ...paneView(version, doc, m, limit), ...(byRule.size > 0 ? { rules: [...byRule] } : {}) };
}

const row = (f: DeployedFate, rules: RuleFates): DeployedFateRow => ({
  kind: f.kind,
  on: f.on,
  by: f.by,
  cause: f.cause,
  pane: f.pane,
  path: formatPath(f.path),
  segments: f.path,
  ...(f.rule !== undefined ? { rule: f.rule } : {}),
  words: words(f, rules),
});

/** The target the deployed view reads at: the asked version when the CRD has it, else the storage version. */
function readVersion(kind: Kind, asked: string | undefined): Version {
  return deployedVersions(kind).find((v) => v.name === asked) ?? deployedStorageVersion(kind);
}

export function deployedView(
  catalog: Catalog,
  kind: Kind,
  from: Version,
  doc: Record<string, unknown>,
  to: string | undefined,
  conversion: ConversionStrategy | undefined,
  hooks: HookRegistry | undefined,
  allFates: boolean,
  rules?: RuleSet,
  roundTrip = false,
  /** A large input's first phase: the panes' first lines only (firstLines.ts). */
  firstOnly = false,
): {
  view: DeployedView;
  sourceFates: SourceFate[];
  ruleIssues: readonly Issue[];
  result: DeployedResult;
  /** Written at `from` and read back at `from` (asked with `roundTrip`). */
  roundTrip?: DeployedResult;
  /** The whole panes, when `firstOnly` cut them. */
  whole?: () => { stored: PaneView; target: PaneView };
} {
  const T = readVersion(kind, to);
  // The user's rules are the webhook (the CLI's `convert --rules` policy): Webhook unless the user chose.
  const chosen = conversionWithRules(conversion, rules, kind);
  // The worker validates the input once (validation.ts) and gives the verdict those issues: the pipeline's own
  // validation of the write would repeat it on every run here.
  const opts = {
    validate: false,
    fates: allFates,
    ...(chosen ? { conversion: chosen } : {}),
    ...(hooks ? { hooks } : {}),
    ...(rules ? { rules } : {}),
  };
  const r = runDeployed(catalog, kind, from, doc, T, opts);
  const back = roundTrip ? (T === from ? r : runDeployed(catalog, kind, from, doc, from, opts)) : undefined;
  const named = ruleFates(rules);
  const listed = r.fates.filter((f) => f.kind !== 'copied');
  // The input is shown in the editor: drops (on write by V or S, on read by T) colour the fields the user wrote;
  // a drop a rule intends is the conversion's doing, not a loss.
  const sourceFates: SourceFate[] = listed
    .filter((f) => f.kind === 'dropped-on-write' || f.kind === 'dropped-on-read')
    .map((f) => ({
      path: pathKey(f.path),
      fate: intended(f)
        ? 'converted'
        : f.on === 'write' && f.by === from.name && f.cause !== 'rule-failed'
          ? 'pruned'
          : 'lost',
      reason: fateWords(f, named),
    }));
  // ... and the fields a rule moved or computed from, coloured as their destinations are.
  for (const f of listed)
    if (f.pane === 'resource' && f.cause === 'conversion-rule')
      sourceFates.push({ path: pathKey(f.path), fate: colourOf(f, named) ?? 'converted', reason: fateWords(f, named) });
  const toRow = (f: DeployedFate) => row(f, named);
  const { panes, whole } = panesFor(
    (limit) => ({
      stored: paneOf(r.storage, r.stored, r.fates, 'stored', named, limit),
      target: paneOf(T.name, r.target, r.fates, 'target', named, limit),
    }),
    firstOnly,
  );
  return {
    view: {
      from: from.name,
      storage: r.storage,
      to: T.name,
      conversion: r.conversion,
      conversionUndeclared: conversionUndeclared(kind),
      versions: deployedVersions(kind).map((v) => v.name),
      stored: panes.stored,
      target: panes.target,
      fates: listed.map(toRow),
      droppedOnWrite: listed.filter((f) => f.kind === 'dropped-on-write' && !intended(f)).map(toRow),
      rejected: r.rejected,
      ...(r.rejections.length > 0
        ? {
            rejections: r.rejections.map((x) => ({
              on: x.on,
              code: x.issue.code,
              path: formatPath(x.issue.path),
              message: x.issue.message,
            })),
          }
        : {}),
      byRules:
        rules !== undefined &&
        r.conversion === 'Webhook' &&
        !kind.aso &&
        [
          [from.name, r.storage],
          [r.storage, T.name],
        ].some(([a, b]) => a !== b && findSteps(rules, kind, a as string, b as string) !== undefined),
    },
    sourceFates,
    result: r,
    ...(back ? { roundTrip: back } : {}),
    ...(whole ? { whole } : {}),
    // What the rules said converting (a CEL failure), at the rule's line; an intended drop is in the fates already.
    ruleIssues: r.issues.filter((i) => i.code.startsWith('RULE') && i.severity !== 'info'),
  };
}
