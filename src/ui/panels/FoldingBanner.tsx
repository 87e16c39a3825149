// A banner that takes one line: a summary (with its count) that opens to the details, and a button that
// dismisses it until what it reports changes. The panes keep their room (issue 25).
import { useState, type ReactNode } from 'react';

export function FoldingBanner({
  what,
  summary,
  details,
  tone = 'warn',
  role = 'region',
  label,
  testId,
  actions,
  onDismiss,
}: {
  /** Identifies what is reported: a dismissed banner comes back when this changes. */
  readonly what: string;
  /** The one line: a count and the gist (clipped with an ellipsis, whole in the details). */
  readonly summary: ReactNode;
  /** Shown when opened; none: the summary says it all. */
  readonly details?: ReactNode;
  readonly tone?: 'warn' | 'error';
  readonly role?: 'region' | 'alert';
  readonly label: string;
  readonly testId?: string;
  /** Controls that stay on the line (a choice the banner offers). */
  readonly actions?: ReactNode;
  /** Dismissing is the caller's (it clears what is reported); by default the banner hides itself. */
  readonly onDismiss?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState<string | undefined>(undefined);
  if (dismissed === what) return null;
  return (
    <div
      className={`banner folding${tone === 'error' ? ' banner-error' : ''}${open ? ' open' : ''}`}
      role={role}
      aria-label={label}
      {...(testId ? { 'data-testid': testId } : {})}
    >
      <div className="banner-line">
        {details !== undefined ? (
          <button
            type="button"
            className="banner-toggle"
            aria-expanded={open}
            aria-label={open ? `Hide the details: ${label}` : `Show the details: ${label}`}
            onClick={() => setOpen(!open)}
          >
            {open ? '▾' : '▸'}
          </button>
        ) : null}
        <div className="banner-summary">{summary}</div>
        {actions}
        <button
          type="button"
          className="icon-button banner-dismiss"
          aria-label={`Dismiss: ${label}`}
          title="Dismiss (it comes back when this changes)"
          onClick={() => (onDismiss ? onDismiss() : setDismissed(what))}
        >
          ×
        </button>
      </div>
      {/* Kept in the page while folded: find-in-page and assistive tech still reach the details. */}
      {details !== undefined && (
        <div className="banner-details" hidden={!open}>
          {details}
        </div>
      )}
    </div>
  );
}
