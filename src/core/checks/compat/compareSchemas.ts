// Two revisions of one version's structural schema -> one change per rule and path. A node whose type changed
// is reported once and not compared further; removed and added fields are not compared inside (a removed field
// is not also a type, default or enum change); everything else is compared keyword by keyword.
import { BOUND_KEYWORDS, COMBINER_KEYWORDS, type CompatRule } from './rules.ts';
import { isRecord } from '../../model/jsonValue.ts';

type Rec = Readonly<Record<string, unknown>>;

/** Schema path: property names, `[*]` for array items, `{*}` for map values (additionalProperties). */
export type SchemaPath = readonly string[];

export interface SchemaChange {
  readonly path: SchemaPath;
  readonly rule: CompatRule;
  readonly old?: unknown;
  readonly new?: unknown;
  readonly message: string;
}

export const ITEMS = '[*]';
export const VALUES = '{*}';

/** `spec.ports[*].name`, `spec.labels{*}`; keys that are not identifiers are quoted: `["a.b"]`; the root is `.`. */
export function formatSchemaPath(path: SchemaPath): string {
  let out = '';
  for (const seg of path) {
    if (seg === ITEMS || seg === VALUES) out += seg;
    else if (/^[A-Za-z_$][\w$-]*$/.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out === '' ? '.' : out;
}

const own = (o: Rec, k: string): unknown => (Object.hasOwn(o, k) ? o[k] : undefined);

/** JSON with sorted keys: equal values give equal strings whatever their key order. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isRecord(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

const same = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

/** The keywords this module classifies; any other keyword that differs is `other-changed`. */
const HANDLED = new Set([
  'type',
  'x-kubernetes-int-or-string',
  'nullable',
  'enum',
  'default',
  'pattern',
  'format',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'uniqueItems',
  'x-kubernetes-validations',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-map-type',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-embedded-resource',
  'additionalProperties',
  'required',
  'properties',
  'items',
  ...BOUND_KEYWORDS.map((b) => b.keyword),
  ...COMBINER_KEYWORDS.map((c) => c.keyword),
]);

/** The node's type as a client sees it: int-or-string is a type of its own. */
function typeOf(s: Rec): string | undefined {
  if (own(s, 'x-kubernetes-int-or-string') === true) return 'int-or-string';
  const t = own(s, 'type');
  return typeof t === 'string' ? t : undefined;
}

const requiredOf = (s: Rec): Set<string> => {
  const r = own(s, 'required');
  return new Set(Array.isArray(r) ? r.filter((x): x is string => typeof x === 'string') : []);
};

const propsOf = (s: Rec): Map<string, Rec> => {
  const p = own(s, 'properties');
  const m = new Map<string, Rec>();
  if (isRecord(p)) for (const k of Object.keys(p)) m.set(k, isRecord(p[k]) ? (p[k] as Rec) : {});
  return m;
};

class Collector {
  readonly out: SchemaChange[] = [];
  add(path: SchemaPath, rule: CompatRule, message: string, old?: unknown, neu?: unknown): void {
    this.out.push({
      path,
      rule,
      message,
      ...(old !== undefined ? { old } : {}),
      ...(neu !== undefined ? { new: neu } : {}),
    });
  }
}

function compareEnum(c: Collector, path: SchemaPath, a: Rec, b: Rec): void {
  const ea = own(a, 'enum');
  const eb = own(b, 'enum');
  const la = Array.isArray(ea) ? ea : undefined;
  const lb = Array.isArray(eb) ? eb : undefined;
  if (!la && !lb) return;
  if (!la && lb) return c.add(path, 'enum-constraint-added', 'enum constraint added', undefined, lb);
  if (la && !lb) return c.add(path, 'enum-constraint-removed', 'enum constraint removed', la, undefined);
  const ka = new Map((la ?? []).map((v) => [canonical(v), v]));
  const kb = new Map((lb ?? []).map((v) => [canonical(v), v]));
  const removed = [...ka].filter(([k]) => !kb.has(k)).map(([, v]) => v);
  const added = [...kb].filter(([k]) => !ka.has(k)).map(([, v]) => v);
  if (removed.length > 0) c.add(path, 'enum-value-removed', `enum values removed: ${removed.join(', ')}`, removed);
  if (added.length > 0) c.add(path, 'enum-value-added', `enum values added: ${added.join(', ')}`, undefined, added);
}

function compareDefault(c: Collector, path: SchemaPath, a: Rec, b: Rec): void {
  const da = own(a, 'default');
  const db = own(b, 'default');
  if (da === undefined && db === undefined) return;
  if (da === undefined) c.add(path, 'default-added', 'default added', undefined, db);
  else if (db === undefined) c.add(path, 'default-removed', 'default removed', da, undefined);
  else if (!same(da, db)) c.add(path, 'default-changed', 'default changed', da, db);
}

/** A keyword whose presence constrains (pattern, format): added and changed tighten, removed loosens. */
function compareText(c: Collector, path: SchemaPath, a: Rec, b: Rec, keyword: 'pattern' | 'format'): void {
  const va = own(a, keyword);
  const vb = own(b, keyword);
  const pa = typeof va === 'string' && va !== '' ? va : undefined;
  const pb = typeof vb === 'string' && vb !== '' ? vb : undefined;
  if (pa === pb) return;
  if (pa === undefined) c.add(path, `${keyword}-added`, `${keyword} added`, undefined, pb);
  else if (pb === undefined) c.add(path, `${keyword}-removed`, `${keyword} removed`, pa, undefined);
  else c.add(path, `${keyword}-changed`, `${keyword} changed`, pa, pb);
}

function compareBounds(c: Collector, path: SchemaPath, a: Rec, b: Rec): void {
  for (const { keyword, rule, upper } of BOUND_KEYWORDS) {
    const va = own(a, keyword);
    const vb = own(b, keyword);
    const x = typeof va === 'number' ? va : undefined;
    const y = typeof vb === 'number' ? vb : undefined;
    if (x === y) continue;
    // A bound added, or moved inward, makes valid values invalid.
    const tighter = y !== undefined && (x === undefined || (upper ? y < x : y > x));
    c.add(
      path,
      tighter ? `${rule}-tightened` : `${rule}-loosened`,
      `${keyword} ${x ?? 'none'} -> ${y ?? 'none'}`,
      x,
      y,
    );
  }
  flag(c, path, a, b, 'exclusiveMaximum', 'exclusive-maximum-tightened', 'exclusive-maximum-loosened');
  flag(c, path, a, b, 'exclusiveMinimum', 'exclusive-minimum-tightened', 'exclusive-minimum-loosened');
  flag(c, path, a, b, 'uniqueItems', 'unique-items-added', 'unique-items-removed');
}

function compareCombiners(c: Collector, path: SchemaPath, a: Rec, b: Rec): void {
  for (const { keyword, rule } of COMBINER_KEYWORDS) {
    const va = own(a, keyword);
    const vb = own(b, keyword);
    if (va === undefined && vb === undefined) continue;
    if (va === undefined) c.add(path, `${rule}-added`, `${keyword} added`, undefined, vb);
    else if (vb === undefined) c.add(path, `${rule}-removed`, `${keyword} removed`, va, undefined);
    else if (!sameCombiner(va, vb)) c.add(path, `${rule}-changed`, `${keyword} changed`, va, vb);
  }
}

/** oneOf/anyOf/allOf are sets of schemas: order does not matter. */
function sameCombiner(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return same(a, b);
  const x = a.map(canonical).sort();
  const y = b.map(canonical).sort();
  return x.length === y.length && x.every((s, i) => s === y[i]);
}

// --- CEL rules (x-kubernetes-validations) ---

interface CelRule {
  readonly rule: string;
  readonly raw: Rec;
}

const celRules = (s: Rec): CelRule[] => {
  const v = own(s, 'x-kubernetes-validations');
  if (!Array.isArray(v)) return [];
  return v.filter(isRecord).map((raw) => ({ rule: typeof raw.rule === 'string' ? raw.rule : '', raw }));
};

const celKey = (r: CelRule): string => r.rule.replace(/\s+/g, '');
/** What a failing rule tells the user (message or messageExpression, reason, fieldPath): text, not semantics. */
const celText = (r: CelRule): string =>
  canonical([own(r.raw, 'message'), own(r.raw, 'messageExpression'), own(r.raw, 'reason'), own(r.raw, 'fieldPath')]);

/** `self == oldSelf` or `self.x == oldSelf.x` (either order) anywhere in the rule: a field that cannot change. */
export function isImmutabilityRule(rule: string): boolean {
  const r = rule.replace(/\s+/g, '');
  return (
    /(?<![\w.])self((?:\.\w+)*)==oldSelf\1(?![\w.(])/.test(r) ||
    /(?<![\w.])oldSelf((?:\.\w+)*)==self\1(?![\w.(])/.test(r)
  );
}

function compareCel(c: Collector, path: SchemaPath, a: Rec, b: Rec): void {
  const ra = celRules(a);
  const rb = celRules(b);
  const kb = new Map(rb.map((r) => [celKey(r), r]));
  const ka = new Map(ra.map((r) => [celKey(r), r]));
  const removed: CelRule[] = [];
  for (const r of ra) {
    const m = kb.get(celKey(r));
    if (!m) removed.push(r);
    else if (own(r.raw, 'optionalOldSelf') !== own(m.raw, 'optionalOldSelf'))
      c.add(path, 'cel-rule-changed', `CEL rule ${m.rule}: optionalOldSelf changed`, r.raw, m.raw);
    else if (celText(r) !== celText(m))
      c.add(path, 'cel-message-changed', `CEL rule ${m.rule}: message changed`, r.raw, m.raw);
  }
  const added = rb.filter((r) => !ka.has(celKey(r)));
  // Pair a removed rule with an added one when they say the same thing to the user (or are the only two).
  const pairs: [CelRule, CelRule][] = [];
  for (const r of [...removed]) {
    const i = added.findIndex((x) => celText(x) === celText(r));
    if (i >= 0) {
      pairs.push([r, added[i] as CelRule]);
      added.splice(i, 1);
      removed.splice(removed.indexOf(r), 1);
    }
  }
  if (removed.length === 1 && added.length === 1) pairs.push([removed.pop() as CelRule, added.pop() as CelRule]);
  for (const [o, n] of pairs) {
    const rule: CompatRule =
      isImmutabilityRule(n.rule) && !isImmutabilityRule(o.rule)
        ? 'immutability-added'
        : isImmutabilityRule(o.rule) && !isImmutabilityRule(n.rule)
          ? 'immutability-removed'
          : 'cel-rule-changed';
    c.add(path, rule, `CEL rule changed: ${o.rule} -> ${n.rule}`, o.raw, n.raw);
  }
  for (const n of added)
    c.add(
      path,
      isImmutabilityRule(n.rule) ? 'immutability-added' : 'cel-rule-added',
      `CEL rule added: ${n.rule}`,
      undefined,
      n.raw,
    );
  for (const o of removed)
    c.add(
      path,
      isImmutabilityRule(o.rule) ? 'immutability-removed' : 'cel-rule-removed',
      `CEL rule removed: ${o.rule}`,
      o.raw,
      undefined,
    );
}

/** A boolean keyword (absent = false): `on` when it becomes true, `off` when it becomes false. */
function flag(c: Collector, path: SchemaPath, a: Rec, b: Rec, keyword: string, on: CompatRule, off: CompatRule): void {
  const x = own(a, keyword) === true;
  const y = own(b, keyword) === true;
  if (x !== y) c.add(path, y ? on : off, `${keyword} ${String(x)} -> ${String(y)}`, x, y);
}

function compareFlags(c: Collector, path: SchemaPath, a: Rec, b: Rec): void {
  flag(c, path, a, b, 'nullable', 'nullable-added', 'nullable-removed');
  flag(
    c,
    path,
    a,
    b,
    'x-kubernetes-preserve-unknown-fields',
    'preserve-unknown-fields-added',
    'preserve-unknown-fields-removed',
  );
  const embedded = 'x-kubernetes-embedded-resource';
  flag(c, path, a, b, embedded, 'embedded-resource-changed', 'embedded-resource-changed');
  // An array without x-kubernetes-list-type is atomic: writing `atomic` is no change.
  const listOf = (s: Rec) => ({
    listType: own(s, 'x-kubernetes-list-type') ?? 'atomic',
    listMapKeys: own(s, 'x-kubernetes-list-map-keys'),
  });
  if (typeOf(a) === 'array' && !same(listOf(a), listOf(b)))
    c.add(path, 'list-type-changed', 'x-kubernetes-list-type / list-map-keys changed', listOf(a), listOf(b));
  const ma = own(a, 'x-kubernetes-map-type');
  const mb = own(b, 'x-kubernetes-map-type');
  if (!same(ma, mb)) c.add(path, 'map-type-changed', 'x-kubernetes-map-type changed', ma, mb);
}

function compareAdditional(c: Collector, path: SchemaPath, a: Rec, b: Rec, depth: number): void {
  const va = own(a, 'additionalProperties');
  const vb = own(b, 'additionalProperties');
  const open = (v: unknown) => v === true || isRecord(v);
  if (isRecord(va) && isRecord(vb)) return compareNode(c, [...path, VALUES], va, vb, depth + 1);
  if (va === vb) return;
  if (!open(va) && open(vb)) c.add(path, 'additional-properties-added', 'additionalProperties added', va, vb);
  else if (open(va) && !open(vb)) c.add(path, 'additional-properties-removed', 'additionalProperties removed', va, vb);
  else c.add(path, 'additional-properties-changed', 'additionalProperties changed', va, vb);
}

function compareFields(c: Collector, path: SchemaPath, a: Rec, b: Rec, depth: number): void {
  const pa = propsOf(a);
  const pb = propsOf(b);
  const ra = requiredOf(a);
  const rb = requiredOf(b);
  const removed = [...pa.keys()].filter((k) => !pb.has(k));
  const added = [...pb.keys()].filter((k) => !pa.has(k));
  // A removed and an added field with the same schema, and no other candidate either way: a rename. A bare
  // `{type: string}` says too little to pair two fields by: those stay a removal and an addition.
  const renamed = new Map<string, string>();
  for (const r of removed) {
    if (Object.keys(pa.get(r) as Rec).length < 2) continue;
    const key = canonical(pa.get(r));
    const cands = added.filter((n) => canonical(pb.get(n)) === key);
    const back = removed.filter((x) => canonical(pa.get(x)) === key);
    if (cands.length === 1 && back.length === 1) renamed.set(r, cands[0] as string);
  }
  const renamedTo = new Set(renamed.values());
  for (const r of removed) {
    const to = renamed.get(r);
    if (to !== undefined) c.add([...path, r], 'field-renamed', `field ${r} renamed to ${to}`, r, to);
    else c.add([...path, r], 'field-removed', `field ${r} removed`, typeOf(pa.get(r) as Rec) ?? 'any', undefined);
  }
  for (const n of added) {
    if (renamedTo.has(n)) continue;
    if (rb.has(n)) c.add([...path, n], 'required-added', `new required field ${n}`, undefined, true);
    else c.add([...path, n], 'field-added', `optional field ${n} added`, undefined, typeOf(pb.get(n) as Rec) ?? 'any');
  }
  for (const n of rb)
    if (!ra.has(n) && pa.has(n)) c.add([...path, n], 'required-added', `${n} became required`, false, true);
  for (const n of ra)
    if (!rb.has(n) && pb.has(n)) c.add([...path, n], 'required-removed', `${n} became optional`, true, false);
  // `required` naming a field the schema does not declare (allowed beside preserve-unknown-fields).
  for (const n of rb)
    if (!ra.has(n) && !pa.has(n) && !pb.has(n))
      c.add([...path, n], 'required-added', `${n} became required`, false, true);
  for (const n of ra)
    if (!rb.has(n) && !pa.has(n) && !pb.has(n))
      c.add([...path, n], 'required-removed', `${n} became optional`, true, false);
  for (const [k, sa] of pa) {
    const sb = pb.get(k);
    if (sb) compareNode(c, [...path, k], sa, sb, depth + 1);
  }
}

const MAX_DEPTH = 200;

function compareNode(c: Collector, path: SchemaPath, a: Rec, b: Rec, depth: number): void {
  if (depth > MAX_DEPTH) return;
  const ta = typeOf(a);
  const tb = typeOf(b);
  if (ta !== tb) {
    c.add(path, 'type-changed', `type ${ta ?? 'any'} -> ${tb ?? 'any'}`, ta ?? 'any', tb ?? 'any');
    return;
  }
  compareFlags(c, path, a, b);
  compareEnum(c, path, a, b);
  compareDefault(c, path, a, b);
  compareText(c, path, a, b, 'pattern');
  compareText(c, path, a, b, 'format');
  compareBounds(c, path, a, b);
  compareCombiners(c, path, a, b);
  compareCel(c, path, a, b);
  compareAdditional(c, path, a, b, depth);
  compareFields(c, path, a, b, depth);
  const ia = own(a, 'items');
  const ib = own(b, 'items');
  if (isRecord(ia) && isRecord(ib)) compareNode(c, [...path, ITEMS], ia, ib, depth + 1);
  else if (!same(ia, ib)) c.add([...path, ITEMS], 'type-changed', 'items schema changed', ia, ib);
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (HANDLED.has(k)) continue;
    const x = own(a, k);
    const y = own(b, k);
    if (!same(x, y)) c.add(path, 'other-changed', `${k} changed`, x, y);
  }
}

/** Every change from `a` to `b` (two revisions of one version's structural schema), in schema order. */
export function compareSchemas(a: Rec, b: Rec): SchemaChange[] {
  const c = new Collector();
  compareNode(c, [], a, b, 0);
  return c.out;
}
