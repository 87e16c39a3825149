// The Kubernetes CEL environment (k8s.io/apiserver/pkg/cel/environment base.go) beyond CEL's standard functions:
// cel-go's strings extension, Kubernetes' lists, regex (find/findAll, RE2) and format libraries here; optional
// values, URL/IP/CIDR, quantity/semver, cel-go's lists and sets extensions in the lib*.ts modules.
import { CelScalar, celEnv, celFunc, celMethod, isCelList, listType, objectType, type CelFunc } from '@bufbuild/cel';
import { DurationSchema, type Duration } from '@bufbuild/protobuf/wkt';
import { strings } from '@bufbuild/cel/ext';
import { celEquals, compareCel, k8sEquals } from './celCompare.ts';
import { makeOpaque, opaqueType, payloadOf } from './opaque.ts';
import { optionalFunctions, optionalNone, optionalOf } from './libOptional.ts';
import { netFunctions, parseRequestUri } from './libNet.ts';
import { quantityFunctions } from './libQuantity.ts';
import { listFunctions } from './libLists.ts';
import { goDurationFunctions } from './libGoDuration.ts';
import { compileRe2, re2Find, re2FindAll, type Re2 } from '../model/re2.ts';
import { DNS1123_SUBDOMAIN, isQualifiedName, isValidLabelValue } from '../model/k8sNames.ts';

function mustRe2(pattern: string): Re2 {
  const r = compileRe2(pattern);
  if (!r.ok) throw new Error(`invalid regular expression: ${r.error}`);
  return r.re;
}

const items = (l: unknown): unknown[] => (isCelList(l) ? [...l] : []);

function extreme(l: unknown, sign: 1 | -1): never | unknown {
  const xs = items(l);
  if (xs.length === 0) throw new Error(`${sign > 0 ? 'max' : 'min'} called on empty list`);
  return xs.reduce((m, x) => (compareCel(x, m) * sign > 0 ? x : m));
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
FORMATS_BASE.set('uri', (s) => {
  const u = parseRequestUri(s);
  return typeof u === 'string' ? [u] : [];
});
FORMATS_BASE.set('byte', (s) =>
  /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s) ? [] : ['illegal base64 data'],
);
FORMATS_BASE.set('date', (s) => (isDate(s) ? [] : [`parsing time "${s}" as "2006-01-02": cannot parse`]));
FORMATS_BASE.set('datetime', (s) =>
  isDateTime(s) ? [] : [`parsing time "${s}" as "2006-01-02T15:04:05Z07:00": cannot parse`],
);
const FORMATS: ReadonlyMap<string, (s: string) => string[]> = FORMATS_BASE;

function isDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return mo >= 1 && mo <= 12 && d >= 1 && d <= days;
}
/** Go's time.Parse(time.RFC3339, s). */
export function isDateTime(s: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/.exec(s);
  if (!m || !isDate(m[1] as string)) return false;
  const [h, mi, sec] = [Number(m[2]), Number(m[3]), Number(m[4])];
  return h < 24 && mi < 60 && sec < 60 && (m[7] === undefined || (Number(m[7]) < 24 && Number(m[8]) < 60));
}

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

/** The library's own `==` (numbers across types, timestamps, messages), under set/map-list equality. */
function baseEquals(): (a: unknown, b: unknown) => boolean {
  const group = celEnv().funcs.find('_==_');
  if (!group) throw new Error('no _==_ in the standard environment');
  return (a, b) => group.call(0, undefined, [a as never, b as never]) === true;
}

function buildFunctions(): readonly CelFunc[] {
  const base = baseEquals();
  const { INT, BOOL, STRING, DYN } = CelScalar;
  const LIST = listType(DYN);
  const LIST_STRING = listType(STRING);
  const FORMAT = opaqueType('Format');
  return [
    // cel-go's strings extension, except split(sep, n): @bufbuild/cel 0.6.1 drops the remainder, Go's SplitN keeps it.
    ...strings.filter((f) => !(f.name === 'split' && f.arguments.length === 2)),
    celMethod('split', STRING, [STRING, INT], LIST_STRING, function (sep, n) {
      return splitN(this, sep, Number(n));
    }),
    // lists
    celMethod('isSorted', LIST, [], BOOL, function () {
      const xs = items(this);
      return xs.every((x, i) => i === 0 || compareCel(xs[i - 1], x) <= 0);
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
    // format: format.<name>() is a Format; validate(s) is optional.none() when valid, else the reasons
    ...[...FORMATS.keys()].map((name) =>
      celFunc(`format.${name}`, [], FORMAT, () => makeOpaque('Format', name, name) as never),
    ),
    celFunc(
      'format.named',
      [STRING],
      opaqueType('Optional'),
      (name) => (FORMATS.has(name) ? optionalOf(makeOpaque('Format', name, name)) : optionalNone()) as never,
    ),
    celMethod('validate', FORMAT, [STRING], opaqueType('Optional'), function (value) {
      const check = FORMATS.get(payloadOf<string>(this, 'Format'));
      if (!check) throw new Error('no such overload: validate');
      const reasons = check(value);
      return (reasons.length === 0 ? optionalNone() : optionalOf(reasons)) as never;
    }),
    // cel-go's duration.getMilliseconds() is the whole duration in ms (Go's Duration.Milliseconds), not the ms part
    celMethod('getMilliseconds', objectType(DurationSchema), [], INT, function () {
      const d = (this as unknown as { message: Duration }).message;
      return d.seconds * 1000n + BigInt(Math.trunc(d.nanos / 1_000_000));
    }),
    celFunc('_==_', [DYN, DYN], BOOL, (a, b) => k8sEquals(a, b, base)),
    celFunc('_!=_', [DYN, DYN], BOOL, (a, b) => !k8sEquals(a, b, base)),
    ...optionalFunctions(),
    ...netFunctions(),
    ...quantityFunctions(),
    ...listFunctions(),
    ...goDurationFunctions(),
  ];
}

/** The names a rule may call, for docs and tests. */
export const kubernetesFunctionNames = (): readonly string[] =>
  [...new Set(kubernetesFunctions().map((f) => f.name))].sort();

/** RE2 for CEL's standard matches(): the same engine as the schema's `pattern`. */
export const re2Engine = { compile: (pattern: string) => mustRe2(pattern) };
