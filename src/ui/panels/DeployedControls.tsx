// The as-deployed view's controls and reports: the view switch (As deployed / ASO design), the base-CRD
// conversion choice, the write-loss banner (the loudest thing on the page), the drops listed on the Stored and
// Target panes, and the fate list. Plain props; the worker computed everything (deployedView.ts).
import { useState, type ReactNode } from 'react';
import type { ConversionStrategy, StorageView, Verdict } from '../../core/index.ts';
import { verdictHeadline } from '../../core/index.ts';
import type { DeployedFateRow, DeployedView } from '../viewModel/types.ts';
import { Table } from './Table.tsx';
import { FoldingBanner } from './FoldingBanner.tsx';

const VIEW_LABEL: Record<StorageView, string> = { deployed: 'As deployed', aso: 'ASO design' };

export function StorageViewSwitch({
  view,
  applied,
  onChange,
}: {
  /** The option checked; undefined while the open catalog's default is not known yet. */
  readonly view: StorageView | undefined;
  /** The view the panes show (for tests to wait on); undefined while they show another catalog's result. */
  readonly applied: StorageView | undefined;
  readonly onChange: (v: StorageView) => void;
}) {
  return (
    <div className="segmented" role="radiogroup" aria-label="Storage view" data-applied={applied ?? ''}>
      {(['deployed', 'aso'] as const).map((v) => (
        <label
          key={v}
          className={v === view ? 'on' : ''}
          title={
            v === 'deployed'
              ? 'What the API server does: the CRD storage version, its conversion, pruning and defaults'
              : "ASO's design: a hub with property bags (synthetic <version>storage versions)"
          }
        >
          {/* onClick too: a click on the option shown checked is a choice as well (no change event fires). */}
          <input
            type="radio"
            name="storage-view"
            value={v}
            checked={v === view}
            onChange={() => onChange(v)}
            onClick={() => onChange(v)}
          />
          {VIEW_LABEL[v]}
        </label>
      ))}
    </div>
  );
}

/** "None, as the file says" / "a webhook the explorer cannot see" for a base CRD that declares no conversion. */
export function ConversionChoice({
  deployed,
  checked,
  onChange,
}: {
  readonly deployed: DeployedView;
  /** The option checked; undefined while the open catalog's default is not known yet. */
  readonly checked: ConversionStrategy | undefined;
  readonly onChange: (c: ConversionStrategy) => void;
}) {
  if (!deployed.conversionUndeclared) return null;
  const choice = (
    <div className="segmented" role="radiogroup" aria-label="Conversion strategy">
      {(
        [
          ['None', 'None, as the file says'],
          ['Webhook', 'A webhook (cannot tell what it keeps without its rules)'],
        ] as const
      ).map(([c, label]) => (
        <label key={c} className={checked === c ? 'on' : ''}>
          {/* onClick too: a click on the option shown checked is a choice as well (no change event fires). */}
          <input
            type="radio"
            name="conversion"
            value={c}
            checked={checked === c}
            onChange={() => onChange(c)}
            onClick={() => onChange(c)}
          />
          {label}
        </label>
      ))}
    </div>
  );
  return (
    <FoldingBanner
      what="conversion-undeclared"
      label="Conversion"
      summary={
        <span
          title={
            'The versions of this CRD differ and the file declares no conversion: the API server then only rewrites ' +
            'apiVersion. If your install adds a conversion webhook, describe it with conversion rules (or test it ' +
            'with the CLI’s --webhook URL): without them the explorer cannot tell what it keeps.'
          }
        >
          The file declares no conversion between its differing versions (None: apiVersion rewritten only).
          {deployed.byRules && <> Your conversion rules are that webhook here (the Conversion rules tab).</>}
        </span>
      }
      actions={choice}
    />
  );
}

const when = (f: DeployedFateRow) => `${f.on === 'write' ? 'on write' : 'on read'} by ${f.by}`;
/** When and by whom; a field lost because a rule failed says so (no schema dropped it). */
const where = (f: DeployedFateRow) => (f.cause === 'rule-failed' ? `${f.words} (${when(f)})` : when(f));

/** "Cannot tell": the verdict when a webhook the explorer cannot see converts (never shown as "no loss"). */
export function UndeterminedNote({ verdict }: { readonly verdict: Verdict | undefined }) {
  if (verdict?.status !== 'undetermined') return null;
  return (
    <p className="muted" role="status" data-testid="verdict-undetermined" data-verdict={verdict.status}>
      {verdictHeadline(verdict)}.
    </p>
  );
}

/** A write that loses data, or a write or read the API server fails: a banner with the count and the paths. */
export function WriteLossBanner({ deployed }: { readonly deployed: DeployedView }) {
  const lost = deployed.droppedOnWrite;
  if (lost.length === 0 && !deployed.rejected) return null;
  // A conversion's metadata the server refuses fails the write or the read (restoreObjectMeta).
  const conversion = (deployed.rejections ?? []).filter((x) => x.code === 'CONVERSION_INVALID_METADATA');
  const malformed = deployed.rejections?.some((x) => x.code === 'INVALID_METADATA') ?? deployed.rejected;
  // Every other reason the server fails the request: validation at V, a failing rule, an unserved version.
  const others = (deployed.rejections ?? []).filter(
    (x) => x.code !== 'INVALID_METADATA' && x.code !== 'CONVERSION_INVALID_METADATA',
  );
  // Named by what it reports: a loss on write, a request the server fails, or both.
  const label =
    malformed || conversion.length > 0 || others.length > 0
      ? lost.length > 0
        ? 'Rejected by the API server; lost on write'
        : 'Rejected by the API server'
      : 'Lost on write';
  const summary = (
    <>
      {malformed && (
        <p>
          <strong>The API server rejects this write</strong>: metadata of the wrong type.{' '}
        </p>
      )}
      {conversion.map((x) => (
        <p
          key={`${x.on}\u0000${x.path}`}
          data-testid="conversion-rejected"
          data-on={x.on}
          data-code={x.code}
          data-path={x.path}
        >
          <strong>The API server fails this {x.on}</strong>: the conversion returned metadata it refuses at{' '}
          <code>{x.path}</code> <span className="muted">({x.message})</span>{' '}
        </p>
      ))}
      {others.map((x) => (
        <p
          key={`${x.on}\u0000${x.code}\u0000${x.path}`}
          data-testid="request-rejected"
          data-on={x.on}
          data-code={x.code}
          data-path={x.path}
        >
          <strong>The API server fails this {x.on}</strong>
          {x.path ? (
            <>
              {' '}
              at <code>{x.path}</code>
            </>
          ) : null}
          : {x.message}{' '}
        </p>
      ))}
      {lost.length > 0 && (
        <p>
          <strong>
            {lost.length} field{lost.length === 1 ? '' : 's'} lost on write
          </strong>{' '}
          at {deployed.storage}, no read returns {lost.length === 1 ? 'it' : 'them'}:{' '}
          {lost.map((f, i) => (
            <span key={`${f.path}\u0000${f.by}`}>
              {i > 0 && ', '}
              <code>{f.path}</code>
            </span>
          ))}
        </p>
      )}
    </>
  );
  return (
    <FoldingBanner
      what={`${label}\u0000${lost.map((f) => f.path).join('\u0000')}\u0000${conversion.map((x) => x.path).join('\u0000')}`}
      label={label}
      role="alert"
      tone="error"
      testId="write-loss"
      summary={summary}
      details={
        lost.length > 0 ? (
          <>
            <p>
              A cluster storing this at <code>{deployed.storage}</code> drops{' '}
              {lost.length === 1 ? 'this field' : 'these fields'} when the object is written:
            </p>
            <ul className="issues">
              {lost.map((f) => (
                <li key={`${f.path}\u0000${f.by}`}>
                  <code>{f.path}</code> <span className="muted">({where(f)})</span>
                </li>
              ))}
            </ul>
          </>
        ) : undefined
      }
    />
  );
}

/** A drop a conversion rule intends (`drop`, with its reason): the conversion's doing, not a loss. */
const intended = (f: DeployedFateRow) => f.cause === 'rule-dropped';

/** One line of drops on a pane (all of them in the line's tooltip), opened to a list on demand. */
function DropList({
  testId,
  tag,
  rows,
}: {
  readonly testId: string;
  readonly tag: ReactNode;
  readonly rows: readonly { readonly f: DeployedFateRow; readonly why: string }[];
}) {
  const [open, setOpen] = useState(false);
  return (
    <div
      className={`pane-drops${open ? ' open' : ''}`}
      data-testid={testId}
      title={rows.map((r) => `${r.f.path} (${r.why})`).join('\n')}
    >
      <button
        type="button"
        className="pane-drops-toggle"
        aria-expanded={open}
        aria-label={open ? 'Show the drops on one line' : 'List the drops'}
        onClick={() => setOpen(!open)}
      >
        {open ? '▾' : '▸'}
      </button>
      {tag} <strong>{rows.length}</strong>{' '}
      <ul>
        {rows.map(({ f, why }) => (
          <li key={`${f.path}\u0000${f.on}\u0000${f.by}`} data-path={f.path} data-rule={f.rule}>
            <code>{f.path}</code> <span className="muted">{why}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The drops a pane's document no longer shows, listed on that pane; those a rule intends apart. */
export function PaneDrops({ deployed, pane }: { readonly deployed: DeployedView; readonly pane: 'stored' | 'target' }) {
  // Stored: everything a write drops (by the written or the storage version); Target: what the read drops.
  const all = deployed.fates.filter((f) => f.kind === (pane === 'stored' ? 'dropped-on-write' : 'dropped-on-read'));
  const drops = all.filter((f) => !intended(f));
  const onPurpose = all.filter(intended);
  if (all.length === 0) return null;
  return (
    <>
      {drops.length > 0 && (
        <DropList
          testId={`${pane}-drops`}
          tag={<span className="fate fate-lost">dropped</span>}
          rows={drops.map((f) => ({ f, why: where(f) }))}
        />
      )}
      {onPurpose.length > 0 && (
        <DropList
          testId={`${pane}-rule-drops`}
          tag={<span className="fate fate-converted">dropped on purpose</span>}
          rows={onPurpose.map((f) => ({ f, why: `${f.words} (${when(f)})` }))}
        />
      )}
    </>
  );
}

/** Tabs that describe ASO's design only: in the deployed view they give way to the pipeline's fates. */
export const ASO_ONLY_VIEWS: ReadonlySet<string> = new Set(['bag', 'lost', 'plan']);

export function DeployedTab({ deployed }: { readonly deployed: DeployedView }) {
  return (
    <div className="deployed-tab">
      <p className="muted">
        As deployed: written at <code>{deployed.from}</code>, stored at <code>{deployed.storage}</code> (conversion{' '}
        {deployed.conversion}), read at <code>{deployed.to}</code>: what each stage did to each field, and why.
      </p>
      <DeployedFates deployed={deployed} />
    </div>
  );
}

/** Every fate of the pipeline but `copied`, in pipeline order. */
export function DeployedFates({ deployed }: { readonly deployed: DeployedView }) {
  if (deployed.fates.length === 0)
    return (
      <p className="empty">
        Nothing is dropped, defaulted or changed on the way: the resource is stored and read as written.
      </p>
    );
  return (
    <Table label="Deployed fates" className="plan-table" columns={['Field', 'Fate', 'When', 'Cause']}>
      <tbody>
        {deployed.fates.map((f, i) => (
          <tr
            key={i}
            className={`fate-row fate-${f.kind}`}
            data-path={f.path}
            data-fate={f.kind}
            data-cause={f.cause}
            data-rule={f.rule}
          >
            <td>
              <code>{f.path}</code>
            </td>
            <td>{f.words}</td>
            <td>{when(f)}</td>
            <td>{f.cause}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
