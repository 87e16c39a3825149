// Kubernetes' URL, IP and CIDR CEL libraries (k8s.io/apiserver/pkg/cel/library urls.go, ip.go, cidr.go), with
// upstream's error texts.
import { CelScalar, celFunc, celMethod, celMap, listType, mapType, type CelFunc } from '@bufbuild/cel';
import { makeOpaque, opaqueType, payloadOf } from './opaque.ts';
import {
  formatAddr,
  is4,
  is4In6,
  maskAddr,
  parseAddr,
  parsePrefix,
  prefixContains,
  type Addr,
  type Prefix,
} from './netAddr.ts';

export interface ParsedUrl {
  readonly scheme: string;
  readonly host: string; // with port, IPv6 in brackets
  readonly path: string;
  readonly rawQuery: string;
  readonly opaque: string;
}

/** Go's url.ParseRequestURI: an absolute URI, or an absolute path; no fragment handling. */
export function parseRequestUri(raw: string): ParsedUrl | string {
  const control = [...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === ' ');
  if (raw === '') return 'parse "": empty url';
  if (control) return `parse "${raw}": invalid character in URL`;
  let rest = raw;
  let scheme = '';
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(raw);
  if (m) {
    scheme = (m[1] as string).toLowerCase();
    rest = raw.slice(m[0].length);
  } else if (!raw.startsWith('/')) return `parse "${raw}": invalid URI for request`;
  let rawQuery = '';
  const q = rest.indexOf('?');
  if (q >= 0) {
    rawQuery = rest.slice(q + 1);
    rest = rest.slice(0, q);
  }
  if (scheme !== '' && !rest.startsWith('/')) return { scheme, host: '', path: '', rawQuery, opaque: rest };
  let host = '';
  if (scheme !== '' && rest.startsWith('//')) {
    const end = rest.indexOf('/', 2);
    const authority = end < 0 ? rest.slice(2) : rest.slice(2, end);
    rest = end < 0 ? '' : rest.slice(end);
    const at = authority.lastIndexOf('@');
    host = at >= 0 ? authority.slice(at + 1) : authority;
    const portErr = checkHostPort(host, raw);
    if (portErr) return portErr;
  }
  return { scheme, host, path: rest, rawQuery, opaque: '' };
}

function checkHostPort(host: string, raw: string): string | undefined {
  let port = '';
  if (host.startsWith('[')) {
    const close = host.indexOf(']');
    if (close < 0) return `parse "${raw}": missing ']' in host`;
    port = host.slice(close + 1);
  } else if (host.includes(':')) port = host.slice(host.lastIndexOf(':'));
  if (port !== '' && !/^:\d*$/.test(port)) return `parse "${raw}": invalid port "${port}" after host`;
  return undefined;
}

function hostname(u: ParsedUrl): string {
  const h = u.host;
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']'));
  const c = h.lastIndexOf(':');
  return c >= 0 ? h.slice(0, c) : h;
}

function port(u: ParsedUrl): string {
  const h = u.host;
  const from = h.startsWith('[') ? h.indexOf(']') + 1 : 0;
  const c = h.indexOf(':', from);
  return c >= 0 ? h.slice(c + 1) : '';
}

function queryMap(raw: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const dec = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return s;
      }
    };
    const k = dec(eq < 0 ? part : part.slice(0, eq));
    const v = dec(eq < 0 ? '' : part.slice(eq + 1));
    out.set(k, [...(out.get(k) ?? []), v]);
  }
  return out;
}

const urlString = (u: ParsedUrl): string =>
  `${u.scheme ? `${u.scheme}:` : ''}${u.opaque || (u.host || u.scheme ? `//${u.host}` : '') + u.path}${u.rawQuery ? `?${u.rawQuery}` : ''}`;

export function makeUrl(s: string): unknown {
  const u = parseRequestUri(s);
  if (typeof u === 'string') throw new Error(`URL parse error during conversion from string: ${u}`);
  return makeOpaque('URL', urlString(u), u);
}

export function parseIp(s: string): Addr | string {
  const a = parseAddr(s);
  if (!a) {
    if (s.includes('%')) return 'IP address with zone value is not allowed';
    return `IP Address "${s}" parse error during conversion from string: ParseAddr("${s}"): unable to parse IP`;
  }
  if (is4In6(a)) return 'IPv4-mapped IPv6 address is not allowed';
  return a;
}

export function parseCidr(s: string): Prefix | string {
  const p = parsePrefix(s);
  if (!p) return `network address parse error during conversion from string: netip.ParsePrefix("${s}"): invalid prefix`;
  if (is4In6(p.addr)) return 'IPv4-mapped IPv6 address is not allowed';
  return p;
}

const makeIp = (a: Addr): unknown => makeOpaque('IP', formatAddr(a), a);
const makeCidr = (p: Prefix): unknown => makeOpaque('CIDR', `${formatAddr(p.addr)}/${p.bits}`, p);

function ipFromString(s: string): Addr {
  const a = parseIp(s);
  if (typeof a === 'string') throw new Error(a);
  return a;
}
function cidrFromString(s: string): Prefix {
  const p = parseCidr(s);
  if (typeof p === 'string') throw new Error(p);
  return p;
}

function isGlobalUnicast(a: Addr): boolean {
  const b = a.bytes;
  if (is4(a))
    return !(b[0] === 0 || b[0] === 127 || (b[0] === 169 && b[1] === 254) || b[0]! >= 224 || b.every((x) => x === 255));
  return !(
    b.every((x) => x === 0) ||
    (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) ||
    b[0] === 0xff ||
    (b.slice(0, 15).every((x) => x === 0) && b[15] === 1)
  );
}

export function netFunctions(): CelFunc[] {
  const { STRING, BOOL, INT } = CelScalar;
  const URL = opaqueType('URL');
  const IP = opaqueType('IP');
  const CIDR = opaqueType('CIDR');
  const u = (x: unknown) => payloadOf<ParsedUrl>(x, 'URL');
  const ip = (x: unknown) => payloadOf<Addr>(x, 'IP');
  const cidr = (x: unknown) => payloadOf<Prefix>(x, 'CIDR');
  const ipPred = (name: string, f: (a: Addr) => boolean) =>
    celMethod(name, IP, [], BOOL, function () {
      return f(ip(this));
    });
  return [
    celFunc('url', [STRING], URL, (s) => makeUrl(s) as never),
    celFunc('isURL', [STRING], BOOL, (s) => typeof parseRequestUri(s) !== 'string'),
    celMethod('getScheme', URL, [], STRING, function () {
      return u(this).scheme;
    }),
    celMethod('getHost', URL, [], STRING, function () {
      return u(this).host;
    }),
    celMethod('getHostname', URL, [], STRING, function () {
      return hostname(u(this));
    }),
    celMethod('getPort', URL, [], STRING, function () {
      return port(u(this));
    }),
    celMethod('getEscapedPath', URL, [], STRING, function () {
      return u(this).path;
    }),
    celMethod('getQuery', URL, [], mapType(STRING, listType(STRING)), function () {
      return celMap(queryMap(u(this).rawQuery) as never) as never;
    }),
    celFunc('ip', [STRING], IP, (s) => makeIp(ipFromString(s)) as never),
    celFunc('isIP', [STRING], BOOL, (s) => typeof parseIp(s) !== 'string'),
    celFunc('ip.isCanonical', [STRING], BOOL, (s) => formatAddr(ipFromString(s)) === s),
    celFunc('string', [IP], STRING, (x) => formatAddr(ip(x))),
    celMethod('family', IP, [], INT, function () {
      return is4(ip(this)) ? 4n : 6n;
    }),
    ipPred('isUnspecified', (a) => a.bytes.every((x) => x === 0)),
    ipPred('isLoopback', (a) =>
      is4(a) ? a.bytes[0] === 127 : a.bytes.slice(0, 15).every((x) => x === 0) && a.bytes[15] === 1,
    ),
    ipPred('isLinkLocalMulticast', (a) =>
      is4(a)
        ? a.bytes[0] === 224 && a.bytes[1] === 0 && a.bytes[2] === 0
        : a.bytes[0] === 0xff && (a.bytes[1]! & 0x0f) === 2,
    ),
    ipPred('isLinkLocalUnicast', (a) =>
      is4(a) ? a.bytes[0] === 169 && a.bytes[1] === 254 : a.bytes[0] === 0xfe && (a.bytes[1]! & 0xc0) === 0x80,
    ),
    ipPred('isGlobalUnicast', isGlobalUnicast),
    celFunc('cidr', [STRING], CIDR, (s) => makeCidr(cidrFromString(s)) as never),
    celFunc('isCIDR', [STRING], BOOL, (s) => typeof parseCidr(s) !== 'string'),
    celFunc('string', [CIDR], STRING, (x) => `${formatAddr(cidr(x).addr)}/${cidr(x).bits}`),
    celMethod('containsIP', CIDR, [STRING], BOOL, function (s) {
      return prefixContains(cidr(this), ipFromString(s));
    }),
    celMethod('containsIP', CIDR, [IP], BOOL, function (x) {
      return prefixContains(cidr(this), ip(x));
    }),
    celMethod('containsCIDR', CIDR, [STRING], BOOL, function (s) {
      const o = cidrFromString(s);
      return o.bits >= cidr(this).bits && prefixContains(cidr(this), o.addr);
    }),
    celMethod('containsCIDR', CIDR, [CIDR], BOOL, function (x) {
      const o = cidr(x);
      return o.bits >= cidr(this).bits && prefixContains(cidr(this), o.addr);
    }),
    celMethod('ip', CIDR, [], IP, function () {
      return makeIp(cidr(this).addr) as never;
    }),
    celMethod('masked', CIDR, [], CIDR, function () {
      const p = cidr(this);
      return makeCidr({ addr: maskAddr(p.addr, p.bits), bits: p.bits }) as never;
    }),
    celMethod('prefixLength', CIDR, [], INT, function () {
      return BigInt(cidr(this).bits);
    }),
  ];
}
