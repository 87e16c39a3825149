// Input text -> documents with ranges. YAML goes through the core's parseResources; a JSON object (the
// usual shape of a large pasted resource) takes a fast path: JSON.parse plus one scan for the ranges,
// about 30x faster than the YAML parser on 1 MB.
//
// A large paste first gets a values-only parse (parseValues: JSON.parse, or js-yaml with the core schema,
// ~15x faster than the ranges-keeping parser) so the panes can show at once; the full parse (ranges,
// warnings, YAML 1.2 as the `yaml` package reads it) follows and stays the authority (see engine.ts).
import {
  ALIAS,
  blockRanges,
  blockValues,
  jsonRanges,
  loadYamlValue,
  parseJsonExact,
  parseResources,
  tooDeepAt,
  valueProblemAt,
  type ParsedResources,
} from '../../core/index.ts';

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
  // (A text without any `*`, the usual one, skips the pattern: 0.01 instead of 1.3 ms on 1 MB.)
  if (!json && text.includes('*') && ALIAS.test(text)) return undefined;
  // js-yaml reads integers as doubles: a text that may hold one beyond 2^53 goes to the exact full parse.
  if (!json && /\d{16}/.test(text)) return undefined;
  let value: unknown;
  try {
    // Duplicate keys and several documents throw (as the full parse reports them). Plain block YAML, the usual
    // large paste, is read by one line scan (the same value as js-yaml's: a law in blockValues.test.ts).
    value = json ? parseJsonExact(text) : (blockValues(text) ?? loadYamlValue(text));
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

/**
 * parseInput's result for a text parseValues read: its value with the ranges of one scan (JSON, or plain
 * block YAML that blockRanges places exactly and that reads as the same value); otherwise parseInput.
 */
export function parseRanges(text: string, fast: FastParse): ParsedResources {
  const ranges = fast.exact ? jsonRanges(text) : blockRanges(text, fast.value);
  if (!ranges) return parseInput(text);
  const root = ranges.get('');
  return { documents: [{ index: 0, value: fast.value, ranges, ...(root ? { range: root } : {}) }], issues: [] };
}

export { jsonRanges };
