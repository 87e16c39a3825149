// The one verdict of a view for one document: would the API server accept it, what is stored, what a write or a
// read loses, whether a round trip gives it back and whether a client at the target can write it back. Computed
// here once; the panes' badges, the banners, the Round trip tab, the Markdown report and every CLI command's exit
// code and summary line render this value and never work it out themselves.
import type { Issue, Path } from '../model/issue.ts';
import { formatPath, pathKey } from '../model/path.ts';
import type { Fate } from '../fates/fate.ts';
import { deployedDropSentence, isDeployedLoss, type DeployedFate } from '../fates/deployedFates.ts';
import type { StorageView } from '../models/deployed/storageView.ts';
import type { DeployedResult } from '../models/deployed/deployedPipeline.ts';
import type { ConversionResult } from '../plan/conversionTypes.ts';

/** Worst first: a rejection outranks a loss, a loss outranks what the explorer cannot tell. */
export type VerdictStatus = 'rejected' | 'lossy' | 'undetermined' | 'lossless';

/** Where the API server fails the request: the write at V, the read at T, or a T client's write of what it read. */
export type VerdictStage = 'write' | 'read' | 'write-back';

export interface VerdictRejection {
  readonly on: VerdictStage;
  readonly issue: Issue;
}

export interface VerdictLoss {
  readonly path: Path;
  readonly on: 'write' | 'read';
  /** The version whose schema or conversion lost it. */
  readonly by: string;
  /** Why, in words (one line). */
  readonly why: string;
}

export interface RoundTripVerdict {
  /** The version written and read back (As deployed) or the spoke (ASO: spoke -> hub -> spoke). */
  readonly version: string;
  readonly lossless: boolean;
  readonly lost: readonly Path[];
}

export interface Verdict {
  readonly view: StorageView;
  readonly from: string;
  /** Where the object is stored: the CRD's storage version (As deployed) or the hub (ASO). */
  readonly stored: string;
  readonly to: string;
  readonly status: VerdictStatus;
  readonly rejections: readonly VerdictRejection[];
  /** Fields lost on the way from the input at `from` to a client at `to` (intended rule drops excluded). */
  readonly lost: readonly VerdictLoss[];
  /** Conversions whose result a webhook the explorer does not know decides ("cannot tell"). */
  readonly undetermined: readonly { readonly from: string; readonly to: string; readonly paths: readonly Path[] }[];
  /** ASO: fields kept through the property bag (not lost). */
  readonly bagged: number;
  readonly roundTrip?: RoundTripVerdict;
}

const errorsOf = (issues: readonly Issue[] | undefined, on: VerdictStage): VerdictRejection[] =>
  (issues ?? []).filter((i) => i.severity === 'error').map((issue) => ({ on, issue }));

function statusOf(v: Omit<Verdict, 'status'>): VerdictStatus {
  if (v.rejections.length > 0) return 'rejected';
  if (v.lost.length > 0 || (v.roundTrip && !v.roundTrip.lossless)) return 'lossy';
  if (v.undetermined.length > 0) return 'undetermined';
  return 'lossless';
}

/** A verdict assembled by an analysis other than a document's run (a version pair's schemas), its status derived. */
export const verdictOf = (v: Omit<Verdict, 'status'>): Verdict => ({ ...v, status: statusOf(v) });

/** One loss per path: the first stage that lost it speaks. */
function distinctLosses(losses: readonly VerdictLoss[]): VerdictLoss[] {
  const seen = new Set<string>();
  return losses.filter((l) => {
    const k = pathKey(l.path);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export interface DeployedVerdictInput {
  readonly result: DeployedResult;
  /** The API server's validation of the written object at `from` (schema and CEL): errors reject the write. */
  readonly validation?: readonly Issue[];
  /** Validation of the object read at `to`: errors mean a client at `to` cannot write it back as it read it. */
  readonly targetValidation?: readonly Issue[];
  /** The same object written at `from` and read back at `from`. */
  readonly roundTrip?: DeployedResult;
}

/** As deployed: the API server's pipeline, write at V -> stored at S -> read at T. */
export function deployedVerdict(input: DeployedVerdictInput): Verdict {
  const r = input.result;
  const rejections: VerdictRejection[] = [
    ...r.rejections.map((x) => ({ on: x.on, issue: x.issue })),
    ...errorsOf(input.validation, 'write').filter(
      (x) =>
        !r.rejections.some((y) => y.issue.code === x.issue.code && pathKey(y.issue.path) === pathKey(x.issue.path)),
    ),
    ...errorsOf(input.targetValidation, 'write-back'),
  ];
  // The pipeline sorts fates by pane (resource, stored, target): the first stage that lost a path speaks.
  const losses = (fates: readonly DeployedFate[]) =>
    distinctLosses(
      fates.filter(isDeployedLoss).map((f) => ({ path: f.path, on: f.on, by: f.by, why: deployedDropSentence(f) })),
    );
  // The conversions a webhook the explorer does not know decides (the pipeline's list), with the fields it decides.
  const undecided = new Map<string, { from: string; to: string; paths: Path[] }>();
  const key = (a: string, b: string) => `${a}\u0000${b}`;
  for (const u of r.undetermined) undecided.set(key(u.from, u.to), { from: u.from, to: u.to, paths: [] });
  for (const f of r.fates) {
    if (f.kind !== 'webhook-not-modelled') continue;
    const [a, b] = f.on === 'write' ? [r.from, r.storage] : [r.storage, r.to];
    const u = undecided.get(key(a, b)) ?? { from: a, to: b, paths: [] };
    u.paths.push(f.path);
    undecided.set(key(a, b), u);
  }
  const rt = input.roundTrip;
  const rtLost = rt ? losses(rt.fates).map((l) => l.path) : [];
  const roundTrip = rt && { version: rt.from, lossless: !rt.rejected && rtLost.length === 0, lost: rtLost };
  const v = {
    view: 'deployed' as const,
    from: r.from,
    stored: r.storage,
    to: r.to,
    rejections,
    lost: losses(r.fates),
    undetermined: [...undecided.values()],
    bagged: 0,
    ...(roundTrip ? { roundTrip } : {}),
  };
  return { ...v, status: statusOf(v) };
}

export interface AsoVerdictInput {
  /** Source -> hub. */
  readonly hub: ConversionResult;
  /** Source -> target, through the hub. */
  readonly target?: ConversionResult;
  readonly validation?: readonly Issue[];
  readonly targetValidation?: readonly Issue[];
  /** spoke -> hub -> spoke. */
  readonly roundTrip?: { readonly version: string; readonly ok: boolean; readonly differences: readonly Path[] };
}

const fieldOf = (f: Fate): Path => f.sourcePath ?? f.targetPath ?? [];

/** A `drop` rule's drop: the conversion's intent, never a loss (as deployedFates' intendedDrop says As deployed). */
const intendedRuleDrop = (f: Fate): boolean =>
  f.rule !== undefined && f.causes[f.causes.length - 1]?.rule === 'rule-dropped';

/** ASO's design: spoke -> hub (property bag) -> spoke. A required field the target lacks rejects its write. */
export function asoVerdict(input: AsoVerdictInput): Verdict {
  const { hub, target } = input;
  const fates = [...hub.fates, ...(target?.fates ?? [])];
  const missing = fates
    .filter((f) => f.kind === 'required-missing')
    .map((f) => ({
      on: 'write-back' as const,
      issue: {
        severity: 'error' as const,
        code: 'REQUIRED_MISSING' as const,
        message: f.reason,
        path: fieldOf(f),
      },
    }));
  // A conversion error (not a missing field: that is the write-back's) fails the conversion.
  const seen = new Set<string>();
  const failures = [...hub.issues, ...(target?.issues ?? [])].filter((i) => {
    const k = `${i.code}\u0000${pathKey(i.path)}`;
    if (i.code === 'REQUIRED_MISSING' || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const rejections = [
    ...errorsOf(input.validation, 'write'),
    ...errorsOf(failures, 'write'),
    ...missing,
    ...errorsOf(input.targetValidation, 'write-back').filter(
      (x) => !missing.some((m) => pathKey(m.issue.path) === pathKey(x.issue.path)),
    ),
  ];
  // Lost on the way into the hub (the write), then on the way out to the target (the read).
  const lossesOf = (from: readonly Fate[], on: 'write' | 'read', by: string): VerdictLoss[] =>
    from
      .filter((f) => (f.kind === 'lost' || f.kind === 'pruned') && !intendedRuleDrop(f))
      .map((f) => ({ path: fieldOf(f), on, by, why: f.reason }));
  const lost = distinctLosses([
    ...lossesOf(hub.fates, 'write', hub.to),
    ...(target && target !== hub ? lossesOf(target.fates, 'read', target.to) : []),
  ]);
  const bagged = new Set(hub.fates.filter((f) => f.kind === 'bagged').map((f) => pathKey(fieldOf(f)))).size;
  const rt = input.roundTrip;
  const v = {
    view: 'aso' as const,
    from: hub.from,
    stored: hub.to,
    to: target?.to ?? hub.to,
    rejections,
    lost,
    undetermined: [],
    bagged,
    ...(rt ? { roundTrip: { version: rt.version, lossless: rt.ok, lost: rt.differences } } : {}),
  };
  return { ...v, status: statusOf(v) };
}

/** A pane of the page: the document as written (`source`) or as a client at the target reads and writes it back. */
export type VerdictSide = 'source' | 'target';

/**
 * The rejections a pane's badge shows: the write at `from` for the source; the read at `to` and a `to` client's
 * write-back for the target. Every rejection belongs to exactly one side.
 */
export const rejectionsOn = (v: Pick<Verdict, 'rejections'>, side: VerdictSide): readonly VerdictRejection[] =>
  v.rejections.filter((r) => (r.on === 'write') === (side === 'source'));

/**
 * `validate`: the API server's answer to a write at `version`, nothing converted: rejected when validation has an
 * error, else accepted (lossless: nothing is stored differently from what was sent).
 */
export function validationVerdict(version: string, validation: readonly Issue[]): Verdict {
  const v = {
    view: 'deployed' as const,
    from: version,
    stored: version,
    to: version,
    rejections: errorsOf(validation, 'write'),
    lost: [],
    undetermined: [],
    bagged: 0,
  };
  return { ...v, status: statusOf(v) };
}

/** The CLI's exit code for a verdict: 0 only when the object is accepted and kept; "cannot tell" is not an all-clear. */
export const verdictExitCode = (v: Pick<Verdict, 'status'>): 0 | 1 => (v.status === 'lossless' ? 0 : 1);

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;
const STAGE_WORDS: Record<VerdictStage, (v: Verdict) => string> = {
  write: (v) => `the write at ${v.from} fails`,
  read: (v) => `the read at ${v.to} fails`,
  'write-back': (v) => `a ${v.to} client cannot write back what it read`,
};

/** The verdict in one sentence (Markdown's first line, the CLI's summary line, the page's verdict). */
export function verdictHeadline(v: Verdict): string {
  switch (v.status) {
    case 'rejected': {
      const first = v.rejections[0] as VerdictRejection;
      const at = first.issue.path.length > 0 ? ` at ${formatPath(first.issue.path)}` : '';
      const more = v.rejections.length > 1 ? ` (and ${plural(v.rejections.length - 1, 'more error')})` : '';
      return `Would be rejected: ${STAGE_WORDS[first.on](v)}${at}: ${first.issue.message}${more}`;
    }
    case 'lossy': {
      const paths = v.lost.length > 0 ? v.lost.map((l) => l.path) : (v.roundTrip?.lost ?? []);
      const named = paths
        .slice(0, 3)
        .map((p) => formatPath(p))
        .join(', ');
      const more = paths.length > 3 ? ', ...' : '';
      return v.lost.length > 0
        ? `Lossy: ${plural(v.lost.length, 'field')} lost between ${v.from} and ${v.to} (${named}${more})`
        : `Lossy: written at ${v.from} and read back, ${plural(paths.length, 'field')} differ (${named}${more})`;
    }
    case 'undetermined':
      return `Cannot tell: the conversion ${v.undetermined.map((u) => `${u.from} -> ${u.to}`).join(', ')} depends on a webhook the explorer does not know (give its rules or its URL)`;
    case 'lossless':
      return `Accepted and lossless: ${v.from} -> ${v.to} keeps every field${v.bagged > 0 ? ` (${plural(v.bagged, 'field')} through the property bag)` : ''}`;
  }
}
