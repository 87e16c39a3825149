import type { Plan } from '../../core/index.ts';

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
  copy: 'Copy value',
  'convert-nested': 'Convert nested',
  rename: 'Rename',
  'property-bag': 'Property bag',
  'read-bag': 'Read from bag',
  skip: 'Skip',
  drop: 'Drop (lost)',
  manual: 'Manual',
  opaque: 'Copy as-is',
};

/** The conversion plan as seed 001's table: one group of rows per object type and hop on the path. */
export function PlanTable({ plan }: { readonly plan?: Plan }) {
  if (!plan) return <p className="empty">No plan: pick a document whose kind and version the catalog knows.</p>;
  return (
    // Scrolls sideways when wide: focusable, so the keyboard can scroll it (axe scrollable-region-focusable).
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Conversion plan table">
      <p className="plan-path">
        {plan.kind} ({plan.group}) · {plan.strategy} · <span className="mono">{plan.path.join(' → ')}</span>
      </p>
      <table className="plan" aria-label="Conversion plan">
        <thead>
          <tr>
            <th scope="col">Property</th>
            <th scope="col">Source type</th>
            <th scope="col">Destination type</th>
            <th scope="col">Change</th>
            <th scope="col">Handler</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        {plan.hops.flatMap((hop) =>
          hop.types.map((tp) => (
            <tbody
              key={`${hop.from}>${hop.to}:${tp.sourceType}`}
              data-type={tp.sourceType}
              data-hop={`${hop.from}>${hop.to}`}
            >
              <tr className="plan-type">
                <th scope="rowgroup" colSpan={6}>
                  <span className="mono">{tp.sourceType}</span> <span className="muted">{hop.from}</span> →{' '}
                  <span className="mono">{tp.destinationType}</span> <span className="muted">{hop.to}</span>{' '}
                  <span className="chip">{hop.direction === 'up' ? 'toward the hub' : 'from the hub'}</span>
                  {tp.hook && <span className="chip chip-hook">hand-written hook</span>}
                </th>
              </tr>
              {tp.steps.map((s, i) => (
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
          )),
        )}
      </table>
    </div>
  );
}
