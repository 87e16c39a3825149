// Rendered lines packed into one string and typed arrays (fast to build and to post from the worker), and
// the page's side: unpacking the few lines it draws. A line does not carry its path: it names the line its
// path extends (`up`) and the one or two segments it adds, so a 1 MB document needs no path strings at all
// until the page asks for one.
import {
  FATE_KIND_ORDER,
  PATH_KEY_SEPARATOR,
  formatPath,
  isUnderKey,
  type FateKind,
  type IssueCode,
} from '../../core/index.ts';
import type { Line, PackedLines } from './types.ts';

export const FATE_ORDER: readonly FateKind[] = FATE_KIND_ORDER;
const FATE_INDEX = new Map(FATE_ORDER.map((f, i) => [f, i + 1]));

export const FLAG_DASH = 1;
export const FLAG_MISSING = 2;
/** The line's source path is not its own path (a renamed or moved field, or inside one). */
export const FLAG_SRC = 4;
/** A field the pane's document does not have (lost or pruned), drawn where it would be. */
export const FLAG_GHOST = 8;

const RESERVED = /^(true|false|null|yes|no|on|off|y|n|~)$/i;
const PLAIN_KEY = /^[A-Za-z_$][\w./$-]*$/;
const keyCache = new Map<string, string>();

/** A mapping key as YAML shows it: plain when unambiguous, JSON-quoted otherwise. */
export function yamlKey(k: string): string {
  let v = keyCache.get(k);
  if (v === undefined) {
    v = k !== '' && PLAIN_KEY.test(k) && !RESERVED.test(k) ? k : JSON.stringify(k);
    if (keyCache.size < 10_000) keyCache.set(k, v);
  }
  return v;
}

/** Growable Int32 storage (a 1 MB document has 30,000 lines). */
class Ints {
  a = new Int32Array(1024);
  n = 0;
  push(x: number): void {
    if (this.n === this.a.length) {
      const b = new Int32Array(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.n++] = x;
  }
  done(): Int32Array {
    return this.a.slice(0, this.n);
  }
}

/** Accumulates lines in packed form; `add` returns the line's index (for its children's `up`). */
export class PackBuilder {
  private readonly parts: string[] = [];
  private at = 0;
  private readonly offs = new Ints();
  private readonly meta = new Ints();
  private readonly noteIdx = new Ints();
  private readonly notes: string[] = [];
  private readonly noteOf = new Map<string, number>();
  private width = 0;
  private size = 0;
  /** Lines added so far. */
  get lines(): number {
    return this.size;
  }
  /** Lines added while set are ghost lines. */
  ghost = false;

  private put(s: string | undefined): void {
    if (s === undefined) {
      this.offs.push(-1);
      this.offs.push(-1);
      return;
    }
    this.offs.push(this.at);
    this.offs.push(this.at + s.length);
    this.parts.push(s);
    this.at += s.length;
  }

  private note(s: string | undefined): number {
    if (s === undefined) return -1;
    const known = this.noteOf.get(s);
    if (known !== undefined) return known;
    this.noteOf.set(s, this.notes.length);
    return this.notes.push(s) - 1;
  }

  /**
   * One line. Its path is `up`'s path (the root when -1), then `item` (an array index, when >= 0), then
   * `key`. `src` is the source path key when the line's own fate moved it; with `srcMoved` and no `src`,
   * the source path is `up`'s source path plus the same segments.
   */
  add(
    up: number,
    item: number,
    indent: number,
    dash: boolean,
    missing: boolean,
    key: string | undefined,
    value: string | undefined,
    src: string | undefined,
    srcMoved: boolean,
    fate: FateKind | undefined,
    reason: string | undefined,
    code: string | undefined,
  ): number {
    this.put(key);
    this.put(value);
    this.put(src);
    this.offs.push(up);
    this.offs.push(item);
    this.meta.push(
      indent |
        (((dash ? FLAG_DASH : 0) |
          (missing ? FLAG_MISSING : 0) |
          (srcMoved || src !== undefined ? FLAG_SRC : 0) |
          (this.ghost ? FLAG_GHOST : 0)) <<
          16),
    );
    this.meta.push(fate ? (FATE_INDEX.get(fate) ?? 0) : 0);
    this.noteIdx.push(this.note(reason));
    this.noteIdx.push(this.note(code));
    const w = indent + (key === undefined ? 0 : yamlKey(key).length) + (value?.length ?? 0) + 2;
    if (w > this.width) this.width = w;
    return this.size++;
  }

  done(): PackedLines {
    return {
      size: this.size,
      width: this.width,
      text: this.parts.join(''),
      offs: this.offs.done(),
      meta: this.meta.done(),
      notes: this.notes,
      noteIdx: this.noteIdx.done(),
    };
  }
}

// offs: 8 per line: key (start, end), value (start, end), explicit src (start, end), up, item.
const STRIDE = 8;

function slice(p: PackedLines, i: number, slot: number): string | undefined {
  const s = p.offs[i * STRIDE + slot] ?? -1;
  return s < 0 ? undefined : p.text.slice(s, p.offs[i * STRIDE + slot + 1]);
}

const flagsAt = (p: PackedLines, i: number) => (p.meta[i * 2] ?? 0) >>> 16;

/** The segments line `i` adds to its `up` line's path, as a pathKey suffix ('' for the root). */
function ownSegments(p: PackedLines, i: number): string {
  const item = p.offs[i * STRIDE + 7] ?? -1;
  const key = slice(p, i, 0);
  if (item >= 0) return key === undefined ? String(item) : `${item}\u0000${key}`;
  return key ?? '';
}

const join = (a: string, b: string) => `${a}${PATH_KEY_SEPARATOR}${b}`;

/** pathKey of line `i` in its pane's document. */
export function pathKeyAt(p: PackedLines, i: number): string {
  const up = p.offs[i * STRIDE + 6] ?? -1;
  const own = ownSegments(p, i);
  return up < 0 ? own : join(pathKeyAt(p, up), own);
}

/** The pathKey of the line's field in the source document (its own path when unchanged). */
export function srcKeyAt(p: PackedLines, i: number): string {
  if (!(flagsAt(p, i) & FLAG_SRC)) return pathKeyAt(p, i);
  const explicit = slice(p, i, 4);
  if (explicit !== undefined) return explicit;
  const up = p.offs[i * STRIDE + 6] ?? -1;
  const own = ownSegments(p, i);
  return up < 0 ? own : join(srcKeyAt(p, up), own);
}

const isUnder = isUnderKey;

/**
 * The first line whose source field is `key` or inside it (-1: none). One pass comparing segments in
 * place: no path strings, except for the rare moved line.
 */
export function firstLineUnder(p: PackedLines, key: string): number {
  const want = key === '' ? [] : key.split('\u0000');
  const n = p.size;
  const depth = new Int32Array(n);
  // The line's path agrees with `want` on every segment they both have.
  const agrees = new Uint8Array(n);
  const o = p.offs;
  for (let i = 0; i < n; i++) {
    const b = i * STRIDE;
    const up = o[b + 6] as number;
    const item = o[b + 7] as number;
    const ks = o[b] as number;
    let d = up < 0 ? 0 : (depth[up] as number);
    let ok = up < 0 || agrees[up] === 1;
    if (item >= 0) {
      if (ok && d < want.length) ok = want[d] === String(item);
      d++;
    }
    if (ks >= 0) {
      if (ok && d < want.length) {
        const w = want[d] as string;
        ok = w.length === (o[b + 1] as number) - ks && p.text.startsWith(w, ks);
      }
      d++;
    }
    depth[i] = d;
    agrees[i] = ok ? 1 : 0;
    if (flagsAt(p, i) & FLAG_SRC) {
      if (isUnder(srcKeyAt(p, i), key)) return i;
    } else if (ok && (want.length === 0 ? d === 0 : d >= want.length)) return i;
  }
  return -1;
}

export function lineAt(p: PackedLines, i: number): Line {
  const rawKey = slice(p, i, 0);
  const value = slice(p, i, 2);
  const path = pathKeyAt(p, i);
  const flags = flagsAt(p, i);
  const src = flags & FLAG_SRC ? srcKeyAt(p, i) : undefined;
  const fate = FATE_ORDER[(p.meta[i * 2 + 1] ?? 0) - 1];
  const r = p.noteIdx[i * 2] ?? -1;
  const c = p.noteIdx[i * 2 + 1] ?? -1;
  return {
    indent: (p.meta[i * 2] ?? 0) & 0xffff,
    path,
    ...(src !== undefined && src !== path ? { src } : {}),
    ...(flags & FLAG_DASH ? { dash: true } : {}),
    ...(flags & FLAG_MISSING ? { missing: true } : {}),
    ...(flags & FLAG_GHOST ? { ghost: ghostUnder(p, i) ? ('inside' as const) : ('root' as const) } : {}),
    ...(rawKey !== undefined ? { key: yamlKey(rawKey) } : {}),
    ...(value !== undefined ? { value } : {}),
    ...(fate ? { fate } : {}),
    ...(r >= 0 ? { reason: p.notes[r] } : {}),
    ...(c >= 0 ? { code: p.notes[c] as IssueCode } : {}),
  };
}

/**
 * The pane's document as YAML text, the way the pane shows it (placeholders for missing required fields
 * left out): what `Copy YAML` puts on the clipboard.
 */
export function packedYaml(p: PackedLines): string {
  const out: string[] = [];
  for (let i = 0; i < p.size; i++) {
    const flags = flagsAt(p, i);
    if (flags & (FLAG_MISSING | FLAG_GHOST)) continue;
    const indent = (p.meta[i * 2] ?? 0) & 0xffff;
    const dash = (flags & FLAG_DASH) !== 0;
    const rawKey = slice(p, i, 0);
    const value = slice(p, i, 2);
    const key = rawKey !== undefined ? `${yamlKey(rawKey)}:` : '';
    out.push(
      `${' '.repeat(dash ? indent - 2 : indent)}${dash ? '- ' : ''}${key}${value !== undefined ? `${key ? ' ' : ''}${value}` : ''}`,
    );
  }
  if (out.length === 0) return p.size > 0 ? '{}\n' : ''; // only ghosts: an empty document
  return `${out.join('\n')}\n`;
}

export const transferablesOf = (p: PackedLines | undefined): ArrayBuffer[] =>
  p ? [p.offs.buffer as ArrayBuffer, p.meta.buffer as ArrayBuffer, p.noteIdx.buffer as ArrayBuffer] : [];

/** Line `i` is inside a ghost's value (its parent line is a ghost too). */
function ghostUnder(p: PackedLines, i: number): boolean {
  const up = p.offs[i * STRIDE + 6] ?? -1;
  return up >= 0 && (flagsAt(p, up) & FLAG_GHOST) !== 0;
}

export interface LeftOut {
  /** pathKey of the field in the pane's document (where its ghost is drawn). */
  readonly path: string;
  readonly fate?: FateKind;
  readonly reason?: string;
}

/** The fields the pane shows as ghosts (the top ghost line of each): what its document leaves out. */
export function leftOut(p: PackedLines): LeftOut[] {
  const out: LeftOut[] = [];
  for (let i = 0; i < p.size; i++) {
    if (!(flagsAt(p, i) & FLAG_GHOST) || ghostUnder(p, i)) continue;
    const l = lineAt(p, i);
    out.push({ path: l.path, ...(l.fate ? { fate: l.fate } : {}), ...(l.reason ? { reason: l.reason } : {}) });
  }
  return out;
}

const keyPath = (key: string) =>
  key === '' ? [] : key.split('\u0000').map((seg) => (/^(0|[1-9]\d*)$/.test(seg) ? Number(seg) : seg));

/**
 * What `Copy YAML` copies: the document, preceded by a comment naming every field it leaves out (lost or
 * pruned), so a pasted manifest never drops data without a word.
 */
export function copiedYaml(p: PackedLines, version: string): string {
  const gone = leftOut(p);
  const yaml = packedYaml(p);
  if (gone.length === 0) return yaml;
  const head = [
    `# Version Explorer: this ${version} document leaves out ${gone.length} field${gone.length === 1 ? '' : 's'} of the source:`,
    ...gone.map((g) => `#   ${formatPath(keyPath(g.path))} (${g.fate ?? 'lost'})`),
  ];
  return `${head.join('\n')}\n${yaml}`;
}
