// The closing line of a command: the verdict core computed, said once for the whole run. Exit codes follow it.
import { verdictExitCode, verdictHeadline, type Verdict, type VerdictStatus } from '../core/index.ts';

const ORDER: readonly VerdictStatus[] = ['rejected', 'lossy', 'undetermined', 'lossless'];
const WORDS: Record<VerdictStatus, string> = {
  rejected: 'rejected',
  lossy: 'lossy',
  undetermined: 'cannot tell (webhook)',
  lossless: 'accepted and lossless',
};

/** `verdict: <headline>` for one document; counts by status for several. */
export function verdictSummary(verdicts: readonly Verdict[]): string {
  if (verdicts.length === 1) return `verdict: ${verdictHeadline(verdicts[0] as Verdict)}`;
  const counts = ORDER.map((s) => [s, verdicts.filter((v) => v.status === s).length] as const).filter(([, n]) => n > 0);
  return `verdict: ${verdicts.length} documents: ${counts.map(([s, n]) => `${n} ${WORDS[s]}`).join(', ')}`;
}

/** 0 only when every document is accepted and kept. */
export const verdictsExitCode = (verdicts: readonly Verdict[]): 0 | 1 =>
  verdicts.some((v) => verdictExitCode(v) === 1) ? 1 : 0;
