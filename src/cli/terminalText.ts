// Text from documents (a kind, a field name, a version) reaches the terminal in messages: control characters
// (ANSI escapes, carriage returns, C1 codes, bidi overrides) are shown as escapes, never sent raw.
// Newlines and tabs stay: the CLI's own output is made of lines.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function terminalSafe(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
