// The Hub (As deployed: Stored) and Target panes: a converted document each, what the deployed view drops from
// it, and the Target pane's verdict and write-back badges.
import { useMemo, type ReactNode } from 'react';
import type { ExploreResult, PaneView } from '../viewModel/types.ts';
import { DocumentView } from '../panels/DocumentView.tsx';
import { VerdictBadge } from '../panels/VerdictBadge.tsx';
import { WriteBackBadge } from '../panels/WriteBackBadge.tsx';
import { PaneDrops } from '../panels/DeployedControls.tsx';
import { typeChangesOf } from './typeChanges.ts';
import type { Selection } from './useSelection.ts';

export interface ConvertedPanesProps {
  /** The result the panes show (the last that converted). */
  readonly shown: ExploreResult | undefined;
  /** The shown result is not the latest (the input does not convert now). */
  readonly stale: boolean;
  readonly busy: boolean;
  readonly selection: Pick<Selection, 'highlightKey' | 'select'>;
  readonly onOpenProblems: () => void;
  readonly onOpenRoundTrip: () => void;
}

export function ConvertedPanes({
  shown,
  stale,
  busy,
  selection,
  onOpenProblems,
  onOpenRoundTrip,
}: ConvertedPanesProps) {
  const { highlightKey, select } = selection;
  const deployed = shown?.deployed;
  const typeChanges = useMemo(() => typeChangesOf(shown), [shown]);
  const staleNote = stale && shown && <p className="stale-note">Showing the last input that converted.</p>;
  const convertedPane = (pane: 'stored' | 'target', label: string, view?: PaneView, subtitle?: ReactNode) => (
    <DocumentView
      {...(pane === 'target' ? { typeChanges } : {})}
      label={label}
      {...(view ? { view } : {})}
      {...(subtitle !== undefined ? { subtitle } : {})}
      {...(highlightKey !== undefined ? { highlight: highlightKey } : {})}
      onSelect={select}
      busy={busy}
    >
      {staleNote}
      {deployed && <PaneDrops deployed={deployed} pane={pane} />}
    </DocumentView>
  );
  return (
    <>
      {convertedPane('stored', deployed ? 'Stored' : 'Hub', deployed ? deployed.stored : shown?.hub)}
      {convertedPane(
        'target',
        'Target',
        deployed ? deployed.target : shown?.target,
        <>
          <VerdictBadge
            {...(shown?.validation?.target && shown.verdict ? { verdict: shown.verdict } : {})}
            side="target"
            onOpen={onOpenProblems}
          />
          {shown?.writeBackVerdict && !deployed && (
            <WriteBackBadge verdict={shown.writeBackVerdict} onOpen={onOpenRoundTrip} />
          )}
        </>,
      )}
    </>
  );
}
