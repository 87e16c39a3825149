// Renders a document as YAML lines, each tagged with its JSON path and the fate of the field it shows.
// Runs in the worker: the page only draws the visible window of lines (a 1 MB resource stays responsive).
import type { FateKind, IssueCode, Path } from '../../core/index.ts';
// Not re-exported by src/core/index.ts yet.
import { pathKey } from '../../core/parseResources.ts';
import type { Line, PaneView } from './protocol.ts';

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
const INHERITED: ReadonlySet<FateKind> = new Set(['copied', 'bagged', 'unbagged', 'lost', 'pruned', 'opaque', 'manual']);

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

function yamlKey(k: string): string {
  return k !== '' && /^[A-Za-z_$][\w./$-]*$/.test(k) && !RESERVED.test(k) ? k : JSON.stringify(k);
}

export function renderLines(value: unknown, fates: ReadonlyMap<string, FateInfo>): PaneView['lines'] {
  const lines: Line[] = [];
  const path: (string | number)[] = [];

  const emit = (indent: number, dash: boolean, key: string | undefined, text: string | undefined, fate: FateInfo | undefined, src: Path, missing = false) => {
    const line: Line = {
      indent,
      path: pathKey(path),
      src: pathKey(src),
      ...(dash ? { dash } : {}),
      ...(key !== undefined ? { key: yamlKey(key) } : {}),
      ...(text !== undefined ? { value: text } : {}),
      ...(fate ? { fate: fate.kind, reason: fate.reason, ...(fate.code ? { code: fate.code } : {}) } : {}),
      ...(missing ? { missing } : {}),
    };
    lines.push(line);
  };

  const walk = (node: unknown, indent: number, dash: boolean, key: string | undefined, inherited: FateInfo | undefined, src: Path): void => {
    const own = fates.get(pathKey(path));
    const fate = own ?? inherited;
    const here = own?.src ?? src;
    const pass = fate && INHERITED.has(fate.kind) ? fate : undefined;
    const child = (seg: string | number, v: unknown, ind: number, d: boolean, k: string | undefined) => {
      path.push(seg);
      walk(v, ind, d, k, pass, [...here, seg]);
      path.pop();
    };
    if (node === MISSING) {
      emit(indent, dash, key, '# required, missing', fate ?? { kind: 'required-missing', reason: 'required by the destination and absent' }, here, true);
      return;
    }
    if (Array.isArray(node)) {
      if (node.length === 0) {
        emit(indent, dash, key, '[]', fate, here);
        return;
      }
      if (key !== undefined || dash) emit(indent, dash, key, undefined, fate, here);
      const itemIndent = key !== undefined ? indent + 4 : indent + 2;
      node.forEach((item, i) => child(i, item, itemIndent, true, undefined));
      return;
    }
    if (node !== null && typeof node === 'object') {
      const entries = Object.entries(node as Record<string, unknown>);
      if (entries.length === 0) {
        emit(indent, dash, key, '{}', fate, here);
        return;
      }
      if (key !== undefined) {
        emit(indent, dash, key, undefined, fate, here);
        entries.forEach(([k, v]) => child(k, v, indent + 2, false, k));
        return;
      }
      // An array item object: its first key shares the dash line; the item's own fate goes to every child.
      entries.forEach(([k, v], i) => {
        path.push(k);
        const childOwn = fates.get(pathKey(path));
        walk(v, indent, dash && i === 0, k, childOwn ? pass : (fate ?? pass), [...here, k]);
        path.pop();
      });
      return;
    }
    emit(indent, dash, key, yamlScalar(node), fate, here);
  };

  walk(value, 0, false, undefined, undefined, []);
  return lines;
}

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
