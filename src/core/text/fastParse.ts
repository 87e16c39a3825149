// Values-only parsing for large inputs: JSON.parse (exact integers) or js-yaml with the `yaml` package's YAML 1.2
// core schema, 10-20x faster than the ranges-keeping parser; source ranges come from a linear JSON scan, or
// from the full parse only when an issue must be placed. Used by the UI worker and the CLI.
import { FAILSAFE_SCHEMA, load, loadAll, Type, type EventType, type State } from 'js-yaml';
import type { SourceRange } from '../model/issue.ts';
import { exactInteger } from '../model/numbers.ts';

// The `yaml` package's YAML 1.2 core schema (its tests and resolvers, in its order) for js-yaml, whose own
// CORE_SCHEMA differs at the edges (`-.5`, `0b1`, `1_000`): no timestamps, no YAML 1.1 booleans.
// (js-yaml keeps one implicit type per tag: each tag's forms are tried in turn.)
type Form = readonly [RegExp, (s: string) => unknown];
// `may` rejects most strings on their length or first character, before any pattern runs: js-yaml asks
// every implicit type about every plain scalar.
const scalar = (tag: string, may: (s: string) => boolean, forms: readonly Form[]) =>
  new Type(`tag:yaml.org,2002:${tag}`, {
    kind: 'scalar',
    resolve: (s: string | null) => {
      const text = s ?? '';
      if (!may(text)) return false;
      for (const form of forms) if (form[0].test(text)) return true;
      return false;
    },
    construct: (s: string | null) => {
      const text = s ?? '';
      const form = forms.find(([re]) => re.test(text)) as Form;
      return form[1](text);
    },
  });
// The prefilters look at the first character only (no pattern runs for a name or a word): each admits every
// string its patterns accept.
/** `+`, `-`, `.` or a digit. */
const numeric = (s: string) => {
  const c = s.charCodeAt(0);
  return (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46;
};
/** Empty, `~`, or `n`/`N` (null, Null, NULL). */
const nullish = (s: string) => {
  if (s.length > 4) return false;
  const c = s.charCodeAt(0);
  return s.length === 0 || c === 126 || c === 110 || c === 78;
};
/** Four or five characters, the first `t`, `T`, `f` or `F`. */
const boolish = (s: string) => {
  if (s.length !== 4 && s.length !== 5) return false;
  const c = s.charCodeAt(0);
  return c === 116 || c === 84 || c === 102 || c === 70;
};
/** The core schema's implicit types, in the order js-yaml tries them: tag, prefilter, forms. */
const CORE_TYPES: readonly (readonly [string, (s: string) => boolean, readonly Form[]])[] = [
  ['null', nullish, [[/^(?:~|[Nn]ull|NULL)?$/, () => null]]],
  ['bool', boolish, [[/^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (s) => s[0] === 't' || s[0] === 'T']]],
  [
    'int',
    numeric,
    [
      [/^0o[0-7]+$/, (s) => parseInt(s.slice(2), 8)],
      [/^[-+]?[0-9]+$/, (s) => exactInteger(BigInt(s))],
      [/^0x[0-9a-fA-F]+$/, (s) => parseInt(s.slice(2), 16)],
    ],
  ],
  [
    'float',
    numeric,
    [
      [
        /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
        (s) => (s.slice(-3).toLowerCase() === 'nan' ? NaN : s.startsWith('-') ? -Infinity : Infinity),
      ],
      [/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/, parseFloat],
      [/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/, parseFloat],
    ],
  ],
];
const YAML_CORE = FAILSAFE_SCHEMA.extend({ implicit: CORE_TYPES.map(([tag, may, forms]) => scalar(tag, may, forms)) });

/**
 * A one-line plain scalar's value as YAML_CORE reads it (js-yaml tries the implicit types in turn; a text none
 * of them takes is a string).
 */
export function plainScalar(s: string): unknown {
  for (const [, may, forms] of CORE_TYPES) {
    if (!may(s)) continue;
    for (const [re, make] of forms) if (re.test(s)) return make(s);
  }
  return s;
}

/** A YAML alias (`*name` where a value starts); may also match inside a plain scalar, which only costs speed. */
export const ALIAS = /(?:^|[\s,[{:?-])\*[^\s,[\]{}]/m;

/**
 * The documents of a YAML text read with YAML_CORE (integers beyond 2^53 as bigint). Throws on a syntax error,
 * a duplicate key or an unknown tag: callers then use the full parse, which reports them with positions.
 */
export function loadYamlValues(text: string): unknown[] {
  const out: unknown[] = [];
  loadAll(text, (d) => void out.push(d), { schema: YAML_CORE });
  return out;
}

/** A js-yaml listener that refuses anchors: without one no alias reads (js-yaml throws on an unknown alias). */
const noAnchor = (event: EventType, state: State): void => {
  const anchor = (state as State & { readonly anchor?: string | null }).anchor;
  if (event === 'close' && anchor !== null && anchor !== undefined) throw new Error('anchor');
};

/**
 * loadYamlValues for a text with no anchor (so no alias): throws where it has one. For texts the ALIAS test
 * cannot clear (prose with `*` in it, as a CRD's descriptions have), without a second look at the text.
 */
export function loadYamlValuesWithoutAliases(text: string): unknown[] {
  const out: unknown[] = [];
  loadAll(text, (d) => void out.push(d), { schema: YAML_CORE, listener: noAnchor });
  return out;
}

/** One document (js-yaml's `load`: throws when there are several). */
export const loadYamlValue = (text: string): unknown => load(text, { schema: YAML_CORE });

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

/**
 * The range of one path in valid JSON text (a member's range spans key..value, as jsonRanges), without
 * building the ranges of everything else: one forward scan that skips the values off the path. `path` segments
 * as pathKey joins them (array indexes as digits).
 */
export function jsonRangeAt(text: string, path: readonly string[]): SourceRange | undefined {
  let i = 0;
  const ws = () => {
    for (let c = text.charCodeAt(i); c === 32 || c === 10 || c === 13 || c === 9; c = text.charCodeAt(++i));
  };
  const skipString = () => {
    for (i++; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 92) i++;
      else if (c === 34) {
        i++;
        return;
      }
    }
  };
  /** Skips one value (iteratively: nesting is counted, not recursed). */
  const skipValue = () => {
    let depth = 0;
    do {
      ws();
      const c = text.charCodeAt(i);
      if (c === 34) skipString();
      else if (c === 123 || c === 91) {
        depth++;
        i++;
      } else if (c === 125 || c === 93) {
        depth--;
        i++;
      } else if (c === 44 || c === 58) i++;
      else while (i < text.length && !/[\s,\]}]/.test(text[i] as string)) i++;
    } while (depth > 0 && i < text.length);
  };
  const pos = (offset: number): SourceRange['start'] => {
    let line = 1;
    let lineStart = 0;
    for (let j = text.indexOf('\n'); j !== -1 && j < offset; j = text.indexOf('\n', j + 1)) {
      line++;
      lineStart = j + 1;
    }
    return { line, col: offset - lineStart + 1, offset };
  };
  ws();
  let start = i;
  for (const seg of path) {
    ws();
    const open = text.charCodeAt(i);
    if (open !== 123 && open !== 91) return undefined;
    i++;
    for (let n = 0; ; n++) {
      ws();
      const c = text.charCodeAt(i);
      if (c === 125 || c === 93 || i >= text.length) return undefined;
      const memberStart = i;
      let match: boolean;
      if (open === 123) {
        const keyStart = i;
        skipString();
        const raw = text.slice(keyStart, i);
        const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        match = key === seg;
        ws();
        i++; // :
      } else match = String(n) === seg;
      if (match) {
        start = memberStart;
        break;
      }
      skipValue();
      ws();
      if (text.charCodeAt(i) === 44) i++;
    }
  }
  ws();
  skipValue();
  return { start: pos(start), end: pos(i) };
}
