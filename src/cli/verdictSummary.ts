// The closing line of a command: the verdict core computed, said once for the whole run, on stderr (stdout keeps
// the command's output). Exit codes follow it. With --json there is no line: the verdict is in the JSON.
import {
  VerdictTally as CoreTally,
  verdictExitCode,
  verdictsSummary,
  type CheckVerdict,
  type Verdict,
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

/** The tally's closing lines: the summary, then the top paths, one a line (a single object: its headline only). */
export function tallyText(t: CoreTally): string {
  const lines = [`verdict: ${t.summary().headline}`];
  if (t.judged > 1 || t.read > 1) {
    const all = t.pathCounts();
    for (const c of all.slice(0, TOP_PATHS))
      lines.push(
        `  ${c.objects} of ${t.judged} ${c.why === 'lost' ? 'lose' : 'rejected at'} ${c.path || '(the object)'}`,
      );
    if (all.length > TOP_PATHS) lines.push(`  and ${all.length - TOP_PATHS} more paths (--json lists them all)`);
  }
  return lines.join('\n');
}

/** core's tally with its closing lines in text. */
export class VerdictTally extends CoreTally {
  text(): string {
    return tallyText(this);
  }
}
