import { formatIssue, type Issue } from '../../core/index.ts';

/** Issues as `file:line:col: severity CODE: message`, each with its code as data-code. */
export function IssueList({
  issues,
  label,
  className,
}: {
  readonly issues: readonly Issue[];
  readonly label: string;
  readonly className?: string;
}) {
  if (issues.length === 0) return null;
  return (
    <ul className={`issues ${className ?? ''}`} aria-label={label}>
      {issues.map((i, n) => (
        <li key={n} data-code={i.code} data-severity={i.severity} className={`sev-${i.severity}`}>
          {formatIssue(i)}
        </li>
      ))}
    </ul>
  );
}
