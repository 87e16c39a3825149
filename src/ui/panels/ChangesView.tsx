import type { DraftData } from '../../core/index.ts';
import type { ChangesView as Changes } from '../viewModel/types.ts';
import { useState } from 'react';
import { Table } from './Table.tsx';
import { shownChanges } from '../viewModel/changeRows.ts';

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The drafts offered on a row: those whose first piece of evidence is this change (a rename's row has ` → new`). */
const draftsOf = (drafts: readonly DraftData[], rowPath: string) =>
  drafts.filter((d) => {
    const p = d.evidence.changes[0]?.path;
    return p !== undefined && (rowPath === p || rowPath.startsWith(`${p} → `));
  });

/**
 * What changed between the source and target versions, and whether the change is compatible: sorted by
 * field, the fields the resource uses marked, each a link to the field in the editor and the panes.
 */
export function ChangesView({
  changes,
  source,
  target,
  onSelect,
  drafts = [],
  onDraft,
  drafted,
  draftStatus,
}: {
  readonly changes?: Changes;
  readonly source?: string;
  readonly target?: string;
  readonly onSelect?: (srcKey: string) => void;
  /** Rules drafted from strong evidence, offered beside their change. */
  readonly drafts?: readonly DraftData[];
  readonly onDraft?: (drafts: readonly DraftData[]) => void;
  /** Ids of the drafts the rules already hold. */
  readonly drafted?: ReadonlySet<string>;
  /** What the last "Draft rule" did. */
  readonly draftStatus?: string;
}) {
  const [allValidation, setAllValidation] = useState(false);
  const drafting = onDraft !== undefined && drafts.length > 0;
  // Once every draft is in the rules, "Draft all" has nothing left to do: it goes.
  const undrafted = drafts.filter((d) => !drafted?.has(d.id));
  const { rows, folded: hidden } = shownChanges(changes?.rows ?? [], allValidation);
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
      {drafting && undrafted.length > 0 && (
        <p className="drafts-bar" data-drafts={undrafted.length}>
          {undrafted.length} conversion rule{undrafted.length === 1 ? '' : 's'} can be drafted from strong evidence.{' '}
          <button type="button" data-testid="draft-all" onClick={() => onDraft(undrafted)}>
            Draft all
          </button>
        </p>
      )}
      {draftStatus !== undefined && (
        <p role="status" data-testid="draft-status">
          {draftStatus}
        </p>
      )}
      {hidden > 0 && (
        <label className="plan-filters">
          <input type="checkbox" checked={allValidation} onChange={(e) => setAllValidation(e.target.checked)} /> Show{' '}
          {hidden} validation-only change{hidden === 1 ? '' : 's'} to fields your resource does not use
        </label>
      )}
      {changes.rows.length === 0 ? (
        <p className="empty">The two versions have the same schema.</p>
      ) : (
        <Table label="Changes" columns={['Field', 'Change', 'Detail', 'Compatible', ...(drafting ? ['Rule'] : [])]}>
          <tbody>
            {[...rows]
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
                  {drafting && (
                    <td>
                      {draftsOf(drafts, r.path).map((d) => (
                        <button
                          key={d.id}
                          type="button"
                          data-testid="draft-rule"
                          data-rule-id={d.id}
                          data-rule-op={d.op}
                          data-drafted={drafted?.has(d.id) ? 'true' : undefined}
                          title={`${d.op} ${d.evidence.from}${d.evidence.to !== d.evidence.from ? ` → ${d.evidence.to}` : ''}${d.needsExpressions ? ' (write the expressions)' : ''}`}
                          onClick={() => onDraft([d])}
                        >
                          {drafted?.has(d.id) ? 'In the rules:' : 'Draft rule'} <span className="mono">{d.id}</span>
                        </button>
                      ))}
                    </td>
                  )}
                </tr>
              ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
