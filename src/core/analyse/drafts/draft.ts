// Rule drafts from the Changes analysis (docs/conversion-rules.md, "Drafts from the Changes analysis"): where two
// versions of a kind differ in a way one rule explains, a draft of that rule, with its evidence and a confidence.
// Strong evidence only: a removed field and one added field of the same structural type with the same name (or
// the flat name of a nested one, `rolloutBefore` <-> `rollout.before`), or the only such sibling (a rename); a
// string that became an object at the same path; enum values renamed (one for one, or by case only); a map that
// became a list keyed by one field, or back (draftListMap.ts), at the same path or moved. Anything
// weaker (two candidates, a name that does not match) is a `weak` draft, for the CLI to list, never offered in one
// click.
import { findKind, findVersion, type KindRef } from '../../catalog/catalogLookup.ts';
import { compileCel } from '../../cel/index.ts';
import { issue, type Issue } from '../../model/issue.ts';
import type { Catalog, ObjectType, TypeRef, Version } from '../../model/model.ts';
import { formatPath } from '../../model/path.ts';
import { versionChanges, type PropertyChangeKind } from '../versionChanges.ts';
import type { Rule, RulePath } from '../../rules/format.ts';
import { formatPathPattern, type PathPattern } from '../../rules/paths.ts';
import { canonical, fieldsOf, showType, typeOf, type FieldNode } from './draftFields.ts';
import { entryTokens, pairListMap, type ListMapPairing, type ListMapReason } from './draftListMap.ts';

export type DraftConfidence = 'strong' | 'weak';

/** Why a draft was made: the shape of the difference it explains. */
export type DraftReason =
  | 'moved'
  | 'renamed'
  | 'string-to-object'
  | 'enum-renamed'
  | ListMapReason
  | 'ambiguous'
  | 'same-type-only'
  | 'positional-enum'
  | 'no-string-field';

export interface DraftEvidence {
  readonly reason: DraftReason;
  /** Rule paths in the older and newer version (`[]` = each list element). */
  readonly from: string;
  readonly to: string;
  /** The types compared, as the catalog names them (`string`, `object`, `[]object`, `enum(a,b)`). */
  readonly fromType: string;
  readonly toType: string;
  /** The Changes analysis entries this draft explains (their paths as the Changes tab shows them). */
  readonly changes: readonly { readonly change: PropertyChangeKind; readonly path: string }[];
  /**
   * How many fields compete for this pairing, either end (1 for a strong draft; for a map <-> list, the element's
   * key/value pairings that fit, 2 when a conventional key name chose: `map-list-by-name`).
   */
  readonly candidates: number;
}

export interface RuleDraft {
  readonly rule: Rule;
  readonly confidence: DraftConfidence;
  readonly evidence: DraftEvidence;
  /** The rule's CEL is a skeleton: it carries the value but the user must write the real expressions. */
  readonly needsExpressions: boolean;
}

export interface DraftTarget {
  readonly group: string;
  readonly kind: string;
  readonly from: string;
  readonly to: string;
}

export interface DraftResult {
  readonly target?: DraftTarget;
  readonly drafts: readonly RuleDraft[];
  readonly issues: readonly Issue[];
}

/** A rule before its id is chosen. */
type RuleBody = Rule extends infer R ? (R extends Rule ? Omit<R, 'id'> : never) : never;

const leaf = (p: PathPattern): string => p[p.length - 1] ?? '';
/** The path of the property holding this one (list segments skipped): `a[].b` -> `a`. */
function parentOf(p: PathPattern): PathPattern {
  let n = p.length - 1;
  while (n > 0 && p[n - 1] === null) n--;
  return p.slice(0, n);
}
const parentLeaf = (p: PathPattern): string => {
  const q = parentOf(p);
  return (q[q.length - 1] as string | undefined) ?? '';
};
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Same name, or the flat name of a nested field: `rolloutBefore` and `rollout.before`. */
function namesMatch(a: PathPattern, b: PathPattern): boolean {
  const x = leaf(a);
  const y = leaf(b);
  return x === y || x === parentLeaf(b) + capital(y) || y === parentLeaf(a) + capital(x);
}

const rulePath = (pattern: PathPattern): RulePath => ({ text: formatPathPattern(pattern), pattern });

const CEL_RESERVED = new Set([
  'as',
  'break',
  'const',
  'continue',
  'else',
  'false',
  'for',
  'function',
  'if',
  'import',
  'in',
  'let',
  'loop',
  'package',
  'namespace',
  'null',
  'return',
  'true',
  'var',
  'void',
  'while',
]);
const celIdent = (s: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(s) && !CEL_RESERVED.has(s);
const celAccess = (segs: readonly string[]): string =>
  segs.reduce((acc, s) => (celIdent(s) ? `${acc}.${s}` : `${acc}[${JSON.stringify(s)}]`), 'self');
/** `has(self.a) && has(self.a.b)`: true when the whole path is there (CEL errors on a missing key). */
const celPresent = (segs: readonly string[]): string =>
  segs
    .map((s, i) =>
      celIdent(s)
        ? `has(${celAccess(segs.slice(0, i + 1))})`
        : `${JSON.stringify(s)} in ${celAccess(segs.slice(0, i))}`,
    )
    .join(' && ');

/** The string field of an object that can hold the old string: a required one, else a conventional name. */
function carrierOf(o: ObjectType): string | undefined {
  const strings = o.properties.filter((p) => p.type.kind === 'primitive' && p.type.name === 'string');
  const conventional = ['value', 'name', 'raw', 'expression', 'text'];
  return (
    strings.find((p) => p.required)?.name ??
    conventional.find((n) => strings.some((p) => p.name === n)) ??
    strings[0]?.name
  );
}

/** Drafts of the rules that explain the differences between `from` and `to` of a kind. */
export function draftRules(catalog: Catalog, kindRef: KindRef, from: string, to: string): DraftResult {
  const kind = findKind(catalog, kindRef);
  if (!kind)
    return {
      drafts: [],
      issues: [
        issue(
          'error',
          'UNKNOWN_KIND',
          `no kind ${typeof kindRef === 'string' ? kindRef : kindRef.kind} in the catalog`,
        ),
      ],
    };
  const a = findVersion(kind, from);
  const b = findVersion(kind, to);
  const missing = [a ? undefined : from, b ? undefined : to].filter((x): x is string => x !== undefined);
  if (!a || !b)
    return {
      drafts: [],
      issues: missing.map((n) =>
        issue(
          'error',
          'UNKNOWN_VERSION',
          `${kind.kind} has no version '${n}' (versions: ${kind.versions.map((v) => v.name).join(', ')})`,
        ),
      ),
    };
  const target: DraftTarget = { group: kind.group, kind: kind.kind, from: a.name, to: b.name };
  const fa = fieldsOf(a);
  const fb = fieldsOf(b);
  const intern = new Map<string, string>();
  const ca = canonical(a, intern);
  const cb = canonical(b, intern);
  const changes = versionChanges(catalog, { group: kind.group, kind: kind.kind }, a.name, b.name).changes?.changes;
  const changeRows = (changes ?? []).map((c) => ({ change: c.change, path: formatPath(c.path) }));
  /** The Changes entries at a field or (for a field inside a new object) at its nearest ancestor. */
  const explains = (p: PathPattern, ...kinds: PropertyChangeKind[]) => {
    for (let n = p.length; n > 0; n--) {
      const s = formatPath(p.slice(0, n).map((x) => x ?? '*'));
      const hit = changeRows.filter((r) => r.path === s && kinds.includes(r.change));
      if (hit.length > 0) return hit;
    }
    return [];
  };

  const removed = [...fa.values()].filter((n) => !fb.has(n.key) && (n.parentKey === '' || fb.has(n.parentKey)));
  const added = [...fb.values()].filter((n) => !fa.has(n.key));
  // Fields by type and number of `[]`: a removed field pairs only with an added field of its bucket.
  const byType = (nodes: readonly FieldNode[], canon: (t: TypeRef) => string) => {
    const out = new Map<string, FieldNode[]>();
    for (const n of nodes) {
      const k = `${n.each}|${canon(n.type)}`;
      const list = out.get(k);
      if (list) list.push(n);
      else out.set(k, [n]);
    }
    return out;
  };
  const removedBy = byType(removed, ca);
  const addedBy = byType(added, cb);
  const keyOf = new Map<FieldNode, string>();
  for (const m of [removedBy, addedBy]) for (const [k, ns] of m) for (const n of ns) keyOf.set(n, k);
  const sameTypeAdded = (r: FieldNode) => addedBy.get(keyOf.get(r) ?? '') ?? [];
  const sameTypeRemoved = (d: FieldNode) => removedBy.get(keyOf.get(d) ?? '') ?? [];

  const drafts: { rule: RuleBody; draft: Omit<RuleDraft, 'rule'>; idBase: string }[] = [];
  const moveDraft = (r: FieldNode, d: FieldNode, confidence: DraftConfidence, reason: DraftReason, n: number) =>
    drafts.push({
      idBase: leaf(r.pattern),
      rule: { op: 'move', from: rulePath(r.pattern), to: rulePath(d.pattern) },
      draft: {
        confidence,
        needsExpressions: false,
        evidence: {
          reason,
          from: r.key,
          to: d.key,
          fromType: showType(r.type),
          toType: showType(d.type),
          changes: [...explains(r.pattern, 'removed'), ...explains(d.pattern, 'added-optional', 'added-required')],
          candidates: n,
        },
      },
    });

  // (a) moves and renames
  pairMoves(removed, sameTypeAdded, sameTypeRemoved, moveDraft);

  // (d) a map that became a list keyed by one field (or back), moved by the same evidence as a move
  const mapOrList = (n: FieldNode) => n.type.kind === 'map' || n.type.kind === 'array';
  const pairings = new Map<FieldNode, Map<FieldNode, Paired | undefined>>();
  /** The map <-> list pairing of an older field `r` and a newer field `d`, if they are a map and such a list. */
  const pairingOf = (r: FieldNode, d: FieldNode): Paired | undefined => {
    if (r.each !== d.each || r.type.kind === d.type.kind || !mapOrList(r) || !mapOrList(d)) return undefined;
    let row = pairings.get(r);
    if (!row) pairings.set(r, (row = new Map()));
    if (row.has(d)) return row.get(d);
    let p: Paired | undefined;
    if (r.type.kind === 'map' && d.type.kind === 'array') {
      const q = pairListMap(b, d.pattern, d.type, ca(r.type.values), cb);
      p = q && { ...q, op: 'mapToList' };
    } else if (r.type.kind === 'array' && d.type.kind === 'map') {
      const q = pairListMap(a, r.pattern, r.type, cb(d.type.values), ca);
      p = q && { ...q, op: 'listToMap' };
    }
    row.set(d, p);
    return p;
  };
  // Maps and lists by `[]` count and value token (a list under each token its elements could hold as a value):
  // only a map and a list of one bucket can pair.
  const buckets = (nodes: readonly FieldNode[], v: Version, canon: typeof ca) => {
    const out = new Map<string, FieldNode[]>();
    for (const n of nodes) {
      const tokens = n.type.kind === 'map' ? [canon(n.type.values)] : entryTokens(v, n.type, canon);
      for (const t of tokens) {
        const k = `${n.each}|${t}`;
        const list = out.get(k);
        if (list) list.push(n);
        else out.set(k, [n]);
      }
    }
    return out;
  };
  const removedMapOrList = removed.filter(mapOrList);
  const removedBuckets = buckets(removedMapOrList, a, ca);
  const addedBuckets = buckets(added.filter(mapOrList), b, cb);
  /** Fields of `m`'s buckets that `n` (a map or a list of the other version) could pair with. */
  const sharing = (n: FieldNode, v: Version, canon: typeof ca, m: Map<string, FieldNode[]>) => {
    const tokens = n.type.kind === 'map' ? [canon(n.type.values)] : entryTokens(v, n.type, canon);
    return [...new Set(tokens.flatMap((t) => m.get(`${n.each}|${t}`) ?? []))];
  };
  const listMapDraft = (
    r: FieldNode,
    d: FieldNode,
    p: Paired,
    confidence: DraftConfidence,
    reason: DraftReason,
    n: number,
    changes: DraftEvidence['changes'],
  ) =>
    drafts.push({
      idBase: leaf(r.pattern),
      rule: {
        op: p.op,
        from: rulePath(r.pattern),
        to: rulePath(d.pattern),
        key: p.key,
        ...(p.value !== undefined ? { value: p.value } : {}),
      },
      draft: {
        confidence: confidence === 'strong' && p.confidence === 'strong' ? 'strong' : 'weak',
        needsExpressions: false,
        evidence: {
          reason: p.confidence === 'weak' || confidence === 'strong' ? p.reason : reason,
          from: r.key,
          to: d.key,
          fromType: showType(r.type),
          toType: showType(d.type),
          changes,
          candidates: Math.max(n, p.candidates),
        },
      },
    });
  pairMoves(
    removedMapOrList,
    (r) => sharing(r, a, ca, addedBuckets).filter((d) => pairingOf(r, d) !== undefined),
    (d) => sharing(d, b, cb, removedBuckets).filter((r) => pairingOf(r, d) !== undefined),
    (r, d, confidence, reason, n) =>
      listMapDraft(r, d, pairingOf(r, d)!, confidence, reason, n, [
        ...explains(r.pattern, 'removed'),
        ...explains(d.pattern, 'added-optional', 'added-required'),
      ]),
  );

  // (b) a string that became an object, (c) enum values renamed, (d) a map that became a list or back: fields at
  // the same path in both versions
  for (const [key, x] of fa) {
    const y = fb.get(key);
    if (!y) continue;
    const listMap = pairingOf(x, y);
    if (listMap) {
      listMapDraft(x, y, listMap, 'strong', listMap.reason, 1, explains(x.pattern, 'type-changed'));
      continue;
    }
    const segs = x.pattern.filter((s): s is string => s !== null);
    const isString = (t: TypeRef) =>
      (t.kind === 'primitive' && t.name === 'string') || (t.kind === 'enum' && t.base === 'string');
    if (isString(x.type) && y.type.kind === 'object' && x.each === 0) {
      const o = typeOf(b, y.type.name);
      const carrier = o ? carrierOf(o) : undefined;
      const up =
        carrier === undefined
          ? 'null'
          : `${celPresent(segs)} ? {${JSON.stringify(carrier)}: ${celAccess(segs)}} : null`;
      const down =
        carrier === undefined ? 'null' : `${celPresent([...segs, carrier])} ? ${celAccess([...segs, carrier])} : null`;
      const upP = compileCel(up);
      const downP = compileCel(down);
      if (!upP.ok || !downP.ok) continue;
      drafts.push({
        idBase: leaf(x.pattern),
        rule: {
          op: 'compute',
          up: [{ to: rulePath(y.pattern), expression: upP.program }],
          down: [{ to: rulePath(x.pattern), expression: downP.program }],
        },
        draft: {
          confidence: carrier === undefined ? 'weak' : 'strong',
          needsExpressions: true,
          evidence: {
            reason: carrier === undefined ? 'no-string-field' : 'string-to-object',
            from: key,
            to: key,
            fromType: showType(x.type),
            toType: showType(y.type),
            changes: explains(x.pattern, 'type-changed'),
            candidates: 1,
          },
        },
      });
      continue;
    }
    if (x.type.kind !== 'enum' || y.type.kind !== 'enum' || x.type.base !== 'string' || y.type.base !== 'string')
      continue;
    const ev = x.type.values.map(String);
    const dv = y.type.values.map(String);
    const gone = ev.filter((v) => !dv.includes(v));
    const fresh = dv.filter((v) => !ev.includes(v));
    if (gone.length === 0 || fresh.length === 0) continue;
    const lower = (s: string) => s.toLowerCase();
    const byCase = gone.map((g) => fresh.filter((f) => lower(f) === lower(g)));
    const caseOnly = byCase.every((m) => m.length === 1) && new Set(byCase.map((m) => m[0])).size === gone.length;
    let pairs: [string, string][];
    let confidence: DraftConfidence = 'strong';
    let reason: DraftReason = 'enum-renamed';
    if (caseOnly) pairs = gone.map((g, i) => [g, byCase[i]![0]!]);
    else if (gone.length === 1 && fresh.length === 1) pairs = [[gone[0]!, fresh[0]!]];
    else if (gone.length === fresh.length) {
      pairs = gone.map((g, i) => [g, fresh[i]!]);
      confidence = 'weak';
      reason = 'positional-enum';
    } else continue;
    const renamed = new Map(pairs);
    const values = new Map(ev.filter((v) => dv.includes(v) || renamed.has(v)).map((v) => [v, renamed.get(v) ?? v]));
    drafts.push({
      idBase: `${leaf(x.pattern)}-values`,
      rule: { op: 'enum', from: rulePath(x.pattern), to: rulePath(y.pattern), values },
      draft: {
        confidence,
        needsExpressions: false,
        evidence: {
          reason,
          from: key,
          to: key,
          fromType: showType(x.type),
          toType: showType(y.type),
          changes: explains(x.pattern, 'enum-narrowed', 'enum-widened'),
          candidates: 1,
        },
      },
    });
  }

  // A weak pairing inside a strong move's destination is that move's business (endpoint -> server covers
  // server.port); so is one inside either end of a strong map <-> list (its elements' key and value fields).
  const strongs = drafts.filter(
    (d) => d.draft.confidence === 'strong' && d.rule.op !== 'compute' && d.rule.op !== 'enum',
  );
  const inside = (path: string, at: string) => path.startsWith(`${at}.`) || path.startsWith(`${at}[`);
  for (let i = drafts.length - 1; i >= 0; i--) {
    const { draft } = drafts[i]!;
    if (
      draft.confidence === 'weak' &&
      strongs.some(
        (s) =>
          inside(draft.evidence.to, s.draft.evidence.to) ||
          (s.rule.op !== 'move' && inside(draft.evidence.from, s.draft.evidence.from)),
      )
    )
      drafts.splice(i, 1);
  }
  // Two strong drafts writing one path cannot both be right.
  const dests = new Map<string, number>();
  for (const d of drafts)
    if (d.draft.confidence === 'strong') for (const k of destKeys(d.rule)) dests.set(k, (dests.get(k) ?? 0) + 1);
  const out: RuleDraft[] = [];
  const ids = new Set<string>();
  const sorted = [...drafts].sort(
    (x, y) =>
      cmp(x.draft.evidence.from, y.draft.evidence.from) ||
      cmp(x.rule.op, y.rule.op) ||
      cmp(x.draft.evidence.to, y.draft.evidence.to),
  );
  for (const d of sorted) {
    let id = d.idBase;
    for (let n = 2; ids.has(id); n++) id = `${d.idBase}-${n}`;
    ids.add(id);
    const clash = d.draft.confidence === 'strong' && destKeys(d.rule).some((k) => (dests.get(k) ?? 0) > 1);
    out.push({
      ...d.draft,
      ...(clash ? { confidence: 'weak', evidence: { ...d.draft.evidence, reason: 'ambiguous' } } : {}),
      rule: { ...d.rule, id } as Rule,
    });
  }
  return { target, drafts: out, issues: [] };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Paired = ListMapPairing & { readonly op: 'mapToList' | 'listToMap' };

/**
 * Pair removed fields with added ones that could be them (`candidatesOf`; `rivalsOf` the removed fields an added one
 * could be): by name (the same, or the flat name of a nested one), else the only sibling candidate (a rename), else
 * the only candidate anywhere (weak). Strong only when neither end has a rival.
 */
function pairMoves(
  removed: readonly FieldNode[],
  candidatesOf: (r: FieldNode) => FieldNode[],
  rivalsOf: (d: FieldNode) => FieldNode[],
  emit: (r: FieldNode, d: FieldNode, confidence: DraftConfidence, reason: DraftReason, candidates: number) => void,
): void {
  for (const r of removed) {
    const candidates = candidatesOf(r);
    const byName = candidates.filter((d) => namesMatch(r.pattern, d.pattern));
    const sibling = (x: FieldNode) => x.parentKey === r.parentKey;
    const siblings = byName.length > 0 ? [] : candidates.filter(sibling);
    const [chosen, match, reason] =
      byName.length > 0
        ? ([byName, (x: FieldNode, d: FieldNode) => namesMatch(x.pattern, d.pattern), 'moved'] as const)
        : ([siblings, sibling, 'renamed'] as const);
    if (chosen.length === 1) {
      const d = chosen[0]!;
      const rivals = rivalsOf(d).filter((x) => match(x, d));
      emit(r, d, rivals.length === 1 ? 'strong' : 'weak', rivals.length === 1 ? reason : 'ambiguous', rivals.length);
    } else if (chosen.length > 1) for (const d of chosen) emit(r, d, 'weak', 'ambiguous', chosen.length);
    else if (candidates.length === 1) emit(r, candidates[0]!, 'weak', 'same-type-only', 1);
  }
}

function destKeys(r: RuleBody): string[] {
  if (r.op === 'compute') return r.up.map((t) => t.to.text);
  if (r.op === 'drop' || r.op === 'fail') return [];
  return [r.to.text];
}
