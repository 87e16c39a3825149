// YAML text of plain JSON data, fast (one pass, no document model: the `yaml` package's stringify takes about
// a second per megabyte). Block style; a string is plain only when it cannot read as anything else, otherwise
// double-quoted with JSON's escapes (valid YAML) plus \u escapes for DEL, C1 and bidi controls, so no control
// character reaches a terminal. Integers beyond 2^53 (bigint) keep every digit.

// (Not '@' first: YAML reserves it. `.5`, `.inf` and `.nan` would read as numbers.)
const PLAIN = /^(?:[A-Za-z_/$]|\.(?!\d))[\w./@$ -]*$/;
const RESERVED = /^(true|false|null|yes|no|on|off|y|n|~|[-+]?\.(inf|nan))$/i;
const UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const quote = (s: string): string =>
  JSON.stringify(s).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** YAML text of a scalar: plain when unambiguous, double-quoted otherwise. */
export function yamlScalar(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') {
    if (v !== '' && PLAIN.test(v) && !RESERVED.test(v) && !v.endsWith(' ') && !/: |\s#/.test(v)) return v;
    return quote(v);
  }
  // bigint: an integer beyond 2^53, printed with every digit
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v) ?? 'null';
}

const isBlock = (v: unknown): v is object =>
  v !== null && typeof v === 'object' && (Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0);

type Scalar = (v: unknown, key: boolean) => string;
const inline = (v: unknown, scalar: Scalar): string =>
  v !== null && typeof v === 'object' ? (Array.isArray(v) ? '[]' : '{}') : scalar(v, false);

/** Lines of a non-empty map or array at `indent`; the first line starts with `lead` instead (a `- ` item). */
function block(v: object, indent: string, lead: string, out: string[], scalar: Scalar): void {
  // (no closure here: the hot loop of every object written; the runtime names each closure it creates)
  let first = true;
  if (Array.isArray(v)) {
    for (const item of v) {
      const at = first ? lead : indent;
      first = false;
      if (isBlock(item)) block(item, `${indent}  `, `${at}- `, out, scalar);
      else out.push(`${at}- ${inline(item, scalar)}`);
    }
    return;
  }
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const val = o[k];
    if (val === undefined) continue;
    const at = first ? lead : indent;
    first = false;
    if (isBlock(val)) {
      out.push(`${at}${scalar(k, true)}:`);
      block(val, `${indent}  `, `${indent}  `, out, scalar);
    } else out.push(`${at}${scalar(k, true)}: ${inline(val, scalar)}`);
  }
}

/** One YAML document (no `---`), ending with a newline; `scalar` writes each key and scalar. */
export function blockYamlText(value: unknown, scalar: Scalar = yamlScalar): string {
  if (!isBlock(value)) return `${inline(value, scalar)}\n`;
  const out: string[] = [];
  block(value, '', '', out, scalar);
  return `${out.join('\n')}\n`;
}

// Keys repeat from object to object (a stream writes the same few dozen): each is quoted or not once.
const keyTexts = new Map<string, string>();
const KEY_TEXTS = 4096;
const cachedScalar: Scalar = (v, key) => {
  if (!key || typeof v !== 'string') return yamlScalar(v);
  let t = keyTexts.get(v);
  if (t === undefined) {
    t = yamlScalar(v);
    if (keyTexts.size >= KEY_TEXTS) keyTexts.clear();
    keyTexts.set(v, t);
  }
  return t;
};

/** One YAML document (no `---`), ending with a newline. */
export const toYamlText = (value: unknown): string => blockYamlText(value, cachedScalar);
