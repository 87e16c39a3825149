// The conversion toolbar: document, source, hub, target and strategy pickers, the storage view switch.
import type { ReactNode } from 'react';
import type { HubChoice, Strategy, VersionRole } from '../../core/index.ts';
import type { ExploreResult, VersionSummary } from '../viewModel/types.ts';
import type { ExplorerState } from '../state.ts';
import { choose, type ExplorerAction } from '../useExplorerState.ts';
import { StorageViewSwitch } from '../panels/DeployedControls.tsx';
import { appliedChoice, checkedChoice, type Catalogs } from './shownChoice.ts';

const HUB_REASON: Record<HubChoice['reason'], string> = {
  config: 'configured',
  'aso-storage': 'ASO storage version',
  'newest-ga': 'newest GA version',
  newest: 'newest version',
  'crd-storage': 'the CRD’s storage version',
};

type Kind = NonNullable<ExploreResult['kind']>;

/** The strategies the shown kind has. */
export const strategiesOf = (kind: Kind | undefined): Strategy[] =>
  kind ? (Object.keys(kind.graphs) as Strategy[]) : [];

/** The strategy to show: the user's pick at once (a radio must not wait for the worker to look checked). */
export function shownStrategy(picked: Strategy | undefined, shown: ExploreResult | undefined): Strategy {
  const kind = shown?.kind;
  return (
    (picked && strategiesOf(kind).includes(picked) ? picked : undefined) ??
    shown?.strategy ??
    kind?.strategy ??
    'direct'
  );
}

function VersionOptions({ kind, deployed }: { readonly kind: Kind | undefined; readonly deployed: boolean }) {
  const group = (label: string, role: VersionRole, note: (v: VersionSummary) => string) => (
    <optgroup label={label}>
      {(kind?.versions ?? [])
        .filter((v) => v.role === role)
        .map((v) => (
          <option key={v.name} value={v.name}>
            {v.name}
            {note(v)}
          </option>
        ))}
    </optgroup>
  );
  return (
    <>
      {group('API versions', 'api', (v) => (v.deprecated ? ' (deprecated)' : ''))}
      {/* The deployed view has only the CRD's own versions. */}
      {!deployed && group('Storage versions', 'storage', (v) => (v.name === kind?.hub ? ' (hub)' : ''))}
    </>
  );
}

/** A labelled version select; empty (a dash) while there is no kind. */
function VersionPicker({
  label,
  value,
  disabled,
  onPick,
  children,
}: {
  readonly label: string;
  readonly value: string;
  readonly disabled: boolean;
  readonly onPick: (version: string) => void;
  readonly children: ReactNode;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select aria-label={label} value={value} disabled={disabled} onChange={(e) => onPick(e.target.value)}>
        {disabled && <option value="">—</option>}
        {children}
      </select>
    </label>
  );
}

function HubChoice({
  kind,
  hub,
  deployed,
  dispatch,
}: {
  readonly kind: Kind | undefined;
  readonly hub: string | undefined;
  readonly deployed: ExploreResult['deployed'];
  readonly dispatch: (a: ExplorerAction) => void;
}) {
  if (deployed)
    return (
      <span className="hub-chip" title="The CRD's storage: true version: what etcd holds">
        stored <code>{deployed.storage}</code>
      </span>
    );
  if (kind && (kind.hubChoices?.length ?? 0) > 1)
    return (
      <label className="field hub-chip">
        <span>Hub version</span>
        <select
          aria-label="Hub version"
          value={hub ?? kind.hubChoices?.[0]?.hub ?? kind.hub}
          onChange={(e) => {
            const first = kind.hubChoices?.[0]?.hub;
            dispatch(choose('hub', e.target.value === first ? undefined : e.target.value));
          }}
        >
          {kind.hubChoices?.map((c) => (
            <option key={c.hub} value={c.hub}>
              {c.hub} ({HUB_REASON[c.reason]})
            </option>
          ))}
        </select>
      </label>
    );
  return (
    <span
      className="hub-chip"
      title={kind ? `Hub (storage version), chosen by: ${HUB_REASON[kind.hubReason]}` : undefined}
    >
      hub <code>{kind?.hub ?? '—'}</code>
    </span>
  );
}

export function Toolbar({
  state,
  dispatch,
  result,
  shown,
  catalogs,
  busy,
  lead,
}: {
  /** Shown first: the catalog picker. */
  readonly lead?: ReactNode;
  readonly state: ExplorerState;
  readonly dispatch: (a: ExplorerAction) => void;
  /** The latest answer (documents, status). */
  readonly result: ExploreResult | undefined;
  /** The last answer that converted (versions, hub, strategies). */
  readonly shown: ExploreResult | undefined;
  /** The catalog `shown` was computed with, and the catalog open now. */
  readonly catalogs: Catalogs;
  readonly busy: boolean;
}) {
  const kind = shown?.kind;
  const versions = kind?.versions ?? [];
  const strategies = strategiesOf(kind);
  const deployed = shown?.deployed;
  /** A version the user picked, while the kind has it (pickers show a pick before the worker answers). */
  const picked = (v: string | undefined) => (v !== undefined && versions.some((x) => x.name === v) ? v : undefined);
  const strategy = shownStrategy(state.strategy, shown);
  const versionPicker = (field: 'sourceVersion' | 'targetVersion', label: string) => (
    <VersionPicker
      label={label}
      value={picked(state[field]) ?? shown?.[field] ?? ''}
      disabled={!kind}
      onPick={(v) => dispatch(choose(field, v))}
    >
      <VersionOptions kind={kind} deployed={deployed !== undefined} />
    </VersionPicker>
  );
  const arrow = (
    <span className="arrow" aria-hidden="true">
      →
    </span>
  );
  return (
    <div className="toolbar" role="toolbar" aria-label="Conversion">
      {lead}
      {(result?.documents.length ?? 0) > 1 && (
        <label className="field">
          <span>Document</span>
          <select
            aria-label="Document"
            value={result?.document ?? 0}
            onChange={(e) => dispatch({ type: 'document', document: Number(e.target.value) })}
          >
            {result?.documents.map((d) => (
              <option key={d.index} value={d.index} disabled={d.known === false}>
                {d.label}
                {d.known === false ? ' · not in this catalog' : ''}
              </option>
            ))}
          </select>
        </label>
      )}
      {versionPicker('sourceVersion', 'Source version')}
      {arrow}
      <HubChoice kind={kind} hub={state.hub} deployed={deployed} dispatch={dispatch} />
      {arrow}
      {versionPicker('targetVersion', 'Target version')}
      {strategies.length > 1 && !deployed && (
        <div className="segmented" role="radiogroup" aria-label="Strategy">
          {strategies.map((s) => (
            <label key={s} className={s === strategy ? 'on' : ''}>
              <input
                type="radio"
                name="strategy"
                value={s}
                checked={s === strategy}
                onChange={() => dispatch(choose('strategy', s))}
              />
              {s}
            </label>
          ))}
        </div>
      )}
      {shown?.storageView && (
        <StorageViewSwitch
          view={checkedChoice(state.storage, shown.storageView, catalogs)}
          applied={appliedChoice(shown.storageView, catalogs)}
          onChange={(v) => dispatch(choose('storage', v))}
        />
      )}
      <div className="spacer" />
      <span className="status" role="status" title="How long the last conversion took in this browser">
        {/* (The first visit's answer was computed by the build: millis 0, nothing converted here.) */}
        {busy ? 'Converting…' : result && result.millis > 0 ? `converted in ${Math.round(result.millis)} ms` : ''}
      </span>
    </div>
  );
}
