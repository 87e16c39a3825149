// Packs rendered lines into one string and typed arrays (fast to post from the worker, and the page
// unpacks only the visible window), and unpacks them.
import type { FateKind, IssueCode } from '../../core/index.ts';
import type { Line, PackedLines } from './protocol.ts';

export const FATE_ORDER: readonly FateKind[] = [
  'copied',
  'renamed',
  'converted',
  'bagged',
  'unbagged',
  'lost',
  'pruned',
  'required-missing',
  'manual',
  'opaque',
];
const FATE_INDEX = new Map(FATE_ORDER.map((f, i) => [f, i + 1]));

/** Accumulates lines in packed form. */
export class PackBuilder {
  private readonly parts: string[] = [];
  private at = 0;
  private readonly offs: number[] = [];
  private readonly meta: number[] = [];
  private readonly noteIdx: number[] = [];
  private readonly notes: string[] = [];
  private readonly noteOf = new Map<string, number>();
  private width = 0;
  private size = 0;

  private put(s: string | undefined): void {
    if (s === undefined) {
      this.offs.push(-1, -1);
      return;
    }
    this.offs.push(this.at, this.at + s.length);
    this.parts.push(s);
    this.at += s.length;
  }

  private note(s: string | undefined): number {
    if (s === undefined) return -1;
    let i = this.noteOf.get(s);
    if (i === undefined) {
      i = this.notes.length;
      this.notes.push(s);
      this.noteOf.set(s, i);
    }
    return i;
  }

  add(
    indent: number,
    dash: boolean,
    missing: boolean,
    key: string | undefined,
    value: string | undefined,
    path: string,
    src: string | undefined,
    fate: FateKind | undefined,
    reason: string | undefined,
    code: string | undefined,
  ): void {
    this.put(key);
    this.put(value);
    this.put(path);
    this.put(src);
    this.meta.push(indent, (dash ? 1 : 0) | (missing ? 2 : 0), fate ? (FATE_INDEX.get(fate) ?? 0) : 0);
    this.noteIdx.push(this.note(reason), this.note(code));
    this.width = Math.max(this.width, indent + (key?.length ?? 0) + (value?.length ?? 0) + 2);
    this.size++;
  }

  done(): PackedLines {
    return {
      size: this.size,
      width: this.width,
      text: this.parts.join(''),
      offs: Int32Array.from(this.offs),
      meta: Uint16Array.from(this.meta),
      notes: this.notes,
      noteIdx: Int32Array.from(this.noteIdx),
    };
  }
}

/** Packs line objects (the inverse of lineAt). */
export function packLines(lines: readonly Line[]): PackedLines {
  const b = new PackBuilder();
  for (const l of lines)
    b.add(l.indent, l.dash ?? false, l.missing ?? false, l.key, l.value, l.path, l.src, l.fate, l.reason, l.code);
  return b.done();
}

function slice(p: PackedLines, i: number, slot: number): string | undefined {
  const s = p.offs[i * 8 + slot] ?? -1;
  return s < 0 ? undefined : p.text.slice(s, p.offs[i * 8 + slot + 1]);
}

/** The pathKey of the line's field in the source document (its own path when unchanged). */
export function srcKeyAt(p: PackedLines, i: number): string {
  return slice(p, i, 6) ?? slice(p, i, 4) ?? '';
}

export function lineAt(p: PackedLines, i: number): Line {
  const key = slice(p, i, 0);
  const value = slice(p, i, 2);
  const src = slice(p, i, 6);
  const flags = p.meta[i * 3 + 1] ?? 0;
  const fate = FATE_ORDER[(p.meta[i * 3 + 2] ?? 0) - 1];
  const r = p.noteIdx[i * 2] ?? -1;
  const c = p.noteIdx[i * 2 + 1] ?? -1;
  return {
    indent: p.meta[i * 3] ?? 0,
    path: slice(p, i, 4) ?? '',
    ...(src !== undefined ? { src } : {}),
    ...(flags & 1 ? { dash: true } : {}),
    ...(flags & 2 ? { missing: true } : {}),
    ...(key !== undefined ? { key } : {}),
    ...(value !== undefined ? { value } : {}),
    ...(fate ? { fate } : {}),
    ...(r >= 0 ? { reason: p.notes[r] } : {}),
    ...(c >= 0 ? { code: p.notes[c] as IssueCode } : {}),
  };
}

export const transferablesOf = (p: PackedLines | undefined): ArrayBuffer[] =>
  p ? [p.offs.buffer as ArrayBuffer, p.meta.buffer as ArrayBuffer, p.noteIdx.buffer as ArrayBuffer] : [];
