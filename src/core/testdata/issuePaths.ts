import type { Issue, IssueCode } from '../model/issue.ts';

/** The dotted paths of the issues with this code, sorted: what a test compares, independent of order. */
export const issuePaths = (issues: readonly Issue[], code: IssueCode): string[] =>
  issues
    .filter((i) => i.code === code)
    .map((i) => i.path.join('.'))
    .sort();
