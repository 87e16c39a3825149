// Kubernetes' quantity (k8s.io/apiserver/pkg/cel/library quantity.go) and semver (semverlib.go) CEL libraries.
// A quantity is an exact rational (apimachinery's resource.Quantity is exact down to nano units).
import { CelScalar, celFunc, celMethod, type CelFunc } from '@bufbuild/cel';
import { makeOpaque, opaqueType, payloadOf } from './opaque.ts';

export interface Rational {
  readonly num: bigint;
  readonly den: bigint; // > 0
}

const QUANTITY_RE = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/;
const BINARY: Readonly<Record<string, bigint>> = { Ki: 1n, Mi: 2n, Gi: 3n, Ti: 4n, Pi: 5n, Ei: 6n };
const DECIMAL: Readonly<Record<string, number>> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
function norm(num: bigint, den: bigint): Rational {
  if (den < 0n) return norm(-num, -den);
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
}

/** resource.ParseQuantity; an error text (upstream's) when not a quantity. */
export function parseQuantity(s: string): Rational | string {
  const bad = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
  const m = QUANTITY_RE.exec(s);
  if (!m) return bad;
  const numText = m[1] as string;
  const suffix = m[2] as string;
  const nm = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(numText);
  if (!nm || (nm[2] === '' && (nm[3] ?? '') === '')) return bad;
  const frac = nm[3] ?? '';
  let num = BigInt(`${nm[1]}${nm[2] || '0'}${frac}`);
  let den = 10n ** BigInt(frac.length);
  if (Object.hasOwn(BINARY, suffix)) num *= 1024n ** (BINARY[suffix] as bigint);
  else if (Object.hasOwn(DECIMAL, suffix)) {
    const e = DECIMAL[suffix] as number;
    if (e >= 0) num *= 10n ** BigInt(e);
    else den *= 10n ** BigInt(-e);
  } else {
    const em = /^[eE]([-+]?\d+)$/.exec(suffix);
    if (!em) return "unable to parse quantity's suffix";
    const e = Number(em[1]);
    if (Math.abs(e) > 1000) return "unable to parse quantity's suffix";
    if (e >= 0) num *= 10n ** BigInt(e);
    else den *= 10n ** BigInt(-e);
  }
  // apimachinery keeps nano precision: smaller fractions round up (away from zero)
  const r = norm(num, den);
  const nanos = r.num * 1_000_000_000n;
  if (nanos % r.den !== 0n) {
    const q = nanos / r.den + (r.num > 0n ? 1n : -1n);
    return norm(q, 1_000_000_000n);
  }
  return r;
}

const cmp = (a: Rational, b: Rational): number => {
  const d = a.num * b.den - b.num * a.den;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

const makeQuantity = (r: Rational): unknown => makeOpaque('Quantity', `${r.num}/${r.den}`, r);

export interface Semver {
  readonly major: bigint;
  readonly minor: bigint;
  readonly patch: bigint;
  readonly pre: readonly string[];
}

/** blang/semver's strict parse; with `normalize`, a leading v, missing minor/patch and leading zeros are allowed. */
export function parseSemver(s: string, normalize = false): Semver | string {
  let t = s;
  if (normalize) {
    if (t.startsWith('v')) t = t.slice(1);
    const core = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?(.*)$/.exec(t);
    if (core) t = `${BigInt(core[1] as string)}.${BigInt(core[2] ?? '0')}.${BigInt(core[3] ?? '0')}${core[4] ?? ''}`;
  }
  const m =
    /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$/.exec(
      t,
    );
  if (!m) return `Version string "${s}" is not a valid semver`;
  const pre = m[4] ? m[4].split('.') : [];
  if (pre.some((p) => /^0\d+$/.test(p))) return `Version string "${s}" is not a valid semver`;
  return { major: BigInt(m[1] as string), minor: BigInt(m[2] as string), patch: BigInt(m[3] as string), pre };
}

function cmpSemver(a: Semver, b: Semver): number {
  for (const k of ['major', 'minor', 'patch'] as const) if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
  if (a.pre.length === 0 || b.pre.length === 0)
    return b.pre.length - a.pre.length === 0 ? 0 : a.pre.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.min(a.pre.length, b.pre.length); i++) {
    const x = a.pre[i] as string;
    const y = b.pre[i] as string;
    if (x === y) continue;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny) return BigInt(x) < BigInt(y) ? -1 : 1;
    if (nx !== ny) return nx ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return Math.sign(a.pre.length - b.pre.length);
}

const semverText = (v: Semver): string =>
  `${v.major}.${v.minor}.${v.patch}${v.pre.length ? `-${v.pre.join('.')}` : ''}`;

export function quantityFunctions(): CelFunc[] {
  const { STRING, BOOL, INT, DOUBLE } = CelScalar;
  const Q = opaqueType('Quantity');
  const S = opaqueType('Semver');
  const q = (x: unknown) => payloadOf<Rational>(x, 'Quantity');
  const sv = (x: unknown) => payloadOf<Semver>(x, 'Semver');
  const fromString = (s: string): unknown => {
    const r = parseQuantity(s);
    if (typeof r === 'string') throw new Error(r);
    return makeQuantity(r);
  };
  const semverOf = (s: string, normalize: boolean): unknown => {
    const v = parseSemver(s, normalize);
    if (typeof v === 'string') throw new Error(v);
    return makeOpaque('Semver', semverText(v), v);
  };
  const arith = (name: string, sign: 1n | -1n) => [
    celMethod(name, Q, [Q], Q, function (o) {
      const a = q(this);
      const b = q(o);
      return makeQuantity(norm(a.num * b.den + sign * b.num * a.den, a.den * b.den)) as never;
    }),
    celMethod(name, Q, [INT], Q, function (o) {
      const a = q(this);
      return makeQuantity(norm(a.num + sign * o * a.den, a.den)) as never;
    }),
  ];
  return [
    celFunc('quantity', [STRING], Q, (s) => fromString(s) as never),
    celFunc('isQuantity', [STRING], BOOL, (s) => typeof parseQuantity(s) !== 'string'),
    celMethod('isInteger', Q, [], BOOL, function () {
      const r = q(this);
      return r.den === 1n && r.num <= INT64_MAX && r.num >= INT64_MIN;
    }),
    celMethod('asInteger', Q, [], INT, function () {
      const r = q(this);
      if (r.den !== 1n || r.num > INT64_MAX || r.num < INT64_MIN) throw new Error('cannot convert value to integer');
      return r.num;
    }),
    celMethod('asApproximateFloat', Q, [], DOUBLE, function () {
      const r = q(this);
      return Number(r.num) / Number(r.den);
    }),
    celMethod('sign', Q, [], INT, function () {
      const r = q(this);
      return r.num < 0n ? -1n : r.num > 0n ? 1n : 0n;
    }),
    celMethod('compareTo', Q, [Q], INT, function (o) {
      return BigInt(cmp(q(this), q(o)));
    }),
    celMethod('isGreaterThan', Q, [Q], BOOL, function (o) {
      return cmp(q(this), q(o)) > 0;
    }),
    celMethod('isLessThan', Q, [Q], BOOL, function (o) {
      return cmp(q(this), q(o)) < 0;
    }),
    ...arith('add', 1n),
    ...arith('sub', -1n),
    celFunc('semver', [STRING], S, (s) => semverOf(s, false) as never),
    celFunc('semver', [STRING, BOOL], S, (s, n) => semverOf(s, n) as never),
    celFunc('isSemver', [STRING], BOOL, (s) => typeof parseSemver(s) !== 'string'),
    celFunc('isSemver', [STRING, BOOL], BOOL, (s, n) => typeof parseSemver(s, n) !== 'string'),
    celMethod('major', S, [], INT, function () {
      return sv(this).major;
    }),
    celMethod('minor', S, [], INT, function () {
      return sv(this).minor;
    }),
    celMethod('patch', S, [], INT, function () {
      return sv(this).patch;
    }),
    celMethod('compareTo', S, [S], INT, function (o) {
      return BigInt(cmpSemver(sv(this), sv(o)));
    }),
    celMethod('isGreaterThan', S, [S], BOOL, function (o) {
      return cmpSemver(sv(this), sv(o)) > 0;
    }),
    celMethod('isLessThan', S, [S], BOOL, function (o) {
      return cmpSemver(sv(this), sv(o)) < 0;
    }),
  ];
}
