// Rules checked against a catalog: every path a rule names must exist in its version (an Issue at the path's line
// and column), and round trips through the rules (up then down, down then up) on documents must give the
// documents back; a difference names the rule and the path.
import { findKind, findVersion } from '../catalog/catalogLookup.ts';
import { findKindForDocument } from '../catalog/findKindForDocument.ts';
import { formatPath, issue, type Issue, type Path, type SourceRange } from '../model/issue.ts';
import type { Catalog, Kind, Version } from '../model/model.ts';
import { jsonDifferences } from './roundTrip.ts';
import { applyRules, ruleEnds } from '../rules/apply.ts';
import type { Conversion, Rule, RulePath, RuleSet } from '../rules/format.ts';
import { formatPathPattern, getAt, patternTouches } from '../rules/paths.ts';
import { missingAt, pruneTo } from '../rules/schemaWalk.ts';

const at = (file: string | undefined, range: SourceRange | undefined) => ({
  ...(file !== undefined ? { file } : {}),
  ...(range ? { range } : {}),
});

export function kindOf(catalog: Catalog, c: Conversion): Kind | undefined {
  return findKind(catalog, c.group !== undefined ? { group: c.group, kind: c.kind } : c.kind);
}

/** The paths a rule names, each with the side (version) it lives in. */
function rulePaths(r: Rule): { side: 'from' | 'to'; p: RulePath }[] {
  switch (r.op) {
    case 'compute':
      return [
        ...r.up.map((t) => ({ side: 'to' as const, p: t.to })),
        ...r.down.map((t) => ({ side: 'from' as const, p: t.to })),
      ];
    case 'drop':
      return [{ side: r.side, p: r.path }];
    case 'fail':
      return [];
    default:
      return [
        { side: 'from', p: r.from },
        { side: 'to', p: r.to },
      ];
  }
}

/** Kinds and versions the catalog lacks, and rule paths their version's schema lacks. */
export function checkRulesAgainstCatalog(ruleSet: RuleSet, catalog: Catalog): Issue[] {
  const out: Issue[] = [];
  const file = ruleSet.file;
  for (const c of ruleSet.conversions) {
    const kind = kindOf(catalog, c);
    if (!kind) {
      out.push(
        issue(
          'error',
          'RULE_TARGET_UNKNOWN',
          `the catalog has no kind ${c.group ? `${c.group}/` : ''}${c.kind}`,
          [],
          at(file, c.range),
        ),
      );
      continue;
    }
    const versions: Partial<Record<'from' | 'to', Version>> = {};
    for (const side of ['from', 'to'] as const) {
      const v = findVersion(kind, c[side]);
      if (!v)
        out.push(
          issue('error', 'RULE_TARGET_UNKNOWN', `${kind.kind} has no version ${c[side]}`, [], at(file, c.range)),
        );
      else versions[side] = v;
    }
    for (const r of c.rules)
      for (const { side, p } of rulePaths(r)) {
        const v = versions[side];
        if (!v) continue;
        const depth = missingAt(v, p.pattern);
        if (depth >= 0)
          out.push(
            issue(
              'error',
              'RULE_PATH_UNKNOWN',
              `rule ${r.id}: ${kind.kind} ${v.name} has no ${formatPathPattern(p.pattern.slice(0, depth + 1))}`,
              [],
              at(file, p.range ?? r.range),
            ),
          );
      }
  }
  return out;
}

export interface RoundTripInput {
  readonly doc: unknown;
  /** Where the document came from, for messages: a sample file, `generated #3`. */
  readonly source: string;
  /** A generated instance (not a sample): checked through the rules only, not by the view's round trip. */
  readonly generated?: boolean;
}

export interface RuleRoundTrip {
  readonly source: string;
  readonly kind: string;
  readonly from: string;
  readonly via: string;
  /** Empty when the document came back (apart from intended drops). */
  readonly issues: readonly Issue[];
  /** Paths lost on purpose (drop rules), with the rule. */
  readonly dropped: readonly { readonly ruleId: string; readonly path: Path }[];
}

const apiVersionOf = (kind: Kind, v: string): string => (kind.group ? `${kind.group}/${v}` : v);

/** There and back through the rules, pruned at each version as the API server does; differences blamed on rules. */
export function roundTripThroughRules(
  ruleSet: RuleSet,
  catalog: Catalog,
  c: Conversion,
  input: RoundTripInput,
): RuleRoundTrip | undefined {
  const kind = kindOf(catalog, c);
  const found = findKindForDocument(catalog, input.doc);
  if (!kind || found.kind !== kind || !found.version) return undefined;
  const start = found.version.name;
  if (start !== c.from && start !== c.to) return undefined;
  const otherName = start === c.from ? c.to : c.from;
  const other = findVersion(kind, otherName);
  if (!other) return undefined;
  const file = ruleSet.file;
  const k = { group: kind.group, kind: kind.kind };
  const original = pruneTo(found.version, input.doc).value;
  const there = applyRules(ruleSet, k, start, otherName, original);
  const mid = pruneTo(other, there.doc);
  const back = applyRules(ruleSet, k, otherName, start, setApiVersion(mid.value, apiVersionOf(kind, otherName)));
  const result = pruneTo(found.version, setApiVersion(back.doc, apiVersionOf(kind, start))).value;
  const dir = start === c.from ? 'up' : 'down';
  const issues: Issue[] = [];
  const where = (r: Rule | undefined) => at(file, r?.range);
  for (const i of [...there.issues, ...back.issues])
    if (i.code !== 'RULE_DROPPED') issues.push({ ...i, message: `${input.source}: ${i.message}` });
  const droppedPaths = there.dropped;
  for (const d of jsonDifferences(original, result)) {
    if (d.length === 1 && d[0] === 'apiVersion') continue;
    // The most specific rule naming the path answers for it (a drop of an object yields to a move inside it).
    const specific = (rules: readonly Rule[], end: 'source' | 'dest', d2: 'up' | 'down') => {
      let best: { r: Rule; n: number } | undefined;
      for (const r of rules)
        for (const p of ruleEnds(r, d2)[end])
          if (patternTouches(p, d) && (!best || p.length > best.n)) best = { r, n: p.length };
      return best?.r;
    };
    const owner = specific(c.rules, 'source', dir);
    const writer = owner ?? specific(c.rules, 'dest', dir === 'up' ? 'down' : 'up');
    const gone = !getAt(result, d).found;
    const pruned = mid.pruned.find((p) => p.every((seg, i) => d[i] === seg) || d.every((seg, i) => p[i] === seg));
    if (writer && writer.op === 'drop') continue;
    if (writer)
      issues.push(
        issue(
          'error',
          gone ? 'RULE_LOSES_DATA' : 'RULE_NOT_INVERSE',
          `${input.source}: rule ${writer.id}: ${formatPath(d)} ${gone ? 'is lost' : 'comes back different'} going ${start} -> ${otherName} -> ${start}`,
          d,
          where(writer),
        ),
      );
    else
      issues.push(
        issue(
          'warning',
          'LOST',
          `${input.source}: ${formatPath(d)} ${pruned ? `has no place in ${otherName} and no rule moves it` : 'comes back different (no rule names it)'}`,
          d,
          at(file, c.range),
        ),
      );
  }
  return {
    source: input.source,
    kind: kind.kind,
    from: start,
    via: otherName,
    issues,
    dropped: droppedPaths.map((x) => ({ ruleId: x.ruleId, path: x.path })),
  };
}

function setApiVersion(doc: unknown, apiVersion: string): unknown {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return doc;
  return { ...(doc as Record<string, unknown>), apiVersion };
}

/** Round trips of every document through every conversion of its kind that has its version at one end. */
export function checkRulesByRoundTrip(
  ruleSet: RuleSet,
  catalog: Catalog,
  inputs: readonly RoundTripInput[],
): RuleRoundTrip[] {
  const out: RuleRoundTrip[] = [];
  for (const c of ruleSet.conversions)
    for (const input of inputs) {
      const r = roundTripThroughRules(ruleSet, catalog, c, input);
      if (r) out.push(r);
    }
  return out;
}

/** One issue per rule, code and path shape (indexes folded), the first seen: a fuzz run repeats findings. */
export function distinctFindings(issues: readonly Issue[]): Issue[] {
  const seen = new Set<string>();
  const out: Issue[] = [];
  for (const i of issues) {
    const k = `${i.code}\u0000${i.range?.start.offset ?? ''}\u0000${formatPath(i.path.map((s) => (typeof s === 'number' ? 0 : s)))}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(i);
  }
  return out;
}
