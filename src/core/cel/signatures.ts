// Declarations of every function the Kubernetes CEL environment has, for the type checker: CEL's standard library,
// cel-go's strings/lists/sets/optional extensions and Kubernetes' libraries. Written as `name(args) -> result`
// with `T.name` for methods; A, B, K, V are type parameters.
import type { Decl } from './declType.ts';
import { T } from './declType.ts';

export interface Overload {
  readonly name: string;
  readonly target?: Decl;
  readonly args: readonly Decl[];
  readonly result: Decl;
}

const NAMED: Readonly<Record<string, Decl>> = {
  ...T,
  A: { k: 'param', name: 'A' },
  B: { k: 'param', name: 'B' },
  K: { k: 'param', name: 'K' },
  V: { k: 'param', name: 'V' },
  URL: { k: 'opaque', name: 'kubernetes.URL' },
  IP: { k: 'opaque', name: 'net.IP' },
  CIDR: { k: 'opaque', name: 'net.CIDR' },
  Quantity: { k: 'opaque', name: 'kubernetes.Quantity' },
  Semver: { k: 'opaque', name: 'kubernetes.Semver' },
  Format: { k: 'opaque', name: 'kubernetes.NamedFormat' },
};

/** `list(string)`, `map(K, V)`, `optional(A)`, `int`, ... */
export function parseType(s: string): Decl {
  const t = s.trim();
  const m = /^(\w+)\((.*)\)$/.exec(t);
  if (!m) {
    const named = NAMED[t];
    if (!named) throw new Error(`unknown type ${t}`);
    return named;
  }
  const inner = splitTop(m[2] as string).map(parseType);
  switch (m[1]) {
    case 'list':
      return { k: 'list', elem: inner[0] as Decl };
    case 'map':
      return { k: 'map', key: inner[0] as Decl, val: inner[1] as Decl };
    case 'optional':
      return { k: 'opaque', name: 'optional_type', param: inner[0] as Decl };
    default:
      throw new Error(`unknown type ${t}`);
  }
}

function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const c of s) {
    if (c === '(') depth++;
    if (c === ')') depth--;
    if (c === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  if (cur.trim() !== '') out.push(cur);
  return out;
}

// One declaration per line: `[Target.]name(arg, ...) -> result`.
const DECLS = `
_==_(A, A) -> bool
_!=_(A, A) -> bool
!_(bool) -> bool
-_(int) -> int
-_(double) -> double
_&&_(bool, bool) -> bool
_||_(bool, bool) -> bool
_?_:_(bool, A, A) -> A
@not_strictly_false(bool) -> bool
_[_](list(A), int) -> A
_[_](map(K, V), K) -> V
@in(A, list(A)) -> bool
@in(K, map(K, V)) -> bool
_+_(int, int) -> int
_+_(uint, uint) -> uint
_+_(double, double) -> double
_+_(string, string) -> string
_+_(bytes, bytes) -> bytes
_+_(list(A), list(A)) -> list(A)
_+_(duration, duration) -> duration
_+_(timestamp, duration) -> timestamp
_+_(duration, timestamp) -> timestamp
_-_(int, int) -> int
_-_(uint, uint) -> uint
_-_(double, double) -> double
_-_(duration, duration) -> duration
_-_(timestamp, duration) -> timestamp
_-_(timestamp, timestamp) -> duration
_*_(int, int) -> int
_*_(uint, uint) -> uint
_*_(double, double) -> double
_/_(int, int) -> int
_/_(uint, uint) -> uint
_/_(double, double) -> double
_%_(int, int) -> int
_%_(uint, uint) -> uint
size(string) -> int
size(bytes) -> int
size(list(A)) -> int
size(map(K, V)) -> int
string.size() -> int
bytes.size() -> int
list(A).size() -> int
map(K, V).size() -> int
int(int) -> int
int(uint) -> int
int(double) -> int
int(string) -> int
int(timestamp) -> int
uint(int) -> uint
uint(uint) -> uint
uint(double) -> uint
uint(string) -> uint
double(int) -> double
double(uint) -> double
double(double) -> double
double(string) -> double
string(int) -> string
string(uint) -> string
string(double) -> string
string(string) -> string
string(bytes) -> string
string(bool) -> string
string(timestamp) -> string
string(duration) -> string
string(IP) -> string
string(CIDR) -> string
bytes(string) -> bytes
bytes(bytes) -> bytes
bool(bool) -> bool
bool(string) -> bool
duration(string) -> duration
duration(duration) -> duration
timestamp(string) -> timestamp
timestamp(timestamp) -> timestamp
timestamp(int) -> timestamp
dyn(A) -> dyn
type(A) -> type
string.contains(string) -> bool
string.startsWith(string) -> bool
string.endsWith(string) -> bool
string.matches(string) -> bool
matches(string, string) -> bool
string.charAt(int) -> string
string.indexOf(string) -> int
string.indexOf(string, int) -> int
string.lastIndexOf(string) -> int
string.lastIndexOf(string, int) -> int
string.lowerAscii() -> string
string.upperAscii() -> string
string.replace(string, string) -> string
string.replace(string, string, int) -> string
string.split(string) -> list(string)
string.split(string, int) -> list(string)
string.substring(int) -> string
string.substring(int, int) -> string
string.trim() -> string
string.reverse() -> string
list(string).join() -> string
list(string).join(string) -> string
string.format(list(dyn)) -> string
strings.quote(string) -> string
string.find(string) -> string
string.findAll(string) -> list(string)
string.findAll(string, int) -> list(string)
list(A).isSorted() -> bool
list(A).sum() -> A
list(A).min() -> A
list(A).max() -> A
list(A).indexOf(A) -> int
list(A).lastIndexOf(A) -> int
list(A).slice(int, int) -> list(A)
list(A).reverse() -> list(A)
list(A).distinct() -> list(A)
list(A).sort() -> list(A)
list(dyn).flatten() -> list(dyn)
list(dyn).flatten(int) -> list(dyn)
lists.range(int) -> list(int)
@sortByAssociatedKeys(list(A), list(B)) -> list(A)
sets.contains(list(A), list(A)) -> bool
sets.equivalent(list(A), list(A)) -> bool
sets.intersects(list(A), list(A)) -> bool
optional.of(A) -> optional(A)
optional.ofNonZeroValue(A) -> optional(A)
optional.none() -> optional(dyn)
optional(A).hasValue() -> bool
optional(A).value() -> A
optional(A).orValue(A) -> A
optional(A).or(optional(A)) -> optional(A)
@optSelect(dyn, string) -> optional(dyn)
@optIndex(dyn, dyn) -> optional(dyn)
@optList(list(A), list(bool)) -> list(dyn)
@optMap(map(K, V), list(K)) -> map(K, dyn)
@kv(dyn) -> list(list(dyn))
@mapInsert(map(K, V), K, V) -> map(K, V)
@mapMerge(map(K, V), map(K, V)) -> map(K, V)
url(string) -> URL
isURL(string) -> bool
URL.getScheme() -> string
URL.getHost() -> string
URL.getHostname() -> string
URL.getPort() -> string
URL.getEscapedPath() -> string
URL.getQuery() -> map(string, list(string))
ip(string) -> IP
isIP(string) -> bool
ip.isCanonical(string) -> bool
IP.family() -> int
IP.isUnspecified() -> bool
IP.isLoopback() -> bool
IP.isLinkLocalMulticast() -> bool
IP.isLinkLocalUnicast() -> bool
IP.isGlobalUnicast() -> bool
cidr(string) -> CIDR
isCIDR(string) -> bool
CIDR.containsIP(IP) -> bool
CIDR.containsIP(string) -> bool
CIDR.containsCIDR(CIDR) -> bool
CIDR.containsCIDR(string) -> bool
CIDR.ip() -> IP
CIDR.masked() -> CIDR
CIDR.prefixLength() -> int
quantity(string) -> Quantity
isQuantity(string) -> bool
Quantity.isInteger() -> bool
Quantity.asInteger() -> int
Quantity.asApproximateFloat() -> double
Quantity.sign() -> int
Quantity.add(Quantity) -> Quantity
Quantity.add(int) -> Quantity
Quantity.sub(Quantity) -> Quantity
Quantity.sub(int) -> Quantity
Quantity.compareTo(Quantity) -> int
Quantity.isGreaterThan(Quantity) -> bool
Quantity.isLessThan(Quantity) -> bool
semver(string) -> Semver
semver(string, bool) -> Semver
isSemver(string) -> bool
isSemver(string, bool) -> bool
Semver.major() -> int
Semver.minor() -> int
Semver.patch() -> int
Semver.compareTo(Semver) -> int
Semver.isGreaterThan(Semver) -> bool
Semver.isLessThan(Semver) -> bool
format.named(string) -> optional(Format)
Format.validate(string) -> optional(list(string))
`;

const COMPARABLE = ['int', 'uint', 'double', 'string', 'bytes', 'bool', 'duration', 'timestamp'];
const CROSS_NUMERIC = ['int', 'uint', 'double'];
const FORMAT_NAMES = [
  'dns1123Label',
  'dns1123Subdomain',
  'dns1035Label',
  'dns1123LabelPrefix',
  'dns1123SubdomainPrefix',
  'dns1035LabelPrefix',
  'qualifiedName',
  'labelValue',
  'uri',
  'uuid',
  'byte',
  'date',
  'datetime',
];
const TIME_GETTERS = [
  'getFullYear',
  'getMonth',
  'getDayOfYear',
  'getDayOfMonth',
  'getDate',
  'getDayOfWeek',
  'getHours',
  'getMinutes',
  'getSeconds',
  'getMilliseconds',
];

function generated(): string[] {
  const out: string[] = [];
  for (const op of ['_<_', '_<=_', '_>_', '_>=_']) {
    for (const t of COMPARABLE) out.push(`${op}(${t}, ${t}) -> bool`);
    // cel-go CrossTypeNumericComparisons (Kubernetes 1.28+)
    for (const a of CROSS_NUMERIC) for (const b of CROSS_NUMERIC) if (a !== b) out.push(`${op}(${a}, ${b}) -> bool`);
  }
  for (const g of TIME_GETTERS) {
    out.push(`timestamp.${g}() -> int`, `timestamp.${g}(string) -> int`);
  }
  for (const g of ['getHours', 'getMinutes', 'getSeconds', 'getMilliseconds']) out.push(`duration.${g}() -> int`);
  for (const f of FORMAT_NAMES) out.push(`format.${f}() -> Format`);
  return out;
}

let table: Map<string, Overload[]> | undefined;

/** Overloads by function name (qualified names such as `sets.contains` included). */
export function overloadsOf(name: string): readonly Overload[] {
  table ??= buildTable();
  return table.get(name) ?? [];
}

function buildTable(): Map<string, Overload[]> {
  const out = new Map<string, Overload[]>();
  for (const line of [...DECLS.split('\n'), ...generated()]) {
    const l = line.trim();
    if (l === '') continue;
    const [left = '', right = ''] = l.split('->');
    const sig = left.trim();
    const open = argsStart(sig);
    const head = sig.slice(0, open);
    const args = splitTop(sig.slice(open + 1, -1)).map(parseType);
    const result = parseType(right);
    // a method is `Target.name`, where Target is a type (not a namespace such as `sets` or `optional`)
    const dot = findMethodDot(head);
    const name = dot < 0 ? head : head.slice(dot + 1);
    const target = dot < 0 ? undefined : parseType(head.slice(0, dot));
    const list = out.get(name) ?? [];
    list.push({ name, args, result, ...(target ? { target } : {}) });
    out.set(name, list);
  }
  return out;
}

/** Where the final `(...)` of `name(args)` opens. */
function argsStart(sig: string): number {
  let depth = 0;
  for (let i = sig.length - 1; i >= 0; i--) {
    if (sig[i] === ')') depth++;
    else if (sig[i] === '(' && --depth === 0) return i;
  }
  throw new Error(`bad declaration ${sig}`);
}

const NAMESPACES = new Set(['sets', 'lists', 'optional', 'strings', 'format', 'ip']);
function findMethodDot(head: string): number {
  const dot = head.lastIndexOf('.');
  if (dot < 0) return -1;
  const before = head.slice(0, dot);
  if (NAMESPACES.has(before)) return -1;
  return before.endsWith(')') || Object.hasOwn(NAMED, before) ? dot : -1;
}
