// Which reported problems mean data is lost, for both views: a command that prints one prints it as an error,
// because the verdict (and so the exit code) is then not an all-clear. The CLI asks here; it never keeps a list.
import type { Issue, IssueCode } from '../model/issue.ts';

/** ASO: LOST and PRUNED fates; As deployed: drops on write and read, and metadata that fails the request. */
const LOSS_ISSUE_CODES: ReadonlySet<IssueCode> = new Set<IssueCode>([
  'LOST',
  'PRUNED',
  'DROPPED_ON_WRITE',
  'DROPPED_ON_READ',
  'INVALID_METADATA',
]);

/** True when the issue reports a field lost (or a write failed by its metadata), never an intended rule drop. */
export const isLossIssue = (i: Pick<Issue, 'code'>): boolean => LOSS_ISSUE_CODES.has(i.code);

/** The issue as a command prints it: a loss is an error, as the exit code says. */
export const withLossSeverity = (i: Issue): Issue => (isLossIssue(i) ? { ...i, severity: 'error' } : i);
