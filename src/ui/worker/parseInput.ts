// Input text -> documents with ranges. YAML goes through the core's parseResources; a JSON object (the
// usual shape of a large pasted resource) takes a fast path: JSON.parse plus one scan for the ranges,
// about 30x faster than the YAML parser on 1 MB.
import { parseResources, type ParsedResources, type SourceRange } from '../../core/index.ts';

export function parseInput(text: string): ParsedResources {
  const first = /\S/.exec(text);
  if (first?.[0] === '{') {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return parseResources(text); // reports the syntax error with its position
    }
    const v = value as { kind?: unknown; items?: unknown };
    if (typeof v.kind === 'string' && v.kind.endsWith('List') && Array.isArray(v.items)) return parseResources(text);
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
