// Numbers as the API server keeps them: integers of any size exactly (int64 max stays 9223372036854775807),
// floats as float64. JavaScript numbers hold integers exactly only up to 2^53, so larger ones are bigints from
// parse to output; NaN and Infinity (YAML .nan/.inf) have no JSON form and are reported, never written as null.
import { parse as losslessParse, stringify as losslessStringify } from 'lossless-json';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** An integer as a number when a double holds it exactly, else as a bigint. */
export function exactInteger(v: bigint): number | bigint {
  return v >= -MAX_SAFE && v <= MAX_SAFE ? Number(v) : v;
}

/** For the `yaml` package's toJS (parsed with intAsBigInt): small integers back to numbers. */
export const exactIntegerReviver = (_key: unknown, v: unknown): unknown =>
  typeof v === 'bigint' ? exactInteger(v) : v;

const INTEGER = /^-?\d+$/;
const parseNumber = (text: string): number | bigint => (INTEGER.test(text) ? exactInteger(BigInt(text)) : Number(text));

/** A run of 16+ digits: the only way a JSON text can hold an integer a double cannot (2^53 has 16 digits). */
const LONG_DIGITS = /\d{16}/;

/** JSON.parse, but integers beyond 2^53 stay exact (bigint). Throws SyntaxError on bad JSON, like JSON.parse. */
export function parseJsonExact(text: string): unknown {
  if (!LONG_DIGITS.test(text)) return JSON.parse(text);
  // Only for texts that may hold such an integer (a slower parser); duplicate keys: the last wins, as JSON.parse.
  return losslessParse(text, null, parseNumber);
}

/** JSON text of a value holding bigints (exact digits); the native serializer when there are none. */
export function stringifyJsonExact(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, null, indent);
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
    return losslessStringify(value, null, indent) ?? 'null';
  }
}
