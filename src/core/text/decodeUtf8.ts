// Input bytes -> text. A file that is not UTF-8 (Latin-1, UTF-16, a binary) is refused with the position of its
// first bad byte, instead of being read with U+FFFD in place of each bad byte and converted as if nothing happened
// (JSON and YAML on the API server are UTF-8; it would refuse or change those bytes).
import { issue, type Issue } from '../model/issue.ts';

const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The offset of the first byte that does not begin or continue a well-formed UTF-8 sequence, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  const n = bytes.length;
  const cont = (k: number) => k < n && ((bytes[k] as number) & 0xc0) === 0x80;
  while (i < n) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    const next = bytes[i + 1] ?? 0;
    let len = 0;
    // The ranges of RFC 3629 (no overlongs, no surrogates, nothing past U+10FFFF).
    if (b >= 0xc2 && b <= 0xdf) len = 2;
    else if (b === 0xe0) len = next >= 0xa0 && next <= 0xbf ? 3 : 0;
    else if ((b >= 0xe1 && b <= 0xec) || b === 0xee || b === 0xef) len = 3;
    else if (b === 0xed) len = next >= 0x80 && next <= 0x9f ? 3 : 0;
    else if (b === 0xf0) len = next >= 0x90 && next <= 0xbf ? 4 : 0;
    else if (b >= 0xf1 && b <= 0xf3) len = 4;
    else if (b === 0xf4) len = next >= 0x80 && next <= 0x8f ? 4 : 0;
    if (len === 0) return i;
    for (let k = 1; k < len; k++) if (!cont(i + k)) return i;
    i += len;
  }
  return -1;
}

/** UTF-8 bytes as text (a BOM kept, as the parsers expect it), or NOT_UTF8 at the line and column of the bad byte. */
export function decodeUtf8(bytes: Uint8Array, file?: string): { readonly text: string } | { readonly issue: Issue } {
  try {
    return { text: fatal.decode(bytes) };
  } catch {
    const at = Math.max(0, firstInvalidUtf8(bytes));
    const lineStart = at === 0 ? 0 : bytes.lastIndexOf(0x0a, at - 1) + 1;
    let line = 1;
    for (let k = bytes.indexOf(0x0a); k >= 0 && k < at; k = bytes.indexOf(0x0a, k + 1)) line++;
    // Columns count characters (UTF-16 units, as the YAML parser's positions do); the offset is in bytes.
    const col = fatal.decode(bytes.subarray(lineStart, at)).length + 1;
    const hex = (bytes[at] ?? 0).toString(16).padStart(2, '0');
    return {
      issue: issue('error', 'NOT_UTF8', `byte 0x${hex} is not UTF-8: save the file as UTF-8`, [], {
        ...(file !== undefined ? { file } : {}),
        range: { start: { line, col, offset: at }, end: { line, col: col + 1, offset: at + 1 } },
      }),
    };
  }
}
