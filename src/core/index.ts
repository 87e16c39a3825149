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
export { documentValue, toRange } from './yamlSource.ts';

// --- catalog building (version order, storage variants, hub, graph, catalog JSON) ---
export * from './versionOrder.ts';
export * from './storageVariant.ts';
export * from './buildKind.ts';
export * from './catalogSchema.ts';

// --- conversion (plans, execution, bag, hooks, round trips, changes) ---
export type { KindRef } from './catalogLookup.ts';
export { findKind, findVersion, apiVersionOf } from './catalogLookup.ts';
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
// arbitraryInstance (src/core/arbitrary.ts) is not re-exported: it needs fast-check, a dev dependency.
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
// Declarative conversion rules (YAML + CEL): the operator's own conversion, for the webhook and ASO pipelines.
export * from './rules/index.ts';
