/**
 * Version Explorer's conversion library. Framework-free: runs in the browser, a Web Worker and Node.
 *
 * Glossary
 * - Catalog: everything loaded: groups -> kinds -> versions, each version a graph of object types.
 * - Version: an API version (a spoke users write) or a storage variant (the same shape loosened for storage).
 * - Hub: the one storage variant every conversion passes through.
 * - Spoke: any version that is not the hub.
 * - Edge / ConversionGraph: one step toward the hub; `direct` (star) or `chained` (ASO's chain).
 * - Plan / TypePlan / Step: per edge and object type, how each property moves (copy, bag, rename, ...).
 * - PropertyBag: `$propertyBag` on storage objects, a string -> string map for what the shape cannot hold.
 * - Hook: hand-written conversion registered per (edge, type), run after the generated steps.
 * - Fate: what happened to one field in a conversion (copied, bagged, lost, pruned, ...).
 * - Issue: an expected failure as a value, with a code, a path and, where there is text, a range.
 */
export * from './model.ts';
export * from './issue.ts';
export * from './conversionTypes.ts';
export { parseResources, pathKey, type ParsedDocument, type ParsedResources } from './parseResources.ts';
export { documentValue, parseError, toRange, tooDeepIssue } from './yamlSource.ts';

// --- catalog building (version order, storage variants, hub, graph, catalog JSON) ---
export * from './versionOrder.ts';
export * from './storageVariant.ts';
export * from './buildKind.ts';
export * from './catalogSchema.ts';

// --- conversion (plans, execution, bag, hooks, round trips, changes) ---
export type { KindRef } from './catalogLookup.ts';
export { findKind, findVersion, apiVersionOf, typeNamed } from './catalogLookup.ts';
export {
  planConversion,
  planTypePair,
  displayType,
  type PlanOptions,
  type PlanResult,
  type PlannedStep,
  type TypeRole,
} from './planConversion.ts';
export * from './propertyBag.ts';
export { convertResource, convertAt, convertSpec, convertStatus, type ConvertOptions } from './convertResource.ts';
export { valueAt } from './convertResource.ts';
export { findKindForDocument, splitApiVersion, type FoundKind } from './findKindForDocument.ts';
export { originalGVK, versionedSpec, type GroupVersionKind, type VersionedSpec } from './versionedSpec.ts';
export * from './hooks.ts';
export {
  roundTrip,
  readWriteBack,
  jsonDifferences,
  strayBagKeys,
  type RoundTripReport,
  type WriteBackReport,
} from './roundTrip.ts';
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
export { ownValue, setKey } from './dataKeys.ts';
export { MAX_DEPTH, tooDeepAt, valueProblemAt, type ValueProblem } from './depth.ts';
export { exactInteger, parseJsonExact, stringifyJsonExact } from './numbers.ts';
export { ALIAS, jsonRangeAt, jsonRanges, loadYamlValue, loadYamlValues } from './fastParse.ts';
export { toYamlText, yamlScalar } from './yamlText.ts';
