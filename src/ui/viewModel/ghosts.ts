// Lost and pruned fields drawn in place in the pane that lacks them ("ghost" lines: ✕ and the reason),
// so a reader sees what a client of that version will not, where it would have been. Ghost lines are
// never part of the document: Copy YAML leaves them out and names them in a comment header instead.
import { pathKey, valueAt, type Fate, type FateKind, type Path } from '../../core/index.ts';
import type { FateInfo } from './fateInfo.ts';

/** A value that is not in the document, shown where it would be. */
export class Ghost {
  constructor(
    readonly value: unknown,
    readonly fate: FateInfo,
  ) {}
}

const GHOSTED: ReadonlySet<FateKind> = new Set(['lost', 'pruned']);

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Ghost);

/** `doc` with `value` set at `path` (objects on the path copied; the rest shared). Undefined: no place for it. */
function placed(doc: unknown, path: Path, value: unknown, order: readonly string[]): unknown {
  const [seg, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(doc)) {
    if (typeof seg !== 'number' || rest.length === 0) return undefined;
    const next = placed(doc[seg], rest, value, order);
    if (next === undefined) return undefined;
    const copy = [...doc];
    copy[seg] = next;
    return copy;
  }
  if (!isObject(doc) || typeof seg !== 'string') return undefined;
  const own = Object.hasOwn(doc, seg);
  let next: unknown;
  if (rest.length === 0) {
    if (own) return undefined; // the pane has a value there: nothing to ghost
    next = value;
  } else {
    if (!own) return undefined;
    next = placed(doc[seg], rest, value, order);
    if (next === undefined) return undefined;
  }
  // A new key goes after the last key before it in the source's order that the pane has (else first).
  const keys = Object.keys(doc);
  if (!own) {
    const before = order.slice(0, Math.max(0, order.indexOf(seg)));
    let at = 0;
    for (let i = before.length - 1; i >= 0; i--) {
      const j = keys.indexOf(before[i] as string);
      if (j >= 0) {
        at = j + 1;
        break;
      }
    }
    keys.splice(at, 0, seg);
  }
  const copy: Record<string, unknown> = {};
  for (const k of keys)
    Object.defineProperty(copy, k, { value: k === seg ? next : doc[k], enumerable: true, writable: true });
  return copy;
}

/**
 * `doc` (a pane's document) with a Ghost for every lost or pruned field of `fates` (a conversion from
 * `source`), where the field would be: its source path moved as its nearest moved parent was. A field whose
 * parent is itself lost is covered by the parent's ghost.
 */
export function withGhosts(doc: unknown, source: unknown, fates: readonly Fate[]): unknown {
  const moved = new Map<string, Path>();
  const gone: Fate[] = [];
  for (const f of fates) {
    if (!f.sourcePath) continue;
    if (GHOSTED.has(f.kind) && !f.targetPath) gone.push(f);
    else if (f.targetPath) moved.set(pathKey(f.sourcePath), f.targetPath);
  }
  if (gone.length === 0) return doc;
  const keys = new Set(gone.map((f) => pathKey(f.sourcePath as Path)));
  let out = doc;
  for (const f of gone) {
    const sp = f.sourcePath as Path;
    // Covered by a lost parent's ghost.
    if (sp.some((_, i) => i > 0 && keys.has(pathKey(sp.slice(0, i))))) continue;
    let target: Path = sp;
    for (let n = sp.length - 1; n > 0; n--) {
      const t = moved.get(pathKey(sp.slice(0, n)));
      if (t) {
        target = [...t, ...sp.slice(n)];
        break;
      }
    }
    if (target.length === 0) continue;
    const value = valueAt(source, sp);
    if (value === undefined) continue;
    const ghost = new Ghost(value, { kind: f.kind, reason: f.reason, ...(f.code ? { code: f.code } : {}), src: sp });
    const parent = valueAt(source, sp.slice(0, -1));
    out = placed(out, target, ghost, isObject(parent) ? Object.keys(parent) : []) ?? out;
  }
  return out;
}
