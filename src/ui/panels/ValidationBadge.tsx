// A pane's API-server verdict: "accepted" or "rejected: N errors", the first rejections in the title.
import type { ValidationSummary } from '../worker/protocol.ts';

export function ValidationBadge({ summary, what }: { readonly summary?: ValidationSummary; readonly what: string }) {
  if (!summary) return null;
  const rejected = summary.errors > 0;
  const title = rejected
    ? [
        `The API server would refuse ${what} at ${summary.version ?? 'this version'}:`,
        ...summary.first.map((f) => `${f.path || '(root)'}: ${f.message} (${f.code})`),
        ...(summary.errors > summary.first.length ? [`… ${summary.errors - summary.first.length} more`] : []),
      ].join('\n')
    : `The API server would accept ${what} at ${summary.version ?? 'this version'} (schema and CEL rules).`;
  return (
    <span
      className={`validation-badge ${rejected ? 'validation-rejected' : 'validation-accepted'}`}
      data-testid="validation-badge"
      data-verdict={rejected ? 'rejected' : 'accepted'}
      title={title}
    >
      {rejected ? `rejected: ${summary.errors} error${summary.errors === 1 ? '' : 's'}` : 'accepted'}
    </span>
  );
}
