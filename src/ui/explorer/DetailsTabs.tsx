// The details views as one registry: the tabs, their counts, their panels and the Alt+digit shortcuts all
// read VIEWS.
import { useEffect, type ReactNode } from 'react';
import type { Strategy } from '../../core/index.ts';
import type { ExploreResult } from '../viewModel/types.ts';
import type { ViewId } from '../state.ts';
import { choose, type ExplorerAction } from '../useExplorerState.ts';
import { ErrorBoundary } from '../panels/ErrorBoundary.tsx';
import { PropertyBagList } from '../panels/PropertyBagList.tsx';
import { LostList } from '../panels/LostList.tsx';
import { ASO_ONLY_VIEWS, DeployedTab } from '../panels/DeployedControls.tsx';
// Not on the first screen: loaded at idle after it (lazyPanels.tsx).
import {
  ChangesPanel,
  MigrationPlanView,
  PlanTable,
  prefetchPanels,
  ProblemsPanel,
  RoundTripView,
  RulesPanel,
  StrategiesView,
  VersionMap,
} from './lazyPanels.tsx';
import { problemCount, problemsOf, type Problem } from './problems.ts';

/** What a view renders from besides the result. */
export interface ViewContext {
  readonly select: (key: string | undefined) => void;
  readonly dispatch: (a: ExplorerAction) => void;
  readonly strategy: Strategy;
  readonly dark: boolean;
  readonly onWriteBackVersion: (version: string | undefined) => void;
  /** The resolved catalog (the migration plan reads its JSON). */
  readonly catalog: { readonly json: unknown } | undefined;
  readonly input: string;
  readonly catalogKey: string | undefined;
  /** The conversion rules text (state.rules, '' for none). */
  readonly rules: string;
  /** The newest result (the rules' findings for the text as it is now; `shown` may be an older one). */
  readonly latest: ExploreResult | undefined;
  /** Moves the cursor to a problem (its editor line, or its field in the panes). */
  readonly goTo: (p: Problem) => void;
}

export interface DetailsView {
  readonly id: ViewId;
  readonly label: string;
  /** The tab's badge ('' for none). */
  readonly count: (shown: ExploreResult) => string;
  readonly render: (shown: ExploreResult, ctx: ViewContext) => ReactNode;
}

const none = (): string => '';

export const VIEWS: readonly DetailsView[] = [
  {
    id: 'bag',
    label: 'Property bag',
    count: (shown) => String(shown.bag.length),
    render: (shown, ctx) => <PropertyBagList entries={shown.bag} onSelect={ctx.select} />,
  },
  {
    id: 'lost',
    label: 'Lost',
    count: (shown) => String(shown.lost.length),
    render: (shown, ctx) => (
      <LostList
        entries={shown.lost}
        {...(shown.targetVersion ? { target: shown.targetVersion } : {})}
        onSelect={ctx.select}
      />
    ),
  },
  {
    id: 'plan',
    label: 'Conversion plan',
    count: none,
    render: (shown) => (
      <PlanTable {...(shown.plan ? { plan: shown.plan } : {})} {...(shown.planUsed ? { used: shown.planUsed } : {})} />
    ),
  },
  {
    id: 'roundtrip',
    label: 'Round trip',
    count: (shown) => (shown.roundTrip ? (shown.roundTrip.lossless ? '✓' : '≠') : ''),
    render: (shown, ctx) => (
      <RoundTripView
        {...(shown.roundTrip ? { roundTrip: shown.roundTrip } : {})}
        {...(shown.writeBack ? { writeBack: shown.writeBack } : {})}
        versions={shown.kind?.versions ?? []}
        onWriteBackVersion={ctx.onWriteBackVersion}
        dark={ctx.dark}
      />
    ),
  },
  {
    id: 'map',
    label: 'Version map',
    count: none,
    render: (shown, ctx) => {
      const kind = shown.kind;
      if (!kind) return <p className="empty">No kind selected.</p>;
      return (
        <>
          <VersionMap
            kind={kind}
            strategy={ctx.strategy}
            {...(shown.sourceVersion ? { source: shown.sourceVersion } : {})}
            {...(shown.targetVersion ? { target: shown.targetVersion } : {})}
            onPick={(v) => ctx.dispatch(choose('targetVersion', v))}
          />
          {ctx.catalog && (
            <MigrationPlanView catalogJson={ctx.catalog.json} group={kind.group} kind={kind.kind} objects={ctx.input} />
          )}
        </>
      );
    },
  },
  {
    id: 'changes',
    label: 'Changes',
    count: none,
    render: (shown, ctx) => (
      <ChangesPanel
        {...(shown.changes ? { changes: shown.changes } : {})}
        {...(shown.sourceVersion ? { source: shown.sourceVersion } : {})}
        {...(shown.targetVersion ? { target: shown.targetVersion } : {})}
        onSelect={ctx.select}
      />
    ),
  },
  {
    id: 'strategies',
    label: 'Strategies',
    count: none,
    render: (shown, ctx) => (
      <StrategiesView
        {...(ctx.catalogKey !== undefined ? { catalogKey: ctx.catalogKey } : {})}
        {...(shown.kind ? { kind: shown.kind } : {})}
      />
    ),
  },
  {
    id: 'rules',
    label: 'Conversion rules',
    // Problems first (as `!3`), else how many conversions the rules declare.
    count: (shown) => {
      const r = shown.rules;
      if (!r) return '';
      const bad = r.issues.filter((i) => i.severity === 'error').length;
      return bad > 0 ? `!${bad}` : String(r.conversions);
    },
    render: (shown, ctx) => (
      <RulesPanel
        text={ctx.rules}
        onChange={(rules) => ctx.dispatch({ type: 'rules', rules })}
        shown={shown}
        latest={ctx.latest}
        dark={ctx.dark}
      />
    ),
  },
  {
    id: 'problems',
    label: 'Problems',
    // Errors, else warnings, of the newest result (what is wrong now, not in the last result that converted).
    count: (result) => {
      const n = problemCount(problemsOf(result));
      return n.errors > 0 ? String(n.errors) : n.warnings > 0 ? String(n.warnings) : '';
    },
    render: (shown, ctx) => <ProblemsPanel groups={problemsOf(ctx.latest ?? shown)} onGo={ctx.goTo} />,
  },
];

/** The tab's badge: the deployed view replaces the ASO-only views (its fate list counts in the first). */
function tabCount(v: DetailsView, shown: ExploreResult | undefined, latest: ExploreResult | undefined): string {
  if ((v.id === 'rules' || v.id === 'problems') && latest) return v.count(latest);
  if (!shown) return '';
  if (shown.deployed && ASO_ONLY_VIEWS.has(v.id)) return v.id === 'bag' ? String(shown.deployed.fates.length) : '';
  return v.count(shown);
}

export function DetailsTabs({
  view,
  shown,
  ctx,
  empty,
}: {
  readonly view: ViewId;
  readonly shown: ExploreResult | undefined;
  readonly ctx: ViewContext;
  /** Shown in the panel before there is a result. */
  readonly empty: ReactNode;
}) {
  const deployed = shown?.deployed;
  const hasResult = shown !== undefined;
  useEffect(() => {
    if (hasResult) prefetchPanels();
  }, [hasResult]);
  const current = VIEWS.find((v) => v.id === view);
  const panel = !shown ? empty : current?.render(shown, ctx);
  return (
    <>
      <div className="tabs" role="tablist" aria-label="Views">
        {VIEWS.map((v) => {
          const count = tabCount(v, shown, ctx.latest);
          return (
            <button
              key={v.id}
              type="button"
              role="tab"
              id={`tab-${v.id}`}
              aria-selected={view === v.id}
              aria-controls={`panel-${v.id}`}
              tabIndex={view === v.id ? 0 : -1}
              onClick={() => ctx.dispatch({ type: 'view', view: v.id })}
              onKeyDown={(e) => {
                const i = VIEWS.findIndex((x) => x.id === view);
                const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : undefined;
                if (next === undefined) return;
                const target = VIEWS[(next + VIEWS.length) % VIEWS.length];
                if (!target) return;
                ctx.dispatch({ type: 'view', view: target.id });
                document.getElementById(`tab-${target.id}`)?.focus();
              }}
            >
              {deployed && v.id === 'bag' ? 'As deployed' : v.label}
              {count && <span className="tab-count">{count}</span>}
            </button>
          );
        })}
      </div>
      <div className="tab-panel" role="tabpanel" id={`panel-${view}`} aria-labelledby={`tab-${view}`} tabIndex={0}>
        <ErrorBoundary
          key={view}
          fallback={(error) => (
            <p className="empty" role="alert">
              This view could not be shown: {error.message}
            </p>
          )}
        >
          {deployed && ASO_ONLY_VIEWS.has(view) ? <DeployedTab deployed={deployed} /> : panel}
        </ErrorBoundary>
      </div>
    </>
  );
}
