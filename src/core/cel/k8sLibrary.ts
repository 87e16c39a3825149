// The Kubernetes CEL libraries a CRD rule may call, beyond CEL's standard functions and cel-go's strings extension
// (k8s.io/apiserver/pkg/cel/library): lists, regex (find/findAll, RE2), ip (isIP/isCIDR) and format (validate).
// quantity(), url() and the ip()/cidr() objects are not here: no corpus CRD uses them (docs/cel.md).
import { CelScalar, celFunc, celMethod, isCelList, isCelMap, isCelUint, listType, type CelFunc } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { compileRe2, re2Find, re2FindAll, type Re2 } from '../model/re2.ts';
import { DNS1123_SUBDOMAIN, isQualifiedName, isValidLabelValue } from '../model/k8sNames.ts';

function mustRe2(pattern: string): Re2 {
  const r = compileRe2(pattern);
  if (!r.ok) throw new Error(`invalid regular expression: ${r.error}`);
  return r.re;
}

type Scalar = bigint | number | string | boolean | null;

/** CEL equality for the values list functions compare (numbers compare across int/uint/double, as CEL does). */
export function celEquals(a: unknown, b: unknown): boolean {
  const num = (x: unknown): number | bigint | undefined =>
    typeof x === 'bigint' || typeof x === 'number' ? x : isCelUint(x) ? x.value : undefined;
  const na = num(a);
  const nb = num(b);
  if (na !== undefined || nb !== undefined) return na !== undefined && nb !== undefined && na == nb;
  if (isCelList(a) && isCelList(b)) {
    const xs = [...a];
    const ys = [...b];
    return xs.length === ys.length && xs.every((x, i) => celEquals(x, ys[i]));
  }
  if (isCelMap(a) && isCelMap(b)) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !celEquals(v, b.get(k))) return false;
    return true;
  }
  return a === b;
}

function compare(a: unknown, b: unknown): number {
  const v = (x: unknown): Scalar => (isCelUint(x) ? x.value : (x as Scalar));
  const x = v(a);
  const y = v(b);
  if (typeof x === 'string' && typeof y === 'string') return x < y ? -1 : x > y ? 1 : 0;
  if ((typeof x === 'bigint' || typeof x === 'number') && (typeof y === 'bigint' || typeof y === 'number'))
    return x < y ? -1 : x > y ? 1 : 0;
  if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
  throw new Error('no such overload: values are not comparable');
}

const items = (l: unknown): unknown[] => (isCelList(l) ? [...l] : []);

function extreme(l: unknown, sign: 1 | -1): never | unknown {
  const xs = items(l);
  if (xs.length === 0) throw new Error(`${sign > 0 ? 'max' : 'min'} called on empty list`);
  return xs.reduce((m, x) => (compare(x, m) * sign > 0 ? x : m));
}

function sum(l: unknown): unknown {
  const xs = items(l);
  if (xs.length === 0) return 0n;
  if (xs.every((x) => typeof x === 'bigint')) return (xs as bigint[]).reduce((a, b) => a + b, 0n);
  if (xs.every((x) => typeof x === 'number')) return (xs as number[]).reduce((a, b) => a + b, 0);
  throw new Error('no such overload: sum of mixed or non-numeric list');
}

function indexOf(l: unknown, x: unknown, last: boolean): bigint {
  const xs = items(l);
  const idx = last ? xs.findLastIndex((y) => celEquals(y, x)) : xs.findIndex((y) => celEquals(y, x));
  return BigInt(idx);
}

function slice(l: unknown, start: bigint, end: bigint): unknown[] {
  const xs = items(l);
  if (start < 0n || end < 0n) throw new Error(`cannot slice(${start}, ${end}), negative indexes not supported`);
  if (start > end)
    throw new Error(`cannot slice(${start}, ${end}), start index must be less than or equal to end index`);
  if (end > BigInt(xs.length)) throw new Error(`cannot slice(${start}, ${end}), list is length ${xs.length}`);
  return xs.slice(Number(start), Number(end));
}

// IP literals as Go's netip.ParseAddr reads them: dotted quads without leading zeros; IPv6 without a zone.
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
function isIPv6(s: string): boolean {
  if (s.includes('%') || !/^[0-9A-Fa-f:.]+$/.test(s)) return false;
  let tail = s;
  let extra = 0;
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    if (!IPV4.test(s.slice(lastColon + 1))) return false;
    tail = `${s.slice(0, lastColon + 1)}0`;
    extra = 1;
  }
  const dbl = tail.split('::');
  if (dbl.length > 2) return false;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const parts = dbl.flatMap(groups);
  if (!parts.every((g) => /^[0-9A-Fa-f]{1,4}$/.test(g))) return false;
  const n = parts.length + extra;
  return dbl.length === 2 ? n <= 7 : n === 8;
}
export const isIP = (s: string): boolean => IPV4.test(s) || isIPv6(s);
export function isCIDR(s: string): boolean {
  const slash = s.indexOf('/');
  if (slash < 0) return false;
  const addr = s.slice(0, slash);
  const bits = s.slice(slash + 1);
  if (!/^(0|[1-9]\d{0,2})$/.test(bits)) return false;
  const max = IPV4.test(addr) ? 32 : isIPv6(addr) ? 128 : -1;
  return max >= 0 && Number(bits) <= max;
}

// format library: the named formats of k8s.io/apimachinery's validation. validate() gives null when the value
// is valid, else the list of reasons (upstream: optional.none() / optional.of(list)); rules compare it with null.
const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const FORMATS_BASE = new Map<string, (s: string) => string[]>([
  [
    'dns1123Label',
    (s: string) => [
      ...(s.length > 63 ? ['must be no more than 63 characters'] : []),
      ...(DNS1123_LABEL.test(s)
        ? []
        : ["a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-'"]),
    ],
  ],
  [
    'dns1123Subdomain',
    (s: string) => [
      ...(s.length > 253 ? ['must be no more than 253 characters'] : []),
      ...(DNS1123_SUBDOMAIN.test(s)
        ? []
        : ["a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.'"]),
    ],
  ],
  [
    'dns1035Label',
    (s: string) => [
      ...(s.length > 63 ? ['must be no more than 63 characters'] : []),
      ...(/^[a-z]([-a-z0-9]*[a-z0-9])?$/.test(s) ? [] : ['a DNS-1035 label must start with a letter']),
    ],
  ],
  [
    'uuid',
    (s: string) => (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s) ? [] : ['invalid UUID']),
  ],
]);
/**
 * apimachinery's `maskTrailingDash`, used by the *Prefix formats (a generateName prefix may end in '-'). It drops
 * two characters, not one, before adding 'a': upstream's own behaviour, kept.
 */
const maskTrailingDash = (s: string): string => (s.length > 1 && s.endsWith('-') ? `${s.slice(0, -2)}a` : s);
for (const name of ['dns1123Label', 'dns1123Subdomain', 'dns1035Label'] as const) {
  const check = FORMATS_BASE.get(name) as (s: string) => string[];
  FORMATS_BASE.set(`${name}Prefix`, (s) => check(maskTrailingDash(s)));
}
FORMATS_BASE.set('qualifiedName', isQualifiedName);
FORMATS_BASE.set('labelValue', isValidLabelValue);
// Not here (upstream has them): uri, byte, date, datetime. A rule naming one does not compile, and validation
// says the rule was not checked (CEL_RULE_INVALID), never that the value is wrong.
const FORMATS: ReadonlyMap<string, (s: string) => string[]> = FORMATS_BASE;
const FORMAT_PREFIX = 'k8s.format:';

/** Go's strings.SplitN: n < 0 all, n == 0 none, else at most n parts, the last holding the rest. */
function splitN(s: string, sep: string, n: number): string[] {
  if (n === 0) return [];
  const all = sep === '' ? [...s] : s.split(sep);
  if (n < 0 || all.length <= n) return all;
  const head = all.slice(0, n - 1);
  const rest = sep === '' ? all.slice(n - 1).join('') : all.slice(n - 1).join(sep);
  return [...head, rest];
}

/**
 * Every Kubernetes function we register (strings extension included), built on first use: nothing of the CEL
 * library runs when a bundle only imports the core (the page's initial chunk stays free of it).
 */
let functions: readonly CelFunc[] | undefined;
export const kubernetesFunctions = (): readonly CelFunc[] => (functions ??= buildFunctions());

function buildFunctions(): readonly CelFunc[] {
  const { INT, BOOL, STRING, DYN } = CelScalar;
  const LIST = listType(DYN);
  const LIST_STRING = listType(STRING);
  return [
    // cel-go's strings extension, except split(sep, n): @bufbuild/cel 0.6.1 drops the remainder, Go's SplitN keeps it.
    ...strings.filter((f) => !(f.name === 'split' && f.arguments.length === 2)),
    celMethod('split', STRING, [STRING, INT], LIST_STRING, function (sep, n) {
      return splitN(this, sep, Number(n));
    }),
    // lists
    celMethod('isSorted', LIST, [], BOOL, function () {
      const xs = items(this);
      return xs.every((x, i) => i === 0 || compare(xs[i - 1], x) <= 0);
    }),
    celMethod('sum', LIST, [], DYN, function () {
      return sum(this) as never;
    }),
    celMethod('min', LIST, [], DYN, function () {
      return extreme(this, -1) as never;
    }),
    celMethod('max', LIST, [], DYN, function () {
      return extreme(this, 1) as never;
    }),
    celMethod('indexOf', LIST, [DYN], INT, function (x) {
      return indexOf(this, x, false);
    }),
    celMethod('lastIndexOf', LIST, [DYN], INT, function (x) {
      return indexOf(this, x, true);
    }),
    celMethod('slice', LIST, [INT, INT], LIST, function (start, end) {
      return slice(this, start, end) as never;
    }),
    // regex
    celMethod('find', STRING, [STRING], STRING, function (pattern) {
      return re2Find(mustRe2(pattern), this) ?? '';
    }),
    celMethod('findAll', STRING, [STRING], LIST_STRING, function (pattern) {
      return re2FindAll(mustRe2(pattern), this);
    }),
    celMethod('findAll', STRING, [STRING, INT], LIST_STRING, function (pattern, limit) {
      return re2FindAll(mustRe2(pattern), this, Number(limit));
    }),
    // ip
    celFunc('isIP', [STRING], BOOL, (s) => isIP(s)),
    celFunc('isCIDR', [STRING], BOOL, (s) => isCIDR(s)),
    // format: format.<name>() is a value whose validate(string) checks the string
    ...[...FORMATS.keys()].map((name) => celFunc(`format.${name}`, [], STRING, () => `${FORMAT_PREFIX}${name}`)),
    celFunc('format.named', [STRING], DYN, (name) => (FORMATS.has(name) ? `${FORMAT_PREFIX}${name}` : null) as never),
    celMethod('validate', STRING, [STRING], DYN, function (value) {
      const check = this.startsWith(FORMAT_PREFIX) ? FORMATS.get(this.slice(FORMAT_PREFIX.length)) : undefined;
      if (!check) throw new Error('no such overload: validate');
      const reasons = check(value);
      return (reasons.length === 0 ? null : reasons) as never;
    }),
  ];
}

/** The names a rule may call, for docs and tests. */
export const kubernetesFunctionNames = (): readonly string[] =>
  [...new Set(kubernetesFunctions().map((f) => f.name))].sort();

/** RE2 for CEL's standard matches(): the same engine as the schema's `pattern`. */
export const re2Engine = { compile: (pattern: string) => mustRe2(pattern) };
