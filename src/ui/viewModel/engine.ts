// What the conversion worker computes for one view of the explorer. Pure composition of the core
// library (no conversion logic of its own): parse, find the kind, convert to the hub and the target,
// plan, round trip, changes; then shape the results into plain values the panes render.
import {
  apiVersionOf,
  asoVerdict,
  convertResource,
  defaultReadAt,
  defaultStorageView,
  defaultTarget,
  describeCatalog,
  findKindForDocument,
  hubChoices,
  issue,
  knownVersion,
  loadCatalog,
  locateIssue,
  pathKey,
  planConversion,
  readWriteBack,
  rulesConvert,
  roundTrip as coreRoundTrip,
  splitApiVersion,
  versionJsonSchema,
  withCatalogHub,
  type Catalog,
  type ConvertOptions,
  type Fate,
  type HookRegistry,
  type Issue,
  type Kind,
  type Path,
  type ParsedResources,
  type Plan,
  type StorageView,
  type Strategy,
} from '../../core/index.ts';
import type {
  CatalogSummary,
  DocumentSummary,
  ExploreRequest,
  ExploreResult,
  ExploreUpdate,
  KindSummary,
  Marker,
  RoundTripView,
  RulesView,
  WholePanes,
  WriteBackView,
} from './types.ts';
import { withMissing } from './renderLines.ts';
import { alignKeys, bagEntries, beforeAfter, changesView, documentLabel, fateMap, lostEntries, pane } from './views.ts';

export { alignKeys, bagEntries } from './views.ts';
import { parseInput, parseRanges, parseValues, sameValue, type FastParse } from './parseInput.ts';
import { EMPTY_RANGES, toRangeTable } from './rangeTable.ts';
import type { Census, StrategyComparison } from '../../core/index.ts';
import type { StrategiesRequest } from './types.ts';
import { censusOf, strategiesOf } from './strategiesEngine.ts';
import { exploreDeployed } from './exploreDeployed.ts';
import { deployedKindSummary, kindSummary } from './kindSummary.ts';
import { validationView } from './validation.ts';
import { withGhosts } from './ghosts.ts';
import { usedPlanTypes } from './resourceUsage.ts';
import { checkedRules, RULES_FILE } from './rulesView.ts';
import { conversionMarkers } from './conversionMarkers.ts';
import { panesFor } from './firstLines.ts';

interface LoadedCatalog {
  readonly catalog: Catalog;
  readonly summary: CatalogSummary;
  readonly hooks?: HookRegistry;
}

const catalogs = new Map<string, LoadedCatalog>();
const plans = new Map<string, Plan | undefined>();

export function summarize(catalog: Catalog): CatalogSummary {
  return {
    id: catalog.id,
    title: catalog.title,
    kinds: catalog.kinds.map(kindSummary),
  };
}

/** Validates and caches a catalog under `key`; later explore requests name the key. */
export function setCatalog(
  key: string,
  json: unknown,
  hooks?: HookRegistry,
): { summary?: CatalogSummary; issues: readonly Issue[] } {
  const loaded = loadCatalog(json);
  if (!loaded.catalog) {
    catalogs.delete(key);
    return { issues: loaded.issues };
  }
  const summary = summarize(loaded.catalog);
  catalogs.set(key, { catalog: loaded.catalog, summary, ...(hooks ? { hooks } : {}) });
  return { summary, issues: loaded.issues };
}

const EMPTY: Omit<ExploreResult, 'millis'> = {
  catalogIssues: [],
  documents: [],
  document: 0,
  issues: [],
  blocking: [],
  markers: [],
  bag: [],
  lost: [],
  sourceFates: [],
  sparseFates: false,
  ranges: EMPTY_RANGES,
};

// Above this size only the fates that matter are recorded (not one per copied field): a 1 MB paste
// converts in tens of milliseconds instead of hundreds.
const SPARSE_FATES_BYTES = 256 * 1024;

const schemas = new Map<string, unknown>();

/** The source version's JSON Schema for monaco-yaml (cached: it only depends on the catalog and version). */
const noCatalog = (key: string): Issue => issue('error', 'INVALID_CATALOG', `no catalog loaded under ${key}`);

/** The Strategies tab's comparison for one kind (computed in strategiesEngine.ts). */
export function strategies(req: StrategiesRequest): { comparison?: StrategyComparison; issues: readonly Issue[] } {
  const c = catalogs.get(req.catalogKey)?.catalog;
  return c ? strategiesOf(c, req) : { issues: [noCatalog(req.catalogKey)] };
}

/** The Strategies tab's census of the whole catalog. */
export function census(key: string): { census?: Census; issues: readonly Issue[] } {
  const c = catalogs.get(key)?.catalog;
  return c ? { census: censusOf(c), issues: [] } : { issues: [noCatalog(key)] };
}

function schemaFor(catalogKey: string, catalog: Catalog, kind: Kind, version: string): unknown {
  const key = `${catalogKey}\u0000${kind.group}/${kind.kind}\u0000${version}`;
  if (!schemas.has(key)) {
    let schema: unknown;
    try {
      schema = versionJsonSchema(catalog, kind, version);
    } catch {
      schema = undefined; // validation in the editor is a bonus; conversion still works
    }
    if (schemas.size > 100) schemas.clear();
    schemas.set(key, schema);
  }
  return schemas.get(key);
}

function safe<T>(f: () => T, issues: Issue[], what: string): T | undefined {
  try {
    return f();
  } catch (e) {
    issues.push(issue('error', 'INTERNAL_ERROR', `${what} failed: ${e instanceof Error ? e.message : String(e)}`));
    return undefined;
  }
}

/** What the second phase of a two-phase explore needs: the request, its fast parse, and what to mark. */
interface PendingRanges {
  readonly req: ExploreRequest;
  readonly fast: FastParse;
  readonly t0: number;
  /** Issues and hub fates the markers are drawn from (as they were when the first phase drew them). */
  readonly issues: readonly Issue[];
  readonly hubFates: readonly Fate[];
  /** The whole panes, when the first phase rendered only their first lines (`whole` once rendered). */
  panes?: () => WholePanes;
  whole?: WholePanes;
}
let pending: PendingRanges | undefined;

/**
 * Everything one view of the explorer shows, as plain values. Never throws.
 *
 * With `twoPhase`, a large input is converted from a values-only parse and the result comes without
 * source ranges (`rangesPending`); `exploreRanges` then parses fully and returns what is missing, or a
 * complete result from the full parse if it reads the text differently (the full parse is the authority).
 */
export function explore(req: ExploreRequest, twoPhase = false): ExploreResult {
  pending = undefined;
  const fast = twoPhase ? parseValues(req.input) : undefined;
  if (fast) {
    const parsed: ParsedResources = { documents: [{ index: 0, value: fast.value, ranges: new Map() }], issues: [] };
    const r = run(req, parsed, fast);
    if (r) return r;
  }
  return run(req, parseInput(req.input)) as ExploreResult;
}

/**
 * Renders the whole panes of the last two-phase explore now (the worker calls it right after sending the first
 * phase, while the page paints it), so its second phase does not.
 */
export function prepareWholePanes(): void {
  if (pending?.panes && !pending.whole) pending.whole = pending.panes();
}

/** Completes the last two-phase explore (undefined when there is none, or a newer request replaced it). */
export function exploreRanges(): ExploreUpdate | undefined {
  const p = pending;
  pending = undefined;
  if (!p) return undefined;
  const parsed = parseRanges(p.req.input, p.fast);
  const doc = parsed.documents[0];
  if (
    !doc ||
    parsed.documents.length !== 1 ||
    parsed.issues.length > 0 ||
    (!p.fast.exact && !sameValue(doc.value, p.fast.value))
  ) {
    const result = run(p.req, parsed) as ExploreResult;
    return { result: { ...result, millis: performance.now() - p.t0 } };
  }
  const panes = p.whole ?? p.panes?.();
  const loaded = catalogs.get(p.req.catalogKey);
  const checked = loaded ? validationView(loaded.catalog, parsed, { selected: 0 }).markers : [];
  return {
    ranges: toRangeTable(doc.ranges),
    markers: [...conversionMarkers(p.issues, p.hubFates, doc.ranges), ...checked],
    ...(panes ? { panes } : {}),
    millis: performance.now() - p.t0,
  };
}

/** One explore over a parse; with `fast` (a values-only parse) undefined when the view needs ranges. */
function run(req: ExploreRequest, parsed: ParsedResources, fast?: FastParse): ExploreResult | undefined {
  const t0 = performance.now();
  const done = (r: Omit<ExploreResult, 'millis'>): ExploreResult => ({ ...r, millis: performance.now() - t0 });
  const loaded = catalogs.get(req.catalogKey);
  if (!loaded)
    return done({ ...EMPTY, blocking: [issue('error', 'INVALID_CATALOG', 'The catalog is not loaded yet.')] });
  const { catalog, summary, hooks } = loaded;
  const documents: DocumentSummary[] = parsed.documents.map((d, i) => {
    const f = parsed.documents.length > 1 ? findKindForDocument(catalog, d.value) : undefined;
    return { index: i, label: documentLabel(d.value, i), ...(f && !f.version ? { known: false } : {}) };
  });
  const syntax = parsed.issues.filter((i) => i.range);
  const markers: Marker[] = syntax.map((i) => ({
    severity: i.severity,
    code: i.code,
    message: i.message,
    range: i.range as NonNullable<Issue['range']>,
  }));
  // The user's conversion rules: parsed and checked once per text; their issues return whatever the input holds.
  const rules = checkedRules(catalog, req.rules);
  // `applying`: what the rules said converting this document (as deployed: a CEL failure), after the file's own.
  const rulesView = (appliedIn?: StorageView, applying: readonly Issue[] = []): RulesView => ({
    // (Last good rules: what applying them said points into their text, not into this one.)
    issues: applying.length > 0 && !rules.lastGood ? [...rules.issues, ...applying] : rules.issues,
    conversions: rules.ruleSet?.conversions.length ?? 0,
    ...(appliedIn ? { appliedIn } : {}),
    ...(rules.lastGood ? { lastGood: true as const } : {}),
  });
  const base = { ...EMPTY, catalog: summary, documents, markers, ...(req.rules ? { rules: rulesView() } : {}) };
  // A document of a kind the catalog lacks (the Cluster beside a KubeadmControlPlane in one file) gives way
  // to the first one it has.
  const asked = Math.max(0, Math.min(req.document, documents.length - 1));
  const firstKnown = documents.findIndex((d) => d.known !== false);
  const docIndex = documents[asked]?.known === false && firstKnown >= 0 ? firstKnown : asked;
  const doc = parsed.documents[docIndex];
  if (!doc) {
    const blocking =
      parsed.issues.length > 0 ? parsed.issues : [issue('error', 'EMPTY_INPUT', 'The input holds no document.')];
    return done({ ...base, issues: blocking, blocking });
  }
  const ranges = toRangeTable(doc.ranges);
  const issues: Issue[] = [...parsed.issues];
  const result = { ...base, document: docIndex, ranges };

  let value = doc.value;
  let found = findKindForDocument(catalog, value);
  const kind = found.kind;
  if (
    kind &&
    req.sourceVersion &&
    kind.versions.some((v) => v.name === req.sourceVersion) &&
    req.sourceVersion !== splitApiVersion(String((value as { apiVersion?: unknown }).apiVersion)).version
  ) {
    value = { ...(value as Record<string, unknown>), apiVersion: apiVersionOf(kind.group, req.sourceVersion) };
    found = findKindForDocument(catalog, value);
  }
  const sourceVersion = found.version?.name;
  if (!kind || !found.kind || !sourceVersion) {
    if (fast) return undefined; // the messages point into the text: the full parse's job
    const blocking: Issue[] = [
      found.issue ?? issue('error', 'UNKNOWN_KIND', 'The document does not name a kind and version of this catalog.'),
    ];
    // The message lists what the catalog has, so the user can fix apiVersion / kind.
    blocking.push(issue('info', 'UNKNOWN_KIND', `This catalog has: ${describeCatalog(catalog)}`));
    const withRanges = blocking.map((i) => {
      if (i.range || i.severity === 'info') return i;
      const at = locateIssue(i, doc.ranges);
      const r = at?.exact ? at.range : doc.ranges.get(pathKey(['apiVersion']));
      return r ? { ...i, range: r } : i;
    });
    const kindMarkers = withRanges
      .filter((i) => i.range && i.severity !== 'info')
      .map((i) => ({
        severity: i.severity,
        code: i.code,
        message: i.message,
        range: i.range as NonNullable<Issue['range']>,
      }));
    return done({
      ...result,
      issues: [...issues, ...withRanges],
      blocking: withRanges,
      markers: [...markers, ...kindMarkers],
    });
  }

  // One view, one model: As deployed runs only the API server's pipeline over the CRD's own versions (no hub,
  // no bag, no ASO plan); the ASO design runs only ASO's conversions.
  const storageView = req.storage ?? defaultStorageView(catalog, kind);
  const sv = found.version;
  if (storageView === 'deployed' && sv && !sv.derived) {
    const sparse = req.input.length > SPARSE_FATES_BYTES;
    const dep = exploreDeployed({
      req,
      catalog,
      kind,
      version: sv,
      value,
      parsed,
      docIndex,
      hooks,
      rules,
      sparse,
      fast,
    });
    if (!dep) return undefined;
    if (fast)
      pending = { req, fast, t0, issues: dep.markerIssues, hubFates: [], ...(dep.whole ? { panes: dep.whole } : {}) };
    else conversionMarkers(dep.markerIssues, [], doc.ranges, markers);
    if (!fast) markers.push(...dep.validationMarkers);
    const schema = schemaFor(req.catalogKey, catalog, kind, sv.name);
    // The Changes tab compares the two versions' schemas (either view shows it; drafts come from it).
    const to = dep.result.targetVersion ?? sv.name;
    const changes = safe(() => changesView(catalog, kind, sv.name, to, value), issues, 'Change analysis');
    return done({
      ...result,
      ...dep.result,
      issues: [...issues, ...dep.result.issues],
      markers,
      kind: deployedKindSummary(kind),
      ...(schema !== undefined ? { schema } : {}),
      ...(changes ? { changes } : {}),
      ...(req.rules ? { rules: rulesView(dep.byRules ? 'deployed' : undefined, dep.ruleIssues) } : {}),
      ...(fast ? { rangesPending: true } : {}),
    });
  }

  // The user may pick another hub (the CRD's own storage version): the kind and catalog around it.
  const cat = req.hub === undefined ? catalog : withCatalogHub(catalog, req.hub, kind);
  const kd = cat.kinds.find((k) => k.group === kind.group && k.kind === kind.kind) ?? kind;
  const ks: KindSummary = { ...kindSummary(kd), hubChoices: hubChoices(kind) };
  const targetVersion = knownVersion(kd, req.targetVersion, defaultTarget(kd, sourceVersion));
  const strategy: Strategy = req.strategy && kd.graphs[req.strategy] ? req.strategy : kd.strategy;
  const sparseFates = req.input.length > SPARSE_FATES_BYTES;
  // The one place the parsed rules reach the conversions: the deployed view below takes `ruleSet` (the webhook);
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
    return done({ ...result, issues, blocking: issues.filter((i) => i.severity === 'error') });
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

  const next: PendingRanges | undefined = fast
    ? { req, fast, t0, issues: [...issues], hubFates: hub.fates }
    : undefined;
  pending = next;
  if (!fast) conversionMarkers(issues, hub.fates, doc.ranges, markers);
  const validation = validationView(catalog, parsed, {
    selected: docIndex,
    selectedVersion: sourceVersion,
    target: target?.output,
  });
  if (!fast) markers.push(...validation.markers); // a large input's markers come with its ranges

  // Plans depend on the catalog, the hub and the versions only, not on the document: cached.
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

  // Round trip spoke -> hub -> spoke, and "read at version B, write back" (A -> hub -> B -> hub -> A).
  let roundTrip: RoundTripView | undefined;
  const rt = req.roundTrip && safe(() => coreRoundTrip(cat, value, opts), issues, 'Round trip');
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
  const wbVersion = knownVersion(kd, req.writeBackVersion, defaultReadAt(kd, targetVersion));
  const readBack = (v: string) => safe(() => readWriteBack(cat, value, v, opts), issues, `Reading at ${v}`);
  const wb = req.roundTrip ? readBack(wbVersion) : undefined;
  // The target's write-back verdict is a badge on the Target pane (not for a large input: 4 conversions).
  const wbTarget = wb && wbVersion === targetVersion ? wb : sparseFates ? undefined : readBack(targetVersion);
  if (wb) writeBack = { ...beforeAfter(wbVersion, value, wb.output, wb.ok), destroyed: wb.lost };

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
  if (next && whole) next.panes = whole;
  const bag = bagEntries(hub.output, hub.fates, found.version);
  const lost = lostEntries(hub, target);
  // In the ASO view what the rules reported applying (RULE_FAILED, ...) is theirs: markers in the rules editor.
  const ruleApplying = asoRules ? issues.filter((i) => i.file === RULES_FILE) : [];
  return done({
    ...result,
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
    ...(req.rules ? { rules: rulesView(asoRules ? 'aso' : undefined, ruleApplying) } : {}),
    sparseFates,
    hub: panes.hub,
    ...(panes.target ? { target: panes.target } : {}),
    bag,
    lost,
    ...(plan ? { plan, planUsed: usedPlanTypes(plan, value) } : {}),
    ...(roundTrip ? { roundTrip } : {}),
    ...(writeBack ? { writeBack } : {}),
    ...(wbTarget ? { writeBackVerdict: { version: targetVersion, destroyed: wbTarget.lost } } : {}),
    ...(changes ? { changes } : {}),
    ...(schema !== undefined ? { schema } : {}),
    validation: validation.view,
    ...(fast ? { rangesPending: true } : {}),
  });
}
