import { useState } from 'react';
import type { Plan } from '../../core/index.ts';
import { planTypeKey } from '../viewModel/resourceUsage.ts';
import { Table } from './Table.tsx';

const CHANGE: Record<string, string> = {
  none: 'None',
  new: 'New property',
  removed: 'Property removed',
  renamed: 'Renamed',
  'type-changed': 'Change of type',
  'optionality-changed': 'Optionality changed',
  'enum-changed': 'Enum changed',
};
const HANDLER: Record<string, string> = {
  copy: 'Copied as is',
  'convert-nested': 'Convert nested',
  rename: 'Rename',
  'property-bag': 'Property bag',
  'read-bag': 'Read from bag',
  skip: 'Skip',
  drop: 'Drop (lost)',
  manual: 'Manual',
  opaque: 'Copy as-is',
};

/**
 * The conversion plan as seed 001's table: one group of rows per object type and hop on the path. Hundreds
 * of rows for a real CRD: filters keep the rows that change something and the types the resource uses.
 */
export function PlanTable({ plan, used }: { readonly plan?: Plan; readonly used?: readonly string[] }) {
  // Opens on the rows that change something (issue 25: 121 rows, nearly all "None", hid the few that matter).
  const [changesOnly, setChangesOnly] = useState(true);
  const [mineOnly, setMineOnly] = useState(false);
  if (!plan) return <p className="empty">No plan: pick a document whose kind and version the catalog knows.</p>;
  const usedSet = new Set(used ?? []);
  const groups = plan.hops.flatMap((hop) =>
    hop.types
      .filter((tp) => !mineOnly || usedSet.has(planTypeKey(hop, tp.sourceType)))
      .map((tp) => ({ hop, tp, steps: changesOnly ? tp.steps.filter((s) => s.change !== 'none') : tp.steps }))
      .filter((g) => g.steps.length > 0),
  );
  const total = plan.hops.reduce((n, h) => n + h.types.reduce((m, t) => m + t.steps.length, 0), 0);
  const shown = groups.reduce((n, g) => n + g.steps.length, 0);
  return (
    // Scrolls sideways when wide: focusable, so the keyboard can scroll it (axe scrollable-region-focusable).
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Conversion plan table">
      <p className="plan-path">
        {plan.kind} ({plan.group}) · {plan.strategy} · <span className="mono">{plan.path.join(' → ')}</span>
      </p>
      <div className="plan-filters" role="group" aria-label="Plan filters">
        <label>
          <input type="checkbox" checked={changesOnly} onChange={(e) => setChangesOnly(e.target.checked)} /> Changes
          only
        </label>
        <label>
          <input type="checkbox" checked={mineOnly} onChange={(e) => setMineOnly(e.target.checked)} /> Types in my
          resource
        </label>
        <span className="muted" data-testid="plan-count" data-shown={shown} data-total={total}>
          {shown === total ? `${total} rows` : `${shown} of ${total} rows`}
        </span>
      </div>
      <Table
        label="Conversion plan"
        columns={['Property', 'Source type', 'Destination type', 'Change', 'Handler', 'Reason']}
      >
        {groups.map(({ hop, tp, steps }) => (
          <tbody
            key={`${hop.from}>${hop.to}:${tp.sourceType}`}
            data-type={tp.sourceType}
            data-hop={`${hop.from}>${hop.to}`}
          >
            <tr className="plan-type">
              <th scope="rowgroup" colSpan={6}>
                <span className="mono">{tp.sourceType}</span> <span className="muted">{hop.from}</span> →{' '}
                <span className="mono">{tp.destinationType}</span> <span className="muted">{hop.to}</span>{' '}
                <span className="chip">
                  {hop.direction === 'up' ? `written into the hub (${hop.to})` : `read from the hub (${hop.from})`}
                </span>
                {tp.hook && <span className="chip chip-hook">hand-written hook</span>}
              </th>
            </tr>
            {steps.map((s, i) => (
              <tr
                key={i}
                data-handler={s.handler}
                data-change={s.change}
                data-code={s.code}
                data-property={s.destination ?? s.source}
              >
                <th scope="row" className="mono">
                  {s.source && s.destination && s.source !== s.destination
                    ? `${s.source} → ${s.destination}`
                    : (s.destination ?? s.source)}
                </th>
                <td className="mono">{s.sourceType ?? ''}</td>
                <td className="mono">{s.destinationType ?? ''}</td>
                <td>{CHANGE[s.change] ?? s.change}</td>
                <td>
                  <span className={`chip handler-${s.handler}`}>{HANDLER[s.handler] ?? s.handler}</span>
                </td>
                <td className="reason-cell">
                  {s.reason}
                  {s.code && <code className="code-tag">{s.code}</code>}
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </Table>
    </div>
  );
}
