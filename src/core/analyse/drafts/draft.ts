// Rule drafts from the Changes analysis (docs/conversion-rules.md, "Drafts from the Changes analysis"): where two
// versions of a kind differ in a way one rule explains, a draft of that rule, with its evidence and a confidence.
// Strong evidence only: a removed field and one added field of the same structural type with the same name (or
// the flat name of a nested one, `rolloutBefore` <-> `rollout.before`), or the only such sibling (a rename); a
// string that became an object at the same path; enum values renamed (one for one, or by case only); a map that
// became a list keyed by one field, or back (draftListMap.ts), at the same path or moved. Anything
// weaker (two candidates, a name that does not match) is a `weak` draft, for the CLI to list, never offered in one
// click.
import { findKind, findVersion, type KindRef } from '../../catalog/catalogLookup.ts';
import { issue } from '../../model/issue.ts';
import type { Catalog, Kind, TypeRef, Version } from '../../model/model.ts';
import { formatPath } from '../../model/path.ts';
import { versionChanges, type PropertyChangeKind } from '../versionChanges.ts';
import type { Rule } from '../../rules/format.ts';
import type { PathPattern } from '../../rules/paths.ts';
import { canonical, fieldsOf, showType, type FieldNode } from './draftFields.ts';
import { entryTokens, pairListMap, type ListMapPairing } from './draftListMap.ts';
import {
  leaf,
  rulePath,
  type DraftConfidence,
  type DraftEvidence,
  type DraftPair,
  type DraftReason,
  type DraftResult,
  type DraftTarget,
  type PendingDraft,
  type RuleBody,
  type RuleDraft,
} from './draftModel.ts';
import { enumDraft, stringToObjectDraft } from './draftSamePath.ts';

export type { DraftConfidence, DraftEvidence, DraftReason, DraftResult, DraftTarget, RuleDraft } from './draftModel.ts';

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

/** The kind and both versions, or the issues saying which is missing. */
function resolvePair(
  catalog: Catalog,
  kindRef: KindRef,
  from: string,
  to: string,
): { kind: Kind; a: Version; b: Version } | { issues: DraftResult['issues'] } {
  const kind = findKind(catalog, kindRef);
  if (!kind)
    return {
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
      issues: missing.map((n) =>
        issue(
          'error',
          'UNKNOWN_VERSION',
          `${kind.kind} has no version '${n}' (versions: ${kind.versions.map((v) => v.name).join(', ')})`,
        ),
      ),
    };
  return { kind, a, b };
}

/** The pair's fields, type tokens and Changes entries. */
function draftPair(catalog: Catalog, kind: Kind, a: Version, b: Version): DraftPair {
  const intern = new Map<string, string>();
  const changes = versionChanges(catalog, { group: kind.group, kind: kind.kind }, a.name, b.name).changes?.changes;
  const changeRows = (changes ?? []).map((c) => ({ change: c.change, path: formatPath(c.path) }));
  const explains = (p: PathPattern, ...kinds: PropertyChangeKind[]) => {
    for (let n = p.length; n > 0; n--) {
      const s = formatPath(p.slice(0, n).map((x) => x ?? '*'));
      const hit = changeRows.filter((r) => r.path === s && kinds.includes(r.change));
      if (hit.length > 0) return hit;
    }
    return [];
  };
  return { a, b, fa: fieldsOf(a), fb: fieldsOf(b), ca: canonical(a, intern), cb: canonical(b, intern), explains };
}

/** Nodes grouped under keys (a node may sit under several). */
function bucketsBy(nodes: readonly FieldNode[], keys: (n: FieldNode) => readonly string[]): Map<string, FieldNode[]> {
  const out = new Map<string, FieldNode[]>();
  for (const n of nodes)
    for (const k of keys(n)) {
      const list = out.get(k);
      if (list) list.push(n);
      else out.set(k, [n]);
    }
  return out;
}

/** (a) Moves and renames: a removed field and an added field of its type and number of `[]`. */
function moveDrafts(pair: DraftPair, removed: readonly FieldNode[], added: readonly FieldNode[]): PendingDraft[] {
  // Fields by type and number of `[]`: a removed field pairs only with an added field of its bucket.
  const removedBy = bucketsBy(removed, (n) => [`${n.each}|${pair.ca(n.type)}`]);
  const addedBy = bucketsBy(added, (n) => [`${n.each}|${pair.cb(n.type)}`]);
  const keyOf = new Map<FieldNode, string>();
  for (const m of [removedBy, addedBy]) for (const [k, ns] of m) for (const n of ns) keyOf.set(n, k);
  const drafts: PendingDraft[] = [];
  pairMoves(
    removed,
    (r) => addedBy.get(keyOf.get(r) ?? '') ?? [],
    (d) => removedBy.get(keyOf.get(d) ?? '') ?? [],
    (r, d, confidence, reason, n) =>
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
            changes: [
              ...pair.explains(r.pattern, 'removed'),
              ...pair.explains(d.pattern, 'added-optional', 'added-required'),
            ],
            candidates: n,
          },
        },
      }),
  );
  return drafts;
}

const mapOrList = (n: FieldNode) => n.type.kind === 'map' || n.type.kind === 'array';

/** The map <-> list pairing of an older field `r` and a newer field `d`, if they are a map and such a list (memoized). */
function listMapPairings(pair: DraftPair): (r: FieldNode, d: FieldNode) => Paired | undefined {
  const { a, b, ca, cb } = pair;
  const pairings = new Map<FieldNode, Map<FieldNode, Paired | undefined>>();
  return (r, d) => {
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
}

/** A mapToList / listToMap draft; strong only when both the move evidence and the pairing are. */
function listMapDraft(
  r: FieldNode,
  d: FieldNode,
  p: Paired,
  confidence: DraftConfidence,
  reason: DraftReason,
  n: number,
  changes: DraftEvidence['changes'],
): PendingDraft {
  return {
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
  };
}

/** (d) A map that became a list keyed by one field (or back), moved: paired by the same evidence as a move. */
function movedListMapDrafts(
  pair: DraftPair,
  removed: readonly FieldNode[],
  added: readonly FieldNode[],
  pairingOf: (r: FieldNode, d: FieldNode) => Paired | undefined,
): PendingDraft[] {
  const { a, b, ca, cb } = pair;
  // Maps and lists by `[]` count and value token (a list under each token its elements could hold as a value):
  // only a map and a list of one bucket can pair.
  const tokensOf = (n: FieldNode, v: Version, canon: (t: TypeRef) => string) =>
    n.type.kind === 'map' ? [canon(n.type.values)] : entryTokens(v, n.type, canon);
  const removedMapOrList = removed.filter(mapOrList);
  const removedBuckets = bucketsBy(removedMapOrList, (n) => tokensOf(n, a, ca).map((t) => `${n.each}|${t}`));
  const addedBuckets = bucketsBy(added.filter(mapOrList), (n) => tokensOf(n, b, cb).map((t) => `${n.each}|${t}`));
  /** Fields of `m`'s buckets that `n` (a map or a list of the other version) could pair with. */
  const sharing = (n: FieldNode, v: Version, canon: (t: TypeRef) => string, m: Map<string, FieldNode[]>) => [
    ...new Set(tokensOf(n, v, canon).flatMap((t) => m.get(`${n.each}|${t}`) ?? [])),
  ];
  const drafts: PendingDraft[] = [];
  pairMoves(
    removedMapOrList,
    (r) => sharing(r, a, ca, addedBuckets).filter((d) => pairingOf(r, d) !== undefined),
    (d) => sharing(d, b, cb, removedBuckets).filter((r) => pairingOf(r, d) !== undefined),
    (r, d, confidence, reason, n) =>
      drafts.push(
        listMapDraft(r, d, pairingOf(r, d)!, confidence, reason, n, [
          ...pair.explains(r.pattern, 'removed'),
          ...pair.explains(d.pattern, 'added-optional', 'added-required'),
        ]),
      ),
  );
  return drafts;
}

/**
 * (b) a string that became an object, (c) enum values renamed, (d) a map that became a list or back: fields at
 * the same path in both versions.
 */
function samePathDrafts(
  pair: DraftPair,
  pairingOf: (r: FieldNode, d: FieldNode) => Paired | undefined,
): PendingDraft[] {
  const drafts: PendingDraft[] = [];
  for (const [key, x] of pair.fa) {
    const y = pair.fb.get(key);
    if (!y) continue;
    const listMap = pairingOf(x, y);
    const d = listMap
      ? listMapDraft(x, y, listMap, 'strong', listMap.reason, 1, pair.explains(x.pattern, 'type-changed'))
      : (stringToObjectDraft(pair, key, x, y) ?? enumDraft(pair, key, x, y));
    if (d) drafts.push(d);
  }
  return drafts;
}

/**
 * A weak pairing inside a strong move's destination is that move's business (endpoint -> server covers
 * server.port); so is one inside either end of a strong map <-> list (its elements' key and value fields).
 */
function withoutCoveredWeak(drafts: readonly PendingDraft[]): PendingDraft[] {
  const strongs = drafts.filter(
    (d) => d.draft.confidence === 'strong' && d.rule.op !== 'compute' && d.rule.op !== 'enum',
  );
  const inside = (path: string, at: string) => path.startsWith(`${at}.`) || path.startsWith(`${at}[`);
  return drafts.filter(
    ({ draft }) =>
      !(
        draft.confidence === 'weak' &&
        strongs.some(
          (s) =>
            inside(draft.evidence.to, s.draft.evidence.to) ||
            (s.rule.op !== 'move' && inside(draft.evidence.from, s.draft.evidence.from)),
        )
      ),
  );
}

/** Sorted, with unique ids; two strong drafts writing one path cannot both be right: both become weak. */
function finishDrafts(drafts: readonly PendingDraft[]): RuleDraft[] {
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
  return out;
}

/** Drafts of the rules that explain the differences between `from` and `to` of a kind. */
export function draftRules(catalog: Catalog, kindRef: KindRef, from: string, to: string): DraftResult {
  const resolved = resolvePair(catalog, kindRef, from, to);
  if ('issues' in resolved) return { drafts: [], issues: resolved.issues };
  const { kind, a, b } = resolved;
  const target: DraftTarget = { group: kind.group, kind: kind.kind, from: a.name, to: b.name };
  const pair = draftPair(catalog, kind, a, b);
  const { fa, fb } = pair;
  const removed = [...fa.values()].filter((n) => !fb.has(n.key) && (n.parentKey === '' || fb.has(n.parentKey)));
  const added = [...fb.values()].filter((n) => !fa.has(n.key));
  const pairingOf = listMapPairings(pair);
  const drafts = [
    ...moveDrafts(pair, removed, added),
    ...movedListMapDrafts(pair, removed, added, pairingOf),
    ...samePathDrafts(pair, pairingOf),
  ];
  return { target, drafts: finishDrafts(withoutCoveredWeak(drafts)), issues: [] };
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
