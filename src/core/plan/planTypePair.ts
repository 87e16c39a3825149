// Type-pair plans (CONVERSION.md §4-§5): for one hop and one object type pair, how every property moves;
// the types a hop reaches, and the shapes of bag entries across version gaps. Cached per (catalog, edge, type
// pair, role, strategy): planning a 10-version kind must stay in milliseconds.
import type { Catalog, Kind, Strategy, Version } from '../model/model.ts';
import { objectPairs } from '../model/typeRef.ts';
import { byString } from '../model/path.ts';
import type { TypePlan, TypeRole } from './conversionTypes.ts';
import type { Direction } from '../model/hop.ts';
import { declaringVersion, findVersion, propertiesByName, typeNamed } from '../catalog/catalogLookup.ts';
import { planPair, type HopCtx } from './typePairSteps.ts';

export type { TypeRole } from './conversionTypes.ts';
export { correspondingType } from './typePairSteps.ts';

const cmp = byString;

const planCache = new WeakMap<Catalog, Map<string, TypePlan | null>>();

/**
 * The (cached) plan of one type pair along one hop; `hook` is always false here (see `planConversion`).
 * With `strategy`, bag entries crossing a version gap of that graph get their `bagShape`.
 */
export function planTypePair(
  catalog: Catalog,
  kind: Kind,
  src: Version,
  dst: Version,
  direction: Direction,
  srcType: string,
  dstType: string,
  role: TypeRole,
  strategy?: Strategy,
): TypePlan | undefined {
  let cache = planCache.get(catalog);
  if (!cache) {
    cache = new Map();
    planCache.set(catalog, cache);
  }
  const key = `${kind.group}\u0000${kind.kind}\u0000${src.name}\u0000${dst.name}\u0000${direction}\u0000${srcType}\u0000${dstType}\u0000${role}\u0000${strategy ?? ''}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit ?? undefined;
  const ctx: HopCtx = {
    catalog,
    kind,
    src,
    dst,
    srcDecl: declaringVersion(kind, src),
    dstDecl: declaringVersion(kind, dst),
    direction,
    strategy,
  };
  const plan = planPair(ctx, srcType, dstType, role);
  cache.set(key, plan ?? null);
  return plan;
}

export interface TypeStart {
  readonly srcType: string;
  readonly dstType: string;
  readonly role: TypeRole;
}

/** Every type plan reachable from start pairs along one hop: the first start first, then alphabetical. */
export function planHopTypes(
  catalog: Catalog,
  kind: Kind,
  src: Version,
  dst: Version,
  direction: Direction,
  starts: TypeStart | readonly TypeStart[],
  strategy?: Strategy,
): TypePlan[] {
  const seen = new Set<string>();
  const out: TypePlan[] = [];
  const queue: TypeStart[] = Array.isArray(starts) ? [...(starts as readonly TypeStart[])] : [starts as TypeStart];
  while (queue.length > 0) {
    const at = queue.shift() as TypeStart;
    const k = `${at.srcType}\u0000${at.dstType}\u0000${at.role}`;
    if (seen.has(k)) continue;
    seen.add(k);
    const tp = planTypePair(catalog, kind, src, dst, direction, at.srcType, at.dstType, at.role, strategy);
    if (!tp) continue;
    out.push(tp);
    for (const s of tp.steps) {
      if (
        !s.nested ||
        s.handler === 'property-bag' ||
        s.handler === 'read-bag' ||
        s.handler === 'drop' ||
        s.handler === 'manual'
      )
        continue;
      const role: TypeRole =
        at.role === 'root' && s.destination === dst.spec && s.source === src.spec ? 'spec' : 'other';
      queue.push({ srcType: s.nested.sourceType, dstType: s.nested.destinationType, role });
    }
  }
  const [first, ...rest] = out;
  rest.sort((a, b) => cmp(a.sourceType, b.sourceType) || cmp(a.destinationType, b.destinationType));
  return first ? [first, ...rest] : [];
}

/**
 * The type plans that reshape bag entries across version gaps (steps with `bagShape`), found from `types`
 * and, recursively, from the shape plans themselves; in discovery order.
 */
export function planShapes(catalog: Catalog, kind: Kind, types: readonly TypePlan[], strategy: Strategy): TypePlan[] {
  const out: TypePlan[] = [];
  const seen = new Set<string>();
  const visit = (tps: readonly TypePlan[]): void => {
    for (const tp of tps)
      for (const step of tp.steps) {
        if (!step.bagShape) continue;
        const gap = findVersion(kind, step.bagShape.version);
        const a = findVersion(kind, tp.sourceVersion);
        const b = findVersion(kind, tp.destinationVersion);
        const holder = gap ? typeNamed(gap, step.bagShape.holder) : undefined;
        if (!gap || !a || !b || !holder) continue;
        const writing = step.handler === 'property-bag';
        const own = writing ? typeNamed(a, tp.sourceType) : typeNamed(b, tp.destinationType);
        const name = writing ? step.source : step.destination;
        const ownProp = own && name !== undefined ? propertiesByName(own).get(name) : undefined;
        const gapProp = name !== undefined ? propertiesByName(holder).get(name) : undefined;
        if (!ownProp || !gapProp) continue;
        const [from, to, direction] = writing ? [a, gap, 'down' as const] : [gap, b, 'up' as const];
        const pairs = writing ? objectPairs(ownProp.type, gapProp.type) : objectPairs(gapProp.type, ownProp.type);
        const starts = pairs.map((p) => ({ srcType: p.source, dstType: p.destination, role: 'other' as const }));
        const found = planHopTypes(catalog, kind, from, to, direction, starts, strategy).filter((p) => {
          const k = `${p.sourceVersion}\u0000${p.destinationVersion}\u0000${p.sourceType}\u0000${p.destinationType}\u0000${p.role}`;
          if (seen.has(k)) return false;
          seen.add(k);
          return true;
        });
        out.push(...found);
        visit(found);
      }
  };
  visit(types);
  return out;
}
