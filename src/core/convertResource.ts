// Execution (CONVERSION.md §5-§8): run the plans hop by hop along from -> ... -> hub -> ... -> to.
// Plans compile once per (catalog, hop, type pair) into closures; the hot path is plain loops over them.
import { issue, type Issue, type Path } from './issue.ts';
import type { Catalog, Kind, ObjectType, Strategy, TypeRef, Version } from './model.ts';
import type { ConversionResult, Direction, Fate, FateKind, TypePlan } from './conversionTypes.ts';
import { apiVersionOf, findVersion, propertiesByName } from './catalogLookup.ts';
import { findKindForDocument } from './findKindForDocument.ts';
import { NO_HOOKS, type ConversionHook, type HookContext, type HookRegistry, type JsonObject } from './hooks.ts';
import {
  correspondingType,
  hopDirection,
  planTypePair,
  resolveVersion,
  type PlannedStep,
  type TypeRole,
} from './planConversion.ts';
import {
  PROPERTY_BAG,
  bagAccess,
  bagPull,
  bagWrite,
  isEmptyForBag,
  readBag,
  setBag,
  type BagAccess,
  type PropertyBag,
} from './propertyBag.ts';
import { conversionPath } from './buildKind.ts';
import { deepClone, hasKeys, isRecord, setKey, valueAt } from './jsonValue.ts';
import { freeForm, objectLeaf } from './typeRef.ts';
import { comparePaths, pathKey, samePath } from './path.ts';
import { FATE_KIND_ORDER, FATE_KINDS } from './fateKinds.ts';

export interface ConvertOptions {
  readonly strategy?: Strategy;
  /** Convert only the spec or only the status; the other part is passed through untouched (same reference, not read). */
  readonly part?: 'all' | 'spec' | 'status';
  readonly hooks?: HookRegistry;
  /**
   * false: record only the fates that matter (bag traffic, renames, losses, pruned, manual, required-missing),
   * not one per copied field: for bulk conversion and round trips. Issues are the same either way.
   */
  readonly fates?: boolean;
}

type Seg = string | number;
/**
 * A hop-level fate. Internal kinds: `passed`, a bag entry carried through unchanged; `set`, a value the
 * conversion writes itself (`originalVersion`), never reported, traced so later hops do not report it either.
 */
interface HopFate {
  kind: FateKind | 'passed' | 'set';
  sourcePath?: Path;
  targetPath?: Path;
  reason: string;
  code?: Fate['code'];
  /** The value was reshaped (a hook's work from the whole source object, or a gap's shape conversion): paths
   * inside it do not map into the source. */
  whole?: boolean;
}

interface RunState {
  readonly catalog: Catalog;
  readonly kind: Kind;
  readonly src: Version;
  readonly dst: Version;
  readonly direction: Direction;
  readonly edgeFrom: Version;
  readonly edgeTo: Version;
  readonly sp: Seg[];
  readonly tp: Seg[];
  readonly fates: HopFate[];
  readonly allFates: boolean;
  /** allFates, or a hop before the last: fates a later hop needs to map its source paths back (hook writes). */
  readonly traceAll: boolean;
  readonly issues: Issue[];
  readonly hooks: HookRegistry;
  readonly hasHooks: boolean;
  readonly hookCache: Map<Compiled, ConversionHook | null>;
  readonly checkRequired: boolean;
  readonly part: 'all' | 'spec' | 'status';
}

type Conv = (v: unknown, st: RunState) => unknown;

type Op =
  | { k: 'copy'; s: string; d: string; conv: Conv; fate: FateKind; leaf: boolean; part?: 'spec' | 'status' }
  | { k: 'api-version'; s?: string; d: string }
  | { k: 'kind'; s: string; d: string }
  | { k: 'metadata'; s: string; d: string }
  | { k: 'original-version'; d: string }
  | { k: 'bag-write'; s: string; key: string; type: TypeRef; manual: boolean; shape?: Conv }
  | { k: 'bag-read'; d: string; key: string; type: TypeRef; shape?: Conv }
  | { k: 'swap'; s: string; d: string; readKey?: string; writeKey?: string; sType: TypeRef; dType: TypeRef }
  | { k: 'drop'; s: string; ignored: boolean; manual: boolean };

interface Compiled {
  readonly plan: TypePlan;
  readonly srcType: ObjectType;
  readonly dstType: ObjectType;
  readonly ops: Op[];
  readonly srcKnown: Set<string>;
  readonly required: string[];
  readonly srcBag: boolean;
  readonly dstBag: boolean;
  /** Type name on the edge's `from` side (hooks are registered by it). */
  readonly hookType: string;
  readonly srcExtras: boolean;
  readonly dstExtras: boolean;
}

// ---------------------------------------------------------------- values

const isObj = isRecord;
const identity: Conv = (v) => (typeof v === 'object' && v !== null ? deepClone(v) : v);

function enumConv(values: readonly (string | number | boolean)[]): Conv {
  const exact = new Set<unknown>(values);
  const lower = new Map<string, string>();
  for (const v of values) if (typeof v === 'string' && !lower.has(v.toLowerCase())) lower.set(v.toLowerCase(), v);
  return (v, st) => {
    if (exact.has(v)) return v;
    if (typeof v === 'string') {
      const c = lower.get(v.toLowerCase());
      if (c !== undefined) return c;
    }
    if (typeof v === 'object' && v !== null) return deepClone(v);
    st.issues.push(
      issue(
        'warning',
        'ENUM_UNKNOWN_VALUE',
        `${JSON.stringify(v)} is not one of ${values.map((x) => JSON.stringify(x)).join(', ')}: kept as is`,
        [...st.tp],
      ),
    );
    return v;
  };
}

const compiledCache = new WeakMap<Catalog, Map<string, Compiled | null>>();

interface HopKey {
  readonly catalog: Catalog;
  readonly kind: Kind;
  readonly src: Version;
  readonly dst: Version;
  readonly direction: Direction;
  /** The graph the hop belongs to (gap shapes walk it); undefined for conversions planned outside a graph. */
  readonly strategy?: Strategy;
}

/**
 * A property that skips versions keeps one bag shape across the gap: the shape at its start, the storage
 * version farther from the hub (aso-reference §11). Walks the graph backwards (away from the hub) from a
 * storage version lacking the property to the nearest storage version that has it; undefined when none does.
 */
function gapStart(
  h: HopKey,
  from: Version,
  typeName: string,
  prop: string,
): { version: Version; type: TypeRef } | undefined {
  const graph = h.strategy ? h.kind.graphs[h.strategy] : undefined;
  if (!graph) return undefined;
  const seen = new Set<string>([from.name]);
  let frontier = [from.name];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const at of frontier) {
      for (const e of graph.edges) {
        if (e.to !== at || seen.has(e.from)) continue;
        seen.add(e.from);
        const v = findVersion(h.kind, e.from);
        if (!v || v.role !== 'storage') continue;
        const tn = correspondingType(h.catalog, h.kind, v, typeName);
        const p = tn !== undefined ? v.types[tn] && propertiesByName(v.types[tn]).get(prop) : undefined;
        if (p) return { version: v, type: p.type };
        next.push(e.from);
      }
    }
    next.sort();
    frontier = next;
  }
  return undefined;
}

function compileConv(h: HopKey, s: TypeRef, d: TypeRef, role: TypeRole): Conv {
  if (freeForm(d) || freeForm(s)) return identity;
  if (d.kind === 'enum') return enumConv(d.values);
  if (d.kind === 'primitive') return identity;
  if (d.kind === 'object' && s.kind === 'object') {
    let nested: Compiled | null | undefined;
    return (v, st) => {
      if (!isObj(v)) return identity(v, st);
      if (nested === undefined) nested = compiled(h, s.name, d.name, role) ?? null;
      return nested ? runObject(nested, v, st) : deepClone(v);
    };
  }
  if (d.kind === 'array' && s.kind === 'array') {
    const el = compileConv(h, s.items, d.items, 'other');
    if (el === identity) return (v) => (Array.isArray(v) ? v.map(identityValue) : deepClone(v));
    return (v, st) => {
      if (!Array.isArray(v)) return deepClone(v);
      const out = new Array(v.length);
      for (let i = 0; i < v.length; i++) {
        st.sp.push(i);
        st.tp.push(i);
        out[i] = el(v[i], st);
        st.sp.pop();
        st.tp.pop();
      }
      return out;
    };
  }
  if (d.kind === 'map' && s.kind === 'map') {
    const el = compileConv(h, s.values, d.values, 'other');
    return (v, st) => {
      if (!isObj(v)) return deepClone(v);
      const out: Record<string, unknown> = {};
      for (const k in v) {
        st.sp.push(k);
        st.tp.push(k);
        setKey(out, k, el(v[k], st));
        st.sp.pop();
        st.tp.pop();
      }
      return out;
    };
  }
  return identity;
}

const identityValue = (v: unknown): unknown => (typeof v === 'object' && v !== null ? deepClone(v) : v);

function compiled(h: HopKey, srcType: string, dstType: string, role: TypeRole): Compiled | undefined {
  let cache = compiledCache.get(h.catalog);
  if (!cache) {
    cache = new Map();
    compiledCache.set(h.catalog, cache);
  }
  const key = `${h.kind.group}\u0000${h.kind.kind}\u0000${h.src.name}\u0000${h.dst.name}\u0000${h.direction}\u0000${h.strategy ?? ''}\u0000${srcType}\u0000${dstType}\u0000${role}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit ?? undefined;
  const plan = planTypePair(h.catalog, h.kind, h.src, h.dst, h.direction, srcType, dstType, role);
  const st = h.src.types[srcType];
  const dt = h.dst.types[dstType];
  if (!plan || !st || !dt) {
    cache.set(key, null);
    return undefined;
  }
  const sProps = propertiesByName(st);
  const dProps = propertiesByName(dt);
  const ops: Op[] = [];
  const c: Compiled = {
    plan,
    srcType: st,
    dstType: dt,
    ops,
    srcKnown: new Set(sProps.keys()),
    required: h.dst.role === 'api' ? [...dProps.values()].filter((p) => p.required).map((p) => p.name) : [],
    srcBag: plan.sourceHasBag,
    dstBag: plan.destinationHasBag,
    hookType: h.direction === 'up' ? srcType : dstType,
    srcExtras: st.additionalProperties !== undefined || st.preserveUnknownFields === true,
    dstExtras: dt.additionalProperties !== undefined || dt.preserveUnknownFields === true,
  };
  cache.set(key, c); // before compiling ops: recursive types refer to the shell
  for (const step of plan.steps as readonly PlannedStep[]) {
    const sp = step.source !== undefined ? sProps.get(step.source) : undefined;
    const dp = step.destination !== undefined ? dProps.get(step.destination) : undefined;
    if (step.special === 'api-version' && dp) ops.push({ k: 'api-version', d: dp.name, ...(sp ? { s: sp.name } : {}) });
    else if (step.special === 'kind' && sp && dp) ops.push({ k: 'kind', s: sp.name, d: dp.name });
    else if (step.special === 'metadata' && sp && dp) ops.push({ k: 'metadata', s: sp.name, d: dp.name });
    else if (step.special === 'original-version-set' && dp) ops.push({ k: 'original-version', d: dp.name });
    else if (step.special === 'original-version-ignored' && sp)
      ops.push({ k: 'drop', s: sp.name, ignored: true, manual: false });
    else if (step.handler === 'manual') {
      // Generated steps skip it; without a hook the value is reported, not carried.
      if (sp) ops.push({ k: 'drop', s: sp.name, ignored: false, manual: true });
    } else if (step.change === 'type-changed' && sp && dp) {
      ops.push({
        k: 'swap',
        s: sp.name,
        d: dp.name,
        ...(c.srcBag ? { readKey: dp.bagKey } : {}),
        ...(c.dstBag ? { writeKey: sp.bagKey } : {}),
        sType: sp.type,
        dType: dp.type,
      });
    } else if (step.handler === 'property-bag' && sp) {
      // Going down into a gap: the entry takes the shape at the start of the gap (converted here, at its edge).
      const start =
        h.direction === 'down' && objectLeaf(sp.type) !== undefined && h.dst.role === 'storage'
          ? gapStart(h, h.dst, dstType, sp.name)
          : undefined;
      const shape = start ? compileConv({ ...h, dst: start.version }, sp.type, start.type, 'other') : undefined;
      ops.push({
        k: 'bag-write',
        s: sp.name,
        key: sp.bagKey,
        type: sp.type,
        manual: false,
        ...(shape ? { shape } : {}),
      });
    } else if (step.handler === 'read-bag' && dp) {
      // Going up out of a gap: the entry has the shape at the start of the gap; convert it to ours.
      const start =
        h.direction === 'up' && objectLeaf(dp.type) !== undefined && h.src.role === 'storage'
          ? gapStart(h, h.src, srcType, dp.name)
          : undefined;
      const shape = start ? compileConv({ ...h, src: start.version }, start.type, dp.type, 'other') : undefined;
      ops.push({ k: 'bag-read', d: dp.name, key: dp.bagKey, type: dp.type, ...(shape ? { shape } : {}) });
    } else if (step.handler === 'drop' && sp) ops.push({ k: 'drop', s: sp.name, ignored: false, manual: false });
    else if (sp && dp && step.handler !== 'skip') {
      const childRole: TypeRole =
        role === 'root' && sp.name === h.src.spec && dp.name === h.dst.spec ? 'spec' : 'other';
      const conv = compileConv(h, sp.type, dp.type, childRole);
      const leaf = objectLeaf(dp.type) === undefined || objectLeaf(sp.type) === undefined;
      const fate: FateKind =
        step.handler === 'rename'
          ? 'renamed'
          : step.handler === 'opaque'
            ? 'opaque'
            : step.handler === 'convert-nested' || (dp.type.kind === 'enum' && sp.type.kind !== 'enum')
              ? 'converted'
              : 'copied';
      const part =
        role === 'root'
          ? dp.name === h.dst.spec
            ? 'spec'
            : dp.name === h.dst.status
              ? 'status'
              : undefined
          : undefined;
      ops.push({ k: 'copy', s: sp.name, d: dp.name, conv, fate, leaf, ...(part ? { part } : {}) });
    }
  }
  return c;
}

// ---------------------------------------------------------------- running one object

function emit(
  st: RunState,
  kind: HopFate['kind'],
  sp: Path | undefined,
  tp: Path | undefined,
  reason: string,
  code?: Fate['code'],
): number {
  // Plain assignments, not spreads: fates are built per field on big documents.
  const f: HopFate = { kind, reason };
  if (sp) f.sourcePath = sp;
  if (tp) f.targetPath = tp;
  if (code) f.code = code;
  return st.fates.push(f) - 1;
}

function findHook(c: Compiled, st: RunState): ConversionHook | undefined {
  if (!st.hasHooks) return undefined;
  let h = st.hookCache.get(c);
  if (h === undefined) {
    h = st.hooks.find(st.kind.kind, st.edgeFrom.name, st.edgeTo.name, c.hookType) ?? null;
    st.hookCache.set(c, h);
  }
  return h ?? undefined;
}

const NO_BAG: BagAccess = {
  has: () => false,
  get: () => undefined,
  pull: () => undefined,
  set: () => undefined,
  remove: () => undefined,
  keys: () => [],
};

/** A state for gap-shape conversions: same issues, but no fates, hooks or required checks of its own. */
const quiet = (st: RunState): RunState => ({
  ...st,
  sp: [...st.sp],
  tp: [...st.tp],
  fates: [],
  allFates: false,
  traceAll: false,
  hasHooks: false,
  checkRequired: false,
});

const bagPath = (st: RunState, key: string): Path => [...st.tp, PROPERTY_BAG, key];
const srcBagPath = (st: RunState, key: string): Path => [...st.sp, PROPERTY_BAG, key];

/** The destination object's own keys and bag before a hook runs (values by reference: a shallow diff). */
interface Snapshot {
  readonly fields: Record<string, unknown>;
  readonly bag: PropertyBag | undefined;
}

function snapshot(out: Record<string, unknown>, withBag: boolean): Snapshot {
  const fields: Record<string, unknown> = {};
  for (const k in out) if (k !== PROPERTY_BAG) setKey(fields, k, out[k]);
  return { fields, bag: withBag ? readBag(out) : undefined };
}

/**
 * Fates for a hook's work, from a diff of the destination object before and after it, at that object's level:
 * a field the hook added or replaced (not the same value or reference) is `converted` from the whole source
 * object; a bag entry it added or rewrote is `bagged` from it. Fates already pointing at a field or bag entry
 * the hook replaced or removed are "taken over": `converted`, without a target (the hook consumed the value).
 * Edits the hook makes inside a nested value in place are not seen (nested objects have hooks of their own).
 */
function hookFates(st: RunState, c: Compiled, out: Record<string, unknown>, before: Snapshot, fateStart: number): void {
  const changed = new Set<string>();
  for (const k in out)
    if (k !== PROPERTY_BAG && (!Object.hasOwn(before.fields, k) || before.fields[k] !== out[k])) changed.add(k);
  for (const k in before.fields) if (!Object.hasOwn(out, k)) changed.add(k);
  const bagChanged = new Set<string>();
  const now = before.bag ? readBag(out) : undefined;
  if (before.bag && now) {
    for (const k in now) if (before.bag[k] !== now[k]) bagChanged.add(k);
    for (const k in before.bag) if (!Object.hasOwn(now, k)) bagChanged.add(k);
  }
  if (changed.size === 0 && bagChanged.size === 0) return;
  const { sp, tp } = st;
  const edge = `${st.edgeFrom.name} -> ${st.edgeTo.name}`;
  const by = `the hand-written conversion for ${c.hookType} on ${edge}`;
  const n = tp.length;
  let drop: Set<number> | undefined;
  for (let i = fateStart; i < st.fates.length; i++) {
    const f = st.fates[i] as HopFate;
    const t = f.targetPath;
    if (!t || t.length <= n) continue;
    let under = true;
    for (let j = 0; j < n && under; j++) under = t[j] === tp[j];
    if (!under) continue;
    const head = t[n] as Seg;
    const hit =
      head === PROPERTY_BAG ? t.length === n + 2 && bagChanged.has(String(t[n + 1])) : changed.has(String(head));
    if (!hit) continue;
    if (!f.sourcePath) {
      (drop ??= new Set()).add(i); // a nested required-missing under a value the hook replaced: stale
      continue;
    }
    f.kind = 'converted';
    delete f.targetPath;
    delete f.code;
    f.reason = `taken over by ${by}`;
  }
  if (drop) {
    let w = fateStart;
    for (let i = fateStart; i < st.fates.length; i++) if (!drop.has(i)) st.fates[w++] = st.fates[i] as HopFate;
    st.fates.length = w;
  }
  if (st.traceAll)
    for (const k of [...changed].sort())
      if (Object.hasOwn(out, k)) {
        const i = emit(st, 'converted', [...sp], [...tp, k], `set by ${by}`);
        (st.fates[i] as HopFate).whole = true;
      }
  if (now)
    for (const k of [...bagChanged].sort())
      if (Object.hasOwn(now, k)) {
        const i = emit(st, 'bagged', [...sp], bagPath(st, k), `kept in the property bag by ${by}`);
        (st.fates[i] as HopFate).whole = true;
      }
}

function runObject(c: Compiled, src: Record<string, unknown>, st: RunState): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const hook = st.hasHooks ? findHook(c, st) : undefined;
  // The working bag is created lazily: most objects have none and write none (the hot path of big documents).
  let bag: PropertyBag | null = null;
  let inherited: Set<string> | undefined;
  const rawBag = c.srcBag ? src[PROPERTY_BAG] : undefined;
  if (rawBag !== undefined && rawBag !== null && typeof rawBag === 'object' && hasKeys(rawBag)) {
    bag = readBag(src);
    inherited = new Set(Object.keys(bag));
  }
  let consumed = rawBag !== undefined ? 1 : 0;
  const { sp, tp } = st;
  // Only where a hook runs: fates of this object (and its children) start here; the hook's diff adjusts them.
  const fateStart = hook ? st.fates.length : 0;
  for (const op of c.ops) {
    switch (op.k) {
      case 'copy': {
        const v = src[op.s];
        if (v === undefined) break;
        consumed++;
        if (op.part !== undefined && st.part !== 'all' && st.part !== op.part) {
          out[op.d] = v; // the other part: passed through untouched, not read
          break;
        }
        sp.push(op.s);
        tp.push(op.d);
        out[op.d] = op.conv(v, st);
        if (op.fate === 'renamed' || (st.allFates && op.leaf))
          emit(st, op.fate, [...sp], [...tp], op.fate === 'renamed' ? 'configured property rename' : op.fate);
        sp.pop();
        tp.pop();
        break;
      }
      case 'api-version':
        if (op.s !== undefined && src[op.s] !== undefined) consumed++;
        out[op.d] = apiVersionOf(st.kind.group, st.dst.name);
        break;
      case 'kind':
        if (src[op.s] !== undefined) consumed++;
        out[op.d] = src[op.s] ?? st.kind.kind;
        break;
      case 'metadata':
        if (src[op.s] !== undefined) {
          consumed++;
          out[op.d] = deepClone(src[op.s]);
          if (st.allFates) emit(st, 'copied', [...sp, op.s], [...tp, op.d], 'metadata is copied verbatim');
        }
        break;
      case 'original-version':
        out[op.d] = st.src.name;
        // Not from the input: traced so that later hops' copies of it are not taken for input fields.
        if (st.traceAll) emit(st, 'set', undefined, [...tp, op.d], 'written by the conversion');
        break;
      case 'bag-write': {
        const v = src[op.s];
        if (v !== undefined) consumed++;
        if (v === undefined && bag === null) break;
        bag ??= {};
        bagWrite(bag, op.key, op.shape && v !== undefined && v !== null ? op.shape(v, quiet(st)) : v, op.type);
        inherited?.delete(op.key);
        if (v !== undefined && v !== null && Object.hasOwn(bag, op.key)) {
          const i = emit(
            st,
            'bagged',
            [...sp, op.s],
            bagPath(st, op.key),
            'not in the destination type: kept in the property bag',
          );
          // Reshaped going into a gap: paths inside no longer match the source's.
          if (op.shape) (st.fates[i] as HopFate).whole = true;
        }
        break;
      }
      case 'bag-read': {
        if (bag === null) break;
        const r = bagPull(bag, op.key, op.type);
        inherited?.delete(op.key);
        if (!r.found) break;
        if (!r.ok) {
          st.issues.push(
            issue(
              'error',
              'BAG_DECODE_FAILED',
              `bag entry ${op.key} is not valid for ${op.d}: ${r.error}`,
              srcBagPath(st, op.key),
            ),
          );
          break;
        }
        out[op.d] = op.shape && r.value !== null ? op.shape(r.value, quiet(st)) : r.value;
        const i = emit(st, 'unbagged', srcBagPath(st, op.key), [...tp, op.d], 'restored from the property bag');
        // Reshaped at the end of a gap: paths inside no longer match the stored shape's.
        if (op.shape) (st.fates[i] as HopFate).whole = true;
        break;
      }
      case 'swap': {
        // Unconvertible same-name pair: the destination comes from the source bag (written by a version of its
        // shape), the source value goes into the destination bag.
        if (bag !== null && op.readKey !== undefined) {
          const r = bagPull(bag, op.readKey, op.dType);
          inherited?.delete(op.readKey);
          if (r.found && r.ok) {
            out[op.d] = r.value;
            emit(
              st,
              'unbagged',
              srcBagPath(st, op.readKey),
              [...tp, op.d],
              'restored from the property bag (type changed)',
            );
          } else if (r.found && !r.ok) {
            st.issues.push(
              issue(
                'error',
                'BAG_DECODE_FAILED',
                `bag entry ${op.readKey} is not valid for ${op.d}: ${r.error}`,
                srcBagPath(st, op.readKey),
              ),
            );
          }
        }
        const v = src[op.s];
        if (v !== undefined) consumed++;
        if (op.writeKey !== undefined) {
          if (v === undefined && bag === null) break;
          bag ??= {};
          bagWrite(bag, op.writeKey, v, op.sType);
          inherited?.delete(op.writeKey);
          if (v !== undefined && v !== null && Object.hasOwn(bag, op.writeKey))
            emit(
              st,
              hook ? 'bagged' : 'manual',
              [...sp, op.s],
              bagPath(st, op.writeKey),
              'type changed: kept in the property bag; a hand-written conversion is needed',
              hook ? undefined : 'NEEDS_HANDWRITTEN_CONVERSION',
            );
        } else if (v !== undefined && v !== null) {
          emit(
            st,
            hook ? 'lost' : 'manual',
            [...sp, op.s],
            undefined,
            'type changed and the destination has no property bag',
            'NEEDS_HANDWRITTEN_CONVERSION',
          );
        }
        break;
      }
      case 'drop': {
        const v = src[op.s];
        if (v === undefined) break;
        consumed++;
        if (op.ignored) break;
        if (op.manual) {
          if (!hook)
            emit(
              st,
              'manual',
              [...sp, op.s],
              undefined,
              '`conversion: manual` and no hook is registered',
              'NEEDS_HANDWRITTEN_CONVERSION',
            );
        } else if (!isEmptyForBag(v, { kind: 'map', values: { kind: 'opaque', reason: 'free-form' } }))
          // null, [] and {} carry no data (ASO's omitempty; round trips treat them as absent): nothing is lost
          emit(st, 'lost', [...sp, op.s], undefined, 'not in the destination version, which has no property bag');
        break;
      }
    }
  }
  // Fields the source schema does not know: pruned (the API server would drop them), unless the type keeps
  // extras. Counting first keeps the common case (no unknown field) free of per-key lookups.
  let n = 0;
  for (const _ in src) n++;
  if (n > consumed) {
    for (const k in src) {
      if (c.srcKnown.has(k) || (k === PROPERTY_BAG && c.srcBag)) continue;
      if (c.srcExtras) {
        if (c.dstExtras) {
          setKey(out, k, deepClone(src[k]));
          if (st.allFates) emit(st, 'opaque', [...sp, k], [...tp, k], 'extra field kept by the schema');
        } else emit(st, 'lost', [...sp, k], undefined, 'extra field the destination type does not keep');
      } else {
        emit(
          st,
          'pruned',
          [...sp, k],
          undefined,
          'not in the source version schema: the API server would drop it',
          'PRUNED',
        );
      }
    }
  }
  if (bag !== null) {
    if (c.dstBag) {
      setBag(out, bag);
      if (inherited)
        for (const k of [...inherited].sort())
          if (Object.hasOwn(bag, k)) emit(st, 'passed', srcBagPath(st, k), bagPath(st, k), 'kept in the property bag');
    } else {
      for (const k of Object.keys(bag).sort())
        emit(st, 'lost', srcBagPath(st, k), undefined, 'the destination version has no property bag');
    }
  }
  if (hook) {
    const ctx: HookContext = {
      catalog: st.catalog,
      kind: st.kind,
      edge: { from: st.edgeFrom, to: st.edgeTo },
      direction: st.direction,
      sourceVersion: st.src,
      destinationVersion: st.dst,
      sourceType: c.srcType,
      destinationType: c.dstType,
      path: [...tp],
      bag: c.dstBag ? bagAccess(out) : NO_BAG,
      report: (i) => st.issues.push(i),
    };
    const before = snapshot(out, c.dstBag);
    try {
      if (st.direction === 'up') hook.afterToHub(src as Readonly<JsonObject>, out, ctx);
      else hook.afterFromHub(src as Readonly<JsonObject>, out, ctx);
    } catch (e) {
      st.issues.push(
        issue(
          'error',
          'HOOK_FAILED',
          `hook for ${c.hookType} (${st.edgeFrom.name} -> ${st.edgeTo.name}) failed: ${e instanceof Error ? e.message : String(e)}`,
          [...tp],
        ),
      );
    }
    hookFates(st, c, out, before, fateStart);
  }
  if (st.checkRequired) {
    for (const r of c.required)
      if (out[r] === undefined)
        emit(
          st,
          'required-missing',
          undefined,
          [...tp, r],
          'required by the destination version and absent',
          'REQUIRED_MISSING',
        );
  }
  return out;
}

// ---------------------------------------------------------------- composing hops
//
// A conversion of more than one hop (chained strategy, or any version -> hub -> another version) runs each hop
// on the previous hop's output, so a hop's fates have source paths into the intermediate document. The result
// must speak about the input and the output only (the UI colours the Source pane by sourcePath and the Target
// pane by targetPath), so fates are composed:
// - After each hop but the last, every fate with a target becomes a trace: intermediate path -> (input path,
//   kind and reason so far). The next hop looks each fate's source path up by its longest traced prefix and
//   maps it to the input path (plus the rest of the path, unless the traced value was reshaped, i.e. made by a
//   hook from its whole source object or converted across a version gap, or is a bag entry of the input: their
//   insides have no path in the input). Values the conversion writes itself (`originalVersion`) are traced
//   with no input path and never reported.
// - Kinds combine so the final kind says what happened end to end: a copy is transparent (renamed then copied
//   is `renamed`); bagged then passed through is `bagged`; bagged (or manual) then restored from the bag is
//   `copied` (same path), `renamed`, or `converted` (reshaped), with a reason naming the bag round trip; a value
//   a hook made stays `converted` from the hook's object (however later hops move it); anything then lost, pruned,
//   manual or required-missing is that, with the input path; otherwise the more telling kind wins.
// - A trace no fate of the hop consumes (fast mode records no copies; an object copy has no fate of its own)
//   is carried on: mapped through a fate of its parent (a renamed or converted parent moves it) or kept at the
//   same path when no fate covers it; dropped when its parent was lost, pruned or bagged (that fate covers it).
//   After the last hop, a carried trace that still points at a value of the output becomes a final fate, so a
//   rename or bag round trip early in the path is still reported when later hops only copied the value.
// - Fates of a hop before the last without a target (lost, pruned, manual, taken over) are final at once.

const segKey = pathKey;

interface Trace {
  /** Where the value is in the current intermediate document. */
  at: Path;
  /** Where it came from in the input (undefined: nowhere, e.g. a default). */
  origin: Path | undefined;
  kind: HopFate['kind'];
  reason: string;
  code: Fate['code'] | undefined;
  /** Reshaped (made by a hook from a whole object, or a gap's shape conversion): sticks through later hops. */
  made: boolean;
  /** Paths inside the value do not exist in the input: `made`, or the input path is a bag entry. */
  whole: boolean;
  /** Set while composing the next hop: a fate of it consumed this trace. */
  consumed?: boolean;
}

const RANK: Partial<Record<HopFate['kind'], number>> = { copied: 0, opaque: 1, converted: 2, renamed: 3, unbagged: 4 };

const inBag = (p: Path | undefined): boolean => p !== undefined && p.length >= 2 && p[p.length - 2] === PROPERTY_BAG;

/** A hop's reason that says nothing the kind does not (a plain leaf copy or conversion). */
const plain = (f: HopFate): boolean =>
  (f.kind === 'copied' || f.kind === 'converted' || f.kind === 'opaque') && f.reason === f.kind;

/** The reasons of two steps, joined unless the first says nothing the kind does not or both say the same. */
const joinReason = (prev: Trace, f: HopFate, hop: string): string =>
  prev.reason === prev.kind || prev.reason === f.reason ? f.reason : `${prev.reason}; then on ${hop}: ${f.reason}`;

interface Combined {
  kind: HopFate['kind'];
  reason: string;
  code: Fate['code'] | undefined;
}

/** Kind and reason, end to end, of a value traced to `prev` and moved by `f` on hop `hop`. */
function combine(prev: Trace, f: HopFate, origin: Path | undefined, hop: string): Combined {
  const cur = f.kind;
  if (prev.kind === 'copied' && prev.reason === 'copied') return { kind: cur, reason: f.reason, code: f.code };
  if (cur === 'lost' || cur === 'pruned' || cur === 'manual' || cur === 'required-missing')
    return { kind: cur, reason: joinReason(prev, f, hop), code: f.code };
  if (cur === 'passed')
    return prev.kind === 'copied' || prev.kind === 'passed'
      ? { kind: 'bagged', reason: prev.kind === 'copied' ? f.reason : prev.reason, code: undefined }
      : { kind: prev.kind, reason: prev.reason, code: prev.code };
  if (cur === 'bagged')
    return prev.kind === 'manual'
      ? { kind: 'manual', reason: joinReason(prev, f, hop), code: prev.code }
      : { kind: 'bagged', reason: joinReason(prev, f, hop), code: undefined };
  if (cur === 'unbagged') {
    if (prev.kind === 'bagged' || prev.kind === 'manual' || prev.kind === 'passed')
      return {
        kind: f.whole || prev.made ? 'converted' : samePath(origin, f.targetPath) ? 'copied' : 'renamed',
        reason: `round trip through the property bag (${prev.reason}; restored on ${hop})`,
        code: undefined,
      };
    return { kind: 'unbagged', reason: joinReason(prev, f, hop), code: undefined };
  }
  // Taken over by a hook (no target), or moved after a hook made it from a whole object: `converted`.
  if (cur === 'converted' && f.targetPath === undefined)
    return { kind: 'converted', reason: joinReason(prev, f, hop), code: undefined };
  if (prev.made && prev.kind === 'converted' && f.targetPath !== undefined)
    return { kind: 'converted', reason: plain(f) ? prev.reason : joinReason(prev, f, hop), code: undefined };
  if (prev.kind === 'copied')
    return { kind: cur, reason: plain(f) ? prev.reason : joinReason(prev, f, hop), code: f.code };
  if (plain(f) || cur === 'copied') return { kind: prev.kind, reason: prev.reason, code: prev.code };
  return {
    kind: (RANK[prev.kind] ?? 0) >= (RANK[cur] ?? 0) ? prev.kind : cur,
    reason: joinReason(prev, f, hop),
    code: f.code,
  };
}

function lookupTrace(traces: Map<string, Trace>, p: Path): { trace: Trace; rest: Path } | undefined {
  for (let n = p.length; n > 0; n--) {
    const t = traces.get(n === p.length ? segKey(p) : segKey(p.slice(0, n)));
    if (t) return { trace: t, rest: n === p.length ? [] : p.slice(n) };
  }
  return undefined;
}

/**
 * Where a trace no fate consumed is after a hop: moved by the fate of its nearest parent that has one (when that
 * fate keeps the value's structure), the same path when none has, or gone (undefined) when the parent was lost,
 * pruned, bagged or replaced as a whole (that fate speaks for it).
 */
function carry(at: Path, bySource: Map<string, HopFate>): Path | undefined {
  for (let n = at.length - 1; n > 0; n--) {
    const f = bySource.get(segKey(at.slice(0, n)));
    if (!f) continue;
    const keeps =
      f.targetPath !== undefined &&
      !f.whole &&
      (f.kind === 'copied' || f.kind === 'renamed' || f.kind === 'converted' || f.kind === 'opaque');
    return keeps ? [...(f.targetPath as Path), ...at.slice(n)] : undefined;
  }
  return at;
}

/** Kinds the fast mode (`fates: false`) records. */
const FAST_KINDS = new Set<HopFate['kind']>([
  'passed',
  ...FATE_KIND_ORDER.filter((k) => FATE_KINDS[k].sparse && k !== 'lost' && k !== 'pruned' && k !== 'required-missing'),
]);

// ---------------------------------------------------------------- public API

function failed(from: string, to: string, doc: unknown, issues: Issue[]): ConversionResult {
  return { output: undefined, from, to, path: [], fates: [], issues };
}

/** Converts a whole resource document (or only its spec or status) to `to` (a version name or `hub`). Pure. */
export function convertResource(
  catalog: Catalog,
  doc: unknown,
  to: string,
  opts: ConvertOptions = {},
): ConversionResult {
  const found = findKindForDocument(catalog, doc);
  if (!found.kind || !found.version) return failed('', to, doc, found.issue ? [found.issue] : []);
  return convertAt(catalog, found.kind, found.version, doc as Record<string, unknown>, to, opts);
}

/** Converts a document known to be `kind` at `from` (its apiVersion is not consulted). */
export function convertAt(
  catalog: Catalog,
  kind: Kind,
  from: Version,
  doc: Record<string, unknown>,
  to: string,
  opts: ConvertOptions = {},
): ConversionResult {
  const target = resolveVersion(kind, to);
  if (!target.version) return failed(from.name, to, doc, target.issue ? [target.issue] : []);
  const strategy = opts.strategy ?? kind.strategy;
  const path = conversionPath(kind, from.name, target.version.name, strategy);
  if (path.length === 0)
    return failed(from.name, target.version.name, doc, [
      issue('error', 'UNKNOWN_VERSION', `no ${strategy} conversion path from ${from.name} to ${target.version.name}`),
    ]);
  const hooks = opts.hooks ?? NO_HOOKS;
  const allFates = opts.fates !== false;
  const issues: Issue[] = [];
  const final: Fate[] = [];
  let traces: Map<string, Trace> | undefined;
  let current: Record<string, unknown> = doc;
  const hops: [Version, Version][] = [];
  for (let i = 0; i + 1 < path.length; i++)
    hops.push([findVersion(kind, path[i] as string) as Version, findVersion(kind, path[i + 1] as string) as Version]);
  if (hops.length === 0) hops.push([from, from]); // same version: still checks the schema (pruning) and copies
  hops.forEach(([a, b], i) => {
    const direction = a === b ? 'up' : hopDirection(kind, strategy, a.name, b.name);
    const [edgeFrom, edgeTo] = direction === 'up' ? [a, b] : [b, a];
    const st: RunState = {
      catalog,
      kind,
      src: a,
      dst: b,
      direction,
      edgeFrom,
      edgeTo,
      sp: [],
      tp: [],
      fates: [],
      allFates,
      traceAll: allFates || i < hops.length - 1,
      issues,
      hooks,
      hasHooks: hooks.registrations.length > 0,
      hookCache: new Map(),
      checkRequired: i === hops.length - 1 && b.role === 'api',
      part: opts.part ?? 'all',
    };
    const c = compiled({ catalog, kind, src: a, dst: b, direction, strategy }, a.root, b.root, 'root');
    current = c ? runObject(c, current, st) : deepClone(current);
    const last = i === hops.length - 1;
    const hop = `${a.name} -> ${b.name}`;
    const next = new Map<string, Trace>();
    const push = (
      kind: HopFate['kind'],
      origin: Path | undefined,
      target: Path | undefined,
      reason: string,
      code: Fate['code'] | undefined,
    ): void => {
      if (kind === 'set' || (origin === undefined && kind !== 'required-missing')) return;
      const k: FateKind = kind === 'passed' ? 'bagged' : kind;
      const out: { -readonly [P in keyof Fate]: Fate[P] } = { kind: k, reason };
      if (origin) out.sourcePath = origin;
      if (target && k !== 'lost' && k !== 'pruned') out.targetPath = target;
      const c = code ?? FATE_KINDS[k].problem?.code;
      if (c) out.code = c;
      final.push(out);
    };
    for (const f of st.fates) {
      let origin = f.sourcePath;
      let kindNow = f.kind;
      let reason = f.reason;
      let code = f.code;
      let made = f.whole === true;
      if (traces && f.sourcePath) {
        const hit = lookupTrace(traces, f.sourcePath);
        if (hit) {
          // Consumed: not carried on (before the last hop: only when the fate is about the traced value itself).
          if (last || hit.rest.length === 0) hit.trace.consumed = true;
          const t = hit.trace;
          origin = t.origin ? (t.whole ? t.origin : [...t.origin, ...hit.rest]) : undefined;
          const r = combine(t, f, origin, hop);
          kindNow = r.kind;
          reason = r.reason;
          code = r.code;
          made = made || t.made;
        }
      }
      if (f.kind === 'required-missing') origin = undefined;
      else if (origin === undefined && !(f.targetPath && !last)) continue; // not from the input (`set`)
      if (!last && f.targetPath && f.kind !== 'lost' && f.kind !== 'pruned') {
        const whole = made || inBag(origin);
        next.set(segKey(f.targetPath), { at: f.targetPath, origin, kind: kindNow, reason, code, made, whole });
        continue;
      }
      if (!last && f.kind === 'required-missing') continue;
      push(kindNow, origin, f.targetPath, reason, code);
    }
    if (traces) {
      // Traces no fate of this hop consumed: carried on (see "composing hops"). After the last hop only those
      // that would be reported matter.
      const open: Trace[] = [];
      let longest = 0;
      for (const t of traces.values()) {
        if (t.consumed) continue;
        if (last && (t.origin === undefined || !(allFates ? t.kind !== 'copied' : FAST_KINDS.has(t.kind)))) continue;
        open.push(t);
        longest = Math.max(longest, t.at.length);
      }
      if (open.length > 0) {
        // Fates that can be a proper parent of an open trace, by source path (short paths only: cheap).
        const bySource = new Map<string, HopFate>();
        for (const f of st.fates)
          if (f.sourcePath && f.sourcePath.length < longest) bySource.set(segKey(f.sourcePath), f);
        for (const t of open) {
          const to = carry(t.at, bySource);
          if (!to) continue;
          if (!last) {
            const k = segKey(to);
            if (!next.has(k)) next.set(k, { ...t, at: to, consumed: false });
          } else if (valueAt(current, to) !== undefined) push(t.kind, t.origin, to, t.reason, t.code);
        }
      }
    }
    traces = next;
  });
  final.sort((x, y) => comparePaths(x.sourcePath, y.sourcePath) || comparePaths(x.targetPath, y.targetPath));
  const fromFates: Issue[] = [];
  for (const f of final) {
    const meta = FATE_KINDS[f.kind].problem;
    if (!meta) continue;
    const at = f.kind === 'required-missing' ? f.targetPath : f.sourcePath;
    fromFates.push(issue(meta.severity, meta.code, f.reason, at ?? []));
  }
  return {
    output: current,
    from: from.name,
    to: target.version.name,
    path,
    fates: final,
    issues: [...fromFates, ...issues],
  };
}

/** Spec-only conversion (ASO's ConvertSpecTo/From): the status is passed through untouched, not read. */
export const convertSpec = (
  catalog: Catalog,
  doc: unknown,
  to: string,
  opts: Omit<ConvertOptions, 'part'> = {},
): ConversionResult => convertResource(catalog, doc, to, { ...opts, part: 'spec' });

/** Status-only conversion (ASO's ConvertStatusTo/From): the spec is passed through untouched, not read. */
export const convertStatus = (
  catalog: Catalog,
  doc: unknown,
  to: string,
  opts: Omit<ConvertOptions, 'part'> = {},
): ConversionResult => convertResource(catalog, doc, to, { ...opts, part: 'status' });
