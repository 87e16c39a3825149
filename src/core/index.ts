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
} from './model.ts';
export { displayType, freeForm, objectLeaf } from './typeRef.ts';
export { CATALOG_SCHEMA_ID, catalogHash, catalogSchema, loadCatalog, serializeCatalog } from './catalogSchema.ts';
export { upgradeCatalogJson } from './catalogFormat.ts';
export {
  findKind,
  findVersion,
  apiVersionOf,
  describeCatalog,
  servedVersionNames,
  typeAtPath,
  type KindRef,
} from './catalogLookup.ts';

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
} from './issue.ts';

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
} from './path.ts';
export { deepClone, isRecord, setKey, valueAt, type JsonRecord } from './jsonValue.ts';

// --- resource text
export { parseResources, type ParsedDocument, type ParsedResources } from './parseResources.ts';
export { documentValue, toRange } from './yamlSource.ts';
export { findKindForDocument, splitApiVersion, type FoundKind } from './findKindForDocument.ts';
export { parseError, tooDeepIssue } from './yamlSource.ts';

// --- Version order, Storage variant
export {
  compareVersions,
  isPreRelease,
  parseVersion,
  sortVersions,
  type ParsedVersion,
  type VersionFamily,
  type VersionStage,
} from './versionOrder.ts';
export {
  ORIGINAL_VERSION,
  STORAGE_SUFFIX,
  deriveStorageVariant,
  eraseEnums,
  specTypeName,
  storageName,
} from './storageVariant.ts';

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
} from './buildKind.ts';

// --- Plan, TypePlan, Step
export type {
  BagShape,
  Change,
  ConversionResult,
  Direction,
  Fate,
  FateCause,
  FateKind,
  FateRule,
  Handler,
  Hop,
  HopPlan,
  Plan,
  Step,
  StepRule,
  TypePlan,
  TypeRole,
} from './conversionTypes.ts';
export { typeNamed, findKindOrIssue, declaredType } from './catalogLookup.ts';
export {
  planConversion,
  planKind,
  planTypePair,
  resolveKind,
  resolveVersion,
  type PlanOptions,
  type PlanResult,
} from './planConversion.ts';

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
} from './propertyBag.ts';

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
} from './hooks.ts';

// --- Fate, execution
export { FATE_KINDS, FATE_KIND_ORDER, fateLabel, type FateKindInfo } from './fateKinds.ts';
export {
  convertResource,
  convertAt,
  convertSpec,
  convertStatus,
  executePlan,
  type ConvertOptions,
} from './execute/convertResource.ts';
export { fateReason } from './execute/fateReason.ts';

// --- StorageModel: the seam (ASO's hub and bag first; the API server's pipeline and webhooks to come)
export type { ModelOptions, StorageModel, StorageModelId } from './storageModel.ts';
export { asoStorageModel } from './execute/asoModel.ts';
export { originalGVK, versionedSpec, type GroupVersionKind, type VersionedSpec } from './versionedSpec.ts';

// --- Shared policy of the explorer and the CLI (one rule each)
export {
  defaultReadAt,
  defaultTarget,
  knownVersion,
  locateIssue,
  propertyBagEntries,
  withCatalogHub,
  type PropertyBagEntry,
} from './explorePolicy.ts';

// --- Round trip
export {
  roundTrip,
  readWriteBack,
  jsonDifferences,
  strayBagKeys,
  type RoundTripReport,
  type WriteBackReport,
} from './roundTrip.ts';

// --- Change verdict
export {
  versionChanges,
  type VersionChanges,
  type PropertyChange,
  type PropertyChangeKind,
  type TypeChange,
} from './versionChanges.ts';
export { versionJsonSchema, type JsonSchema } from './versionJsonSchema.ts';

// --- storage designs (seed 003's fixed superset vs the rolling hub vs the CRD's own storage) ---
export { releases, splitAtHorizon, newestGa, type HorizonSplit } from './strategies/horizon.ts';
export { buildFixedStorage, type FixedStorage, type StorageProperty } from './strategies/fixedStorage.ts';
export * from './strategies/compareStrategies.ts';
export * from './strategies/versionMapLayout.ts';
export * from './census/changeCensus.ts';
export { nameSimilarity, RENAME_THRESHOLD } from './census/nameSimilarity.ts';
export { sampleResource } from './sampleResource.ts';
// arbitraryInstance (src/core/arbitrary.ts) is not re-exported: it needs fast-check, a dev dependency.

// --- revision checks and storage-version migration plans (seed 002) ---
// Their functions are imported from './compat/index.ts' and './migration/index.ts' themselves, so the app's
// first bundle does not carry them (a value re-export here would put them, and what they use, into it).
export type {
  CompatFinding,
  CompatReport,
  CompatRule,
  CompatSeverity,
  AllowEntry,
  SchemaPath,
} from './compat/index.ts';
export type { MigrationPlan, MigrationStep, ObjectMigration, Rewrite } from './migration/index.ts';
// --- the as-deployed view (the API server's pipeline; CONVERSION.md 1a, 10) ---
export * from './deployed/index.ts';
// Validation as the API server does it (schema keywords, list types, CEL rules) and the CEL module it runs on.
export * from './validate/index.ts';
export {
  compileCel,
  evaluateCel,
  celToJson,
  toCelValue,
  kubernetesFunctionNames,
  type CelProgram,
  type CelCompiled,
  type CelOutcome,
} from './cel/index.ts';
export { ownValue } from './jsonValue.ts';
export { MAX_DEPTH, tooDeepAt, valueProblemAt, type ValueProblem } from './depth.ts';
export { exactInteger, parseJsonExact, stringifyJsonExact } from './numbers.ts';
export { ALIAS, jsonRangeAt, jsonRanges, loadYamlValue, loadYamlValues } from './fastParse.ts';
export { blockRanges } from './blockRanges.ts';
export { toYamlText, yamlScalar } from './yamlText.ts';
// Declarative conversion rules (YAML + CEL): the operator's own conversion, for the webhook and ASO pipelines.
export * from './rules/index.ts';
