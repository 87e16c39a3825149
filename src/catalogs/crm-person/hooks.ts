// Hand-written conversions for the CRM Person (seed 003): the helpers PopulateFromFirstMiddleLastName and
// PopulateLegacyProperties, made lossless for arbitrary strings. Derive, then keep the bag entries only when the
// reverse derivation would not reproduce the originals exactly; going back, only fill fields still absent.
// The derivations and renames are also said as rules (rules.yaml): in the ASO view, rules with the generated
// steps give the same documents between every two API versions (rules.test.ts), and the ASO executor keeps in the
// hub's bag what a rule takes but would not give back, so spoke -> hub -> spoke is lossless with the rules too
// (execute/asoRules.test.ts). What rules cannot say, and why these hooks stay: that a field was absent (ABSENT_KEY),
// so that going back through an older version does not invent a modern field the document never had (a rule
// computes from what is there; it cannot remember an absence).
import type { ConversionHook, HookContext, HookRegistry, JsonObject } from '../../core/index.ts';
import { hookRegistry } from '../../core/index.ts';

type Names = { first?: string; middle?: string; last?: string };

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const join = (...parts: (string | undefined)[]): string => parts.filter((p) => p !== undefined && p !== '').join(' ');

/** PopulateFromFirstMiddleLastName: the modern fields from the legacy ones (absent in, absent out). */
export function modernFromLegacy(n: Names): {
  knownAs?: string;
  familyName?: string;
  legalName?: string;
  sortKey?: string;
} {
  const any = n.first !== undefined || n.middle !== undefined || n.last !== undefined;
  return {
    ...(n.first !== undefined ? { knownAs: n.first } : {}),
    ...(n.last !== undefined ? { familyName: n.last, sortKey: n.last } : {}),
    ...(any ? { legalName: join(n.first, n.middle, n.last) } : {}),
  };
}

/** PopulateLegacyProperties: first = knownAs, last = familyName, middle = what the legal name has between them. */
export function legacyFromModern(m: { knownAs?: string; familyName?: string; legalName?: string }): Names {
  const first = m.knownAs;
  const last = m.familyName;
  let middle: string | undefined;
  const legal = m.legalName;
  if (legal !== undefined && legal !== join(first, last)) {
    const prefix = first ? `${first} ` : '';
    const suffix = last ? ` ${last}` : '';
    if (legal.length >= prefix.length + suffix.length && legal.startsWith(prefix) && legal.endsWith(suffix)) {
      const m2 = legal.slice(prefix.length, legal.length - suffix.length);
      if (m2 !== '' && join(first, m2, last) === legal) middle = m2;
    }
  }
  return {
    ...(first !== undefined ? { first } : {}),
    ...(middle !== undefined ? { middle } : {}),
    ...(last !== undefined ? { last } : {}),
  };
}

type TypeOf = HookContext['destinationType'];
const has = (t: TypeOf, name: string): boolean => t.properties.some((p) => p.name === name);
const STRING = { kind: 'primitive', name: 'string' } as const;
const LEGACY = [
  ['first', 'firstName', 'FirstName'],
  ['middle', 'middleName', 'MiddleName'],
  ['last', 'lastName', 'LastName'],
] as const;
type Modern = 'knownAs' | 'familyName' | 'legalName' | 'sortKey';
const MODERN: readonly Modern[] = ['familyName', 'knownAs', 'legalName', 'sortKey'];
/** Older spellings of the modern fields (preview FullName, 2014 AlphaKey). */
const ALIASES: Record<Modern, readonly string[]> = {
  knownAs: ['knownAs'],
  familyName: ['familyName'],
  legalName: ['legalName', 'fullName'],
  sortKey: ['sortKey', 'alphaKey'],
};
/** Hook-owned bag entry: modern fields that were absent and must not be derived on the way back. */
export const ABSENT_KEY = 'PersonConversionAbsent';

function fieldOf(t: TypeOf, m: Modern): { name: string; bagKey: string } | undefined {
  for (const a of ALIASES[m]) {
    const p = t.properties.find((x) => x.name === a);
    if (p) return { name: p.name, bagKey: p.bagKey };
  }
  return undefined;
}
const modernOf = (
  o: Readonly<JsonObject>,
  t: TypeOf,
): { knownAs?: string; familyName?: string; legalName?: string } => {
  const get = (m: Modern): string | undefined => {
    const f = fieldOf(t, m);
    return f ? str(o[f.name]) : undefined;
  };
  const out: { knownAs?: string; familyName?: string; legalName?: string } = {};
  const k = get('knownAs');
  const f = get('familyName');
  const l = get('legalName');
  if (k !== undefined) out.knownAs = k;
  if (f !== undefined) out.familyName = f;
  if (l !== undefined) out.legalName = l;
  return out;
};

const readAbsent = (ctx: HookContext): Set<string> =>
  new Set(
    String(ctx.bag.get(ABSENT_KEY, STRING) ?? '')
      .split(',')
      .filter((x) => x !== ''),
  );
const writeAbsent = (ctx: HookContext, absent: Set<string>): void => {
  if (absent.size > 0) ctx.bag.set(ABSENT_KEY, [...absent].sort().join(','), STRING);
  else ctx.bag.remove(ABSENT_KEY);
};

/** Toward a type without the legacy fields: derive the modern ones from the legacy values now in the bag. */
function toModern(dst: JsonObject, ctx: HookContext): void {
  const t = ctx.destinationType;
  if (has(t, 'firstName') || !has(t, 'knownAs')) return;
  const absent = readAbsent(ctx);
  const original: Names = {};
  for (const [k, , key] of LEGACY) {
    const v = str(ctx.bag.get(key, STRING));
    if (v !== undefined) original[k] = v;
  }
  const derived = modernFromLegacy(original);
  for (const m of MODERN) {
    const f = fieldOf(t, m);
    const value = derived[m];
    if (!f) continue; // derived again from the legacy values further on
    if (value !== undefined && !absent.has(m) && dst[f.name] === undefined) dst[f.name] = value;
    absent.delete(m); // this type holds the field now: absent here means absent
  }
  writeAbsent(ctx, absent);
  if (original.first === undefined && original.middle === undefined && original.last === undefined) return;
  const back = legacyFromModern(modernOf(dst, t));
  // Keep a bag entry only where the reverse derivation would not give the original back exactly.
  for (const [k, , key] of LEGACY) if (back[k] === original[k]) ctx.bag.remove(key);
}

/** Toward a type with the legacy fields from one without: fill the ones still absent. */
function toLegacy(src: Readonly<JsonObject>, dst: JsonObject, ctx: HookContext): void {
  const t = ctx.destinationType;
  if (!has(t, 'firstName') || has(ctx.sourceType, 'firstName')) return;
  const names = legacyFromModern(modernOf(src, ctx.sourceType));
  for (const [k, field] of LEGACY) {
    const v = names[k];
    if (v !== undefined && has(t, field) && dst[field] === undefined) dst[field] = v;
  }
  if (!ctx.destinationType.hasPropertyBag) return;
  // The modern values went into the bag; drop those the way back derives exactly, and remember the absent
  // ones the way back would otherwise invent. Fields the source type cannot hold are left alone.
  const legacy: Names = {};
  for (const [k, field] of LEGACY) {
    const v = str(dst[field]);
    if (v !== undefined) legacy[k] = v;
  }
  const derived = modernFromLegacy(legacy);
  const absent = readAbsent(ctx);
  for (const m of MODERN) {
    const f = fieldOf(ctx.sourceType, m);
    if (!f) continue;
    const inBag = str(ctx.bag.get(f.bagKey, STRING));
    if (inBag !== undefined) {
      if (inBag === derived[m]) ctx.bag.remove(f.bagKey);
    } else if (derived[m] !== undefined) absent.add(m);
  }
  writeAbsent(ctx, absent);
}

const personHook: ConversionHook = {
  afterToHub(src, dst, ctx) {
    toLegacy(src, dst, ctx);
    toModern(dst, ctx);
  },
  afterFromHub(src, dst, ctx) {
    toLegacy(src, dst, ctx);
    toModern(dst, ctx);
  },
};

/** Every edge of Person's spec type (PersonSpec): the hook decides by the properties of the types it sees. */
export const crmPersonHooks: HookRegistry = hookRegistry([
  { kind: 'Person', from: '*', to: '*', type: 'PersonSpec', hook: personHook },
]);
