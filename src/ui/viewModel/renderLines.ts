// Renders a document as YAML lines, each tagged with its JSON path and the fate of the field it shows.
// Runs in the worker: the page only draws the visible window of lines (a 1 MB resource stays responsive).
import {
  FATE_KIND_ORDER,
  FATE_KINDS,
  pathKey,
  setKey,
  yamlScalar,
  type FateKind,
  type Path,
} from '../../core/index.ts';
import type { Line, PackedLines } from './types.ts';
import { lineAt, PackBuilder } from './packLines.ts';
import { Ghost } from './ghosts.ts';
import type { FateInfo } from './fateInfo.ts';

export type { FateInfo };

/** Placed into a copy of a document where a required field is missing, so the pane can show a placeholder. */
export const MISSING: unique symbol = Symbol('missing');

// A parent's fate covers its children when it describes the whole value (bagged, lost, pruned ...);
// for `converted` / `renamed` the children carry their own fates.
const INHERITED: ReadonlySet<FateKind> = new Set(FATE_KIND_ORDER.filter((k) => FATE_KINDS[k].coversChildren));

export { yamlScalar };

/** Lines as objects (tests, small documents); the worker uses renderPacked. */
export function renderLines(value: unknown, fates: ReadonlyMap<string, FateInfo>): Line[] {
  const p = renderPacked(value, fates);
  return Array.from({ length: p.size }, (_, i) => lineAt(p, i));
}

/** Fates by path segment, so the walk finds a node's fate without building its path. */
interface FateTrie {
  fate?: FateInfo;
  kids?: Map<string, FateTrie>;
}

function fateTrie(fates: ReadonlyMap<string, FateInfo>): FateTrie | undefined {
  if (fates.size === 0) return undefined;
  const root: FateTrie = {};
  for (const [k, f] of fates) {
    let n = root;
    if (k !== '')
      for (const seg of k.split('\u0000')) {
        n.kids ??= new Map();
        let c = n.kids.get(seg);
        if (!c) n.kids.set(seg, (c = {}));
        n = c;
      }
    n.fate = f;
  }
  return root;
}

/**
 * Renders straight into the packed form, one pass, no per-line objects and no path strings: each line
 * names the line its path extends (a 1 MB document has 30,000 lines).
 */
export function renderPacked(value: unknown, fates: ReadonlyMap<string, FateInfo>): PackedLines {
  return renderHead(value, fates, Infinity).lines;
}

/** The document's first `limit` lines (every line when it has no more); `cut` when lines were left out. */
export function renderHead(
  value: unknown,
  fates: ReadonlyMap<string, FateInfo>,
  limit: number,
): { lines: PackedLines; cut: boolean } {
  const r = new Renderer(limit);
  r.walk(value, fateTrie(fates), -1, -1, 0, false, undefined, undefined, false, undefined);
  return { lines: r.b.done(), cut: r.cut };
}

const MISSING_FATE: FateInfo = { kind: 'required-missing', reason: 'required by the destination and absent' };
const joinKey = (k: string, seg: string | number) => (k === '' ? String(seg) : `${k}\u0000${seg}`);
const kid = (trie: FateTrie | undefined, seg: string | number) =>
  trie?.kids === undefined ? undefined : trie.kids.get(String(seg));

// Methods, not closures: nothing is allocated per node but the lines themselves.
class Renderer {
  readonly b = new PackBuilder();
  /** Set when the walk stopped at the line limit with nodes left (a line's parents come before it: a prefix). */
  cut = false;
  constructor(private readonly limit: number) {}
  /** The current node's path, for the rare fate that names where a node came from. */
  private readonly stack: (string | number)[] = [];

  private samePath(p: Path): boolean {
    const s = this.stack;
    if (p.length !== s.length) return false;
    for (let i = 0; i < p.length; i++) if (String(p[i]) !== String(s[i])) return false;
    return true;
  }

  /**
   * `up`/`item`/`key` place the node (see PackBuilder.add). `moved`: its source path is not its own;
   * `src`: that source path when it cannot be derived from `up`'s (set only for nodes without a line).
   */
  walk(
    node: unknown,
    trie: FateTrie | undefined,
    up: number,
    item: number,
    indent: number,
    dash: boolean,
    key: string | undefined,
    inherited: FateInfo | undefined,
    moved: boolean,
    src: string | undefined,
  ): void {
    const b = this.b;
    if (b.lines >= this.limit) {
      this.cut = true;
      return;
    }
    const own = trie?.fate;
    const fate = own ?? inherited;
    if (own?.src) {
      moved = !this.samePath(own.src);
      src = moved ? pathKey(own.src) : undefined;
    }
    const pass = fate && INHERITED.has(fate.kind) ? fate : undefined;

    if (node instanceof Ghost) {
      // Every line of a ghost's value is a ghost line, with the ghost's fate.
      const was = b.ghost;
      b.ghost = true;
      this.walk(node.value, { fate: node.fate }, up, item, indent, dash, key, node.fate, moved, src);
      b.ghost = was;
      return;
    }
    if (node === MISSING) {
      const f = fate ?? MISSING_FATE;
      b.add(up, item, indent, dash, true, key, '# required, missing', src, moved, f.kind, f.reason, f.code);
      return;
    }
    if (node === null || typeof node !== 'object') {
      b.add(up, item, indent, dash, false, key, yamlScalar(node), src, moved, fate?.kind, fate?.reason, fate?.code);
      return;
    }
    if (Array.isArray(node)) {
      if (node.length === 0) {
        b.add(up, item, indent, dash, false, key, '[]', src, moved, fate?.kind, fate?.reason, fate?.code);
        return;
      }
      const line =
        key !== undefined || dash
          ? b.add(up, item, indent, dash, false, key, undefined, src, moved, fate?.kind, fate?.reason, fate?.code)
          : -1;
      const itemIndent = key !== undefined ? indent + 4 : indent + 2;
      for (let i = 0; i < node.length; i++) {
        this.stack.push(i);
        if (line >= 0) this.walk(node[i], kid(trie, i), line, i, itemIndent, true, undefined, pass, moved, undefined);
        // The root array: no line of its own to extend.
        else {
          const s = src === undefined ? undefined : joinKey(src, i);
          this.walk(node[i], kid(trie, i), up, i, itemIndent, true, undefined, pass, moved, s);
        }
        this.stack.pop();
      }
      return;
    }
    const obj = node as Record<string, unknown>;
    const keys = Object.keys(obj);
    if (keys.length === 0) {
      b.add(up, item, indent, dash, false, key, '{}', src, moved, fate?.kind, fate?.reason, fate?.code);
      return;
    }
    if (key !== undefined) {
      // Only ghosts inside: the document has an empty object here (Copy YAML copies `{}`).
      const empty = keys.every((k) => obj[k] instanceof Ghost);
      const line = b.add(
        up,
        item,
        indent,
        dash,
        false,
        key,
        empty ? '{}' : undefined,
        src,
        moved,
        fate?.kind,
        fate?.reason,
        fate?.code,
      );
      for (const k of keys) {
        this.stack.push(k);
        this.walk(obj[k], kid(trie, k), line, -1, indent + 2, false, k, pass, moved, undefined);
        this.stack.pop();
      }
      return;
    }
    // An array item object (or the root): no line of its own, its first key shares the dash line, and
    // the item's own fate goes to every child.
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i] as string;
      const t = kid(trie, k);
      const s = src === undefined ? undefined : joinKey(src, k);
      this.stack.push(k);
      this.walk(obj[k], t, up, item, indent, dash && i === 0, k, t?.fate ? pass : (fate ?? pass), moved, s);
      this.stack.pop();
    }
  }
}

/** Fate counts by kind (own fates only), for the legend. */
export function countFates(fates: Iterable<FateInfo>): Partial<Record<FateKind, number>> {
  const out: Partial<Record<FateKind, number>> = {};
  for (const f of fates) out[f.kind] = (out[f.kind] ?? 0) + 1;
  return out;
}

/**
 * `doc` with `MISSING` at `path` (parents created as needed) when nothing is there. Only the objects on
 * the path are copied: the rest is shared with `doc` (a 1 MB document is not cloned for one placeholder).
 */
export function withMissing(doc: unknown, path: Path): unknown {
  if (doc === null || typeof doc !== 'object' || path.length === 0) return doc;
  const [seg, ...rest] = path as [string | number, ...Path];
  const next = Object.hasOwn(doc, seg) ? (doc as Record<string | number, unknown>)[seg] : undefined;
  let value: unknown;
  if (rest.length === 0) {
    if (next !== undefined) return doc;
    value = MISSING;
  } else {
    value = withMissing(next === null || typeof next !== 'object' ? {} : next, rest);
    if (value === next) return doc;
  }
  const copy: Record<string | number, unknown> = Array.isArray(doc)
    ? ([...doc] as unknown as Record<number, unknown>)
    : { ...(doc as Record<string, unknown>) };
  if (typeof seg === 'string') setKey(copy, seg, value);
  else copy[seg] = value;
  return copy;
}
