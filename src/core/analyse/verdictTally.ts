// The verdicts of many objects (a whole cluster's), tallied as they come and never kept: counts by status and, per
// field path, how many objects lose it or are rejected for it. Its summary is the same CheckVerdict every other
// multi-document command closes with (checksSummary's words), so a streamed run and a small one say it alike.
import { formatPath, type Path } from '../model/issue.ts';
import { STATUS_OPENING, STATUS_ORDER, STATUS_WORDS, asCheck, worstStatus, type CheckVerdict } from './checkVerdict.ts';
import { verdictExitCode, type Verdict, type VerdictStatus } from './verdict.ts';

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

  /** One object speaks for itself; several are counted by status, worst first (checksSummary's words). */
  summary(noun = 'document'): CheckVerdict {
    const judged = this.judged;
    if (judged === 1 && this.read <= 1 && this.first) return asCheck(this.first);
    const status = worstStatus(this.counts.keys());
    const counts = STATUS_ORDER.map((s) => [s, this.counts.get(s) ?? 0] as const)
      .filter(([, n]) => n > 0)
      .map(([s, n]) => `${n} ${STATUS_WORDS[s]}`)
      .join(', ');
    const unjudged = this.read - judged;
    return {
      status,
      headline:
        `${STATUS_OPENING[status]}: ${judged} ${noun}${judged === 1 ? '' : 's'}: ${counts || 'none checked'}` +
        (unjudged > 0 ? ` (${this.read} read, ${unjudged} not judged)` : ''),
    };
  }

  /** 0 only when every judged object is accepted and kept. */
  exitCode(): 0 | 1 {
    return verdictExitCode(this.summary());
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
