// A pane's badge: "accepted" or "rejected: N errors". It renders the view's one verdict (core's), the side of it
// that belongs to the pane: the write at the source version, or the read and write-back at the target.
import { formatPath, rejectionsOn, type Verdict, type VerdictSide } from '../../core/index.ts';

const FIRST = 5;
const plural = (n: number) => `${n} error${n === 1 ? '' : 's'}`;

export function VerdictBadge({
  verdict,
  side,
  onOpen,
}: {
  /** Absent while nothing was checked (no kind, or the version has no schema): no badge then. */
  readonly verdict?: Verdict;
  readonly side: VerdictSide;
  /** Opens the Problems list (a rejected badge is a button to it). */
  readonly onOpen?: () => void;
}) {
  if (!verdict) return null;
  const rejections = rejectionsOn(verdict, side);
  const rejected = rejections.length > 0;
  const what = side === 'source' ? 'this document' : 'the converted document';
  const at = side === 'source' ? verdict.from : verdict.to;
  const title = rejected
    ? [
        `The API server would refuse ${what} at ${at}:`,
        ...rejections
          .slice(0, FIRST)
          .map(({ issue: i }) => `${i.path.length > 0 ? formatPath(i.path) : '(root)'}: ${i.message} (${i.code})`),
        ...(rejections.length > FIRST ? [`… ${rejections.length - FIRST} more`] : []),
      ].join('\n')
    : `The API server would accept ${what} at ${at} (schema and CEL rules).`;
  const props = {
    className: `validation-badge ${rejected ? 'validation-rejected' : 'validation-accepted'}`,
    'data-testid': 'validation-badge',
    'data-verdict': rejected ? 'rejected' : 'accepted',
    title,
  };
  if (rejected && onOpen)
    return (
      <button type="button" {...props} title={`${title}\n(click: the Problems list)`} onClick={onOpen}>
        rejected: {plural(rejections.length)}
      </button>
    );
  return <span {...props}>{rejected ? `rejected: ${plural(rejections.length)}` : 'accepted'}</span>;
}
