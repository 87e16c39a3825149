// Hand-written hooks run after the generated steps of an object; their work is seen as a diff of the
// destination object before and after, and recorded as fates with `hook-*` causes.
import { issue } from '../../model/issue.ts';
import type { FateCause, FateRule } from '../../fates/fate.ts';
import type { ConversionHook, HookContext, JsonObject } from '../../plan/hooks.ts';
import { setKey } from '../../model/jsonValue.ts';
import { PROPERTY_BAG, bagAccess, readBag, type BagAccess, type PropertyBag } from '../../model/propertyBag.ts';
import type { Compiled } from './compileHop.ts';
import { bagPath, emit, type HopFate, type RunState, type Seg } from './hopState.ts';

const NO_BAG: BagAccess = {
  has: () => false,
  get: () => undefined,
  pull: () => undefined,
  set: () => undefined,
  remove: () => undefined,
  keys: () => [],
};

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

/** Runs the hook on one object and records what it did. A throwing hook is a HOOK_FAILED issue. */
export function runHook(
  hook: ConversionHook,
  c: Compiled,
  src: Record<string, unknown>,
  out: Record<string, unknown>,
  st: RunState,
  fateStart: number,
): void {
  const ctx: HookContext = {
    catalog: st.catalog,
    kind: st.kind,
    edge: { from: st.edgeFrom, to: st.edgeTo },
    direction: st.direction,
    sourceVersion: st.src,
    destinationVersion: st.dst,
    sourceType: c.srcType,
    destinationType: c.dstType,
    path: [...st.targetAt],
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
        [...st.targetAt],
      ),
    );
  }
  hookFates(st, c, out, before, fateStart);
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
  const { sourceAt, targetAt } = st;
  const cause = (rule: FateRule): FateCause => ({
    rule,
    hop: { from: st.src.name, to: st.dst.name },
    hook: { type: c.hookType, from: st.edgeFrom.name, to: st.edgeTo.name },
  });
  const tookOver = cause('hook-took-over');
  const n = targetAt.length;
  let drop: Set<number> | undefined;
  for (let i = fateStart; i < st.fates.length; i++) {
    const f = st.fates[i] as HopFate;
    const t = f.targetPath;
    if (!t || t.length <= n) continue;
    let under = true;
    for (let j = 0; j < n && under; j++) under = t[j] === targetAt[j];
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
    f.cause = tookOver;
  }
  if (drop) {
    let w = fateStart;
    for (let i = fateStart; i < st.fates.length; i++) if (!drop.has(i)) st.fates[w++] = st.fates[i] as HopFate;
    st.fates.length = w;
  }
  if (st.traceAll) {
    const set = cause('hook-set');
    for (const k of [...changed].sort())
      if (Object.hasOwn(out, k)) {
        const i = emit(st, 'converted', [...sourceAt], [...targetAt, k], set);
        (st.fates[i] as HopFate).whole = true;
      }
  }
  if (now) {
    const bagged = cause('hook-bagged');
    for (const k of [...bagChanged].sort())
      if (Object.hasOwn(now, k)) {
        const i = emit(st, 'bagged', [...sourceAt], bagPath(st, k), bagged);
        (st.fates[i] as HopFate).whole = true;
      }
  }
}
