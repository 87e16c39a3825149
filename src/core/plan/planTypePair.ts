// Type-pair plans (CONVERSION.md §4-§5): for one hop and one object type pair, how every property moves;
// the types a hop reaches, and the shapes of bag entries across version gaps. Cached per (catalog, edge, type
// pair, role, strategy): planning a 10-version kind must stay in milliseconds.
import type { Catalog, Kind, Primitive, Property, Strategy, TypeRef, Version } from '../model/model.ts';
import { displayType, freeForm, objectLeaf, objectPairs } from '../model/typeRef.ts';
import { byString } from '../model/path.ts';
import type { BagShape, Change, Direction, Handler, Step, TypePlan, TypeRole } from './conversionTypes.ts';
import { declaringVersion, findVersion, propertiesByName, typeNamed } from '../catalog/catalogLookup.ts';

export type { TypeRole } from './conversionTypes.ts';

interface HopCtx {
  readonly catalog: Catalog;
  readonly kind: Kind;
  readonly src: Version;
  readonly dst: Version;
  readonly srcDecl: Version;
  readonly dstDecl: Version;
  readonly direction: Direction;
  /** The graph the hop belongs to (gap shapes walk it); undefined for pairs planned outside a graph. */
  readonly strategy: Strategy | undefined;
}

function typeRenamed(ctx: HopCtx, a: string, b: string): boolean {
  return ctx.catalog.config.typeRenames.some(
    (r) =>
      (r.kind === undefined || r.kind === ctx.kind.kind) &&
      ((r.from === a && r.to === b) || (r.from === b && r.to === a)),
  );
}

type Compat =
  | { readonly ok: false }
  | { readonly ok: true; readonly enumChanged: boolean; readonly opaque: boolean; readonly object: boolean };

const baseOf = (r: TypeRef): Primitive | undefined =>
  r.kind === 'primitive' ? r.name : r.kind === 'enum' ? r.base : undefined;

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  const s = new Set(a);
  return b.every((v) => s.has(v));
}

/** §5: named types by name (with configured type renames), anonymous ones by structure. Uses declared refs. */
function compare(ctx: HopCtx, s: TypeRef, d: TypeRef): Compat {
  // Free-form JSON on either side accepts the value as it is (§5: copied as an opaque value).
  if (freeForm(s) || freeForm(d)) return { ok: true, enumChanged: false, opaque: true, object: false };
  const sb = baseOf(s);
  const db = baseOf(d);
  if (sb !== undefined || db !== undefined) {
    if (sb !== db) return { ok: false };
    if (s.kind === 'enum' && d.kind === 'enum') {
      if (s.name !== undefined && d.name !== undefined && s.name !== d.name && !typeRenamed(ctx, s.name, d.name))
        return { ok: false };
      return { ok: true, enumChanged: !sameValues(s.values, d.values), opaque: false, object: false };
    }
    return { ok: true, enumChanged: s.kind !== d.kind, opaque: false, object: false };
  }
  if (s.kind === 'object' && d.kind === 'object') {
    const so = typeNamed(ctx.srcDecl, s.name) ?? typeNamed(ctx.src, s.name);
    const dobj = typeNamed(ctx.dstDecl, d.name) ?? typeNamed(ctx.dst, d.name);
    if (so?.named && dobj?.named && s.name !== d.name && !typeRenamed(ctx, s.name, d.name)) return { ok: false };
    return { ok: true, enumChanged: false, opaque: false, object: true };
  }
  if (s.kind === 'array' && d.kind === 'array') return compare(ctx, s.items, d.items);
  if (s.kind === 'map' && d.kind === 'map') return compare(ctx, s.values, d.values);
  return { ok: false };
}

const nameIs = (p: Property, n: string): boolean => p.name === n || p.bagKey === n;

function isManual(ctx: HopCtx, version: Version, typeName: string, p: Property): boolean {
  if (p.conversion === 'manual') return true;
  return ctx.catalog.config.manual.some(
    (m) =>
      (m.kind === undefined || m.kind === ctx.kind.kind) &&
      m.type === typeName &&
      nameIs(p, m.property) &&
      (m.version === undefined || m.version === version.name || m.version === version.twin),
  );
}

const cmp = byString;

function planPair(ctx: HopCtx, srcName: string, dstName: string, role: TypeRole): TypePlan | undefined {
  const st = typeNamed(ctx.src, srcName);
  const dt = typeNamed(ctx.dst, dstName);
  if (!st || !dt) return undefined;
  const srcBag = role !== 'root' && st.hasPropertyBag;
  const dstBag = role !== 'root' && dt.hasPropertyBag;
  const srcProps = [...propertiesByName(st).values()].sort((a, b) => cmp(a.name, b.name));
  const dstProps = [...propertiesByName(dt).values()].sort((a, b) => cmp(a.name, b.name));
  const srcLeft = new Map(srcProps.map((p) => [p.name, p]));
  const dstLeft = new Map(dstProps.map((p) => [p.name, p]));
  const steps: Step[] = [];
  const sDeclProps = propertiesByName(typeNamed(ctx.srcDecl, srcName) ?? st);
  const dDeclProps = propertiesByName(typeNamed(ctx.dstDecl, dstName) ?? dt);
  const sDecl = (p: Property): Property => sDeclProps.get(p.name) ?? p;
  const dDecl = (p: Property): Property => dDeclProps.get(p.name) ?? p;
  const sDisp = (p: Property): string => {
    const dp = sDecl(p);
    return displayType(dp.type, dp.required);
  };
  const dDisp = (p: Property): string => {
    const dp = dDecl(p);
    return displayType(dp.type, dp.required);
  };
  // Only the configuration that can apply to this type pair.
  const renames = ctx.catalog.config.renames.filter(
    (r) =>
      (r.kind === undefined || r.kind === ctx.kind.kind) &&
      (r.type === srcName ||
        r.type === dstName ||
        typeRenamed(ctx, r.type, srcName) ||
        typeRenamed(ctx, r.type, dstName)),
  );
  const manual = ctx.catalog.config.manual.filter(
    (m) => (m.kind === undefined || m.kind === ctx.kind.kind) && (m.type === srcName || m.type === dstName),
  );
  const isManualHere = (version: Version, typeName: string, p: Property): boolean =>
    p.conversion === 'manual' || (manual.length > 0 && isManual(ctx, version, typeName, p));

  const pair = (s: Property, d: Property, renamed: boolean): void => {
    srcLeft.delete(s.name);
    dstLeft.delete(d.name);
    const base = { destination: d.name, source: s.name, sourceType: sDisp(s), destinationType: dDisp(d) };
    if (role === 'root' && !renamed && (d.name === 'apiVersion' || d.name === 'kind' || d.name === 'metadata')) {
      const reason =
        d.name === 'apiVersion'
          ? 'rewritten to group/version of the destination'
          : d.name === 'kind'
            ? 'kept'
            : 'copied verbatim';
      steps.push({
        ...base,
        change: 'none',
        handler: 'copy',
        reason,
        rule: d.name === 'apiVersion' ? 'api-version' : d.name,
      });
      return;
    }
    if (isManualHere(ctx.src, srcName, s) || isManualHere(ctx.dst, dstName, d)) {
      steps.push({
        ...base,
        change: renamed ? 'renamed' : 'none',
        handler: 'manual',
        reason: 'configured `conversion: manual`: a hook owns it',
        code: 'NEEDS_HANDWRITTEN_CONVERSION',
      });
      return;
    }
    const sd = sDecl(s);
    const dd = dDecl(d);
    const c = compare(ctx, sd.type, dd.type);
    if (!c.ok) {
      const handler: Handler = dstBag ? 'property-bag' : srcBag ? 'read-bag' : 'drop';
      steps.push({
        ...base,
        bagKey: handler === 'read-bag' ? d.bagKey : s.bagKey,
        change: 'type-changed',
        handler,
        reason:
          handler === 'property-bag'
            ? `type changed (${base.sourceType} -> ${base.destinationType}): the value goes into the destination's property bag${srcBag ? ', the destination value is read from the source bag' : ''}`
            : handler === 'read-bag'
              ? `type changed (${base.sourceType} -> ${base.destinationType}): the destination is read from the source bag; the source value has nowhere to go`
              : `type changed (${base.sourceType} -> ${base.destinationType}) and neither side has a property bag`,
        code: 'NEEDS_HANDWRITTEN_CONVERSION',
      });
      return;
    }
    const sLeaf = objectLeaf(s.type);
    const dLeaf = objectLeaf(d.type);
    const nested =
      !c.opaque && sLeaf !== undefined && dLeaf !== undefined
        ? { sourceType: sLeaf, destinationType: dLeaf }
        : undefined;
    const change: Change = renamed
      ? 'renamed'
      : c.opaque && sd.type.kind !== dd.type.kind
        ? 'type-changed'
        : c.enumChanged
          ? 'enum-changed'
          : sd.required !== dd.required
            ? 'optionality-changed'
            : 'none';
    const handler: Handler = renamed
      ? 'rename'
      : c.opaque
        ? 'opaque'
        : nested && nested.sourceType !== nested.destinationType
          ? 'convert-nested'
          : 'copy';
    const reason = renamed
      ? 'configured property rename'
      : c.opaque
        ? 'free-form value carried as-is'
        : handler === 'convert-nested'
          ? `configured type rename ${nested?.sourceType} -> ${nested?.destinationType}: converted with its own plan`
          : change === 'enum-changed'
            ? 'same base type: copied; toward an enum the value is matched case-insensitively'
            : change === 'optionality-changed'
              ? 'optionality changed: copied; absent stays absent'
              : nested
                ? 'same name and type: copied, nested objects by their own plan'
                : 'same name and type';
    steps.push({ ...base, change, handler, reason, ...(nested ? { nested } : {}) });
  };

  // 1. same name
  for (const s of srcProps) {
    const d = dstLeft.get(s.name);
    if (d) pair(s, d, false);
  }
  // 2. configured renames
  if (renames.length > 0)
    for (const s of srcProps) {
      if (!srcLeft.has(s.name)) continue;
      for (const d of dstProps) {
        if (!dstLeft.has(d.name)) continue;
        if (renames.some((r) => (nameIs(s, r.from) && nameIs(d, r.to)) || (nameIs(s, r.to) && nameIs(d, r.from)))) {
          pair(s, d, true);
          break;
        }
      }
    }
  // 3. destination-only properties: read from the source bag, else left absent
  for (const d of dstLeft.values()) {
    const base = { destination: d.name, destinationType: dDisp(d) };
    if (role === 'spec' && d.name === 'originalVersion' && ctx.src.role === 'api' && ctx.dst.role === 'storage') {
      steps.push({
        ...base,
        change: 'new',
        handler: 'copy',
        reason: `OriginalVersion(): set to the source API version ${ctx.src.name}`,
        rule: 'original-version-set',
      });
    } else if (isManualHere(ctx.dst, dstName, d)) {
      steps.push({
        ...base,
        change: 'new',
        handler: 'manual',
        reason: 'configured `conversion: manual`: a hook owns it',
        code: 'NEEDS_HANDWRITTEN_CONVERSION',
      });
    } else if (srcBag) {
      // Going up out of a gap: the entry has the shape at the start of the gap.
      const bagShape =
        ctx.direction === 'up' && objectLeaf(d.type) !== undefined && ctx.src.role === 'storage'
          ? gapStart(ctx, ctx.src, srcName, d.name)
          : undefined;
      steps.push({
        ...base,
        bagKey: d.bagKey,
        change: 'new',
        handler: 'read-bag',
        reason: "not in the source type: read from the source's property bag when there",
        ...(bagShape ? { bagShape } : {}),
      });
    } else {
      steps.push({ ...base, change: 'new', handler: 'skip', reason: 'new property: nothing to read, left absent' });
    }
  }
  // 4. source-only properties: into the destination bag, else dropped
  for (const s of srcLeft.values()) {
    const base = { source: s.name, sourceType: sDisp(s) };
    if (role === 'spec' && s.name === 'originalVersion' && ctx.src.role === 'storage' && ctx.dst.role === 'api') {
      steps.push({
        ...base,
        change: 'removed',
        handler: 'drop',
        reason: 'originalVersion is ignored going to an API version',
        rule: 'original-version-ignored',
      });
    } else if (isManualHere(ctx.src, srcName, s)) {
      steps.push({
        ...base,
        change: 'removed',
        handler: 'manual',
        reason: 'configured `conversion: manual`: a hook owns it',
        code: 'NEEDS_HANDWRITTEN_CONVERSION',
      });
    } else if (dstBag) {
      // Going down into a gap: the entry takes the shape at the start of the gap.
      const bagShape =
        ctx.direction === 'down' && objectLeaf(s.type) !== undefined && ctx.dst.role === 'storage'
          ? gapStart(ctx, ctx.dst, dstName, s.name)
          : undefined;
      steps.push({
        ...base,
        bagKey: s.bagKey,
        change: 'removed',
        handler: 'property-bag',
        reason: "not in the destination type: stored in the destination's property bag",
        ...(bagShape ? { bagShape } : {}),
      });
    } else {
      steps.push({
        ...base,
        change: 'removed',
        handler: 'drop',
        reason: 'not in the destination type and it has no property bag: lost',
      });
    }
  }
  steps.sort(
    (a, b) =>
      cmp(a.destination ?? a.source ?? '', b.destination ?? b.source ?? '') || cmp(a.source ?? '', b.source ?? ''),
  );
  return {
    sourceVersion: ctx.src.name,
    destinationVersion: ctx.dst.name,
    direction: ctx.direction,
    sourceType: srcName,
    destinationType: dstName,
    role,
    sourceHasBag: srcBag,
    destinationHasBag: dstBag,
    steps,
    hook: false,
  };
}

/**
 * A property that skips versions keeps one bag shape across the gap: the shape at its start, the storage
 * version farther from the hub (aso-reference §11). Walks the graph backwards (away from the hub) from a
 * storage version lacking the property to the nearest storage version that has it; undefined when none does.
 */
function gapStart(ctx: HopCtx, from: Version, typeName: string, prop: string): BagShape | undefined {
  const graph = ctx.strategy ? ctx.kind.graphs[ctx.strategy] : undefined;
  if (!graph) return undefined;
  const seen = new Set<string>([from.name]);
  let frontier = [from.name];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const at of frontier) {
      for (const e of graph.edges) {
        if (e.to !== at || seen.has(e.from)) continue;
        seen.add(e.from);
        const v = findVersion(ctx.kind, e.from);
        if (!v || v.role !== 'storage') continue;
        const tn = correspondingType(ctx.catalog, ctx.kind, v, typeName);
        const t = tn !== undefined ? typeNamed(v, tn) : undefined;
        const p = t && propertiesByName(t).get(prop);
        if (tn !== undefined && p) return { version: v.name, holder: tn, type: displayType(p.type, p.required) };
        next.push(e.from);
      }
    }
    next.sort();
    frontier = next;
  }
  return undefined;
}

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

/** The destination type that corresponds to a source type name: same name, else a configured type rename. */
export function correspondingType(catalog: Catalog, kind: Kind, dst: Version, srcType: string): string | undefined {
  if (typeNamed(dst, srcType)) return srcType;
  for (const r of catalog.config.typeRenames) {
    if (r.kind !== undefined && r.kind !== kind.kind) continue;
    if (r.from === srcType && typeNamed(dst, r.to)) return r.to;
    if (r.to === srcType && typeNamed(dst, r.from)) return r.from;
  }
  return undefined;
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
