// Hand-written conversions (CONVERSION.md §7, aso-reference §9): the second tier after the generated steps.
// Registered per (kind, edge from -> to, object type on the `from` side); both directions together.
// Hooks are compiled TypeScript shipped with built-in catalogs; catalogs loaded at run time never carry code.
import { issue, type Issue, type Path } from '../model/issue.ts';
import type { Catalog, Kind, ObjectType, Version } from '../model/model.ts';
import type { Direction } from './conversionTypes.ts';
import type { BagAccess } from '../model/propertyBag.ts';

/** What a hook sees beside the two objects. `bag` edits the destination's `$propertyBag` (if it has one). */
export interface HookContext {
  readonly catalog: Catalog;
  readonly kind: Kind;
  /** The edge's ends: `from` is farther from the hub, `to` one step closer. */
  readonly edge: { readonly from: Version; readonly to: Version };
  readonly direction: Direction;
  readonly sourceVersion: Version;
  readonly destinationVersion: Version;
  readonly sourceType: ObjectType;
  readonly destinationType: ObjectType;
  /** Path of the destination object in the destination document. */
  readonly path: Path;
  /** The destination's bag (a no-op view when the destination type has no bag). */
  readonly bag: BagAccess;
  /** Report a problem; it joins the conversion's issues. */
  report(issue: Issue): void;
}

/** Plain JSON objects: hooks edit `destination` in place and must not touch `source`. */
export type JsonObject = Record<string, unknown>;

export interface ConversionHook {
  /** Runs at the end of the `from` -> `to` step (toward the hub); `source` is the `from` object. */
  afterToHub(source: Readonly<JsonObject>, destination: JsonObject, ctx: HookContext): void;
  /** Runs at the end of the `to` -> `from` step (away from the hub); `destination` is the `from` object. */
  afterFromHub(source: Readonly<JsonObject>, destination: JsonObject, ctx: HookContext): void;
}

export interface HookRegistration {
  /** Kind name (e.g. `Person`); group is implied by the catalog. */
  readonly kind: string;
  /** Edge ends; `*` matches any version (for hooks that decide by the types they see). */
  readonly from: string;
  readonly to: string;
  /** Object type name in the `from` version; `*` for any (the hook then checks the types it sees). */
  readonly type: string;
  readonly hook: ConversionHook;
}

/** Looks hooks up; built from registrations with `hookRegistry`. */
export interface HookRegistry {
  readonly registrations: readonly HookRegistration[];
  find(kind: string, from: string, to: string, type: string): ConversionHook | undefined;
}

/** A registry: exact registrations win over wildcard ones; earlier wins among equals. */
export function hookRegistry(registrations: readonly HookRegistration[]): HookRegistry {
  const exact = new Map<string, ConversionHook>();
  const wild: HookRegistration[] = [];
  for (const r of registrations) {
    if (r.from === '*' || r.to === '*' || r.type === '*') wild.push(r);
    else {
      const k = `${r.kind}\u0000${r.from}\u0000${r.to}\u0000${r.type}`;
      if (!exact.has(k)) exact.set(k, r.hook);
    }
  }
  return {
    registrations,
    find(kind, from, to, type) {
      const hit = exact.get(`${kind}\u0000${from}\u0000${to}\u0000${type}`);
      if (hit) return hit;
      for (const r of wild) {
        if (
          r.kind === kind &&
          (r.type === '*' || r.type === type) &&
          (r.from === '*' || r.from === from) &&
          (r.to === '*' || r.to === to)
        )
          return r.hook;
      }
      return undefined;
    },
  };
}

export const NO_HOOKS: HookRegistry = hookRegistry([]);

/**
 * Registrations checked against a catalog (ASO checks its hooks at compile time; here a build step and a test
 * do): a kind, edge or type the catalog lacks is HOOK_UNKNOWN_TARGET (the hook would never run), a second
 * registration for the same (kind, edge, type) is HOOK_DUPLICATE (the registry keeps only the first).
 */
export function checkHooks(catalog: Catalog, registry: HookRegistry): Issue[] {
  const out: Issue[] = [];
  const seen = new Set<string>();
  registry.registrations.forEach((r, i) => {
    const at = ['hooks', i];
    const bad = (code: 'HOOK_DUPLICATE' | 'HOOK_UNKNOWN_TARGET', message: string) =>
      out.push(issue('error', code, message, at, { subject: 'hooks' }));
    const where = `${r.kind} ${r.from} -> ${r.to} ${r.type}`;
    const k = `${r.kind}\u0000${r.from}\u0000${r.to}\u0000${r.type}`;
    if (seen.has(k)) bad('HOOK_DUPLICATE', `a second hook for ${where}: only the first runs`);
    seen.add(k);
    const kinds = catalog.kinds.filter((x) => x.kind === r.kind);
    if (kinds.length === 0) {
      bad('HOOK_UNKNOWN_TARGET', `hook for ${where}: the catalog has no kind ${r.kind}`);
      return;
    }
    const edges = kinds.flatMap((x) => [...(x.graphs.direct?.edges ?? []), ...(x.graphs.chained?.edges ?? [])]);
    const edge = edges.some((e) => (r.from === '*' || e.from === r.from) && (r.to === '*' || e.to === r.to));
    if (!edge) {
      bad('HOOK_UNKNOWN_TARGET', `hook for ${where}: no conversion edge ${r.from} -> ${r.to}`);
      return;
    }
    const fromVersions = kinds.flatMap((x) => x.versions).filter((v) => r.from === '*' || v.name === r.from);
    if (r.type !== '*' && !fromVersions.some((v) => Object.hasOwn(v.types, r.type)))
      bad('HOOK_UNKNOWN_TARGET', `hook for ${where}: no type ${r.type} in version ${r.from}`);
  });
  return out;
}
