// Revision checks: two releases of the same CRDs -> every change classified by a stable rule id (seed 002).
export { checkCatalogs, type CompatFinding, type CompatReport, type FailOn } from './checkCatalogs.ts';
export {
  compareSchemas,
  canonical,
  formatSchemaPath,
  isImmutabilityRule,
  ITEMS,
  VALUES,
  type SchemaChange,
  type SchemaPath,
} from './compareSchemas.ts';
export { descriptionsOf } from './descriptions.ts';
export { parseAllowList, applyAllow, globToRegExp, type AllowEntry } from './allowList.ts';
export { COMPAT_RULES, severityOf, fails, isCompatSeverity, type CompatRule, type CompatSeverity } from './rules.ts';
