// Plans as values (CONVERSION.md §4-§5): a kind's conversion from one version to another, every hop and every
// reachable type pair (planTypePair.ts plans the pairs). The executor runs exactly these plans.
import { issue, type Issue } from '../model/issue.ts';
import type { Catalog, Kind, Strategy, Version } from '../model/model.ts';
import type { HopPlan, Plan, TypeRole } from './conversionTypes.ts';
import type { Direction } from '../model/hop.ts';
import {
  describeCatalog,
  findKind,
  findVersion,
  propertiesByName,
  servedVersionNames,
  typeNamed,
  type KindRef,
} from '../catalog/catalogLookup.ts';
import { NO_HOOKS, type HookRegistry } from './hooks.ts';
import { conversionPath } from '../versions/buildKind.ts';
import { objectLeaf } from '../model/typeRef.ts';
import { correspondingType, planHopTypes, planShapes, type TypeStart } from './planTypePair.ts';
import type { RuleSet } from '../rules/format.ts';
import { ownedByRules, planRules } from './planRules.ts';

export type { TypeRole } from './conversionTypes.ts';
export { correspondingType, planHopTypes, planTypePair } from './planTypePair.ts';

/** Direction of the hop a -> b on a graph: `up` when an edge a -> b exists. */
export function hopDirection(kind: Kind, strategy: Strategy, a: string, b: string): Direction {
  return kind.graphs[strategy]?.edges.some((e) => e.from === a && e.to === b) ? 'up' : 'down';
}

export interface PlanOptions {
  readonly strategy?: Strategy;
  /** Plan only this object type (named in `from`) and what it reaches, instead of the resource root. */
  readonly type?: string;
  /** Marks type plans that have a registered hook. */
  readonly hooks?: HookRegistry;
  /** Conversion rules (docs/conversion-rules.md): the plan gets `rules` (their steps and owned fields). */
  readonly rules?: RuleSet;
}

export interface PlanResult {
  readonly plan: Plan | undefined;
  readonly issues: readonly Issue[];
}

/** Resolves `hub` and checks a version name; an UNKNOWN_VERSION issue when it is not in the kind. */
export function resolveVersion(kind: Kind, name: string): { version?: Version; issue?: Issue } {
  const n = name === 'hub' ? kind.hub : name;
  const v = findVersion(kind, n);
  if (v) return { version: v };
  return {
    issue: issue(
      'error',
      'UNKNOWN_VERSION',
      `${kind.kind} has no version '${name}' (it serves: ${servedVersionNames(kind)}; or hub)`,
    ),
  };
}

/** The kind named by `kindRef`, or an UNKNOWN_KIND issue listing what the catalog has. */
export function resolveKind(catalog: Catalog, kindRef: KindRef): { kind?: Kind; issue?: Issue } {
  const kind = findKind(catalog, kindRef);
  if (kind) return { kind };
  return {
    issue: issue(
      'error',
      'UNKNOWN_KIND',
      `no kind ${typeof kindRef === 'string' ? kindRef : kindRef.kind} in the catalog (it has: ${describeCatalog(catalog)})`,
    ),
  };
}

/** Plans converting `kindRef` from one version to another through the hub, every hop and every reachable type pair. */
export function planConversion(
  catalog: Catalog,
  kindRef: KindRef,
  from: string,
  to: string,
  opts: PlanOptions = {},
): PlanResult {
  const k = resolveKind(catalog, kindRef);
  if (!k.kind) return { plan: undefined, issues: k.issue ? [k.issue] : [] };
  const kind = k.kind;
  const f = resolveVersion(kind, from);
  const t = resolveVersion(kind, to);
  if (!f.version || !t.version)
    return { plan: undefined, issues: [f.issue, t.issue].filter((x): x is Issue => x !== undefined) };
  if (opts.type !== undefined && !typeNamed(f.version, opts.type))
    return {
      plan: undefined,
      issues: [issue('error', 'UNKNOWN_TYPE', `version ${f.version.name} has no type ${opts.type}`)],
    };
  return planKind(catalog, kind, f.version, t.version, opts);
}

/**
 * The plan of a kind between two of its versions (resolved already). Without `opts.type` it is the whole
 * resource's plan: what `convertAt` executes.
 */
export function planKind(
  catalog: Catalog,
  kind: Kind,
  from: Version,
  to: Version,
  opts: Omit<PlanOptions, 'type'> & { readonly type?: string } = {},
): PlanResult {
  const strategy = opts.strategy ?? kind.strategy;
  const path = conversionPath(kind, from.name, to.name, strategy);
  if (path.length === 0) {
    return {
      plan: undefined,
      issues: [issue('error', 'UNKNOWN_VERSION', `no ${strategy} conversion path from ${from.name} to ${to.name}`)],
    };
  }
  const hooks = opts.hooks ?? NO_HOOKS;
  const issues: Issue[] = [];
  const hops: HopPlan[] = [];
  let typeAt = opts.type;
  // One hop per edge of the path; a version to itself is one hop too (the schema still prunes).
  const pairs: [Version, Version][] = [];
  for (let i = 0; i + 1 < path.length; i++)
    pairs.push([findVersion(kind, path[i] as string) as Version, findVersion(kind, path[i + 1] as string) as Version]);
  if (pairs.length === 0) pairs.push([from, from]);
  for (const [a, b] of pairs) {
    const direction = a === b ? 'up' : hopDirection(kind, strategy, a.name, b.name);
    let start: TypeStart | undefined;
    if (typeAt === undefined) start = { srcType: a.root, dstType: b.root, role: 'root' };
    else {
      const dstType = correspondingType(catalog, kind, b, typeAt);
      const role: TypeRole = isSpecType(a, typeAt) ? 'spec' : 'other';
      start = dstType === undefined ? undefined : { srcType: typeAt, dstType, role };
      typeAt = dstType;
    }
    const types = start ? planHopTypes(catalog, kind, a, b, direction, start, strategy) : [];
    const shapes = planShapes(catalog, kind, types, strategy);
    const [edgeFrom, edgeTo] = direction === 'up' ? [a, b] : [b, a];
    const marked = types.map((tp) => {
      const fromSide = direction === 'up' ? tp.sourceType : tp.destinationType;
      const hook = hooks.find(kind.kind, edgeFrom.name, edgeTo.name, fromSide) !== undefined;
      if (!hook) {
        for (const s of tp.steps) {
          if (s.code)
            issues.push(
              issue(
                'warning',
                s.code,
                `${tp.sourceType}.${s.source ?? s.destination} (${a.name} -> ${b.name}): ${s.reason}`,
                [tp.sourceType, s.source ?? s.destination ?? ''],
                { subject: 'plan' },
              ),
            );
        }
      }
      return hook ? { ...tp, hook } : tp;
    });
    hops.push({ from: a.name, to: b.name, direction, types: marked, ...(shapes.length > 0 ? { shapes } : {}) });
  }
  // Rules convert whole resources: a plan of one type (`opts.type`) has none.
  const withRules = opts.rules && opts.type === undefined ? planRules(opts.rules, kind, from, to) : {};
  if (withRules.issue) issues.push(withRules.issue);
  // A field the rules own is theirs to convert: its step's problem is no warning (the generated steps skip it).
  const owned = ownedByRules(
    path.map((n) => findVersion(kind, n) as Version),
    withRules.owned ?? [],
  );
  const kept = issues.filter(
    (i) => !(i.code === 'NEEDS_HANDWRITTEN_CONVERSION' && owned(String(i.path[0]), String(i.path[1]))),
  );
  return {
    plan: {
      group: kind.group,
      kind: kind.kind,
      from: from.name,
      to: to.name,
      strategy,
      path,
      hops,
      ...(withRules.rules ? { rules: withRules.rules } : {}),
    },
    issues: kept,
  };
}

/** True when `typeName` is the spec type of `version` (the root's spec property's object type). */
export function isSpecType(version: Version, typeName: string): boolean {
  if (version.spec === undefined) return false;
  const root = typeNamed(version, version.root);
  const p = root && propertiesByName(root).get(version.spec);
  return p !== undefined && objectLeaf(p.type) === typeName;
}
