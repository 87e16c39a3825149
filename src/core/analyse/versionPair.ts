// A version pair As deployed, read from the schemas: the fields of V a write at V (stored at S) and a read at T
// drop, what conversion rules carry instead (along the whole chain of their conversions), and the conversions an
// undescribed webhook decides. `diff` and `plan` in the As deployed view render this report and its verdict.
import { findKind, servedVersionNames } from '../catalog/catalogLookup.ts';
import { issue, type Issue, type Path } from '../model/issue.ts';
import type { Catalog, ConversionStrategy, Kind, Version } from '../model/model.ts';
import { versionSchema } from '../models/deployed/derivedSchema.ts';
import { fieldLoss } from '../models/deployed/fieldLoss.ts';
import { deployedStorageVersion, deployedVersions, effectiveConversion } from '../models/deployed/storageView.ts';
import { findSteps, ruleEnds, rulesConvert } from '../rules/apply.ts';
import type { RuleSet } from '../rules/format.ts';
import { patternTouches } from '../rules/paths.ts';
import type { PropertyChange, VersionChanges } from './versionChanges.ts';
import { verdictOf, type Verdict, type VerdictLoss } from './verdict.ts';

export interface VersionPairReport {
  readonly group: string;
  readonly kind: string;
  readonly from: string;
  readonly to: string;
  readonly storage: string;
  readonly conversion: ConversionStrategy;
  readonly lossless: boolean;
  readonly droppedOnWrite: readonly (readonly string[])[];
  readonly droppedOnRead: readonly (readonly string[])[];
  /** With rules: fields the schemas would drop that a rule carries, with the rule. */
  readonly carriedByRules?: readonly { readonly path: readonly string[]; readonly rule: string }[];
  /** Conversions a webhook the explorer does not know decides (no rules reach them). */
  readonly undetermined?: readonly { readonly from: string; readonly to: string }[];
}

/**
 * The rule that carries a field converting `kind` from `from` to `to`, for a schema diff's path (`*` is any list
 * element or map value): along the whole chain of the rules' conversions, a rule reads the field (or an object
 * holding it) in its source (`end: 'source'`), or writes it in its destination (`end: 'dest'`). Undefined when
 * none does, or the rules have no chain between the two versions.
 */
export function ruleCarrying(
  ruleSet: RuleSet,
  kind: Pick<Kind, 'group' | 'kind'>,
  from: string,
  to: string,
  path: readonly (string | number)[],
  end: 'source' | 'dest' = 'source',
): string | undefined {
  const steps = findSteps(ruleSet, { group: kind.group, kind: kind.kind }, from, to) ?? [];
  const concrete: Path = path.map((s) => (s === '*' ? 0 : s));
  // A field no earlier step moves stays at its path, so a later step of the chain may be the one that carries it.
  for (const step of end === 'source' ? steps : [...steps].reverse())
    for (const r of step.conversion.rules)
      if (ruleEnds(r, step.direction)[end].some((p) => p.length <= concrete.length && patternTouches(p, concrete)))
        return r.id;
  return undefined;
}

/** A real version of the kind (no derived `<v>storage`), `hub` meaning the storage version. */
export function deployedTarget(kind: Kind, to: string): Version | undefined {
  if (to === 'hub') return deployedStorageVersion(kind);
  return deployedVersions(kind).find((v) => v.name === to);
}

export interface VersionPairAnswer {
  readonly report?: VersionPairReport;
  readonly verdict?: Verdict;
  /** UNKNOWN_KIND / UNKNOWN_VERSION (bad input, no report), or RULES_NO_CONVERSION (rules that do not reach). */
  readonly issues: readonly Issue[];
}

/**
 * `diff`/`plan` As deployed: a write at `from`, stored at the storage version, a read at `to` (default the
 * storage version). With rules (the webhook) the fields a rule carries are not dropped; a conversion no rules
 * reach, or a webhook not described at all, is "cannot tell", never "no loss".
 */
export function deployedVersionPair(
  catalog: Catalog,
  kindName: string,
  from: string,
  to: string | undefined,
  conversion: ConversionStrategy | undefined,
  rules?: RuleSet,
): VersionPairAnswer {
  const kind = findKind(catalog, kindName);
  if (!kind) return { issues: [issue('error', 'UNKNOWN_KIND', `no kind ${kindName} in the catalog`)] };
  const V = deployedVersions(kind).find((v) => v.name === from);
  const T = deployedTarget(kind, to ?? 'hub');
  if (!V || !T)
    return {
      issues: [
        issue(
          'error',
          'UNKNOWN_VERSION',
          `${kind.kind} has no version ${V ? to : from} in the deployed view (it has: ${servedVersionNames(kind)})`,
        ),
      ],
    };
  const S = deployedStorageVersion(kind);
  const strategy = effectiveConversion(
    kind,
    conversion ?? (rules && rulesConvert(rules, kind) ? 'Webhook' : undefined),
  );
  const loss = fieldLoss(versionSchema(V), versionSchema(S), versionSchema(T));
  const issues: Issue[] = [];
  const carried: { path: readonly string[]; rule: string }[] = [];
  const undetermined: { from: string; to: string }[] = [];
  // Each leg of the pipeline: which conversion runs it, and who decides what it keeps.
  const leg = (a: Version, b: Version, dropped: readonly (readonly string[])[]): (readonly string[])[] => {
    if (a === b || strategy === 'None' || kind.aso) return [...dropped];
    if (!rules || !findSteps(rules, kind, a.name, b.name)) {
      if (rules && rulesConvert(rules, kind))
        issues.push(
          issue(
            'warning',
            'RULES_NO_CONVERSION',
            `the rules have no conversion of ${kind.kind} from ${a.name} to ${b.name}: the webhook decides it`,
          ),
        );
      undetermined.push({ from: a.name, to: b.name });
      return [];
    }
    return dropped.filter((p) => {
      const rule = ruleCarrying(rules, kind, a.name, b.name, p);
      if (rule !== undefined) carried.push({ path: p, rule });
      return rule === undefined;
    });
  };
  const droppedOnWrite = leg(V, S, loss.droppedOnWrite);
  const droppedOnRead = leg(S, T, loss.droppedOnRead);
  const lost: VerdictLoss[] = [
    ...droppedOnWrite.map((p) => ({
      path: [...p],
      on: 'write' as const,
      by: S.name,
      why: `${S.name} has no such field`,
    })),
    ...droppedOnRead.map((p) => ({
      path: [...p],
      on: 'read' as const,
      by: T.name,
      why: `${T.name} has no such field`,
    })),
  ];
  const report: VersionPairReport = {
    group: kind.group,
    kind: kind.kind,
    from: V.name,
    to: T.name,
    storage: S.name,
    conversion: strategy,
    lossless: lost.length === 0 && undetermined.length === 0,
    droppedOnWrite,
    droppedOnRead,
    ...(rules ? { carriedByRules: carried } : {}),
    ...(undetermined.length > 0 ? { undetermined } : {}),
  };
  const verdict = verdictOf({
    view: 'deployed',
    from: V.name,
    stored: S.name,
    to: T.name,
    rejections: [],
    lost,
    undetermined: undetermined.map((u) => ({ ...u, paths: [] })),
    bagged: 0,
  });
  return { report, verdict, issues };
}

/** `diff --rules` (ASO view): each change a rule carries (along the chain) names the rule and is not breaking. */
export function changesWithRules(c: VersionChanges, rules: RuleSet): VersionChanges {
  const kind = { group: c.group, kind: c.kind };
  const changes = c.changes.map((x): PropertyChange & { rule?: string } => {
    const rule = ruleCarrying(rules, kind, c.from, c.to, x.path, x.change === 'added-required' ? 'dest' : 'source');
    return rule === undefined ? x : { ...x, rule, breaking: false };
  });
  return { ...c, changes, compatible: changes.every((x) => !x.breaking) };
}
