// The migration plan's body (loaded on demand by MigrationPlanView): the storage-version migration plan for the
// kind (seed 002), for a target the user picks, with the objects in the editor rewritten at it. The same plan
// `version-explorer migrate` prints.
import { useMemo, useState } from 'react';
import { stringify } from 'yaml';
import { formatPath } from '../../core/index.ts';
import { migrationView } from '../viewModel/migrationView.ts';
import { Table } from './Table.tsx';

export interface MigrationPlanProps {
  /** The catalog JSON as loaded (the plan needs the CRD schemas, not the worker's summary). */
  readonly catalogJson: unknown;
  readonly group: string;
  readonly kind: string;
  /** The editor's text: the objects to rewrite (a List or several documents are fine). */
  readonly objects: string;
}

export default function MigrationPlanBody({ catalogJson, group, kind: kindName, objects }: MigrationPlanProps) {
  const [picked, setPicked] = useState<string | undefined>();
  const view = useMemo(
    () => migrationView(catalogJson, { group, kind: kindName }, objects, picked),
    [catalogJson, group, kindName, objects, picked],
  );
  if (!view) return null;
  const { versions, to, plan } = view;
  return (
    <section className="migration-plan" aria-label="Migration plan">
      <h3>Storage-version migration</h3>
      <p className="question muted">
        What has to happen, in order, before an old version can leave the CRD, and what would the objects in the editor
        lose on the way?
      </p>
      <label className="field">
        <span>Store every object at</span>
        <select aria-label="Migrate to" value={to} onChange={(e) => setPicked(e.target.value)}>
          {versions.map((v) => (
            <option key={v.name} value={v.name}>
              {v.name}
            </option>
          ))}
        </select>
      </label>
      <p>
        Stored versions: <code data-testid="stored-versions">{plan.storedVersions.join(', ') || 'none'}</code>
        {plan.storedVersionsFrom === 'assumed' ? ' (assumed: the CRD has no status.storedVersions)' : ''} → after:{' '}
        <code>{plan.remainingStoredVersions.join(', ')}</code>
      </p>
      <ol className="migration-steps">
        {plan.steps.map((s) => (
          <li key={s.step} data-step={s.step} data-done={String(s.done)}>
            <strong>{s.done ? 'done' : 'to do'}</strong> · {s.description}
            {s.command && !s.done ? (
              <pre tabIndex={0}>
                <code>{s.command}</code>
              </pre>
            ) : null}
          </li>
        ))}
      </ol>
      {plan.manifests.map((m) => (
        <details key={m.metadata.name} open>
          <summary>{m.metadata.name}.yaml</summary>
          <pre tabIndex={0}>
            <code>{stringify(m)}</code>
          </pre>
        </details>
      ))}
      {plan.objects.length > 0 && (
        <Table label="Objects rewritten" columns={['Object', 'From → to', 'Loses']}>
          <tbody>
            {plan.objects.map((o) => (
              <tr key={o.index} data-lossy={String(o.dropped.length > 0)}>
                <td>
                  {o.namespace !== undefined ? `${o.namespace}/` : ''}
                  {o.name ?? `document ${o.index + 1}`}
                </td>
                <td>
                  {o.from} → {o.to}
                </td>
                <td>{o.dropped.length === 0 ? 'nothing' : o.dropped.map(formatPath).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <p className="muted">
        Objects are rewritten by setting apiVersion and pruning by the {to} schema (conversion None); a webhook&apos;s
        changes are not simulated.
      </p>
    </section>
  );
}
