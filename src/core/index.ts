/**
 * Version Explorer's conversion library. Framework-free: runs in the browser, a Web Worker and Node.
 * Exports are listed by name under the glossary term they belong to; the file named after a term holds it.
 *
 * Glossary
 * - Catalog (model.ts, catalogSchema.ts, catalogFormat.ts): everything loaded: groups -> kinds -> versions, each version a graph
 *   of object types; loaded, validated and serialised as JSON.
 * - Version (model.ts): an API version (`role: 'api'`, a spoke users write) or a storage variant
 *   (`role: 'storage'`, the same shape loosened for storage). `Version.crdStorage` is the CRD's own flag.
 * - Version order (versionOrder.ts): Kubernetes' version priority (GA > beta > alpha, then numbers).
 * - Storage variant (storageVariant.ts): the storage form of an API version (`<v>storage`).
 * - Hub (buildKind.ts): the one storage variant every conversion passes through. Spoke: any other version.
 * - Edge / ConversionGraph (buildKind.ts): one step toward the hub; `direct` (star) or `chained` (ASO's chain).
 * - Plan / TypePlan / Step (conversionTypes.ts, planConversion.ts): per hop and object type, how each property
 *   moves (copy, bag, rename, ...). The plan is complete: execution runs exactly the steps it lists.
 * - Path (path.ts): a JSON path; `pathKey` is its one string form.
 * - PropertyBag (propertyBag.ts): `$propertyBag` on storage objects, a string -> string map for what the
 *   shape cannot hold.
 * - Hook (hooks.ts): hand-written conversion registered per (edge, type), run after the generated steps.
 * - Fate (conversionTypes.ts, fateKinds.ts): what happened to one field in a conversion (copied, bagged,
 *   lost, pruned, ...); `FATE_KINDS` describes each kind once.
 * - Round trip (roundTrip.ts): spoke -> hub -> spoke, and "read at B, write back".
 * - Change verdict (versionChanges.ts): whether moving between two versions is compatible, field by field.
 * - Issue (issue.ts): an expected failure as a value, with a code, a path (`subject`: what the path is rooted
 *   in, the document unless it says otherwise) and, where there is text, a range.
 * - StorageModel (storageModel.ts): how a resource written at one version is stored and read at another, as
 *   `plan` (a Plan value) and `execute` (a ConversionResult with fates). `asoStorageModel` (execute/asoModel.ts)
 *   is ASO's hub and property bag, run by execute/; the Kubernetes API server's own pipeline (write at V ->
 *   stored at S -> read at T, with its own fate kinds) and rule-described webhooks plug in beside it, chosen per
 *   conversion with `ConvertOptions.model`, and never reach into execute/.
 * - Execution (execute/): compileHop (a hop of the plan -> ops), runObject (ops on one object), hookFates
 *   (hooks and their diff), composeFates (fates across hops), fateReason (causes in words), convertResource.
 * - Shared policy (explorePolicy.ts, roundTrip.ts): what the explorer and the CLI must decide alike.
 */

// --- Catalog, Version, Kind: the model
export {
  CATALOG_FORMAT_VERSION,
  EMPTY_CONFIG,
  NUMERIC_VALIDATION_KEYS,
  type BagKeyOverride,
  type Catalog,
  type CatalogConfig,
  type ConversionGraph,
  type ConversionStrategy,
  type Edge,
  type KindVersionPair,
  type Kind,
  type ManualProperty,
  type ObjectType,
  type OpaqueReason,
  type Primitive,
  type Property,
  type PropertyRename,
  type Strategy,
  type StructuralSchema,
  type TypeRef,
  type TypeRename,
  type Validation,
  type Version,
  type VersionRole,
} from './model/model.ts';
export { displayType, freeForm, objectLeaf } from './model/typeRef.ts';
export {
  CATALOG_SCHEMA_ID,
  catalogHash,
  catalogSchema,
  loadCatalog,
  serializeCatalog,
} from './catalog/catalogSchema.ts';
export { upgradeCatalogJson } from './catalog/catalogFormat.ts';
export {
  findKind,
  findVersion,
  apiVersionOf,
  describeCatalog,
  servedVersionNames,
  typeAtPath,
  type KindRef,
} from './catalog/catalogLookup.ts';

// --- Issue
export {
  issue,
  formatIssue,
  hasErrors,
  type Issue,
  type IssueCode,
  type IssueSubject,
  type Severity,
  type SourcePos,
  type SourceRange,
} from './model/issue.ts';

// --- Path and JSON values
export {
  PATH_KEY_SEPARATOR,
  byString,
  childKey,
  comparePaths,
  formatPath,
  isStrictlyUnder,
  isUnder,
  isUnderKey,
  parsePathKey,
  pathKey,
  samePath,
  type Path,
  type PathKey,
} from './model/path.ts';
export { deepClone, isRecord, setKey, valueAt, type JsonRecord } from './model/jsonValue.ts';

// --- resource text
export { duplicateKeys, parseResources, type ParsedDocument, type ParsedResources } from './text/parseResources.ts';
export { documentValue, toRange } from './text/yamlSource.ts';
export { decodeUtf8, firstInvalidUtf8 } from './text/decodeUtf8.ts';
export { findKindForDocument, splitApiVersion, type FoundKind } from './catalog/findKindForDocument.ts';
export { notJsonNumberIssue, parseError, tooDeepIssue } from './text/yamlSource.ts';

// --- Version order, Storage variant
export {
  compareVersions,
  isPreRelease,
  parseVersion,
  sortVersions,
  type ParsedVersion,
  type VersionFamily,
  type VersionStage,
} from './versions/versionOrder.ts';
export {
  ORIGINAL_VERSION,
  STORAGE_SUFFIX,
  deriveStorageVariant,
  eraseEnums,
  specTypeName,
  storageName,
} from './versions/storageVariant.ts';

// --- Hub, Edge, ConversionGraph
export {
  buildKind,
  chainedGraph,
  conversionPath,
  directGraph,
  hubChoices,
  hubFor,
  pathToHub,
  withHub,
  type HubChoice,
  type KindInput,
} from './versions/buildKind.ts';

// --- Fate (the ASO view's), FateCause, FateRule
export type { Fate, FateCause, FateKind, FateRule } from './fates/fate.ts';

// --- Plan, TypePlan, Step
export type { Direction, Hop } from './model/hop.ts';
export type {
  BagShape,
  Change,
  ConversionResult,
  Handler,
  HopPlan,
  Plan,
  Step,
  StepRule,
  TypePlan,
  TypeRole,
} from './plan/conversionTypes.ts';
export { typeNamed, findKindOrIssue, declaredType } from './catalog/catalogLookup.ts';
export {
  planConversion,
  planKind,
  planTypePair,
  resolveKind,
  resolveVersion,
  type PlanOptions,
  type PlanResult,
} from './plan/planConversion.ts';

// --- PropertyBag
export {
  PROPERTY_BAG,
  bagAccess,
  bagPull,
  bagWrite,
  decodeBagValue,
  encodeBagValue,
  isEmptyForBag,
  readBag,
  setBag,
  storedRaw,
  type BagAccess,
  type PropertyBag,
} from './model/propertyBag.ts';

// --- Hook
export {
  NO_HOOKS,
  checkHooks,
  hookRegistry,
  type ConversionHook,
  type HookContext,
  type HookRegistration,
  type HookRegistry,
  type JsonObject,
} from './plan/hooks.ts';

// --- Fate, execution
export { FATE_KINDS, FATE_KIND_ORDER, fateLabel, type FateKindInfo } from './fates/fateKinds.ts';
export {
  asoVerdict,
  deployedVerdict,
  rejectionsOn,
  verdictExitCode,
  validationVerdict,
  verdictHeadline,
  verdictOf,
  type VerdictSide,
  type AsoVerdictInput,
  type DeployedVerdictInput,
  type RoundTripVerdict,
  type Verdict,
  type VerdictLoss,
  type VerdictRejection,
  type VerdictStage,
  type VerdictStatus,
} from './analyse/verdict.ts';
export {
  STATUS_OPENING,
  STATUS_ORDER,
  STATUS_WORDS,
  asCheck,
  bothVerdicts,
  changesVerdict,
  checksSummary,
  ChecksTally,
  issuesVerdict,
  crdsVerdict,
  namedPaths,
  planVerdict,
  statusCounts,
  verdictsSummary,
  worstStatus,
  type CheckVerdict,
} from './analyse/checkVerdict.ts';
export { VerdictTally, type PathCount, type TallyJson } from './analyse/verdictTally.ts';
export {
  changesWithRules,
  deployedTarget,
  deployedVersionPair,
  ruleCarrying,
  type VersionPairAnswer,
  type VersionPairReport,
} from './analyse/versionPair.ts';
export { isLossIssue, withLossSeverity } from './fates/lossIssues.ts';
export {
  asoRoundTripVerdict,
  deployedRoundTripVerdicts,
  draftsVerdict,
  rulesApplyVerdict,
  rulesVerdict,
  type RulesVerdict,
  type RulesVerdictOptions,
} from './analyse/rulesVerdict.ts';
export {
  DEPLOYED_LEGEND,
  DEPLOYED_FATE_KINDS,
  deployedColour,
  deployedFateReason,
  deployedFateWords,
  intendedDrop,
  isDeployedLoss,
  ruleFateWords,
  type DeployedCause,
  type DeployedFate,
  type DeployedFateKind,
  type DeployedFateKindInfo,
  type DeployedPane,
  type DeployedStep,
  type RuleFate,
  type RuleFates,
} from './fates/deployedFates.ts';
export {
  convertResource,
  convertAt,
  convertSpec,
  convertStatus,
  executePlan,
  type ConvertOptions,
} from './models/aso/convertResource.ts';
export { fateReason } from './models/aso/fateReason.ts';

// --- StorageModel: the seam, one model per view (MODELS): the API server's pipeline and ASO's hub and bag
export type { ModelOptions, ModelRun, StorageModel, StorageModelId } from './models/storageModel.ts';
export type { PlannedModel } from './models/plannedModel.ts';
export { asoPlannedModel, asoStorageModel } from './models/aso/asoModel.ts';
export { deployedStorageModel } from './models/deployed/deployedModel.ts';
export { MODELS } from './models/index.ts';
export { originalGVK, versionedSpec, type GroupVersionKind, type VersionedSpec } from './analyse/versionedSpec.ts';

// --- Shared policy of the explorer and the CLI (one rule each)
export {
  defaultReadAt,
  defaultTarget,
  knownVersion,
  locateIssue,
  propertyBagEntries,
  withCatalogHub,
  type PropertyBagEntry,
} from './analyse/explorePolicy.ts';

// --- Round trip
export {
  roundTrip,
  readWriteBack,
  jsonDifferences,
  strayBagKeys,
  type RoundTripReport,
  type WriteBackReport,
} from './analyse/roundTrip.ts';

// --- Change verdict
export {
  versionChanges,
  type VersionChanges,
  type PropertyChange,
  type PropertyChangeKind,
  type TypeChange,
} from './analyse/versionChanges.ts';
export { versionJsonSchema, type JsonSchema } from './analyse/versionJsonSchema.ts';

// --- storage designs (seed 003's fixed superset vs the rolling hub vs the CRD's own storage) ---
export { releases, splitAtHorizon, newestGa, type HorizonSplit } from './designs/strategies/horizon.ts';
export { buildFixedStorage, type FixedStorage, type StorageProperty } from './designs/strategies/fixedStorage.ts';
export {
  compareStrategies,
  type Design,
  type StrategyComparison,
  type TimelineStep,
  type VersionMap,
  type VersionMapEdge,
} from './designs/strategies/compareStrategies.ts';
export { MAP_STYLE, layoutVersionMap, nodeStyle, versionMapSvg } from './designs/strategies/versionMapLayout.ts';
export { censusRows, changeCensus, type Census } from './designs/census/changeCensus.ts';
export { nameSimilarity, RENAME_THRESHOLD } from './designs/census/nameSimilarity.ts';
export { sampleResource } from './analyse/sampleResource.ts';
// arbitraryInstance (src/core/arbitrary.ts) is not re-exported: it needs fast-check, a dev dependency.

// --- revision checks and storage-version migration plans (seed 002) ---
// Their functions are imported from './checks/compat/index.ts' and './migration/index.ts' themselves, so the app's
// first bundle does not carry them (a value re-export here would put them, and what they use, into it).
export type {
  CompatFinding,
  CompatReport,
  CompatRule,
  CompatSeverity,
  AllowEntry,
  SchemaPath,
} from './checks/compat/index.ts';
export type { MigrationPlan, MigrationStep, ObjectMigration, Rewrite } from './checks/migration/index.ts';
// --- the as-deployed view (the API server's pipeline; CONVERSION.md 1a, 10) ---
export {
  STORAGE_VIEWS,
  applyDefaultsInPlace,
  coerceEmbeddedInPlace,
  conversionUndeclared,
  conversionWithRules,
  defaultStorageView,
  deployedStorageVersion,
  deployedVersions,
  effectiveConversion,
  fieldLoss,
  pruneInPlace,
  pruneNullsInPlace,
  readObjectMeta,
  restoreObjectMeta,
  runDeployed,
  versionSchema,
  type DeployedResult,
  type Schema,
  type StorageView,
} from './models/deployed/index.ts';
// Validation as the API server does it (schema keywords, list types, CEL rules) and the CEL module it runs on.
export { rangeFor, validateDocument, withRanges, type ValidationIssue } from './validate/index.ts';
export {
  compileCel,
  evaluateCel,
  celToJson,
  toCelValue,
  kubernetesFunctionNames,
  checkCel,
  type CelProgram,
  type CelCompiled,
  type CelOutcome,
  type StaticCheckOutcome,
} from './cel/index.ts';
// "Would the API server accept this CRD's CEL?" (compile, types, cost; docs/cel.md)
export {
  checkCrdCel,
  costErrorMessage,
  RULE_COST_LIMIT,
  CRD_COST_LIMIT,
  type CrdCelCheck,
  type RuleCost,
} from './cel/checkCrd.ts';
export { checkCrdDocuments, checkCrdFiles, type CrdReport } from './checks/crd/index.ts';
export { ownValue } from './model/jsonValue.ts';
export { MAX_DEPTH, tooDeepAt, valueProblemAt, type ValueProblem } from './model/depth.ts';
export { exactInteger, parseJsonExact, stringifyJsonExact } from './model/numbers.ts';
export {
  ALIAS,
  jsonRangeAt,
  jsonRanges,
  loadYamlValue,
  loadYamlValues,
  loadYamlValuesWithoutAliases,
} from './text/fastParse.ts';
export { blockRanges } from './text/blockRanges.ts';
export { blockValues } from './text/blockValues.ts';
export { pieceSplitter, type PieceSplitter, type TextPiece } from './text/splitStream.ts';
export { toYamlText, yamlScalar } from './text/yamlText.ts';
export { yamlPackageText } from './text/yamlPackageText.ts';
// Declarative conversion rules (YAML + CEL): the operator's own conversion, for the webhook and ASO pipelines.
export {
  applyRules,
  findSteps,
  parseRules,
  patternTouches,
  pruneTo,
  ruleEnds,
  rulesConvert,
  type ParsedRules,
} from './rules/index.ts';
export { RULES_API_VERSION, RULES_JSON_SCHEMA, RULES_KIND, type RuleSet } from './rules/format.ts';
export {
  checkRulesAgainstCatalog,
  checkRulesByRoundTrip,
  roundTripThroughRules,
  distinctFindings,
  type RoundTripInput,
  type RuleRoundTrip,
} from './analyse/rulesCheck.ts';
export {
  draftRules,
  type DraftConfidence,
  type DraftEvidence,
  type DraftReason,
  type DraftResult,
  type DraftTarget,
  type RuleDraft,
} from './analyse/drafts/draft.ts';
export {
  draftData,
  formatDrafts,
  mergeDrafts,
  ruleToJson,
  writtenRuleEnds,
  type DraftData,
  type MergedDrafts,
} from './analyse/drafts/draftText.ts';

// --- Conversion webhooks: ConversionReview, rules served as a webhook, a running webhook as the conversion
export { convertWithRules } from './rules/convertWithRules.ts';
export { type RulesWebhookAnswer, answerWithRules } from './models/deployed/rulesWebhook.ts';
export { checkConversionResponse, conversionRequest } from './models/deployed/conversionReview.ts';
export { type ExternalConverter } from './models/deployed/deployedPipeline.ts';
