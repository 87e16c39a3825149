// IP addresses and prefixes as Go's net/netip parses and prints them (k8s.io/apiserver/pkg/cel/library ip.go,
// cidr.go): dotted quads without leading zeros, IPv6 (optionally with a trailing dotted quad), no zones.

export interface Addr {
  readonly bytes: readonly number[]; // 4 or 16
}
export interface Prefix {
  readonly addr: Addr;
  readonly bits: number;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function parse4(s: string): number[] | undefined {
  return IPV4.test(s) ? s.split('.').map(Number) : undefined;
}

function parse6(s: string): number[] | undefined {
  if (s.includes('%') || !/^[0-9A-Fa-f:.]+$/.test(s)) return undefined;
  let head = s;
  let tail4: number[] = [];
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    const v4 = parse4(s.slice(lastColon + 1));
    if (!v4) return undefined;
    tail4 = v4;
    head = s.slice(0, lastColon + 1);
    if (!head.endsWith('::')) head = head.slice(0, -1);
  }
  const dbl = head.split('::');
  if (dbl.length > 2) return undefined;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(dbl[0] as string);
  const right = dbl.length === 2 ? groups(dbl[1] as string) : [];
  if (![...left, ...right].every((g) => /^[0-9A-Fa-f]{1,4}$/.test(g))) return undefined;
  const want = tail4.length > 0 ? 6 : 8;
  const n = left.length + right.length;
  if (dbl.length === 2 ? n > want - 1 : n !== want) return undefined;
  const words = [...left, ...Array<string>(want - n).fill('0'), ...right].map((g) => parseInt(g, 16));
  return [...words.flatMap((w) => [w >> 8, w & 255]), ...tail4];
}

export function parseAddr(s: string): Addr | undefined {
  const b = parse4(s) ?? parse6(s);
  return b ? { bytes: b } : undefined;
}

export const is4 = (a: Addr): boolean => a.bytes.length === 4;
export const is4In6 = (a: Addr): boolean =>
  a.bytes.length === 16 && a.bytes.slice(0, 10).every((x) => x === 0) && a.bytes[10] === 255 && a.bytes[11] === 255;

/** Go's netip.Addr.String (RFC 5952 for IPv6). */
export function formatAddr(a: Addr): string {
  if (is4(a)) return a.bytes.join('.');
  const w: number[] = [];
  for (let i = 0; i < 16; i += 2) w.push(((a.bytes[i] as number) << 8) | (a.bytes[i + 1] as number));
  if (is4In6(a)) return `::ffff:${a.bytes.slice(12).join('.')}`;
  let best = -1;
  let bestLen = 0;
  for (let i = 0; i < 8;) {
    if (w[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && w[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = (xs: number[]) => xs.map((x) => x.toString(16)).join(':');
  if (best < 0) return hex(w);
  return `${hex(w.slice(0, best))}::${hex(w.slice(best + bestLen))}`;
}

export function parsePrefix(s: string): Prefix | undefined {
  const slash = s.indexOf('/');
  if (slash < 0) return undefined;
  const addr = parseAddr(s.slice(0, slash));
  const bits = s.slice(slash + 1);
  if (!addr || !/^(0|[1-9]\d{0,2})$/.test(bits)) return undefined;
  const n = Number(bits);
  return n <= addr.bytes.length * 8 ? { addr, bits: n } : undefined;
}

export function maskAddr(a: Addr, bits: number): Addr {
  return {
    bytes: a.bytes.map((x, i) => {
      const keep = Math.max(0, Math.min(8, bits - i * 8));
      return x & ((0xff << (8 - keep)) & 0xff);
    }),
  };
}

export const sameAddr = (a: Addr, b: Addr): boolean =>
  a.bytes.length === b.bytes.length && a.bytes.every((x, i) => x === b.bytes[i]);

export function prefixContains(p: Prefix, a: Addr): boolean {
  return a.bytes.length === p.addr.bytes.length && sameAddr(maskAddr(a, p.bits), maskAddr(p.addr, p.bits));
}

export const isIP = (s: string): boolean => parseAddr(s) !== undefined;
export const isCIDR = (s: string): boolean => parsePrefix(s) !== undefined;
