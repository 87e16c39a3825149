// Storage-version migration plans (seed 002): stored versions, the migrator request, steps, rewritten objects.
export {
  migrateObject,
  planMigration,
  pruneRewrite,
  type MigrationPlan,
  type MigrationStep,
  type MigrationStepKind,
  type ObjectMigration,
  type Rewrite,
  type StorageVersionMigration,
} from './planMigration.ts';
export { pruneBySchema } from './pruneBySchema.ts';
export { deployedRewrite } from './deployedRewrite.ts';
