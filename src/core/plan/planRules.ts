// The rules part of a plan: which rule steps a conversion between two versions runs, and the fields they own.
import { issue, type Issue, type Path } from '../model/issue.ts';
import { typeNamed } from '../catalog/catalogLookup.ts';
import { objectLeaf } from '../model/typeRef.ts';
import type { Kind, Version } from '../model/model.ts';
import type { PlanRules } from './conversionTypes.ts';
import type { RuleSet } from '../rules/format.ts';
import { findSteps, ownedPaths, ruleEnds } from '../rules/apply.ts';
import { formatPathPattern, patternTouches, type PathPattern } from '../rules/paths.ts';

/** The API version a version's rules are declared at: itself, or the API twin of a storage version. */
export const apiVersionFor = (v: Version): string => (v.role === 'api' ? v.name : (v.twin ?? v.name));

const kindName = (kind: Kind) => ({ group: kind.group, kind: kind.kind });

/**
 * The rules part of a plan from `from` to `to`: undefined when the rule set has nothing for this conversion
 * (no conversion of the kind, or both ends at one API version). A kind the rules convert but with no chain of
 * pairs between the two API versions is a RULES_NO_CONVERSION warning.
 */
export function planRules(
  ruleSet: RuleSet,
  kind: Kind,
  from: Version,
  to: Version,
): { rules?: PlanRules; issue?: Issue; owned?: readonly PathPattern[] } {
  const a = apiVersionFor(from);
  const b = apiVersionFor(to);
  if (a === b) return {};
  const k = kindName(kind);
  const steps = findSteps(ruleSet, k, a, b);
  if (!steps) {
    if (!ruleSet.conversions.some((c) => c.kind === kind.kind && (c.group === undefined || c.group === kind.group)))
      return {};
    return {
      issue: issue('warning', 'RULES_NO_CONVERSION', `the rules have no conversion of ${kind.kind} from ${a} to ${b}`),
    };
  }
  return {
    rules: {
      from: a,
      to: b,
      steps: steps.map((s) => ({
        from: s.from,
        to: s.to,
        direction: s.direction,
        rules: s.conversion.rules.map((r) => {
          const ends = ruleEnds(r, s.direction);
          return {
            id: r.id,
            op: r.op,
            reads: ends.source.map(formatPathPattern),
            writes: ends.dest.map(formatPathPattern),
          };
        }),
      })),
      owned: ownedPaths(ruleSet, k, a, b).map(formatPathPattern),
    },
    owned: ownedPaths(ruleSet, k, a, b),
  };
}

/** Concrete document paths of each object type of `version`, from its root (list items as index 0). */
function typePaths(version: Version): Map<string, Path[]> {
  const out = new Map<string, Path[]>();
  const walk = (typeName: string, at: Path, depth: number) => {
    const seen = out.get(typeName) ?? [];
    if (depth > 12 || seen.length > 8) return;
    seen.push(at);
    out.set(typeName, seen);
    const t = typeNamed(version, typeName);
    if (!t) return;
    for (const p of t.properties) {
      const leaf = objectLeaf(p.type);
      if (leaf === undefined) continue;
      const step: Path = p.type.kind === 'array' ? [p.name, 0] : p.type.kind === 'map' ? [p.name, '*'] : [p.name];
      walk(leaf, [...at, ...step], depth + 1);
    }
  };
  walk(version.root, [], 0);
  return out;
}

/**
 * The fields (`Type.property` of a hop's source version) the rules own: the generated steps skip them, so their
 * plan steps' problems (NEEDS_HANDWRITTEN_CONVERSION) are the rules' to solve, not warnings.
 */
export function ownedByRules(
  versions: readonly Version[],
  owned: readonly PathPattern[],
): (type: string, prop: string) => boolean {
  if (owned.length === 0) return () => false;
  const paths = new Map<string, Path[]>();
  for (const v of versions) for (const [t, ps] of typePaths(v)) paths.set(t, [...(paths.get(t) ?? []), ...ps]);
  return (type, prop) =>
    (paths.get(type) ?? []).some((at) =>
      owned.some((o) => o.length <= at.length + 1 && patternTouches(o, [...at, prop])),
    );
}
