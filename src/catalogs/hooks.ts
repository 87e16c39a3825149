// Hand-written conversions shipped with the built-in catalogs, by catalog id. Catalogs loaded at run time
// never carry code (CONVERSION.md §7): only these compiled hooks exist.
import type { HookRegistry } from '../core/index.ts';
import { NO_HOOKS } from '../core/index.ts';
import { crmPersonHooks } from './crm-person/hooks.ts';

export const builtinHooks: Record<string, HookRegistry> = {
  'crm-person': crmPersonHooks,
  // ServiceFabric keeps its type-changed properties in the bag (seed 001); Person v1/v2 needs none.
  servicefabric: NO_HOOKS,
  'person-v1v2': NO_HOOKS,
};

/** The hooks of a catalog id (none for catalogs that are not built in). */
export const hooksFor = (catalogId: string): HookRegistry =>
  (Object.hasOwn(builtinHooks, catalogId) ? builtinHooks[catalogId] : undefined) ?? NO_HOOKS;
