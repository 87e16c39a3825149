// The As deployed view of one document: the API server's pipeline only (deployedView.ts), the API server's
// validation of the write and of what a client at the target would write back, and the one verdict of the view.
// No ASO conversion, hub, bag or plan is computed here.
import {
  conversionWithRules,
  deployedVerdict,
  deployedVersions,
  jsonDifferences,
  runDeployed,
  type Catalog,
  type HookRegistry,
  type Issue,
  type Kind,
  type ParsedResources,
  type Version,
} from '../../core/index.ts';
import type { ExploreRequest, ExploreResult, Marker, RoundTripView, WholePanes, WriteBackView } from './types.ts';
import { deployedView } from './deployedView.ts';
import { validationView } from './validation.ts';
import { beforeAfter } from './views.ts';
import type { checkedRules } from './rulesView.ts';
import type { FastParse } from './parseInput.ts';

export interface DeployedExploreInput {
  readonly req: ExploreRequest;
  readonly catalog: Catalog;
  readonly kind: Kind;
  readonly version: Version;
  readonly value: unknown;
  readonly parsed: ParsedResources;
  readonly docIndex: number;
  readonly hooks: HookRegistry | undefined;
  readonly rules: ReturnType<typeof checkedRules>;
  /** A large input: only the fates that matter are recorded. */
  readonly sparse: boolean;
  readonly fast: FastParse | undefined;
}

export interface DeployedExplore {
  /** What the result shows in this view. */
  readonly result: Pick<
    ExploreResult,
    | 'issues'
    | 'blocking'
    | 'sourceVersion'
    | 'targetVersion'
    | 'sourceFates'
    | 'sparseFates'
    | 'storageView'
    | 'deployed'
    | 'verdict'
    | 'bag'
    | 'lost'
    | 'validation'
    | 'roundTrip'
    | 'writeBack'
  >;
  /** Issues pinned to the input's fields (drops), for the editor's markers. */
  readonly markerIssues: readonly Issue[];
  readonly validationMarkers: readonly Marker[];
  readonly ruleIssues: readonly Issue[];
  readonly byRules: boolean;
  /** The whole Stored and Target panes, when the view shows only their first lines (a large input's first phase). */
  readonly whole?: () => WholePanes;
}

export function exploreDeployed(input: DeployedExploreInput): DeployedExplore | undefined {
  const { req, catalog, kind, version, value, parsed, docIndex, hooks, rules, sparse } = input;
  const issues: Issue[] = [];
  let dep: ReturnType<typeof deployedView> | undefined;
  try {
    dep = deployedView(
      catalog,
      kind,
      version,
      value as Record<string, unknown>,
      req.targetVersion,
      req.conversion,
      hooks,
      !sparse,
      rules.ruleSet,
      req.roundTrip === true,
      input.fast !== undefined,
    );
  } catch (e) {
    if (input.fast) return undefined;
    const message = `The deployed view failed: ${e instanceof Error ? e.message : String(e)}`;
    issues.push({ severity: 'error', code: 'INTERNAL_ERROR', message, path: [] });
  }
  const blocked = {
    sourceFates: [],
    sparseFates: sparse,
    storageView: 'deployed' as const,
    bag: [],
    lost: [],
    sourceVersion: version.name,
  };
  if (!dep)
    return {
      result: { ...blocked, issues, blocking: issues },
      markerIssues: [],
      validationMarkers: [],
      ruleIssues: [],
      byRules: false,
    };
  const r = dep.result;
  const validation = validationView(catalog, parsed, {
    selected: docIndex,
    selectedVersion: version.name,
    target: r.target,
  });
  const verdict = deployedVerdict({
    result: r,
    validation: validation.sourceIssues,
    targetValidation: validation.targetIssues,
    ...(dep.roundTrip ? { roundTrip: dep.roundTrip } : {}),
  });
  const rt = dep.roundTrip;
  const roundTrip: RoundTripView | undefined =
    rt && verdict.roundTrip
      ? {
          ...beforeAfter(version.name, value, rt.target, verdict.roundTrip.lossless),
          through: `stored at ${rt.storage}`,
          differences: verdict.roundTrip.lost,
          issues: rt.rejections.map((x) => x.issue),
        }
      : undefined;
  const writeBack = req.roundTrip === true ? deployedWriteBack(input, version, value) : undefined;
  // The pipeline's own problems (drops, rejections); the rules' issues belong to the rules editor.
  const own = r.issues.filter((i) => i.file === undefined);
  return {
    result: {
      ...blocked,
      issues: own,
      blocking: [],
      targetVersion: r.to,
      sourceFates: dep.sourceFates,
      deployed: dep.view,
      verdict,
      validation: validation.view,
      ...(roundTrip ? { roundTrip } : {}),
      ...(writeBack ? { writeBack } : {}),
    },
    markerIssues: own,
    validationMarkers: validation.markers,
    ruleIssues: dep.ruleIssues,
    byRules: dep.view.byRules,
    ...(dep.whole ? { whole: dep.whole } : {}),
  };
}

/**
 * "Read at B, write back": a client at B reads the stored object and writes back what it read; the stored object
 * before and after, and the fields that write destroys.
 */
function deployedWriteBack(input: DeployedExploreInput, from: Version, value: unknown): WriteBackView | undefined {
  const { req, catalog, kind, hooks, rules } = input;
  const versions = deployedVersions(kind);
  const at = versions.find((v) => v.name === (req.writeBackVersion ?? req.targetVersion)) ?? from;
  const opts = {
    validate: false,
    fates: false,
    ...(hooks ? { hooks } : {}),
    ...(rules.ruleSet ? { rules: rules.ruleSet } : {}),
  };
  // the conversion the view runs (the user's rules are the webhook unless the user chose)
  const chosen = conversionWithRules(req.conversion, rules.ruleSet, kind);
  try {
    const o = chosen ? { ...opts, conversion: chosen } : opts;
    const read = runDeployed(catalog, kind, from, value as Record<string, unknown>, at, o);
    const back = runDeployed(catalog, kind, at, read.target, from, o);
    const destroyed = jsonDifferences(read.stored, back.stored);
    return { ...beforeAfter(at.name, read.stored, back.stored, destroyed.length === 0), destroyed };
  } catch {
    return undefined;
  }
}
