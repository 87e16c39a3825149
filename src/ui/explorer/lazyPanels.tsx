// The panels of the details views not on the first screen, as components that load their chunk
// (laterPanels.ts) on first use; `prefetchPanels` loads it at idle after the first paint, so opening a tab
// later finds it here and renders at once.
import { preloaded, whenIdle } from '../platform/preloaded.tsx';

const later = preloaded(() => import('./laterPanels.ts'));

/** Same place and size as the panel it stands for (the tab panel's box); said to assistive technology. */
const loading = (
  <p className="empty panel-loading" role="status" aria-busy="true">
    Loading this view…
  </p>
);

export const PlanTable = later.component((m) => m.PlanTable, loading);
export const RoundTripView = later.component((m) => m.RoundTripView, loading);
export const VersionMap = later.component((m) => m.VersionMap, loading);
export const MigrationPlanView = later.component((m) => m.MigrationPlanView, loading);
export const ChangesPanel = later.component((m) => m.ChangesPanel, loading);
export const StrategiesView = later.component((m) => m.StrategiesView, loading);
export const RulesPanel = later.component((m) => m.RulesPanel, loading);
export const ProblemsPanel = later.component((m) => m.ProblemsPanel, loading);

/** Loads the later panels when the page is next idle (call after the first paint). */
export function prefetchPanels(): void {
  whenIdle(() => void later.load().catch(() => undefined));
}
