// Input text -> documents with ranges. YAML goes through the core's parseResources; a JSON object (the
// usual shape of a large pasted resource) takes a fast path: JSON.parse plus one scan for the ranges,
// about 30x faster than the YAML parser on 1 MB.
//
// A large paste first gets a values-only parse (parseValues: JSON.parse, or js-yaml with the core schema,
// ~15x faster than the ranges-keeping parser) so the panes can show at once; the full parse (ranges,
// warnings, YAML 1.2 as the `yaml` package reads it) follows and stays the authority (see engine.ts).
import { FAILSAFE_SCHEMA, load, Type } from 'js-yaml';
import {
  parseJsonExact,
  parseResources,
  tooDeepAt,
  valueProblemAt,
  type ParsedResources,
  type SourceRange,
} from '../../core/index.ts';

// The `yaml` package's YAML 1.2 core schema (its tests and resolvers, in its order) for js-yaml, whose own
// CORE_SCHEMA differs at the edges (`-.5`, `0b1`, `1_000`): no timestamps, no YAML 1.1 booleans.
// (js-yaml keeps one implicit type per tag: each tag's forms are tried in turn.)
type Form = readonly [RegExp, (s: string) => unknown];
// `may` rejects most strings on their length or first character, before any pattern runs: js-yaml asks
// every implicit type about every plain scalar.
const scalar = (tag: string, may: (s: string) => boolean, forms: readonly Form[]) =>
  new Type(`tag:yaml.org,2002:${tag}`, {
    kind: 'scalar',
    resolve: (s: string | null) => may(s ?? '') && forms.some(([re]) => re.test(s ?? '')),
    construct: (s: string | null) => {
      const text = s ?? '';
      const form = forms.find(([re]) => re.test(text)) as Form;
      return form[1](text);
    },
  });
const numeric = (s: string) => /^[-+.0-9]/.test(s);
const YAML_CORE = FAILSAFE_SCHEMA.extend({
  implicit: [
    scalar('null', (s) => s.length <= 4, [[/^(?:~|[Nn]ull|NULL)?$/, () => null]]),
    scalar('bool', (s) => s.length === 4 || s.length === 5, [
      [/^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (s) => s[0] === 't' || s[0] === 'T'],
    ]),
    scalar('int', numeric, [
      [/^0o[0-7]+$/, (s) => parseInt(s.slice(2), 8)],
      [/^[-+]?[0-9]+$/, (s) => parseInt(s, 10)],
      [/^0x[0-9a-fA-F]+$/, (s) => parseInt(s.slice(2), 16)],
    ]),
    scalar('float', numeric, [
      [
        /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
        (s) => (s.slice(-3).toLowerCase() === 'nan' ? NaN : s.startsWith('-') ? -Infinity : Infinity),
      ],
      [/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/, parseFloat],
      [/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/, parseFloat],
    ]),
  ],
});

/** A YAML alias (`*name` where a value starts); may also match inside a plain scalar, which only costs speed. */
const ALIAS = /(?:^|[\s,[{:?-])\*[^\s,[\]{}]/m;

/** Inputs from this size on get the values-only parse first. */
export const FAST_PARSE_CHARS = 64 * 1024;

/** A values-only parse of one resource: `exact` when it is the same parse as parseInput's (JSON). */
export interface FastParse {
  readonly value: object;
  readonly exact: boolean;
}

/**
 * The single resource of a large text, without ranges; undefined when the text is small, does not parse,
 * holds several documents or a `kind: List`, or is not an object: then only parseInput applies.
 */
export function parseValues(text: string, minChars = FAST_PARSE_CHARS): FastParse | undefined {
  if (text.length < minChars) return undefined;
  const json = /\S/.exec(text)?.[0] === '{';
  // Aliases go to the full parse, which caps their expansion (a few lines of aliases can stand for gigabytes).
  if (!json && ALIAS.test(text)) return undefined;
  // js-yaml reads integers as doubles: a text that may hold one beyond 2^53 goes to the exact full parse.
  if (!json && /\d{16}/.test(text)) return undefined;
  let value: unknown;
  try {
    // Duplicate keys and several documents throw (as the full parse reports them).
    value = json ? parseJsonExact(text) : load(text, { schema: YAML_CORE });
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  if (valueProblemAt(value)) return undefined; // the full parse reports it (TOO_DEEP, NUMBER_NOT_JSON)
  const v = value as { kind?: unknown; items?: unknown };
  if (typeof v.kind === 'string' && v.kind.endsWith('List') && Array.isArray(v.items)) return undefined;
  return { value, exact: json };
}

/** Same plain value, keys in the same order (the panes render in key order). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i] as string;
    if (k !== kb[i] || !sameValue(ra[k], rb[k])) return false;
  }
  return true;
}

export function parseInput(text: string): ParsedResources {
  const first = /\S/.exec(text);
  if (first?.[0] === '{') {
    let value: unknown;
    try {
      value = parseJsonExact(text);
    } catch {
      return parseResources(text); // reports the syntax error with its position
    }
    const v = value as { kind?: unknown; items?: unknown };
    if (typeof v.kind === 'string' && v.kind.endsWith('List') && Array.isArray(v.items)) return parseResources(text);
    // Too deep: the full parse reports TOO_DEEP with a position (jsonRanges recurses).
    if (tooDeepAt(value)) return parseResources(text);
    const ranges = jsonRanges(text);
    const root = ranges.get('');
    return { documents: [{ index: 0, value, ranges, ...(root ? { range: root } : {}) }], issues: [] };
  }
  return parseResources(text);
}

/** Ranges of every node of valid JSON text, keyed like parseResources (a member's range spans key..value). */
export function jsonRanges(text: string): Map<string, SourceRange> {
  const out = new Map<string, SourceRange>();
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const here = () => ({ line, col: i - lineStart + 1, offset: i });
  const ws = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 10) {
        line++;
        lineStart = i + 1;
      } else if (c !== 32 && c !== 9 && c !== 13) return;
      i++;
    }
  };
  const str = (): string => {
    const start = i++;
    let escaped = false;
    for (;;) {
      const c = text.charCodeAt(i++);
      if (c === 92) {
        escaped = true;
        i++;
      } else if (c === 34 || Number.isNaN(c)) break;
    }
    const raw = text.slice(start, i);
    return escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1);
  };
  const value = (key: string): void => {
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        const start = here();
        const k = str();
        ws();
        i++; // :
        ws();
        const child = key === ROOT_KEY ? k : `${key}\u0000${k}`;
        value(child);
        out.set(child, { start, end: here() });
        ws();
        if (text[i++] === '}') return;
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (let n = 0; ; n++) {
        ws();
        const start = here();
        const child = key === ROOT_KEY ? String(n) : `${key}\u0000${n}`;
        value(child);
        out.set(child, { start, end: here() });
        ws();
        if (text[i++] === ']') return;
      }
    }
    if (c === '"') {
      str();
      return;
    }
    // number, true, false or null: up to the next delimiter
    for (;;) {
      const d = text.charCodeAt(i);
      if (Number.isNaN(d) || d === 44 || d === 93 || d === 125 || d === 32 || d === 10 || d === 13 || d === 9) return;
      i++;
    }
  };
  ws();
  const start = here();
  value(ROOT_KEY);
  out.set('', { start, end: here() });
  return out;
}

const ROOT_KEY = '\u0001';
