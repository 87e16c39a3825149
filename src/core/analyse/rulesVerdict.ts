// The round trip verdicts, and the one question every rules command asks: "do these rules, as the conversion,
// keep every field of these documents?". `rules check`, `roundtrip --rules` (its rules part) and the explorer ask
// `rulesVerdict`; a document's round trip in either view is `asoRoundTripVerdict` / `deployedRoundTripVerdicts`.
import { findKindForDocument } from '../catalog/findKindForDocument.ts';
import type { Issue } from '../model/issue.ts';
import type { Catalog, Kind, Version } from '../model/model.ts';
import type { StorageView } from '../models/deployed/storageView.ts';
import { runDeployed, type DeployedOptions } from '../models/deployed/deployedPipeline.ts';
import { deployedVersions } from '../models/deployed/storageView.ts';
import type { ConvertOptions } from '../models/aso/convertResource.ts';
import type { HookRegistry } from '../plan/hooks.ts';
import type { RuleSet } from '../rules/format.ts';
import { rulesConvert } from '../rules/apply.ts';
import {
  asCheck,
  changesVerdict,
  checksSummary,
  issuesVerdict,
  namedPaths,
  worstStatus,
  type CheckVerdict,
} from './checkVerdict.ts';
import type { DraftTarget, RuleDraft } from './drafts/draft.ts';
import { versionChanges } from './versionChanges.ts';
import { changesWithRules } from './versionPair.ts';
import type { RulesConversion } from '../rules/convertWithRules.ts';
import { isUnder } from '../model/path.ts';
import { roundTripWithHub, type RoundTripReport } from './roundTrip.ts';
import { checkRulesByRoundTrip, distinctFindings, type RoundTripInput, type RuleRoundTrip } from './rulesCheck.ts';
import { asoVerdict, deployedVerdict, type Verdict } from './verdict.ts';

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * ASO: spoke -> hub -> spoke. Fields the source version's schema prunes on the way in are reported by the round
 * trip, not counted as its losses (they never were the object's); everything else is the document verdict's.
 */
export function asoRoundTripVerdict(
  catalog: Catalog,
  doc: unknown,
  opts: Omit<ConvertOptions, 'part'> = {},
): { report: RoundTripReport; verdict: Verdict } {
  const { report, up } = roundTripWithHub(catalog, doc, opts);
  const hub = { ...up, fates: up.fates.filter((f) => f.kind !== 'pruned') };
  const verdict = asoVerdict({
    hub,
    roundTrip: { version: up.from, ok: report.ok, differences: report.lost },
  });
  return { report, verdict };
}

/** As deployed: written at `from`, read back at `from` and at every other served version; one verdict per read. */
export function deployedRoundTripVerdicts(
  catalog: Catalog,
  kind: Kind,
  from: Version,
  doc: Record<string, unknown>,
  opts: Omit<DeployedOptions, 'fates'> = {},
): Verdict[] {
  const reads = [from, ...deployedVersions(kind).filter((v) => v.served && v !== from)];
  return reads.map((t) =>
    deployedVerdict({ result: runDeployed(catalog, kind, from, doc, t, { ...opts, fates: false }) }),
  );
}

export interface RulesVerdict {
  readonly reports: readonly RuleRoundTrip[];
  /** One per rule, code and path: RULE_LOSES_DATA, RULE_NOT_INVERSE, RULE_FAILED, LOST (a field no rule carries). */
  readonly findings: readonly Issue[];
  /** The documents' own round trips in the view, with the rules as the conversion (samples only). */
  readonly roundTrips: readonly Verdict[];
  /** The rules' own round trips alone (what `roundtrip --rules` adds to its own round trips of the samples). */
  readonly own: CheckVerdict;
  readonly verdict: CheckVerdict;
}

export interface RulesVerdictOptions {
  /** The view whose round trips the samples take: As deployed the rules are the webhook. */
  readonly view: StorageView;
  readonly hooks?: HookRegistry;
}

/**
 * Do these rules keep every field of these documents? The rules' own round trips (through each conversion and
 * back) and, for the documents that are not generated, the view's round trip with the rules as the conversion.
 * A field lost is lost whether a rule loses it or no rule carries it; a `drop` rule's drop is intended, not lost.
 */
export function rulesVerdict(
  ruleSet: RuleSet,
  catalog: Catalog,
  inputs: readonly RoundTripInput[],
  o: RulesVerdictOptions,
): RulesVerdict {
  const reports = checkRulesByRoundTrip(ruleSet, catalog, inputs);
  const findings = distinctFindings(reports.flatMap((r) => r.issues));
  const roundTrips: Verdict[] = [];
  for (const input of inputs) {
    if (input.generated === true) continue;
    const found = findKindForDocument(catalog, input.doc);
    if (!found.kind || !found.version || found.version.derived === true || !rulesConvert(ruleSet, found.kind)) continue;
    const doc = input.doc as Record<string, unknown>;
    if (o.view === 'deployed')
      roundTrips.push(
        ...deployedRoundTripVerdicts(catalog, found.kind, found.version, doc, {
          conversion: 'Webhook',
          rules: ruleSet,
          ...(o.hooks ? { hooks: o.hooks } : {}),
        }),
      );
    else
      roundTrips.push(
        asoRoundTripVerdict(catalog, doc, { rules: ruleSet, ...(o.hooks ? { hooks: o.hooks } : {}) }).verdict,
      );
  }
  const lost = findings.filter((i) => i.severity === 'error' || i.code === 'LOST');
  const own: CheckVerdict =
    lost.length > 0
      ? {
          status: 'lossy',
          headline: `Lossy: the rules lose or change ${plural(lost.length, 'field')} in ${plural(reports.length, 'round trip')} (${namedPaths(lost.map((i) => i.path))})`,
        }
      : {
          status: 'lossless',
          headline: `Lossless: ${plural(reports.length, 'round trip')} through the rules keep every field`,
        };
  const docs = checksSummary(roundTrips.map(asCheck), 'round trip');
  const status = worstStatus([own.status, ...roundTrips.map((v) => v.status)]);
  const verdict =
    roundTrips.length === 0 || own.status === status
      ? { status, headline: roundTrips.length === 0 ? own.headline : `${own.headline}; samples: ${docs.headline}` }
      : { status, headline: `${docs.headline}; rules: ${own.headline}` };
  return { reports, findings, roundTrips, own, verdict };
}

/**
 * `rules apply`: a field the target prunes because no rule carries it is lost; a field a `drop` rule drops (and
 * anything under it) is the conversion's intent, not a loss; a rule that failed fails the conversion.
 */
export function rulesApplyVerdict(c: RulesConversion): CheckVerdict {
  const intended = (c.applied?.dropped ?? []).map((d) => d.path);
  const issues = c.issues.filter((i) => !(i.code === 'PRUNED' && intended.some((p) => isUnder(i.path, p))));
  const subject = `${c.kind?.kind ?? 'the document'} ${c.from?.name ?? '?'} -> ${c.to?.name ?? '?'} through the rules`;
  return issuesVerdict(subject, issues);
}

/**
 * `rules draft`: would the strong drafts, as rules, carry every breaking change between the two versions? The
 * same question `diff --rules` asks, with the drafts as the rules.
 */
export function draftsVerdict(catalog: Catalog, target: DraftTarget, drafts: readonly RuleDraft[]): CheckVerdict {
  const changes = versionChanges(catalog, { group: target.group, kind: target.kind }, target.from, target.to).changes;
  if (!changes)
    return { status: 'undetermined', headline: `Cannot tell: no changes between ${target.from} and ${target.to}` };
  const ruleSet: RuleSet = {
    conversions: [
      {
        group: target.group,
        kind: target.kind,
        from: target.from,
        to: target.to,
        rules: drafts.filter((d) => d.confidence === 'strong').map((d) => d.rule),
      },
    ],
  };
  return changesVerdict(changesWithRules(changes, ruleSet));
}
