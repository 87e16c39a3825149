// The rules part of a plan: which rule steps a conversion between two versions runs, and the fields they own.
import { issue, type Issue } from '../model/issue.ts';
import type { Kind, Version } from '../model/model.ts';
import type { PlanRules } from './conversionTypes.ts';
import type { RuleSet } from '../rules/format.ts';
import { findSteps, ownedPaths, ruleEnds } from '../rules/apply.ts';
import { formatPathPattern } from '../rules/paths.ts';

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
): { rules?: PlanRules; issue?: Issue } {
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
  };
}
