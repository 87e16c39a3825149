// The ASO design view of one document: ASO's conversions to the hub and the target (the hub the user picked),
// the plan, the round trip and write-back, the panes, bag and lost entries, and the one verdict of the view.
// No API server pipeline is run here (exploreDeployed.ts is the other view).
import {
  asoVerdict,
  convertResource,
  defaultReadAt,
  defaultTarget,
  hubChoices,
  knownVersion,
  pathKey,
  planConversion,
  readWriteBack,
  rulesConvert,
  roundTrip as coreRoundTrip,
  withCatalogHub,
  type Catalog,
  type ConvertOptions,
  type Fate,
  type HookRegistry,
  type Issue,
  type Kind,
  type ParsedDocument,
  type ParsedResources,
  type Path,
  type Plan,
  type StorageView,
  type Strategy,
  type Version,
} from '../../core/index.ts';
import type {
  ExploreRequest,
  ExploreResult,
  KindSummary,
  Marker,
  RoundTripView,
  RulesView,
  WholePanes,
  WriteBackView,
} from './types.ts';
import { withMissing } from './renderLines.ts';
import { alignKeys, bagEntries, beforeAfter, changesView, fateMap, lostEntries, pane } from './views.ts';
import type { FastParse } from './parseInput.ts';
import { kindSummary } from './kindSummary.ts';
import { validationView } from './validation.ts';
import { withGhosts } from './ghosts.ts';
import { usedPlanTypes } from './resourceUsage.ts';
import { RULES_FILE, type checkedRules } from './rulesView.ts';
import { conversionMarkers } from './conversionMarkers.ts';
import { panesFor } from './firstLines.ts';
import { safe, schemaFor } from './viewSupport.ts';

export interface AsoExploreInput {
  readonly req: ExploreRequest;
  readonly catalog: Catalog;
  readonly kind: Kind;
  readonly version: Version | undefined;
  readonly sourceVersion: string;
  readonly value: unknown;
  readonly parsed: ParsedResources;
  readonly doc: ParsedDocument;
  readonly docIndex: number;
  readonly hooks: HookRegistry | undefined;
  readonly rules: ReturnType<typeof checkedRules>;
  readonly rulesView: (appliedIn?: StorageView, applying?: readonly Issue[]) => RulesView;
  /** A large input: only the fates that matter are recorded. */
  readonly sparse: boolean;
  readonly fast: FastParse | undefined;
  /** The issues so far (the parse's); this view adds its own. */
  readonly issues: Issue[];
  /** The markers so far (syntax); this view adds its own unless `fast` (a large input's come with its ranges). */
  readonly markers: Marker[];
}

export interface AsoExplore {
  readonly result: Partial<Omit<ExploreResult, 'millis'>>;
  /** For a large input's second phase: the issues and hub fates its markers are drawn from. */
  readonly markerIssues: readonly Issue[];
  readonly hubFates: readonly Fate[];
  /** The whole panes, when the view shows only their first lines. */
  readonly whole?: () => WholePanes;
}

// Plans depend on the catalog, the hub and the versions only, not on the document: cached.
const plans = new Map<string, Plan | undefined>();

/** The ASO view's part of an explore; undefined when `fast` and the view needs the full parse. */
export function exploreAso(input: AsoExploreInput): AsoExplore | undefined {
  const { req, catalog, kind, sourceVersion, value, parsed, doc, docIndex, hooks, rules, fast, issues, markers } =
    input;
  // The user may pick another hub (the CRD's own storage version): the kind and catalog around it.
  const cat = req.hub === undefined ? catalog : withCatalogHub(catalog, req.hub, kind);
  const kd = cat.kinds.find((k) => k.group === kind.group && k.kind === kind.kind) ?? kind;
  const ks: KindSummary = { ...kindSummary(kd), hubChoices: hubChoices(kind) };
  const targetVersion = knownVersion(kd, req.targetVersion, defaultTarget(kd, sourceVersion));
  const strategy: Strategy = req.strategy && kd.graphs[req.strategy] ? req.strategy : kd.strategy;
  const sparseFates = input.sparse;
  // The one place the parsed rules reach the conversions: the deployed view takes `ruleSet` (the webhook);
  // the ASO view runs them after the generated steps (docs/conversion-rules.md, "In the ASO view").
  const ruleSet = rules.ruleSet;
  const asoRules = ruleSet !== undefined && rulesConvert(ruleSet, kd);
  const opts: ConvertOptions = { strategy, ...(hooks ? { hooks } : {}), ...(ruleSet ? { rules: ruleSet } : {}) };
  const paneOpts: ConvertOptions = sparseFates ? { ...opts, fates: false } : opts;
  const hub = safe(() => convertResource(cat, value, 'hub', paneOpts), issues, 'Conversion to the hub');
  const target = safe(
    () => convertResource(cat, value, targetVersion, paneOpts),
    issues,
    `Conversion to ${targetVersion}`,
  );
  if (!hub) {
    if (fast) return undefined;
    return {
      result: { issues, blocking: issues.filter((i) => i.severity === 'error') },
      markerIssues: [],
      hubFates: [],
    };
  }
  issues.push(...hub.issues);
  if (target)
    issues.push(
      ...target.issues.filter((t) => !hub.issues.some((h) => h.code === t.code && pathKey(h.path) === pathKey(t.path))),
    );

  // Source pane: each field's fate in this view (to the target), plus what the hub step prunes or bags.
  const sourceFates = fateMap(target?.fates ?? [], 'source');
  fateMap(
    hub.fates.filter((f) => f.kind === 'pruned' || f.kind === 'lost'),
    'source',
    sourceFates,
  );
  const hubFates = fateMap(hub.fates, 'target');
  const targetFates = fateMap(target?.fates ?? [], 'target');
  // Panes keep the source's key order (side-by-side reading) and show what they lack as ghost lines.
  let targetDoc: unknown = target && withGhosts(alignKeys(value, target.output), value, target.fates);
  const missing = (target?.fates ?? []).filter((f) => f.kind === 'required-missing' && f.targetPath);
  for (const f of missing) targetDoc = withMissing(targetDoc, f.targetPath as Path);

  const markerIssues = [...issues];
  if (!fast) conversionMarkers(issues, hub.fates, doc.ranges, markers);
  const validation = validationView(catalog, parsed, {
    selected: docIndex,
    selectedVersion: sourceVersion,
    target: target?.output,
  });
  if (!fast) markers.push(...validation.markers); // a large input's markers come with its ranges

  const planKey = `${req.catalogKey}\u0000${kd.group}/${kd.kind}\u0000${kd.hub}\u0000${sourceVersion}\u0000${targetVersion}\u0000${strategy}\u0000${ruleSet ? req.rules : ''}`;
  let plan: Plan | undefined = plans.get(planKey);
  if (!plans.has(planKey)) {
    plan = safe(
      () => planConversion(cat, { group: kd.group, kind: kd.kind }, sourceVersion, targetVersion, opts),
      issues,
      'Planning',
    )?.plan;
    if (plans.size > 200) plans.clear();
    plans.set(planKey, plan);
  }

  const { rt, roundTrip, writeBack, wbTarget } = readBacks(cat, kd, value, sourceVersion, targetVersion, opts, {
    roundTrip: req.roundTrip === true,
    sparse: sparseFates,
    wbVersion: req.writeBackVersion,
    issues,
  });

  const changes = safe(() => changesView(cat, kd, sourceVersion, targetVersion, value), issues, 'Change analysis');
  const schema = schemaFor(req.catalogKey, cat, kd, sourceVersion);

  const hubDoc = withGhosts(alignKeys(value, hub.output), value, hub.fates);
  const { panes, whole } = panesFor(
    (limit) => ({
      hub: pane(hub.to, hubDoc, hubFates, limit),
      ...(target ? { target: pane(target.to, targetDoc, targetFates, limit) } : {}),
    }),
    fast !== undefined,
  );
  // In the ASO view what the rules reported applying (RULE_FAILED, ...) is theirs: markers in the rules editor.
  const ruleApplying = asoRules ? issues.filter((i) => i.file === RULES_FILE) : [];
  const result: AsoExplore['result'] = {
    issues: ruleApplying.length > 0 ? issues.filter((i) => !ruleApplying.includes(i)) : issues,
    blocking: [],
    markers,
    kind: ks,
    sourceVersion,
    targetVersion,
    strategy,
    sourceFates: [...sourceFates]
      .filter(([, f]) => f.kind !== 'copied')
      .map(([path, f]) => ({ path, fate: f.kind, reason: f.reason })),
    storageView: 'aso',
    verdict: asoVerdict({
      hub,
      ...(target ? { target } : {}),
      validation: validation.sourceIssues,
      targetValidation: validation.targetIssues,
      ...(rt ? { roundTrip: { version: sourceVersion, ok: rt.ok, differences: rt.differences } } : {}),
    }),
    ...(req.rules ? { rules: input.rulesView(asoRules ? 'aso' : undefined, ruleApplying) } : {}),
    sparseFates,
    hub: panes.hub,
    ...(panes.target ? { target: panes.target } : {}),
    bag: bagEntries(hub.output, hub.fates, input.version),
    lost: lostEntries(hub, target),
    ...(plan ? { plan, planUsed: usedPlanTypes(plan, value) } : {}),
    ...(roundTrip ? { roundTrip } : {}),
    ...(writeBack ? { writeBack } : {}),
    ...(wbTarget ? { writeBackVerdict: { version: targetVersion, destroyed: wbTarget.lost } } : {}),
    ...(changes ? { changes } : {}),
    ...(schema !== undefined ? { schema } : {}),
    validation: validation.view,
    ...(fast ? { rangesPending: true } : {}),
  };
  return { result, markerIssues, hubFates: hub.fates, ...(whole ? { whole } : {}) };
}

/** Round trip spoke -> hub -> spoke, and "read at version B, write back" (A -> hub -> B -> hub -> A). */
function readBacks(
  cat: Catalog,
  kd: Kind,
  value: unknown,
  sourceVersion: string,
  targetVersion: string,
  opts: ConvertOptions,
  o: { roundTrip: boolean; sparse: boolean; wbVersion: string | undefined; issues: Issue[] },
) {
  const { issues } = o;
  let roundTrip: RoundTripView | undefined;
  const rt = o.roundTrip ? safe(() => coreRoundTrip(cat, value, opts), issues, 'Round trip') : undefined;
  // The core's verdict, the CLI's `roundtrip` too: differences under pruned fields are not losses.
  if (rt)
    roundTrip = {
      ...beforeAfter(sourceVersion, value, rt.back, rt.ok),
      through: 'hub',
      differences: rt.differences,
      issues: rt.issues,
    };
  let writeBack: WriteBackView | undefined;
  // The picker starts at the target: what a client of the version being looked at destroys.
  const wbVersion = knownVersion(kd, o.wbVersion, defaultReadAt(kd, targetVersion));
  const readBack = (v: string) => safe(() => readWriteBack(cat, value, v, opts), issues, `Reading at ${v}`);
  const wb = o.roundTrip ? readBack(wbVersion) : undefined;
  // The target's write-back verdict is a badge on the Target pane (not for a large input: 4 conversions).
  const wbTarget = wb && wbVersion === targetVersion ? wb : o.sparse ? undefined : readBack(targetVersion);
  if (wb) writeBack = { ...beforeAfter(wbVersion, value, wb.output, wb.ok), destroyed: wb.lost };
  return { rt, roundTrip, writeBack, wbTarget };
}
