// The string formats the API server checks (apiextensions-apiserver's supported formats, kube-openapi strfmt).
// Unknown formats (and int32/int64/float/double on numbers) check nothing, as upstream.
import { isCIDR, isIP } from '../cel/index.ts';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const HOSTNAME =
  /^[a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)*(\.[a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)*)*\.?$/u;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// RFC 3339 date-time as strfmt.ParseDateTime accepts it (T or space or t, optional fraction, Z or offset).
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
// strfmt duration: Go's time.ParseDuration units plus d and w, optionally spaced.
const DURATION = /^[-+]?(\d+(\.\d+)?\s*(ns|us|µs|ms|s|m|h|d|w)\s*)+$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const MAC = /^([0-9A-Fa-f]{2}[:-]){5}([0-9A-Fa-f]{2})$|^([0-9A-Fa-f]{4}\.){2}[0-9A-Fa-f]{4}$/;
const EMAIL = /^[^@\s]+@[^@\s]+$/;
const HEXCOLOR = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const RGBCOLOR = /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/;
const BSONOBJECTID = /^[0-9a-fA-F]{24}$/;

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= (days[m - 1] ?? 0);
}

const CHECKS: ReadonlyMap<string, (s: string) => boolean> = new Map<string, (s: string) => boolean>([
  ['date', (s) => ((m) => m !== null && validDate(+m[1]!, +m[2]!, +m[3]!))(DATE.exec(s))],
  [
    'date-time',
    (s) =>
      ((m) => m !== null && validDate(+m[1]!, +m[2]!, +m[3]!) && +m[4]! < 24 && +m[5]! < 60 && +m[6]! < 61)(
        DATE_TIME.exec(s),
      ),
  ],
  ['datetime', (s) => CHECKS.get('date-time')!(s)],
  ['duration', (s) => DURATION.test(s)],
  ['byte', (s) => BASE64.test(s)],
  ['ipv4', (s) => IPV4.test(s)],
  ['ipv6', (s) => isIP(s) && s.includes(':')],
  ['cidr', (s) => isCIDR(s)],
  ['mac', (s) => MAC.test(s)],
  ['uuid', (s) => UUID.test(s)],
  ['uuid3', (s) => UUID.test(s) && s.replace(/-/g, '')[12] === '3'],
  ['uuid4', (s) => UUID.test(s) && s.replace(/-/g, '')[12] === '4'],
  ['uuid5', (s) => UUID.test(s) && s.replace(/-/g, '')[12] === '5'],
  ['hostname', (s) => s.length <= 255 && HOSTNAME.test(s)],
  ['email', (s) => EMAIL.test(s)],
  ['hexcolor', (s) => HEXCOLOR.test(s)],
  ['rgbcolor', (s) => RGBCOLOR.test(s)],
  ['bsonobjectid', (s) => BSONOBJECTID.test(s)],
  [
    'uri',
    (s) => {
      try {
        return new URL(s).protocol !== '';
      } catch {
        return false;
      }
    },
  ],
]);

/** False when `s` breaks a format the API server checks; true for valid values and unchecked formats. */
export function formatHolds(format: string, s: string): boolean {
  const check = CHECKS.get(format);
  return check === undefined || check(s);
}

export const checkedFormats = (): readonly string[] => [...CHECKS.keys()].sort();
