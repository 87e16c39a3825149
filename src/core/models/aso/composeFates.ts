// Composing hops (CONVERSION.md §8). A conversion of more than one hop (chained strategy, or any version ->
// hub -> another version) runs each hop on the previous hop's output, so a hop's fates have source paths into
// the intermediate document. The result must speak about the input and the output only (the UI colours the
// Source pane by sourcePath and the Target pane by targetPath), so fates are composed:
// - After each hop but the last, every fate with a target becomes a trace: intermediate path -> (input path,
//   kind and causes so far). The next hop looks each fate's source path up by its longest traced prefix and
//   maps it to the input path (plus the rest of the path, unless the traced value was reshaped, i.e. made by a
//   hook from its whole source object or converted across a version gap, or is a bag entry of the input: their
//   insides have no path in the input). Values the conversion writes itself (`originalVersion`) are traced
//   with no input path and never reported.
// - Kinds combine so the final kind says what happened end to end: a copy is transparent (renamed then copied
//   is `renamed`); bagged then passed through is `bagged`; bagged (or manual) then restored from the bag is
//   `copied` (same path), `renamed`, or `converted` (reshaped), its causes the bag round trip; a value a hook
//   made stays `converted` from the hook's object (however later hops move it); anything then lost, pruned,
//   manual or required-missing is that, with the input path; otherwise the more telling kind wins.
// - A trace no fate of the hop consumes (fast mode records no copies; an object copy has no fate of its own)
//   is carried on: mapped through a fate of its parent (a renamed or converted parent moves it) or kept at the
//   same path when no fate covers it; dropped when its parent was lost, pruned or bagged (that fate covers it).
//   After the last hop, a carried trace that still points at a value of the output becomes a final fate, so a
//   rename or bag round trip early in the path is still reported when later hops only copied the value.
// - Fates of a hop before the last without a target (lost, pruned, manual, taken over) are final at once.
// All decisions read kinds and cause rules, never words.
import type { Path } from '../../model/path.ts';
import { comparePaths, pathKey, samePath } from '../../model/path.ts';
import { valueAt } from '../../model/jsonValue.ts';
import { PROPERTY_BAG } from '../../model/propertyBag.ts';
import type { Fate, FateCause, FateKind, FateRule } from '../../fates/fate.ts';
import { FATE_KINDS } from '../../fates/fateKinds.ts';
import { fateReason } from './fateReason.ts';
import type { HopFate } from './hopState.ts';

type Causes = readonly FateCause[];

interface Trace {
  /** Where the value is in the current intermediate document. */
  at: Path;
  /** Where it came from in the input (undefined: nowhere, e.g. a default). */
  origin: Path | undefined;
  kind: HopFate['kind'];
  causes: Causes;
  code: Fate['code'] | undefined;
  /** Reshaped (made by a hook from a whole object, or a gap's shape conversion): sticks through later hops. */
  made: boolean;
  /** Paths inside the value do not exist in the input: `made`, or the input path is a bag entry. */
  whole: boolean;
  /** Set while composing the next hop: a fate of it consumed this trace. */
  consumed?: boolean;
}

const RANK: Partial<Record<HopFate['kind'], number>> = { copied: 0, opaque: 1, converted: 2, renamed: 3, unbagged: 4 };

/** Rules of a plain leaf copy or conversion: they say nothing the kind does not. */
const PLAIN: ReadonlySet<FateRule> = new Set<FateRule>(['copy', 'convert', 'free-form']);

const singles = new WeakMap<FateCause, Causes>();
/** `[c]`, shared per cause (fates of big documents share a handful of causes). */
function one(c: FateCause): Causes {
  let a = singles.get(c);
  if (!a) singles.set(c, (a = [c]));
  return a;
}

const inBag = (p: Path | undefined): boolean => p !== undefined && p.length >= 2 && p[p.length - 2] === PROPERTY_BAG;

/** A hop fate that says nothing its kind does not (a plain leaf copy or conversion). */
const plain = (f: HopFate): boolean =>
  (f.kind === 'copied' || f.kind === 'converted' || f.kind === 'opaque') && PLAIN.has(f.cause.rule);

const isPlainCopy = (c: Causes): boolean => c.length === 1 && c[0]?.rule === 'copy';

const sameCause = (a: FateCause, b: FateCause): boolean =>
  a.rule === b.rule && a.hook?.type === b.hook?.type && a.hook?.from === b.hook?.from && a.hook?.to === b.hook?.to;

/** The causes of two steps: the second alone when the first is plain or says the same, else both. */
function join(prev: Trace, f: HopFate): Causes {
  const only = prev.causes.length === 1 ? prev.causes[0] : undefined;
  return only && (PLAIN.has(only.rule) || sameCause(only, f.cause)) ? one(f.cause) : [...prev.causes, f.cause];
}

interface Combined {
  kind: HopFate['kind'];
  causes: Causes;
  code: Fate['code'] | undefined;
}

/** Kind and causes, end to end, of a value traced to `prev` and moved by `f`. */
function combine(prev: Trace, f: HopFate, origin: Path | undefined): Combined {
  const cur = f.kind;
  const prevOnly = prev.causes.length === 1 ? prev.causes[0] : undefined;
  if (prev.kind === 'copied' && prevOnly?.rule === 'copy') return { kind: cur, causes: one(f.cause), code: f.code };
  if (cur === 'lost' || cur === 'pruned' || cur === 'manual' || cur === 'required-missing')
    return { kind: cur, causes: join(prev, f), code: f.code };
  if (cur === 'passed')
    return prev.kind === 'copied' || prev.kind === 'passed'
      ? { kind: 'bagged', causes: prev.kind === 'copied' ? one(f.cause) : prev.causes, code: undefined }
      : { kind: prev.kind, causes: prev.causes, code: prev.code };
  if (cur === 'bagged')
    return prev.kind === 'manual'
      ? { kind: 'manual', causes: join(prev, f), code: prev.code }
      : { kind: 'bagged', causes: join(prev, f), code: undefined };
  if (cur === 'unbagged') {
    if (prev.kind === 'bagged' || prev.kind === 'manual' || prev.kind === 'passed')
      return {
        kind: f.whole || prev.made ? 'converted' : samePath(origin, f.targetPath) ? 'copied' : 'renamed',
        causes: [...prev.causes, f.cause], // a round trip through the property bag
        code: undefined,
      };
    return { kind: 'unbagged', causes: join(prev, f), code: undefined };
  }
  // Taken over by a hook (no target), or moved after a hook made it from a whole object: `converted`.
  if (cur === 'converted' && f.targetPath === undefined)
    return { kind: 'converted', causes: join(prev, f), code: undefined };
  if (prev.made && prev.kind === 'converted' && f.targetPath !== undefined)
    return { kind: 'converted', causes: plain(f) ? prev.causes : join(prev, f), code: undefined };
  if (prev.kind === 'copied') return { kind: cur, causes: plain(f) ? prev.causes : join(prev, f), code: f.code };
  if (plain(f) || cur === 'copied') return { kind: prev.kind, causes: prev.causes, code: prev.code };
  return {
    kind: (RANK[prev.kind] ?? 0) >= (RANK[cur] ?? 0) ? prev.kind : cur,
    causes: join(prev, f),
    code: f.code,
  };
}

/**
 * Traces by path, as a trie of segments: finding the longest traced prefix of a path walks it once and
 * allocates nothing (big documents look up one path per field).
 */
interface TraceNode {
  trace?: Trace;
  children?: Map<string | number, TraceNode>;
}

class Traces {
  private readonly root: TraceNode = {};
  readonly list: Trace[] = [];

  get size(): number {
    return this.list.length;
  }

  /** Adds a trace at `t.at` unless one is there (first wins). */
  add(t: Trace): void {
    let n = this.root;
    for (const seg of t.at) {
      const c: Map<string | number, TraceNode> = (n.children ??= new Map());
      let next = c.get(seg);
      if (!next) c.set(seg, (next = {}));
      n = next;
    }
    if (n.trace) return;
    n.trace = t;
    this.list.push(t);
  }

  has(p: Path): boolean {
    let n: TraceNode | undefined = this.root;
    for (const seg of p) if (!(n = n.children?.get(seg))) return false;
    return n.trace !== undefined;
  }

  /** The trace at the longest proper-or-whole prefix of `p` (not the root), and the rest of `p` below it. */
  lookup(p: Path): { trace: Trace; rest: Path } | undefined {
    let n: TraceNode | undefined = this.root;
    let best: Trace | undefined;
    let depth = 0;
    for (let i = 0; i < p.length; i++) {
      n = n.children?.get(p[i] as string | number);
      if (!n) break;
      if (n.trace) {
        best = n.trace;
        depth = i + 1;
      }
    }
    return best ? { trace: best, rest: depth === p.length ? [] : p.slice(depth) } : undefined;
  }
}

/**
 * Where a trace no fate consumed is after a hop: moved by the fate of its nearest parent that has one (when that
 * fate keeps the value's structure), the same path when none has, or gone (undefined) when the parent was lost,
 * pruned, bagged or replaced as a whole (that fate speaks for it).
 */
function carry(at: Path, bySource: Map<string, HopFate>): Path | undefined {
  for (let n = at.length - 1; n > 0; n--) {
    const f = bySource.get(pathKey(at.slice(0, n)));
    if (!f) continue;
    const keeps =
      f.targetPath !== undefined &&
      !f.whole &&
      (f.kind === 'copied' || f.kind === 'renamed' || f.kind === 'converted' || f.kind === 'opaque');
    return keeps ? [...(f.targetPath as Path), ...at.slice(n)] : undefined;
  }
  return at;
}

/** Whether a carried trace is reported after the last hop (fast mode: only what a bulk conversion reports). */
const reportedAtEnd = (t: Trace, allFates: boolean): boolean =>
  t.kind === 'passed' ||
  (allFates
    ? t.kind !== 'copied' || !isPlainCopy(t.causes) // a copy after a bag round trip still says so
    : t.kind !== 'set' && FATE_KINDS[t.kind].sparse);

/** Composes the fates of the hops of one conversion, hop by hop, into fates about the input and the output. */
export class FateComposer {
  private traces: Traces | undefined;
  private readonly final: Fate[] = [];

  constructor(private readonly allFates: boolean) {}

  private push(
    kind: HopFate['kind'],
    origin: Path | undefined,
    target: Path | undefined,
    causes: Causes,
    code: Fate['code'] | undefined,
  ): void {
    if (kind === 'set' || (origin === undefined && kind !== 'required-missing')) return;
    const k: FateKind = kind === 'passed' ? 'bagged' : kind;
    const out: { -readonly [P in keyof Fate]: Fate[P] } = { kind: k, causes, reason: fateReason(causes) };
    if (origin) out.sourcePath = origin;
    if (target && k !== 'lost' && k !== 'pruned') out.targetPath = target;
    const c = code ?? FATE_KINDS[k].problem?.code;
    if (c) out.code = c;
    this.final.push(out);
  }

  /** Adds one hop's fates; `output` is the hop's output document, `last` whether it is the last hop. */
  hop(fates: readonly HopFate[], output: unknown, last: boolean): void {
    const traces = this.traces && this.traces.size > 0 ? this.traces : undefined;
    const next = new Traces();
    for (const f of fates) {
      let origin = f.sourcePath;
      let kindNow = f.kind;
      let causes: Causes = one(f.cause);
      let code = f.code;
      let made = f.whole === true;
      if (traces && f.sourcePath) {
        const hit = traces.lookup(f.sourcePath);
        if (hit) {
          // Consumed: not carried on (before the last hop: only when the fate is about the traced value itself).
          if (last || hit.rest.length === 0) hit.trace.consumed = true;
          const t = hit.trace;
          origin = t.origin ? (t.whole ? t.origin : [...t.origin, ...hit.rest]) : undefined;
          const r = combine(t, f, origin);
          kindNow = r.kind;
          causes = r.causes;
          code = r.code;
          made = made || t.made;
        }
      }
      if (f.kind === 'required-missing') origin = undefined;
      else if (origin === undefined && !(f.targetPath && !last)) continue; // not from the input (`set`)
      if (!last && f.targetPath && f.kind !== 'lost' && f.kind !== 'pruned') {
        // A plain copy to the same path is the identity: no trace needed (a later hop's fate maps to itself).
        if (kindNow === 'copied' && !made && isPlainCopy(causes) && samePath(origin, f.targetPath)) continue;
        const whole = made || inBag(origin);
        next.add({ at: f.targetPath, origin, kind: kindNow, causes, code, made, whole });
        continue;
      }
      if (!last && f.kind === 'required-missing') continue;
      this.push(kindNow, origin, f.targetPath, causes, code);
    }
    if (traces) this.carryOpen(traces, fates, next, output, last);
    this.traces = next;
  }

  /** Traces no fate of this hop consumed: carried on. After the last hop only those that would be reported. */
  private carryOpen(traces: Traces, fates: readonly HopFate[], next: Traces, output: unknown, last: boolean): void {
    const open: Trace[] = [];
    let longest = 0;
    for (const t of traces.list) {
      if (t.consumed) continue;
      if (last && (t.origin === undefined || !reportedAtEnd(t, this.allFates))) continue;
      open.push(t);
      longest = Math.max(longest, t.at.length);
    }
    if (open.length === 0) return;
    // Fates that can be a proper parent of an open trace, by source path (short paths only: cheap).
    const bySource = new Map<string, HopFate>();
    for (const f of fates) if (f.sourcePath && f.sourcePath.length < longest) bySource.set(pathKey(f.sourcePath), f);
    for (const t of open) {
      const to = carry(t.at, bySource);
      if (!to) continue;
      if (!last) {
        if (!next.has(to)) next.add({ ...t, at: to, consumed: false });
      } else if (valueAt(output, to) !== undefined) this.push(t.kind, t.origin, to, t.causes, t.code);
    }
  }

  /** The composed fates, sorted by source path then target path. */
  fates(): Fate[] {
    return this.final.sort(
      (x, y) => comparePaths(x.sourcePath, y.sourcePath) || comparePaths(x.targetPath, y.targetPath),
    );
  }
}
