// The verdict of a check over many things: the worst status speaks, counts add up, a single check speaks for
// itself, and a headline opens with its status (the structure the CLI's closing line keeps).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  STATUS_OPENING,
  STATUS_ORDER,
  bothVerdicts,
  checksSummary,
  ChecksTally,
  issuesVerdict,
  worstStatus,
  type CheckVerdict,
} from './checkVerdict.ts';
import { verdictExitCode, type VerdictStatus } from './verdict.ts';
import { issue } from '../model/issue.ts';

const status = fc.constantFrom<VerdictStatus>(...STATUS_ORDER);
const check = status.map((s): CheckVerdict => ({ status: s, headline: `${STATUS_OPENING[s]}: x` }));

describe('worstStatus', () => {
  it('is the status earliest in the order, whatever the order of its inputs (lossless for none)', () => {
    expect(worstStatus([])).toBe('lossless');
    fc.assert(
      fc.property(fc.array(status), (xs) => {
        const w = worstStatus(xs);
        expect(worstStatus([...xs].reverse())).toBe(w);
        for (const x of xs) expect(STATUS_ORDER.indexOf(w)).toBeLessThanOrEqual(STATUS_ORDER.indexOf(x));
        if (xs.length > 0) expect(xs).toContain(w);
      }),
    );
  });
});

describe('checksSummary and bothVerdicts', () => {
  it('a single check is itself; several open with the worst status and exit 0 only when all are lossless', () => {
    fc.assert(
      fc.property(fc.array(check, { minLength: 1, maxLength: 6 }), (cs) => {
        const s = checksSummary(cs, 'round trip');
        if (cs.length === 1) expect(s).toBe(cs[0]);
        expect(s.status).toBe(worstStatus(cs.map((c) => c.status)));
        expect(s.headline.startsWith(`${STATUS_OPENING[s.status]}:`)).toBe(true);
        expect(verdictExitCode(s)).toBe(cs.every((c) => c.status === 'lossless') ? 0 : 1);
      }),
    );
  });

  it('a tally of checks given in any grouping says what checksSummary says of them all', () => {
    fc.assert(
      fc.property(fc.array(fc.array(check, { maxLength: 4 }), { maxLength: 8 }), (groups) => {
        const t = new ChecksTally();
        for (const g of groups) t.add(...g);
        expect(t.summary('round trip')).toEqual(checksSummary(groups.flat(), 'round trip'));
      }),
    );
  });

  it('two verdicts: the worse one speaks first, and both are said', () => {
    fc.assert(
      fc.property(check, check, (a, b) => {
        const v = bothVerdicts(a, b);
        expect(v.status).toBe(worstStatus([a.status, b.status]));
        expect(v.headline.startsWith(`${STATUS_OPENING[v.status]}:`)).toBe(true);
      }),
    );
  });
});

describe('issuesVerdict', () => {
  it('an error rejects; a loss (LOST, PRUNED, DROPPED_*) is lossy; notes and intended drops are not losses', () => {
    expect(issuesVerdict('x', [issue('info', 'RULE_DROPPED', 'on purpose', ['spec', 'a'])]).status).toBe('lossless');
    expect(issuesVerdict('x', [issue('warning', 'PRUNED', 'gone', ['spec', 'a'])]).status).toBe('lossy');
    // a loss printed as an error (as the CLI prints it) is still a loss, not a rejection
    expect(issuesVerdict('x', [issue('error', 'LOST', 'gone', ['spec', 'a'])]).status).toBe('lossy');
    expect(issuesVerdict('x', [issue('error', 'RULE_FAILED', 'boom', ['spec', 'a'])]).status).toBe('rejected');
  });
});
