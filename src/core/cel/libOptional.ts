// cel-go's optional values (cel.OptionalTypes, Kubernetes 1.28+) and the internal functions the syntax rewrite
// (syntax.ts) calls: optional selection/indexing, optional list/map entries, two-variable comprehension ranges.
import {
  CelScalar,
  celFunc,
  celList,
  celMap,
  celMethod,
  isCelList,
  isCelMap,
  listType,
  mapType,
  type CelFunc,
} from '@bufbuild/cel';
import { makeOpaque, opaqueOf, opaqueType, payloadOf } from './opaque.ts';
import { OPT_INDEX, OPT_SELECT } from './syntax.ts';

interface Opt {
  readonly present: boolean;
  readonly value?: unknown;
}

/** A stable text of a CEL value (optional equality compares it). */
export function reprOf(v: unknown): string {
  if (typeof v === 'bigint') return `${v}`;
  if (typeof v === 'string') return JSON.stringify(v);
  if (isCelList(v)) return `[${[...v].map(reprOf).join(',')}]`;
  if (isCelMap(v))
    return `{${[...v]
      .map(([k, x]) => `${reprOf(k)}:${reprOf(x)}`)
      .sort()
      .join(',')}}`;
  const o = opaqueOf(v);
  if (o) return `${o.name}(${(v as { message?: { repr?: string }; repr?: string }).message?.repr ?? ''})`;
  if (v instanceof Uint8Array) return `b${[...v].join('.')}`;
  if (v !== null && typeof v === 'object')
    return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}` : x));
  return String(v);
}

export const optionalOf = (v: unknown): unknown =>
  makeOpaque('Optional', `of:${reprOf(v)}`, { present: true, value: v });
export const optionalNone = (): unknown => makeOpaque('Optional', 'none', { present: false });
const optOf = (v: unknown): Opt | undefined => {
  const o = opaqueOf(v);
  return o?.name === 'Optional' ? (o.payload as Opt) : undefined;
};

function zeroValue(v: unknown): boolean {
  if (v === null || v === false || v === 0 || v === 0n || v === '') return true;
  if (isCelList(v) || isCelMap(v)) return v.size === 0;
  if (v instanceof Uint8Array) return v.length === 0;
  return false;
}

function select(x: unknown, field: string): unknown {
  const o = optOf(x);
  if (o) return o.present ? select(o.value, field) : x;
  if (isCelMap(x)) return x.has(field) ? optionalOf(x.get(field)) : optionalNone();
  throw new Error(`no such overload: ${OPT_SELECT}`);
}

function index(x: unknown, i: unknown): unknown {
  const o = optOf(x);
  if (o) return o.present ? index(o.value, i) : x;
  if (isCelList(x)) {
    const n = typeof i === 'bigint' ? Number(i) : typeof i === 'number' && Number.isInteger(i) ? i : NaN;
    if (Number.isNaN(n)) throw new Error(`no such overload: ${OPT_INDEX}`);
    return n >= 0 && n < x.size ? optionalOf(x.get(n)) : optionalNone();
  }
  if (isCelMap(x)) return x.has(i as never) ? optionalOf(x.get(i as never)) : optionalNone();
  throw new Error(`no such overload: ${OPT_INDEX}`);
}

/** Key/value pairs of a list (index, element) or a map (key, value), for two-variable comprehensions. */
function kv(x: unknown): unknown[] {
  if (isCelList(x)) return [...x].map((v, i) => celList([BigInt(i), v]));
  if (isCelMap(x)) return [...x].map(([k, v]) => celList([k, v]));
  throw new Error('no such overload: comprehension range must be a list or a map');
}

export function optionalFunctions(): CelFunc[] {
  const { DYN, STRING, BOOL } = CelScalar;
  const OPT = opaqueType('Optional');
  const LIST = listType(DYN);
  const MAP = mapType(DYN, DYN);
  return [
    celFunc('optional.of', [DYN], OPT, (v) => optionalOf(v) as never),
    celFunc('optional.ofNonZeroValue', [DYN], OPT, (v) => (zeroValue(v) ? optionalNone() : optionalOf(v)) as never),
    celFunc('optional.none', [], OPT, () => optionalNone() as never),
    celMethod('hasValue', OPT, [], BOOL, function () {
      return payloadOf<Opt>(this, 'Optional').present;
    }),
    celMethod('value', OPT, [], DYN, function () {
      const o = payloadOf<Opt>(this, 'Optional');
      if (!o.present) throw new Error('optional.none() dereference');
      return o.value as never;
    }),
    celMethod('orValue', OPT, [DYN], DYN, function (d) {
      const o = payloadOf<Opt>(this, 'Optional');
      return (o.present ? o.value : d) as never;
    }),
    celMethod('or', OPT, [OPT], OPT, function (other) {
      return (payloadOf<Opt>(this, 'Optional').present ? this : other) as never;
    }),
    celFunc(OPT_SELECT, [DYN, STRING], OPT, (x, f) => select(x, f) as never),
    celFunc(OPT_INDEX, [DYN, DYN], OPT, (x, i) => index(x, i) as never),
    celFunc('@optList', [LIST, LIST], LIST, (l, mask) => {
      const m = [...mask];
      const out: unknown[] = [];
      [...l].forEach((x, i) => {
        if (m[i] !== true) out.push(x);
        else {
          const o = optOf(x);
          if (!o) throw new Error('no such overload: optional list element is not an optional');
          if (o.present) out.push(o.value);
        }
      });
      return out as never;
    }),
    celFunc('@optMap', [MAP, LIST], MAP, (m, keys) => {
      const out = new Map<unknown, unknown>();
      const optional = new Set([...keys]);
      for (const [k, v] of m) {
        if (!optional.has(k)) out.set(k, v);
        else {
          const o = optOf(v);
          if (!o) throw new Error('no such overload: optional map entry is not an optional');
          if (o.present) out.set(k, o.value);
        }
      }
      return celMap(out as never) as never;
    }),
    celFunc('@kv', [DYN], LIST, (x) => kv(x) as never),
    celFunc('@mapInsert', [MAP, DYN, DYN], MAP, (m, k, v) => {
      if (m.has(k as never)) throw new Error(`insert failed: key ${reprOf(k)} already exists`);
      return celMap(new Map([...m, [k, v]]) as never) as never;
    }),
    celFunc('@mapMerge', [MAP, MAP], MAP, (m, add) => {
      const out = new Map<unknown, unknown>(m);
      for (const [k, v] of add) {
        if (out.has(k)) throw new Error(`insert failed: key ${reprOf(k)} already exists`);
        out.set(k, v);
      }
      return celMap(out as never) as never;
    }),
  ];
}
