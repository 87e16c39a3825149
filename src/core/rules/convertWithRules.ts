// One document converted to a version with the rules alone, as `rules apply` prints it and the rules-backed
// webhook returns it: the rules of the pair (or chain), apiVersion set, then pruned by the target's schema as the
// API server prunes a webhook's answer. Shared so the two surfaces can never disagree.
import { apiVersionOf, findVersion } from '../catalog/catalogLookup.ts';
import { findKindForDocument } from '../catalog/findKindForDocument.ts';
import { issue, type Issue, type Path } from '../model/issue.ts';
import type { Catalog, Kind, Version } from '../model/model.ts';
import { applyRules, type ApplyResult } from './apply.ts';
import type { RuleSet } from './format.ts';
import { pruneTo } from './schemaWalk.ts';

export interface RulesConversion {
  /** The document at the target version; absent when its kind or a version is not in the catalog. */
  readonly doc?: Record<string, unknown>;
  readonly kind?: Kind;
  readonly from?: Version;
  readonly to?: Version;
  /** Paths (in the converted document) the target's schema prunes: no rule carries them there. */
  readonly pruned: readonly Path[];
  /** What the rules reported, PRUNED warnings, or the one error saying why there is no `doc`. */
  readonly issues: readonly Issue[];
  readonly applied?: ApplyResult;
}

/** Converts `doc` (any version of a catalog kind) to version `toName` of its kind with `ruleSet`. */
export function convertWithRules(catalog: Catalog, ruleSet: RuleSet, doc: unknown, toName: string): RulesConversion {
  const found = findKindForDocument(catalog, doc);
  const to = found.kind ? findVersion(found.kind, toName) : undefined;
  if (!found.kind || !found.version || !to) {
    const why =
      found.issue ?? issue('error', 'UNKNOWN_VERSION', `no version ${toName} of the document's kind`, ['apiVersion']);
    return { pruned: [], issues: [why] };
  }
  const kind = found.kind;
  const applied = applyRules(ruleSet, { group: kind.group, kind: kind.kind }, found.version.name, to.name, doc);
  const converted = { ...(applied.doc as Record<string, unknown>), apiVersion: apiVersionOf(kind.group, to.name) };
  const pruned = pruneTo(to, converted);
  const issues: Issue[] = [...applied.issues];
  for (const p of pruned.pruned)
    issues.push(issue('warning', 'PRUNED', `no rule carries it to ${to.name}; the API server prunes it`, p));
  return {
    doc: pruned.value as Record<string, unknown>,
    kind,
    from: found.version,
    to,
    pruned: pruned.pruned,
    issues,
    applied,
  };
}
