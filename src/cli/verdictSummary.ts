// The closing line of a command: the verdict core computed, said once for the whole run, on stderr (stdout keeps
// the command's output). Exit codes follow it. With --json there is no line: the verdict is in the JSON.
// Over many objects (a whole cluster's) the verdicts are tallied as they come, never kept: counts by status
// and, per field path, how many objects lose it or are rejected for it.
import {
  formatPath,
  STATUS_OPENING,
  STATUS_ORDER,
  STATUS_WORDS,
  verdictExitCode,
  verdictHeadline,
  verdictsSummary,
  worstStatus,
  type CheckVerdict,
  type Path,
  type Verdict,
  type VerdictStatus,
} from '../core/index.ts';
import type { CommandIO } from './io.ts';

/** `verdict: <headline>` for one document; counts by status for several. */
export function verdictSummary(verdicts: readonly Verdict[]): string {
  return `verdict: ${verdictsSummary(verdicts).headline}`;
}

/** 0 only when every document is accepted and kept. */
export const verdictsExitCode = (verdicts: readonly Verdict[]): 0 | 1 => verdictExitCode(verdictsSummary(verdicts));

/** Prints the closing `verdict:` line (not with --json) and returns the exit code the verdict gives. */
export function closeWith(io: CommandIO, v: CheckVerdict, json = false): 0 | 1 {
  if (!json) io.err(`verdict: ${v.headline}\n`);
  return verdictExitCode(v);
}

/** The verdict as JSON carries it: its status and its sentence. */
export const verdictJson = (v: CheckVerdict): { status: string; headline: string } => ({
  status: v.status,
  headline: v.headline,
});

/** How many paths the text summary names; `--json` has them all. */
export const TOP_PATHS = 20;

/** A path with its array indexes left out: `spec.rules[].matches` (every item counts as the field). */
const fieldOf = (p: Path): string => formatPath(p).replace(/\[\d+\]/g, '[]');

export interface PathCount {
  readonly path: string;
  /** `lost`: objects that lose it; `rejected`: objects rejected for it. */
  readonly why: 'lost' | 'rejected';
  readonly objects: number;
}

export interface TallyJson {
  readonly read: number;
  /** Objects the verdict speaks about (the others: kinds the catalog lacks, passed through or noted). */
  readonly judged: number;
  readonly accepted: number;
  readonly rejected: number;
  readonly lossy: number;
  readonly cannotTell: number;
  readonly paths: readonly PathCount[];
}

export class VerdictTally {
  /** Objects read (judged or not). */
  read = 0;
  private readonly counts = new Map<VerdictStatus, number>();
  private readonly paths = new Map<string, { path: string; why: 'lost' | 'rejected'; objects: number }>();
  private first: Verdict | undefined;

  add(v: Verdict): void {
    this.counts.set(v.status, (this.counts.get(v.status) ?? 0) + 1);
    if (this.judged === 1) this.first = v;
    // each object counts once per path and reason
    const seen = new Set<string>();
    const count = (p: Path, why: 'lost' | 'rejected') => {
      const path = fieldOf(p);
      const key = `${why}\u0000${path}`;
      if (seen.has(key)) return;
      seen.add(key);
      const c = this.paths.get(key);
      if (c) c.objects++;
      else this.paths.set(key, { path, why, objects: 1 });
    };
    for (const r of v.rejections) count(r.issue.path, 'rejected');
    for (const l of v.lost) count(l.path, 'lost');
    if (v.lost.length === 0) for (const p of v.roundTrip?.lost ?? []) count(p, 'lost');
  }

  get judged(): number {
    let n = 0;
    for (const c of this.counts.values()) n += c;
    return n;
  }

  /** Every path, most objects first. */
  pathCounts(): PathCount[] {
    return [...this.paths.values()].sort(
      (a, b) => b.objects - a.objects || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.why < b.why ? -1 : 1),
    );
  }

  /** 0 only when every judged object is accepted and kept. */
  exitCode(): 0 | 1 {
    return STATUS_ORDER.some((s) => s !== 'lossless' && (this.counts.get(s) ?? 0) > 0) ? 1 : 0;
  }

  /** `verdict: <headline>` for one object; for several, counts by status, then the top paths, one a line. */
  text(): string {
    const judged = this.judged;
    if (judged === 1 && this.read <= 1 && this.first) return `verdict: ${verdictHeadline(this.first)}`;
    // the line core's verdictsSummary gives, the objects read but not judged after it, then the top paths
    const status = worstStatus(STATUS_ORDER.filter((s) => (this.counts.get(s) ?? 0) > 0));
    const counts = STATUS_ORDER.map((s) => [s, this.counts.get(s) ?? 0] as const).filter(([, n]) => n > 0);
    const unjudged = this.read - judged;
    const lines = [
      `verdict: ${STATUS_OPENING[status]}: ${judged} document${judged === 1 ? '' : 's'}: ${counts.map(([s, n]) => `${n} ${STATUS_WORDS[s]}`).join(', ') || 'none checked'}` +
        (unjudged > 0 ? ` (${this.read} read, ${unjudged} not judged)` : ''),
    ];
    const all = this.pathCounts();
    for (const c of all.slice(0, TOP_PATHS))
      lines.push(
        `  ${c.objects} of ${judged} ${c.why === 'lost' ? 'lose' : 'rejected at'} ${c.path || '(the object)'}`,
      );
    if (all.length > TOP_PATHS) lines.push(`  and ${all.length - TOP_PATHS} more paths (--json lists them all)`);
    return lines.join('\n');
  }

  json(): TallyJson {
    const n = (s: VerdictStatus) => this.counts.get(s) ?? 0;
    return {
      read: this.read,
      judged: this.judged,
      accepted: n('lossless'),
      rejected: n('rejected'),
      lossy: n('lossy'),
      cannotTell: n('undetermined'),
      paths: this.pathCounts(),
    };
  }
}
