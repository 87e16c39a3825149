import type { ChangesView as Changes } from '../worker/protocol.ts';

/** What changed between the source and target versions, and whether the change is compatible. */
export function ChangesView({
  changes,
  source,
  target,
}: {
  readonly changes?: Changes;
  readonly source?: string;
  readonly target?: string;
}) {
  if (!changes)
    return <p className="empty">No change analysis for {source && target ? `${source} → ${target}` : 'this view'}.</p>;
  return (
    // Scrolls sideways when wide: focusable, so the keyboard can scroll it (axe scrollable-region-focusable).
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Changes table">
      <p className="plan-path">
        <span className="mono">
          {changes.from} → {changes.to}
        </span>{' '}
        <span className={`verdict ${changes.compatible ? 'ok' : 'bad'}`} data-compatible={String(changes.compatible)}>
          {changes.verdict}
        </span>
      </p>
      {changes.rows.length === 0 ? (
        <p className="empty">The two versions have the same schema.</p>
      ) : (
        <table className="plan" aria-label="Changes">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Change</th>
              <th scope="col">Detail</th>
              <th scope="col">Compatible</th>
            </tr>
          </thead>
          <tbody>
            {changes.rows.map((r, i) => (
              <tr key={i} data-change={r.change}>
                <th scope="row" className="mono">
                  {r.path}
                </th>
                <td>{r.change}</td>
                <td>{r.detail}</td>
                <td>{r.compatible === undefined ? '' : r.compatible ? 'yes' : 'no'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
