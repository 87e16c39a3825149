// The details views' panels that the first screen does not show (every tab but the fate list and the lost
// fields): one chunk, loaded at idle after the first paint (lazyPanels.tsx).
export { PlanTable } from '../panels/PlanTable.tsx';
export { RoundTripView } from '../panels/RoundTripView.tsx';
export { VersionMap } from '../panels/VersionMap.tsx';
export { MigrationPlanView } from '../panels/MigrationPlanView.tsx';
export { ChangesPanel } from '../panels/ChangesPanel.tsx';
export { StrategiesView } from '../panels/StrategiesView.tsx';
export { RulesPanel } from '../rules/RulesPanel.tsx';
export { ProblemsPanel } from '../panels/ProblemsPanel.tsx';
