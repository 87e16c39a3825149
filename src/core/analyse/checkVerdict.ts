// The verdict of a command that checks more than one document, or a pair of versions rather than a document:
// many round trips, a version pair's fields, a plan, rules, CRDs. Same statuses as the document verdict
// (verdict.ts), worst first; the CLI prints `headline` as its closing line and exits by `status`, and never
// decides for itself what counts as a loss.
import { formatPath, type Issue, type Path } from '../model/issue.ts';
import { isLossIssue } from '../fates/lossIssues.ts';
import type { Plan } from '../plan/conversionTypes.ts';
import type { VersionChanges } from './versionChanges.ts';
import { verdictHeadline, type Verdict, type VerdictStatus } from './verdict.ts';

export interface CheckVerdict {
  readonly status: VerdictStatus;
  /** The verdict in one sentence, starting with what it is (`Lossy: ...`, `Cannot tell: ...`). */
  readonly headline: string;
}

/** Worst first: the order `worstStatus` ranks by. */
export const STATUS_ORDER: readonly VerdictStatus[] = ['rejected', 'lossy', 'undetermined', 'lossless'];

/** A status in words, for counts (`3 lossy, 1 cannot tell (webhook)`). */
export const STATUS_WORDS: Readonly<Record<VerdictStatus, string>> = {
  rejected: 'rejected',
  lossy: 'lossy',
  undetermined: 'cannot tell (webhook)',
  lossless: 'accepted and lossless',
};

/** How a headline of each status opens: the line's structure (`verdict: <opening>: ...`) says the status. */
export const STATUS_OPENING: Readonly<Record<VerdictStatus, string>> = {
  rejected: 'Would be rejected',
  lossy: 'Lossy',
  undetermined: 'Cannot tell',
  lossless: 'Lossless',
};

/** The worst of the statuses; lossless for none. */
export function worstStatus(statuses: Iterable<VerdictStatus>): VerdictStatus {
  let worst = STATUS_ORDER.length - 1;
  for (const s of statuses) worst = Math.min(worst, STATUS_ORDER.indexOf(s));
  return STATUS_ORDER[worst] as VerdictStatus;
}

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Up to three paths named, `...` when there are more. */
export function namedPaths(paths: readonly Path[]): string {
  return `${paths
    .slice(0, 3)
    .map((p) => formatPath(p))
    .join(', ')}${paths.length > 3 ? ', ...' : ''}`;
}

/** Counts by status, worst first (`2 lossy, 5 accepted and lossless`). */
export function statusCounts(statuses: readonly VerdictStatus[]): string {
  return STATUS_ORDER.map((s) => [s, statuses.filter((x) => x === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${STATUS_WORDS[s]}`)
    .join(', ');
}

/** One verdict as a check: its status and its headline. */
export const asCheck = (v: Verdict): CheckVerdict => ({ status: v.status, headline: verdictHeadline(v) });

/** Several checks as one: a single check speaks for itself; several are counted by status (`noun`: what each is of). */
export function checksSummary(checks: readonly CheckVerdict[], noun = 'document'): CheckVerdict {
  if (checks.length === 1) return checks[0] as CheckVerdict;
  const status = worstStatus(checks.map((c) => c.status));
  const counts = statusCounts(checks.map((c) => c.status));
  return { status, headline: `${STATUS_OPENING[status]}: ${plural(checks.length, noun)}: ${counts || 'none checked'}` };
}

/**
 * checksSummary over checks given one at a time, keeping counts by status only: a whole cluster's round trips
 * summarised without holding a verdict per object.
 */
export class ChecksTally {
  private readonly counts: Record<VerdictStatus, number> = { rejected: 0, lossy: 0, undetermined: 0, lossless: 0 };
  private first: CheckVerdict | undefined;
  private n = 0;

  add(...checks: readonly CheckVerdict[]): void {
    for (const c of checks) {
      this.first ??= c;
      this.counts[c.status]++;
      this.n++;
    }
  }

  /** What checksSummary says of every check added. */
  summary(noun = 'document'): CheckVerdict {
    if (this.n === 1) return this.first as CheckVerdict;
    const present = STATUS_ORDER.filter((s) => this.counts[s] > 0);
    const status = present[0] ?? 'lossless';
    const counts = present.map((s) => `${this.counts[s]} ${STATUS_WORDS[s]}`).join(', ');
    return { status, headline: `${STATUS_OPENING[status]}: ${plural(this.n, noun)}: ${counts || 'none checked'}` };
  }
}

/** Several document verdicts as one (`convert` of a List: `3 documents: 1 lossy, 2 accepted and lossless`). */
export const verdictsSummary = (verdicts: readonly Verdict[], noun = 'document'): CheckVerdict =>
  checksSummary(verdicts.map(asCheck), noun);

/** Two verdicts of one command (round trips and the rules' own): the worse speaks first, both are said. */
export function bothVerdicts(a: CheckVerdict, b: CheckVerdict): CheckVerdict {
  const status = worstStatus([a.status, b.status]);
  const [first, second] = status === a.status ? [a, b] : [b, a];
  return { status, headline: `${first.headline}; ${second.headline}` };
}

/**
 * The verdict of a conversion known only by its issues (`convert --versioned-spec`, `rules apply`): an error
 * refuses it, a loss (isLossIssue) is lossy, anything else (notes, intended rule drops) keeps every field.
 */
export function issuesVerdict(subject: string, issues: readonly Issue[]): CheckVerdict {
  const error = issues.find((i) => i.severity === 'error' && !isLossIssue(i));
  if (error)
    return {
      status: 'rejected',
      headline: `Would be rejected: ${subject}${error.path.length > 0 ? ` at ${formatPath(error.path)}` : ''}: ${error.message}`,
    };
  const lost = issues.filter(isLossIssue).map((i) => i.path);
  if (lost.length > 0)
    return {
      status: 'lossy',
      headline: `Lossy: ${subject} loses ${plural(lost.length, 'field')} (${namedPaths(lost)})`,
    };
  return { status: 'lossless', headline: `Lossless: ${subject} keeps every field` };
}

/** `diff` (ASO view): compatible when no change breaks; a breaking change loses or refuses data. */
export function changesVerdict(c: VersionChanges): CheckVerdict {
  const breaking = c.changes.filter((x) => x.breaking);
  if (breaking.length === 0)
    return { status: 'lossless', headline: `Compatible: ${c.kind} ${c.from} -> ${c.to} keeps every field` };
  return {
    status: 'lossy',
    headline: `Lossy: ${plural(breaking.length, 'breaking change')} from ${c.kind} ${c.from} to ${c.to} (${namedPaths(breaking.map((x) => x.path))})`,
  };
}

/**
 * `plan` (ASO view): a step that drops a field loses it. A step that needs a hand-written conversion keeps the
 * value in the property bag, as the document verdict says (a warning, not a loss).
 */
export function planVerdict(plan: Plan): CheckVerdict {
  const dropped: Path[] = [];
  for (const hop of plan.hops)
    for (const tp of hop.types)
      for (const s of tp.steps)
        // originalVersion is ASO's bookkeeping, never the object's data: ignoring it loses nothing
        if (s.handler === 'drop' && s.rule !== 'original-version-ignored')
          dropped.push([tp.sourceType, s.source ?? '']);
  const pair = `${plan.kind} ${plan.from} -> ${plan.to}`;
  if (dropped.length > 0)
    return {
      status: 'lossy',
      headline: `Lossy: the plan ${pair} drops ${plural(dropped.length, 'field')} (${namedPaths(dropped)})`,
    };
  return { status: 'lossless', headline: `Lossless: the plan ${pair} keeps every field` };
}

/** `crd-check`: the API server refuses a CRD with an error; every CRD accepted is the all-clear. */
export function crdsVerdict(accepted: readonly boolean[]): CheckVerdict {
  const refused = accepted.filter((a) => !a).length;
  const n = plural(accepted.length, 'CRD');
  return refused > 0
    ? { status: 'rejected', headline: `Would be rejected: ${refused} of ${n} refused by the API server` }
    : { status: 'lossless', headline: `Accepted: ${n} accepted by the API server` };
}
