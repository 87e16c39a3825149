// Renders a document as YAML lines, each tagged with its JSON path and the fate of the field it shows.
// Runs in the worker: the page only draws the visible window of lines (a 1 MB resource stays responsive).
import { pathKey, type FateKind, type IssueCode, type Path } from '../../core/index.ts';
import type { Line, PackedLines } from './protocol.ts';
import { lineAt, PackBuilder } from './packLines.ts';

export interface FateInfo {
  readonly kind: FateKind;
  readonly reason: string;
  readonly code?: IssueCode;
  /** Where the value came from in the source document. */
  readonly src?: Path;
}

/** Placed into a copy of a document where a required field is missing, so the pane can show a placeholder. */
export const MISSING: unique symbol = Symbol('missing');

// A parent's fate covers its children when it describes the whole value (bagged, lost, pruned ...);
// for `converted` / `renamed` the children carry their own fates.
const INHERITED: ReadonlySet<FateKind> = new Set([
  'copied',
  'bagged',
  'unbagged',
  'lost',
  'pruned',
  'opaque',
  'manual',
]);

const PLAIN = /^[A-Za-z_./@$][\w./@$ -]*$/;
const RESERVED = /^(true|false|null|yes|no|on|off|y|n|~)$/i;

/** YAML text of a scalar: plain when unambiguous, JSON-quoted otherwise. */
export function yamlScalar(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') {
    if (v !== '' && PLAIN.test(v) && !RESERVED.test(v) && !v.endsWith(' ') && !/: |\s#/.test(v)) return v;
    return JSON.stringify(v);
  }
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v) ?? 'null';
}

const PLAIN_KEY = /^[A-Za-z_$][\w./$-]*$/;
const keyCache = new Map<string, string>();

function yamlKey(k: string): string {
  let v = keyCache.get(k);
  if (v === undefined) {
    v = k !== '' && PLAIN_KEY.test(k) && !RESERVED.test(k) ? k : JSON.stringify(k);
    if (keyCache.size < 10_000) keyCache.set(k, v);
  }
  return v;
}

/** Lines as objects (tests, small documents); the worker uses renderPacked. */
export function renderLines(value: unknown, fates: ReadonlyMap<string, FateInfo>): Line[] {
  const p = renderPacked(value, fates);
  return Array.from({ length: p.size }, (_, i) => lineAt(p, i));
}

/** Renders straight into the packed form: no intermediate object per line (a 1 MB document has 30,000). */
export function renderPacked(value: unknown, fates: ReadonlyMap<string, FateInfo>): PackedLines {
  const b = new PackBuilder();
  // Paths travel as pathKey strings (segments joined by U+0000): building them incrementally keeps a
  // 1 MB document to one pass with no per-node array copies.
  const join = (k: string, seg: string | number) => (k === ROOT ? String(seg) : `${k}\u0000${seg}`);

  const emit = (
    indent: number,
    dash: boolean,
    key: string | undefined,
    text: string | undefined,
    fate: FateInfo | undefined,
    at: string,
    src: string,
    missing = false,
  ) => {
    const path = at === ROOT ? '' : at;
    b.add(
      indent,
      dash,
      missing,
      key === undefined ? undefined : yamlKey(key),
      text,
      path,
      src !== at ? (src === ROOT ? '' : src) : undefined,
      fate?.kind,
      fate?.reason,
      fate?.code,
    );
  };

  const walk = (
    node: unknown,
    at: string,
    indent: number,
    dash: boolean,
    key: string | undefined,
    inherited: FateInfo | undefined,
    src: string,
  ): void => {
    const own = fates.get(at === ROOT ? '' : at);
    const fate = own ?? inherited;
    const here = own?.src ? (own.src.length === 0 ? ROOT : pathKey(own.src)) : src;
    const pass = fate && INHERITED.has(fate.kind) ? fate : undefined;
    if (node === MISSING) {
      emit(
        indent,
        dash,
        key,
        '# required, missing',
        fate ?? { kind: 'required-missing', reason: 'required by the destination and absent' },
        at,
        here,
        true,
      );
      return;
    }
    if (Array.isArray(node)) {
      if (node.length === 0) {
        emit(indent, dash, key, '[]', fate, at, here);
        return;
      }
      if (key !== undefined || dash) emit(indent, dash, key, undefined, fate, at, here);
      const itemIndent = key !== undefined ? indent + 4 : indent + 2;
      for (let i = 0; i < node.length; i++)
        walk(node[i], join(at, i), itemIndent, true, undefined, pass, join(here, i));
      return;
    }
    if (node !== null && typeof node === 'object') {
      const keys = Object.keys(node);
      if (keys.length === 0) {
        emit(indent, dash, key, '{}', fate, at, here);
        return;
      }
      const obj = node as Record<string, unknown>;
      if (key !== undefined) {
        emit(indent, dash, key, undefined, fate, at, here);
        for (const k of keys) walk(obj[k], join(at, k), indent + 2, false, k, pass, join(here, k));
        return;
      }
      // An array item object (or the root): its first key shares the dash line; the item's own fate goes to every child.
      keys.forEach((k, i) => {
        const childAt = join(at, k);
        const childOwn = fates.has(childAt);
        walk(obj[k], childAt, indent, dash && i === 0, k, childOwn ? pass : (fate ?? pass), join(here, k));
      });
      return;
    }
    emit(indent, dash, key, yamlScalar(node), fate, at, here);
  };

  walk(value, ROOT, 0, false, undefined, undefined, ROOT);
  return b.done();
}

// The root's key: distinct from '' so that joining a first segment does not start with a separator.
const ROOT = '\u0001';

/** Fate counts by kind (own fates only), for the legend. */
export function countFates(fates: Iterable<FateInfo>): Partial<Record<FateKind, number>> {
  const out: Partial<Record<FateKind, number>> = {};
  for (const f of fates) out[f.kind] = (out[f.kind] ?? 0) + 1;
  return out;
}

/** Sets `MISSING` at `path` in `doc` (a fresh copy made by the caller), creating parents as needed. */
export function markMissing(doc: unknown, path: Path): void {
  if (doc === null || typeof doc !== 'object' || path.length === 0) return;
  let at = doc as Record<string | number, unknown>;
  for (let i = 0; i < path.length - 1; i++) {
    const seg = path[i] as string | number;
    const next = at[seg];
    if (next === null || typeof next !== 'object') {
      const created: Record<string, unknown> = {};
      at[seg] = created;
      at = created;
    } else at = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1] as string | number;
  if (at[last] === undefined) at[last] = MISSING;
}
