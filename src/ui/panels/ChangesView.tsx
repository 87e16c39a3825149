import type { ChangesView as Changes } from '../worker/protocol.ts';
import { Table } from './Table.tsx';

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * What changed between the source and target versions, and whether the change is compatible: sorted by
 * field, the fields the resource uses marked, each a link to the field in the editor and the panes.
 */
export function ChangesView({
  changes,
  source,
  target,
  onSelect,
}: {
  readonly changes?: Changes;
  readonly source?: string;
  readonly target?: string;
  readonly onSelect?: (srcKey: string) => void;
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
        <Table label="Changes" columns={['Field', 'Change', 'Detail', 'Compatible']}>
          <tbody>
            {[...changes.rows]
              .sort((a, b) => cmp(a.path, b.path) || cmp(a.change, b.change))
              .map((r, i) => (
                <tr key={i} data-change={r.change} data-used={r.usedAt !== undefined ? 'true' : undefined}>
                  <th scope="row" className="mono">
                    {r.usedAt !== undefined && onSelect ? (
                      <button type="button" className="link" onClick={() => onSelect(r.usedAt as string)}>
                        {r.path}
                      </button>
                    ) : (
                      r.path
                    )}
                    {r.usedAt !== undefined && <span className="chip used-chip">used in your resource</span>}
                  </th>
                  <td>{r.change}</td>
                  <td>{r.detail}</td>
                  <td>{r.compatible === undefined ? '' : r.compatible ? 'yes' : 'no'}</td>
                </tr>
              ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
