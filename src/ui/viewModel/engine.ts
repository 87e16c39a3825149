// What the conversion worker computes for one view of the explorer. Pure composition of the core
// library (no conversion logic of its own): parse, find the kind, convert to the hub and the target,
// plan, round trip, changes; then shape the results into plain values the panes render.
import {
  apiVersionOf,
  defaultStorageView,
  describeCatalog,
  findKindForDocument,
  issue,
  loadCatalog,
  locateIssue,
  pathKey,
  splitApiVersion,
  type Catalog,
  type Fate,
  type HookRegistry,
  type Issue,
  type ParsedDocument,
  type ParsedResources,
  type StorageView,
} from '../../core/index.ts';
import type {
  CatalogSummary,
  DocumentSummary,
  ExploreRequest,
  ExploreResult,
  ExploreUpdate,
  Marker,
  RulesView,
  WholePanes,
} from './types.ts';
import { changesView, documentLabel } from './views.ts';

export { alignKeys, bagEntries } from './views.ts';
import { parseInput, parseRanges, parseValues, sameValue, type FastParse } from './parseInput.ts';
import { EMPTY_RANGES, toRangeTable } from './rangeTable.ts';
import type { Census, StrategyComparison } from '../../core/index.ts';
import type { StrategiesRequest } from './types.ts';
import { censusOf, strategiesOf } from './strategiesEngine.ts';
import { exploreDeployed } from './exploreDeployed.ts';
import { deployedKindSummary, kindSummary } from './kindSummary.ts';
import { validationView } from './validation.ts';
import { checkedRules } from './rulesView.ts';
import { conversionMarkers } from './conversionMarkers.ts';
import { exploreAso } from './exploreAso.ts';
import { safe, schemaFor } from './viewSupport.ts';

interface LoadedCatalog {
  readonly catalog: Catalog;
  readonly summary: CatalogSummary;
  readonly hooks?: HookRegistry;
}

const catalogs = new Map<string, LoadedCatalog>();

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

/** An issue with a range, as an editor marker. */
const toMarker = (i: Issue): Marker => ({
  severity: i.severity,
  code: i.code,
  message: i.message,
  range: i.range as NonNullable<Issue['range']>,
});

/** The Conversion rules tab's view; `applying`: what the rules said converting this document, after the file's own. */
const rulesViewOf =
  (rules: ReturnType<typeof checkedRules>) =>
  (appliedIn?: StorageView, applying: readonly Issue[] = []): RulesView => ({
    // (Last good rules: what applying them said points into their text, not into this one.)
    issues: applying.length > 0 && !rules.lastGood ? [...rules.issues, ...applying] : rules.issues,
    conversions: rules.ruleSet?.conversions.length ?? 0,
    ...(appliedIn ? { appliedIn } : {}),
    ...(rules.lastGood ? { lastGood: true as const } : {}),
  });

/** Why a document is of no kind and version of the catalog, placed in the text, and what the catalog has. */
function unknownKind(catalog: Catalog, why: Issue | undefined, ranges: ParsedDocument['ranges']): Issue[] {
  const blocking: Issue[] = [
    why ?? issue('error', 'UNKNOWN_KIND', 'The document does not name a kind and version of this catalog.'),
    // The message lists what the catalog has, so the user can fix apiVersion / kind.
    issue('info', 'UNKNOWN_KIND', `This catalog has: ${describeCatalog(catalog)}`),
  ];
  return blocking.map((i) => {
    if (i.range || i.severity === 'info') return i;
    const at = locateIssue(i, ranges);
    const r = at?.exact ? at.range : ranges.get(pathKey(['apiVersion']));
    return r ? { ...i, range: r } : i;
  });
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
  const markers: Marker[] = parsed.issues.filter((i) => i.range).map(toMarker);
  // The user's conversion rules: parsed and checked once per text; their issues return whatever the input holds.
  const rules = checkedRules(catalog, req.rules);
  const rulesView = rulesViewOf(rules);
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
    const withRanges = unknownKind(catalog, found.issue, doc.ranges);
    const kindMarkers = withRanges.filter((i) => i.range && i.severity !== 'info').map(toMarker);
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

  const aso = exploreAso({
    req,
    catalog,
    kind,
    version: found.version,
    sourceVersion,
    value,
    parsed,
    doc,
    docIndex,
    hooks,
    rules,
    rulesView,
    sparse: req.input.length > SPARSE_FATES_BYTES,
    fast,
    issues,
    markers,
  });
  if (!aso) return undefined;
  if (fast)
    pending = {
      req,
      fast,
      t0,
      issues: aso.markerIssues,
      hubFates: aso.hubFates,
      ...(aso.whole ? { panes: aso.whole } : {}),
    };
  return done({ ...result, ...aso.result });
}
