// The steps of one type pair along one hop (CONVERSION.md §4-§5): properties matched by name, then by configured
// renames; each matched pair, destination-only and source-only property gets its handler and reason.
import type { Catalog, Kind, ObjectType, Primitive, Property, Strategy, TypeRef, Version } from '../model/model.ts';
import { displayType, freeForm, objectLeaf } from '../model/typeRef.ts';
import { byString } from '../model/path.ts';
import type { BagShape, Change, Handler, Step, TypePlan, TypeRole } from './conversionTypes.ts';
import type { Direction } from '../model/hop.ts';
import { findVersion, propertiesByName, typeNamed } from '../catalog/catalogLookup.ts';

export interface HopCtx {
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

/** What every step of one type pair reads: the hop, the pair, the declared types and the config that applies. */
interface PairCtx {
  readonly hop: HopCtx;
  readonly srcName: string;
  readonly dstName: string;
  readonly role: TypeRole;
  readonly srcBag: boolean;
  readonly dstBag: boolean;
  /** A property as its declaring version has it (the declared type refs). */
  readonly sDecl: (p: Property) => Property;
  readonly dDecl: (p: Property) => Property;
  readonly sDisp: (p: Property) => string;
  readonly dDisp: (p: Property) => string;
  readonly isManualHere: (version: Version, typeName: string, p: Property) => boolean;
}

function pairContext(
  ctx: HopCtx,
  st: ObjectType,
  dt: ObjectType,
  srcName: string,
  dstName: string,
  role: TypeRole,
): PairCtx {
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
  const manual = ctx.catalog.config.manual.filter(
    (m) => (m.kind === undefined || m.kind === ctx.kind.kind) && (m.type === srcName || m.type === dstName),
  );
  const isManualHere = (version: Version, typeName: string, p: Property): boolean =>
    p.conversion === 'manual' || (manual.length > 0 && isManual(ctx, version, typeName, p));
  return {
    hop: ctx,
    srcName,
    dstName,
    role,
    srcBag: role !== 'root' && st.hasPropertyBag,
    dstBag: role !== 'root' && dt.hasPropertyBag,
    sDecl,
    dDecl,
    sDisp,
    dDisp,
    isManualHere,
  };
}

/** The configured property renames that can apply to this type pair. */
function pairRenames(ctx: HopCtx, srcName: string, dstName: string) {
  return ctx.catalog.config.renames.filter(
    (r) =>
      (r.kind === undefined || r.kind === ctx.kind.kind) &&
      (r.type === srcName ||
        r.type === dstName ||
        typeRenamed(ctx, r.type, srcName) ||
        typeRenamed(ctx, r.type, dstName)),
  );
}

interface PairBase {
  readonly destination: string;
  readonly source: string;
  readonly sourceType: string;
  readonly destinationType: string;
}

const MANUAL_REASON = 'configured `conversion: manual`: a hook owns it';

const isRootField = (name: string): name is 'apiVersion' | 'kind' | 'metadata' =>
  name === 'apiVersion' || name === 'kind' || name === 'metadata';

/** The root's apiVersion, kind and metadata: built-in rules, not the generic handlers. */
function rootFieldStep(base: PairBase, name: 'apiVersion' | 'kind' | 'metadata'): Step {
  const reason =
    name === 'apiVersion'
      ? 'rewritten to group/version of the destination'
      : name === 'kind'
        ? 'kept'
        : 'copied verbatim';
  return {
    ...base,
    change: 'none',
    handler: 'copy',
    reason,
    rule: name === 'apiVersion' ? 'api-version' : name,
  };
}

/** A matched pair whose types do not fit: into the destination bag, read from the source bag, or dropped. */
function typeChangedStep(pc: PairCtx, base: PairBase, s: Property, d: Property): Step {
  const { srcBag, dstBag } = pc;
  const handler: Handler = dstBag ? 'property-bag' : srcBag ? 'read-bag' : 'drop';
  return {
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
  };
}

/** A matched pair whose types fit: copied, renamed, converted nested, or carried opaque. */
function compatibleStep(
  base: PairBase,
  s: Property,
  d: Property,
  sd: Property,
  dd: Property,
  c: Extract<Compat, { ok: true }>,
  renamed: boolean,
): Step {
  const sLeaf = objectLeaf(s.type);
  const dLeaf = objectLeaf(d.type);
  const nested =
    !c.opaque && sLeaf !== undefined && dLeaf !== undefined ? { sourceType: sLeaf, destinationType: dLeaf } : undefined;
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
  return { ...base, change, handler, reason, ...(nested ? { nested } : {}) };
}

/** The step of a source and a destination property matched by name (or by a configured rename). */
function pairedStep(pc: PairCtx, s: Property, d: Property, renamed: boolean): Step {
  const ctx = pc.hop;
  const base = { destination: d.name, source: s.name, sourceType: pc.sDisp(s), destinationType: pc.dDisp(d) };
  if (pc.role === 'root' && !renamed && isRootField(d.name)) return rootFieldStep(base, d.name);
  if (pc.isManualHere(ctx.src, pc.srcName, s) || pc.isManualHere(ctx.dst, pc.dstName, d)) {
    return {
      ...base,
      change: renamed ? 'renamed' : 'none',
      handler: 'manual',
      reason: MANUAL_REASON,
      code: 'NEEDS_HANDWRITTEN_CONVERSION',
    };
  }
  const sd = pc.sDecl(s);
  const dd = pc.dDecl(d);
  const c = compare(ctx, sd.type, dd.type);
  if (!c.ok) return typeChangedStep(pc, base, s, d);
  return compatibleStep(base, s, d, sd, dd, c, renamed);
}

/** A destination-only property: originalVersion set, a hook's, read from the source bag, else left absent. */
function destinationOnlyStep(pc: PairCtx, d: Property): Step {
  const ctx = pc.hop;
  const base = { destination: d.name, destinationType: pc.dDisp(d) };
  if (pc.role === 'spec' && d.name === 'originalVersion' && ctx.src.role === 'api' && ctx.dst.role === 'storage') {
    return {
      ...base,
      change: 'new',
      handler: 'copy',
      reason: `OriginalVersion(): set to the source API version ${ctx.src.name}`,
      rule: 'original-version-set',
    };
  }
  if (pc.isManualHere(ctx.dst, pc.dstName, d)) {
    return { ...base, change: 'new', handler: 'manual', reason: MANUAL_REASON, code: 'NEEDS_HANDWRITTEN_CONVERSION' };
  }
  if (pc.srcBag) {
    // Going up out of a gap: the entry has the shape at the start of the gap.
    const bagShape =
      ctx.direction === 'up' && objectLeaf(d.type) !== undefined && ctx.src.role === 'storage'
        ? gapStart(ctx, ctx.src, pc.srcName, d.name)
        : undefined;
    return {
      ...base,
      bagKey: d.bagKey,
      change: 'new',
      handler: 'read-bag',
      reason: "not in the source type: read from the source's property bag when there",
      ...(bagShape ? { bagShape } : {}),
    };
  }
  return { ...base, change: 'new', handler: 'skip', reason: 'new property: nothing to read, left absent' };
}

/** A source-only property: originalVersion ignored, a hook's, into the destination bag, else dropped. */
function sourceOnlyStep(pc: PairCtx, s: Property): Step {
  const ctx = pc.hop;
  const base = { source: s.name, sourceType: pc.sDisp(s) };
  if (pc.role === 'spec' && s.name === 'originalVersion' && ctx.src.role === 'storage' && ctx.dst.role === 'api') {
    return {
      ...base,
      change: 'removed',
      handler: 'drop',
      reason: 'originalVersion is ignored going to an API version',
      rule: 'original-version-ignored',
    };
  }
  if (pc.isManualHere(ctx.src, pc.srcName, s)) {
    return {
      ...base,
      change: 'removed',
      handler: 'manual',
      reason: MANUAL_REASON,
      code: 'NEEDS_HANDWRITTEN_CONVERSION',
    };
  }
  if (pc.dstBag) {
    // Going down into a gap: the entry takes the shape at the start of the gap.
    const bagShape =
      ctx.direction === 'down' && objectLeaf(s.type) !== undefined && ctx.dst.role === 'storage'
        ? gapStart(ctx, ctx.dst, pc.dstName, s.name)
        : undefined;
    return {
      ...base,
      bagKey: s.bagKey,
      change: 'removed',
      handler: 'property-bag',
      reason: "not in the destination type: stored in the destination's property bag",
      ...(bagShape ? { bagShape } : {}),
    };
  }
  return {
    ...base,
    change: 'removed',
    handler: 'drop',
    reason: 'not in the destination type and it has no property bag: lost',
  };
}

/** The plan of one type pair along one hop (uncached: see planTypePair). */
export function planPair(ctx: HopCtx, srcName: string, dstName: string, role: TypeRole): TypePlan | undefined {
  const st = typeNamed(ctx.src, srcName);
  const dt = typeNamed(ctx.dst, dstName);
  if (!st || !dt) return undefined;
  const pc = pairContext(ctx, st, dt, srcName, dstName, role);
  const srcProps = [...propertiesByName(st).values()].sort((a, b) => cmp(a.name, b.name));
  const dstProps = [...propertiesByName(dt).values()].sort((a, b) => cmp(a.name, b.name));
  const srcLeft = new Map(srcProps.map((p) => [p.name, p]));
  const dstLeft = new Map(dstProps.map((p) => [p.name, p]));
  const steps: Step[] = [];
  const pair = (s: Property, d: Property, renamed: boolean): void => {
    srcLeft.delete(s.name);
    dstLeft.delete(d.name);
    steps.push(pairedStep(pc, s, d, renamed));
  };
  // 1. same name
  for (const s of srcProps) {
    const d = dstLeft.get(s.name);
    if (d) pair(s, d, false);
  }
  // 2. configured renames
  const renames = pairRenames(ctx, srcName, dstName);
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
  for (const d of dstLeft.values()) steps.push(destinationOnlyStep(pc, d));
  // 4. source-only properties: into the destination bag, else dropped
  for (const s of srcLeft.values()) steps.push(sourceOnlyStep(pc, s));
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
    sourceHasBag: pc.srcBag,
    destinationHasBag: pc.dstBag,
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
