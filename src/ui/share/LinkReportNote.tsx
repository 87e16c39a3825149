// Says what a link to the user's own catalog leaves out, so nobody wonders where the other CRDs went.
import type { LinkReport } from './linkCatalog.ts';
import { count } from './count.ts';

const kb = (n: number) => `${count(Math.max(1, Math.round(n / 1024)))} KB`;

export function LinkReportNote({ report, onDismiss }: { readonly report: LinkReport; readonly onDismiss: () => void }) {
  const left = report.leftOutKinds.length;
  return (
    <p
      className="share-hint"
      data-testid="link-report"
      data-kept={report.kept.join(' ')}
      data-left-out={left}
      {...(report.url ? { 'data-url': report.url } : {})}
    >
      <span className="share-hint-text">
        {report.url ? (
          <>
            The link refers to <code>{report.url}</code> by URL and content hash.
          </>
        ) : (
          <>
            The link embeds {report.kept.length === 0 ? 'the catalog' : report.kept.join(', ')} without descriptions (
            {kb(report.bytesAfter)} of {kb(report.bytesBefore)}).
          </>
        )}
        {left > 0 && (
          <span title={report.leftOutKinds.join('\n')}>
            {' '}
            Left out: {left} kind{left === 1 ? '' : 's'} the input does not use
            {report.leftOutFiles.length > 0 ? ` (${report.leftOutFiles.length} files)` : ''}.
          </span>
        )}
      </span>
      <button type="button" className="icon-button" aria-label="Dismiss the note on the link" onClick={onDismiss}>
        ×
      </button>
    </p>
  );
}
