// Run one compiled type plan on one object: the ops in plan order, then pruning, the bag epilogue, the hook
// and the required check. One small function per op kind; `runObject` only sequences them.
import { issue } from '../../model/issue.ts';
import { apiVersionOf } from '../../catalog/catalogLookup.ts';
import { deepClone, hasKeys, ownValue, setKey } from '../../model/jsonValue.ts';
import {
  PROPERTY_BAG,
  bagPull,
  bagWrite,
  emptyBag,
  isEmptyForBag,
  readBag,
  setBag,
  type PropertyBag,
} from '../../model/propertyBag.ts';
import type { ConversionHook } from '../../plan/hooks.ts';
import type { Compiled, Op } from './program.ts';
import { bagPath, causeOf, emit, quiet, srcBagPath, type HopFate, type RunState } from './hopState.ts';
import { runHook } from './hookFates.ts';

type Obj = Record<string, unknown>;

/** The working state of one object: its output, its bag (created lazily) and what the ops consumed. */
interface ObjectRun {
  readonly src: Obj;
  readonly out: Obj;
  readonly hook: ConversionHook | undefined;
  /** Most objects have no bag and write none (the hot path of big documents): null until needed. */
  bag: PropertyBag | null;
  /** Keys of the source bag no op has taken yet: carried on (or lost) at the end. */
  inherited: Set<string> | undefined;
  consumed: number;
  /** Compact fates: names of plain same-path leaf copies not recorded yet (see `settleCopies`). */
  silent: string[] | undefined;
  /** Something happened here that a subtree `copied` fate would misstate (a part passed through unread). */
  dirty: boolean;
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

export function runObject(c: Compiled, src: Obj, st: RunState): Obj {
  const hook = st.hasHooks ? findHook(c, st) : undefined;
  const r: ObjectRun = {
    src,
    out: {},
    hook,
    bag: null,
    inherited: undefined,
    consumed: 0,
    silent: undefined,
    dirty: false,
  };
  const objectStart = st.fates.length;
  const rawBag = c.srcBag ? src[PROPERTY_BAG] : undefined;
  if (rawBag !== undefined && rawBag !== null && typeof rawBag === 'object' && hasKeys(rawBag)) {
    r.bag = readBag(src);
    r.inherited = new Set(Object.keys(r.bag));
  }
  if (rawBag !== undefined) r.consumed = 1;
  // Only where a hook runs: fates of this object (and its children) start here; the hook's diff adjusts them.
  const fateStart = hook ? st.fates.length : 0;
  for (const op of c.ops) runOp(op, r, st);
  pruneUnknown(c, r, st);
  bagEpilogue(c, r, st);
  if (hook) runHook(hook, c, src, r.out, st, fateStart);
  if (st.checkRequired) checkRequired(c, r.out, st);
  if (st.compactCopies) settleCopies(r, st, objectStart);
  return r.out;
}

function runOp(op: Op, r: ObjectRun, st: RunState): void {
  switch (op.k) {
    case 'copy':
      return copy(op, r, st);
    case 'api-version':
      if (op.from !== undefined && ownValue(r.src, op.from) !== undefined) r.consumed++;
      setKey(r.out, op.to, apiVersionOf(st.kind.group, st.dst.name));
      return;
    case 'kind':
      if (ownValue(r.src, op.from) !== undefined) r.consumed++;
      setKey(r.out, op.to, ownValue(r.src, op.from) ?? st.kind.kind);
      return;
    case 'metadata':
      if (ownValue(r.src, op.from) === undefined) return;
      r.consumed++;
      setKey(r.out, op.to, deepClone(ownValue(r.src, op.from)));
      if (st.allFates) emit(st, 'copied', [...st.sourceAt, op.from], [...st.targetAt, op.to], causeOf(st, 'metadata'));
      return;
    case 'original-version':
      setKey(r.out, op.to, st.src.name);
      // Not from the input: traced so that later hops' copies of it are not taken for input fields.
      if (st.traceAll) emit(st, 'set', undefined, [...st.targetAt, op.to], causeOf(st, 'original-version'));
      return;
    case 'bag-write':
      return bagWriteOp(op, r, st);
    case 'bag-read':
      return bagReadOp(op, r, st);
    case 'swap':
      return swap(op, r, st);
    case 'drop':
      return drop(op, r, st);
  }
}

function copy(op: Extract<Op, { k: 'copy' }>, r: ObjectRun, st: RunState): void {
  const v = ownValue(r.src, op.from);
  if (v === undefined) return;
  r.consumed++;
  if (op.part !== undefined && st.part !== 'all' && st.part !== op.part) {
    setKey(r.out, op.to, v); // the other part: passed through untouched, not read
    r.dirty = true;
    return;
  }
  st.sourceAt.push(op.from);
  st.targetAt.push(op.to);
  const w = op.conv(v, st);
  setKey(r.out, op.to, w);
  if (op.fate === 'renamed' || (st.allFates && op.leaf)) {
    const same = sameStack(st.sourceAt, st.targetAt);
    if (st.compactCopies && same && op.rule === 'copy') (r.silent ??= []).push(op.to);
    else {
      const at = st.sourceAt.slice();
      // A value an enum step left as it was (a storage string into the same enum) is a copy, not a conversion.
      const fate = op.fate === 'converted' && sameLeaf(v, w) ? 'copied' : op.fate;
      emit(st, fate, at, same ? at : st.targetAt.slice(), causeOf(st, op.rule));
    }
  }
  st.sourceAt.pop();
  st.targetAt.pop();
}

/** Equal scalars, or arrays of equal scalars (an enum list). */
function sameLeaf(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]);
}

function sameStack(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = a.length - 1; i >= 0; i--) if (a[i] !== b[i]) return false;
  return true;
}

function bagWriteOp(op: Extract<Op, { k: 'bag-write' }>, r: ObjectRun, st: RunState): void {
  const v = ownValue(r.src, op.from);
  if (v !== undefined) r.consumed++;
  if (v === undefined && r.bag === null) return;
  const bag = (r.bag ??= emptyBag());
  bagWrite(bag, op.key, op.shape && v !== undefined && v !== null ? op.shape(v, quiet(st)) : v, op.type);
  r.inherited?.delete(op.key);
  if (v !== undefined && v !== null && Object.hasOwn(bag, op.key)) {
    const i = emit(st, 'bagged', [...st.sourceAt, op.from], bagPath(st, op.key), causeOf(st, 'bag-write'));
    // Reshaped going into a gap: paths inside no longer match the source's.
    if (op.shape) (st.fates[i] as HopFate).whole = true;
  }
}

function pull(r: ObjectRun, st: RunState, key: string, to: string, type: Parameters<typeof bagPull>[2]) {
  const res = bagPull(r.bag as PropertyBag, key, type);
  r.inherited?.delete(key);
  if (res.found && !res.ok)
    st.issues.push(
      issue('error', 'BAG_DECODE_FAILED', `bag entry ${key} is not valid for ${to}: ${res.error}`, srcBagPath(st, key)),
    );
  return res;
}

function bagReadOp(op: Extract<Op, { k: 'bag-read' }>, r: ObjectRun, st: RunState): void {
  if (r.bag === null) return;
  const res = pull(r, st, op.key, op.to, op.type);
  if (!res.found || !res.ok) return;
  const conv = res.value !== null ? (op.shape ?? op.enumCase) : undefined;
  setKey(r.out, op.to, conv ? conv(res.value, quiet(st)) : res.value);
  const i = emit(st, 'unbagged', srcBagPath(st, op.key), [...st.targetAt, op.to], causeOf(st, 'bag-read'));
  // Reshaped at the end of a gap: paths inside no longer match the stored shape's.
  if (op.shape) (st.fates[i] as HopFate).whole = true;
}

/**
 * Unconvertible same-name pair: the destination comes from the source bag (written by a version of its
 * shape), the source value goes into the destination bag.
 */
function swap(op: Extract<Op, { k: 'swap' }>, r: ObjectRun, st: RunState): void {
  if (r.bag !== null && op.readKey !== undefined) {
    const res = pull(r, st, op.readKey, op.to, op.toType);
    if (res.found && res.ok) {
      setKey(r.out, op.to, res.value);
      emit(st, 'unbagged', srcBagPath(st, op.readKey), [...st.targetAt, op.to], causeOf(st, 'bag-read-type-changed'));
    }
  }
  const v = ownValue(r.src, op.from);
  if (v !== undefined) r.consumed++;
  if (op.writeKey !== undefined) {
    if (v === undefined && r.bag === null) return;
    const bag = (r.bag ??= emptyBag());
    bagWrite(bag, op.writeKey, v, op.fromType);
    r.inherited?.delete(op.writeKey);
    if (v !== undefined && v !== null && Object.hasOwn(bag, op.writeKey))
      emit(
        st,
        r.hook ? 'bagged' : 'manual',
        [...st.sourceAt, op.from],
        bagPath(st, op.writeKey),
        causeOf(st, 'type-changed-bagged'),
        r.hook ? undefined : 'NEEDS_HANDWRITTEN_CONVERSION',
      );
  } else if (v !== undefined && v !== null) {
    emit(
      st,
      r.hook ? 'lost' : 'manual',
      [...st.sourceAt, op.from],
      undefined,
      causeOf(st, 'type-changed-no-bag'),
      'NEEDS_HANDWRITTEN_CONVERSION',
    );
  }
}

const FREE_FORM_MAP = { kind: 'map', values: { kind: 'opaque', reason: 'free-form' } } as const;

function drop(op: Extract<Op, { k: 'drop' }>, r: ObjectRun, st: RunState): void {
  const v = ownValue(r.src, op.from);
  if (v === undefined) return;
  r.consumed++;
  if (op.ignored) return;
  if (op.manual) {
    if (!r.hook)
      emit(
        st,
        'manual',
        [...st.sourceAt, op.from],
        undefined,
        causeOf(st, 'manual-no-hook'),
        'NEEDS_HANDWRITTEN_CONVERSION',
      );
  } else if (!isEmptyForBag(v, FREE_FORM_MAP))
    // null, [] and {} carry no data (ASO's omitempty; round trips treat them as absent): nothing is lost
    emit(st, 'lost', [...st.sourceAt, op.from], undefined, causeOf(st, 'no-destination-field'));
}

/**
 * Fields the source schema does not know: pruned (the API server would drop them), unless the type keeps
 * extras. Counting first keeps the common case (no unknown field) free of per-key lookups.
 */
function pruneUnknown(c: Compiled, r: ObjectRun, st: RunState): void {
  let n = 0;
  for (const _ in r.src) n++;
  if (n <= r.consumed) return;
  for (const k in r.src) {
    if (c.srcKnown.has(k) || (k === PROPERTY_BAG && c.srcBag)) continue;
    const at = [...st.sourceAt, k];
    if (!c.srcExtras) emit(st, 'pruned', at, undefined, causeOf(st, 'not-in-schema'), 'PRUNED');
    else if (!c.dstExtras) emit(st, 'lost', at, undefined, causeOf(st, 'extra-dropped'));
    else {
      setKey(r.out, k, deepClone(r.src[k]));
      if (st.allFates) emit(st, 'opaque', at, [...st.targetAt, k], causeOf(st, 'extra-kept'));
    }
  }
}

/** The bag after the ops: written to the destination (entries no op took are carried on), or lost. */
function bagEpilogue(c: Compiled, r: ObjectRun, st: RunState): void {
  const bag = r.bag;
  if (bag === null) return;
  if (c.dstBag) {
    setBag(r.out, bag);
    if (r.inherited)
      for (const k of [...r.inherited].sort())
        if (Object.hasOwn(bag, k)) emit(st, 'passed', srcBagPath(st, k), bagPath(st, k), causeOf(st, 'bag-carried'));
  } else {
    for (const k of Object.keys(bag).sort()) emit(st, 'lost', srcBagPath(st, k), undefined, causeOf(st, 'bag-dropped'));
  }
}

/**
 * Compact fates (every fate computed, no hooks): an object whose fields were all plain same-path copies (its
 * own leaves, and child objects that settled the same way) gets one `copied` fate for the whole subtree
 * instead of one per field; `copied` covers its children wherever fates are read. Otherwise its plain leaf
 * copies are recorded one by one, as without compaction. The root never collapses.
 */
function settleCopies(r: ObjectRun, st: RunState, objectStart: number): void {
  let whole = !r.dirty && r.bag === null && st.sourceAt.length > 0 && sameStack(st.sourceAt, st.targetAt);
  for (let i = objectStart; whole && i < st.fates.length; i++) whole = (st.fates[i] as HopFate).subtree === true;
  if (whole) {
    st.fates.length = objectStart;
    const at = st.sourceAt.slice();
    (st.fates[emit(st, 'copied', at, at, causeOf(st, 'copy'))] as HopFate).subtree = true;
    return;
  }
  if (r.silent)
    for (const name of r.silent) {
      const at = [...st.sourceAt, name];
      emit(st, 'copied', at, at, causeOf(st, 'copy'));
    }
}

function checkRequired(c: Compiled, out: Obj, st: RunState): void {
  for (const name of c.required)
    if (out[name] === undefined)
      emit(
        st,
        'required-missing',
        undefined,
        [...st.targetAt, name],
        causeOf(st, 'required-absent'),
        'REQUIRED_MISSING',
      );
}
