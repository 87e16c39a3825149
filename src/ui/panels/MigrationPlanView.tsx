// Under the Version map: the storage-version migration plan. Its code (YAML, pruning, the plan) loads when the
// Version map is first shown, not with the page.
import { lazy, Suspense } from 'react';
import type { MigrationPlanProps } from './MigrationPlanBody.tsx';

const Body = lazy(() => import('./MigrationPlanBody.tsx'));

export function MigrationPlanView(props: MigrationPlanProps) {
  return (
    <Suspense fallback={null}>
      <Body {...props} />
    </Suspense>
  );
}
