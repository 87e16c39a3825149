// The as-deployed view: the API server's pipeline (pruning, null-pruning, ObjectMeta coercion, defaulting,
// conversion None/Webhook) over a CRD's own versions. Framework-free.
export type { Recorder, StageRecord } from './records.ts';
export { collect } from './records.ts';
export type { Schema } from './schemaNode.ts';
export { pruneInPlace } from './prune.ts';
export { pruneNullsInPlace } from './pruneNulls.ts';
export { applyDefaultsInPlace } from './applyDefaults.ts';
export {
  OBJECT_META_FIELDS,
  coerceEmbeddedInPlace,
  coerceRootMetadataInPlace,
  readObjectMeta,
  type MetadataError,
  type ObjectMetaResult,
} from './objectMeta.ts';
export { versionSchema } from './derivedSchema.ts';
export {
  STORAGE_VIEWS,
  conversionUndeclared,
  conversionWithRules,
  defaultStorageView,
  deployedStorageVersion,
  deployedVersions,
  effectiveConversion,
  type StorageView,
} from './storageView.ts';
export {
  restoreObjectMeta,
  validateConvertedObject,
  webhookCopy,
  type RestoreError,
  type RestoreProblem,
} from './webhookConversion.ts';
export {
  coerceResource,
  runDeployed,
  type DeployedOptions,
  type DeployedRejection,
  type DeployedResult,
} from './deployedPipeline.ts';
export { fieldLoss, fieldsPrunedBy, type FieldLoss } from './fieldLoss.ts';
