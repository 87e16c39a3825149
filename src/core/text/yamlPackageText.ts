// The text the `yaml` package's `stringify` (default options) writes, written in one pass for the values where
// that is simple: block style, every string plain (or `""`), nothing folded. `yaml` builds a document model
// first and takes about a second per megabyte; migrate writes every object it reads this way.
import { blockYamlText } from './yamlText.ts';

// `yaml`'s plainString: what cannot be plain (then it quotes), and its core schema's tests (a string that would
// read as null, a boolean or a number is quoted).
const NOT_PLAIN = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;
const DOCUMENT_MARKER = /^(%|---|\.\.\.)/;
const CORE_TESTS = [
  /^(?:~|[Nn]ull|NULL)?$/,
  /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
  /^0o[0-7]+$/,
  /^[-+]?[0-9]+$/,
  /^0x[0-9a-fA-F]+$/,
  /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
];
const PRINTABLE = /^[\x20-\x7e]+$/;

/**
 * Whether `yaml` writes `s` plain, as it is: printable ASCII, not folded (`yaml` folds only at a space, lines
 * over 80 columns: never 20 characters or fewer), not a long key (written `? key`).
 */
const plain = (s: string): boolean =>
  PRINTABLE.test(s) &&
  !NOT_PLAIN.test(s) &&
  !DOCUMENT_MARKER.test(s) &&
  s !== '<<' &&
  s.length <= 1000 &&
  (s.length <= 20 || !s.includes(' ')) &&
  !CORE_TESTS.some((t) => t.test(s));

/** Whether every node of `v` is written by `scalar` below as `yaml` writes it (no object twice: `yaml` aliases it). */
function simple(v: unknown, seen: Set<object>): boolean {
  switch (typeof v) {
    case 'string':
      return v === '' || plain(v);
    case 'number':
      return Number.isFinite(v) && !Object.is(v, -0);
    case 'boolean':
    case 'bigint':
      return true;
    case 'object': {
      if (v === null) return true;
      if (seen.has(v)) return false;
      seen.add(v);
      if (Array.isArray(v)) return v.every((x) => x !== undefined && simple(x, seen));
      const proto: unknown = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) return false;
      for (const [k, x] of Object.entries(v as Record<string, unknown>))
        if (x === undefined || !plain(k) || !simple(x, seen)) return false;
      return true;
    }
    default:
      return false;
  }
}

const scalar = (v: unknown): string =>
  v === '' ? '""' : typeof v === 'string' ? v : typeof v === 'number' ? JSON.stringify(v) : String(v);

/**
 * What the `yaml` package's `stringify(value)` writes, byte for byte, for a non-empty object whose strings are all
 * plain (most Kubernetes objects); undefined for any other value, and the caller uses `yaml`.
 */
export function yamlPackageText(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || Object.keys(value).length === 0)
    return undefined;
  return simple(value, new Set()) ? blockYamlText(value, scalar) : undefined;
}
