// Map <-> list drafts: a map (an object of additionalProperties T, no properties) and a list of objects that holds
// its entries, one element per key, as API reviews turn `map[string]string` into `[]{name, value}` (Cluster API
// v1beta2's extraArgs). Which element field holds the map key and which the value is the whole question: the
// pairing is strong only when one answer fits.
import type { ObjectType, Property, TypeRef, Version } from '../../model/model.ts';
import type { PathPattern } from '../../rules/paths.ts';
import { listMapKeys, typeOf } from './draftFields.ts';

export type ListMapReason = 'map-list' | 'map-list-by-name' | 'ambiguous' | 'optional-field' | 'extra-fields';

/** How a list's elements hold a map's entries: `key` holds the map key, `value` the value (absent: inlined). */
export interface ListMapPairing {
  readonly key: string;
  readonly value?: string;
  readonly confidence: 'strong' | 'weak';
  readonly reason: ListMapReason;
  /** How many key/value pairings fit (1 unless a conventional name chose among them, or the draft is weak). */
  readonly candidates: number;
}

/** Canonical structure tokens of one version (draftFields' `canonical`). */
type Canon = (t: TypeRef, omit?: string) => string;

interface Fit {
  readonly key: string;
  readonly value?: string;
  /** The key and value fields are required, or `x-kubernetes-list-map-keys` entries: every element has them. */
  readonly anchored: boolean;
}

/** The names Kubernetes APIs give a list-map's key field (EnvVar's `name`, a selector's `key`). */
const KEY_NAMES = ['name', 'key'];
const conventional = (f: Fit) => KEY_NAMES.includes(f.key) && (f.value === undefined || !KEY_NAMES.includes(f.value));

/**
 * How the elements of the list `list` (at `listPath` of version `lv`) would hold the entries of a map whose value
 * type has the token `valueToken` (tokens of one intern table). Undefined when they cannot: not a list of objects,
 * no string field to hold the key, no field (nor the element itself) of the value's type.
 *
 * Strong: exactly one pairing of a string key field with the one other field of the value's type (`{name, value}`),
 * or with the rest of the element equal to the value's object type (the value's fields inlined); the key and the
 * value anchored (required, or a list-map key: an element without them has no map entry, it would be lost). When
 * two fields could each be the key (`name` and `value`, both strings, both required: Cluster API), the key named
 * `name` or `key` decides (`map-list-by-name`). Weak: still two (`ambiguous`), a key or value an element may lack
 * (`optional-field`), or element fields beside the key and the value that the map has no place for
 * (`extra-fields`).
 */
export function pairListMap(
  lv: Version,
  listPath: PathPattern,
  list: TypeRef,
  valueToken: string,
  canon: Canon,
): ListMapPairing | undefined {
  const elem = entryType(lv, list);
  if (!elem) return undefined;
  const mapKeys = listMapKeys(lv, listPath) ?? [];
  const anchor = (p: Property) => p.required || mapKeys.includes(p.name);
  const exact: Fit[] = [];
  const extra: Fit[] = [];
  for (const k of elem.properties) {
    if (k.type.kind !== 'primitive' || k.type.name !== 'string') continue;
    const others = elem.properties.filter((p) => p !== k);
    const fits = others.filter((p) => canon(p.type) === valueToken);
    const v = fits[0];
    if (v && fits.length === 1)
      (others.length === 1 ? exact : extra).push({ key: k.name, value: v.name, anchored: anchor(k) && anchor(v) });
    if (others.length > 0 && canon({ kind: 'object', name: elem.name }, k.name) === valueToken)
      exact.push({ key: k.name, anchored: anchor(k) });
  }
  const best = (fs: readonly Fit[]) => fs.find(conventional) ?? fs[0]!;
  const weak = (fs: readonly Fit[], reason: ListMapReason): ListMapPairing => ({
    ...pick(best(fs)),
    confidence: 'weak',
    reason,
    candidates: fs.length,
  });
  const anchored = exact.filter((f) => f.anchored);
  if (anchored.length === 1) return { ...pick(anchored[0]!), confidence: 'strong', reason: 'map-list', candidates: 1 };
  if (anchored.length > 1) {
    const named = anchored.filter(conventional);
    return named.length === 1
      ? { ...pick(named[0]!), confidence: 'strong', reason: 'map-list-by-name', candidates: anchored.length }
      : weak(anchored, 'ambiguous');
  }
  if (exact.length > 0) return weak(exact, 'optional-field');
  return extra.length > 0 ? weak(extra, 'extra-fields') : undefined;
}

/** An element of more fields than this is not taken for a map entry (bounds the work on hostile schemas). */
const MAX_ENTRY_FIELDS = 64;

/** The object type of a list's elements, when they could be map entries (no extra keys, not too many fields). */
function entryType(lv: Version, list: TypeRef): ObjectType | undefined {
  if (list.kind !== 'array' || list.items.kind !== 'object') return undefined;
  const elem = typeOf(lv, list.items.name);
  if (!elem || elem.additionalProperties || elem.preserveUnknownFields) return undefined;
  return elem.properties.length <= MAX_ENTRY_FIELDS ? elem : undefined;
}

/**
 * The value tokens a list's elements could hold as a map's values (a field's type, or the element without a string
 * field): a map pairs with the list only when its value type's token is one of them, so drafting looks up
 * candidates by token instead of trying every map with every list.
 */
export function entryTokens(lv: Version, list: TypeRef, canon: Canon): string[] {
  const elem = entryType(lv, list);
  if (!elem) return [];
  const keys = elem.properties.filter((k) => k.type.kind === 'primitive' && k.type.name === 'string');
  const out = new Set<string>();
  for (const p of elem.properties) if (keys.some((k) => k !== p)) out.add(canon(p.type));
  if (elem.properties.length > 1) for (const k of keys) out.add(canon({ kind: 'object', name: elem.name }, k.name));
  return [...out];
}

const pick = (f: Fit): { key: string; value?: string } => ({
  key: f.key,
  ...(f.value !== undefined ? { value: f.value } : {}),
});
