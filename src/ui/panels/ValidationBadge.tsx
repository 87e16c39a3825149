// A pane's API-server verdict: "accepted" or "rejected: N errors", the first rejections in the title.
import type { ValidationSummary } from '../viewModel/types.ts';

export function ValidationBadge({
  summary,
  what,
  onOpen,
}: {
  readonly summary?: ValidationSummary;
  readonly what: string;
  /** Opens the Problems list (a rejected badge is a button to it). */
  readonly onOpen?: () => void;
}) {
  if (!summary) return null;
  const rejected = summary.errors > 0;
  const title = rejected
    ? [
        `The API server would refuse ${what} at ${summary.version ?? 'this version'}:`,
        ...summary.first.map((f) => `${f.path || '(root)'}: ${f.message} (${f.code})`),
        ...(summary.errors > summary.first.length ? [`… ${summary.errors - summary.first.length} more`] : []),
      ].join('\n')
    : `The API server would accept ${what} at ${summary.version ?? 'this version'} (schema and CEL rules).`;
  const props = {
    className: `validation-badge ${rejected ? 'validation-rejected' : 'validation-accepted'}`,
    'data-testid': 'validation-badge',
    'data-verdict': rejected ? 'rejected' : 'accepted',
    title,
  };
  if (rejected && onOpen)
    return (
      <button type="button" {...props} title={`${title}\n(click: the Problems list)`} onClick={onOpen}>
        rejected: {summary.errors} error{summary.errors === 1 ? '' : 's'}
      </button>
    );
  return (
    <span {...props}>
      {rejected ? `rejected: ${summary.errors} error${summary.errors === 1 ? '' : 's'}` : 'accepted'}
    </span>
  );
}
