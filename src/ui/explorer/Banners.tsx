// Banners above the panes: problems of the last import (dismissable) and catalog or conversion errors.
import type { Issue } from '../../core/index.ts';
import { IssueList } from '../panels/IssueList.tsx';

export function ImportProblems({
  issues,
  onDismiss,
}: {
  readonly issues: readonly Issue[];
  readonly onDismiss: () => void;
}) {
  if (issues.length === 0) return null;
  return (
    <div className="banner" role="region" aria-label="Import problems">
      <div className="banner-head">
        <strong>Import problems</strong>
        <button type="button" className="icon-button" aria-label="Dismiss import problems" onClick={onDismiss}>
          ×
        </button>
      </div>
      <IssueList issues={issues} label="Import issues" />
    </div>
  );
}

export function CatalogErrors({
  catalogError,
  conversionError,
  catalogIssues,
}: {
  readonly catalogError: string | undefined;
  readonly conversionError: string | undefined;
  readonly catalogIssues: readonly Issue[];
}) {
  const errors = catalogIssues.filter((i) => i.severity === 'error');
  if (!catalogError && errors.length === 0 && !conversionError) return null;
  return (
    <div className="banner banner-error" role="alert">
      {catalogError && <p>{catalogError}</p>}
      {conversionError && <p>The conversion failed: {conversionError}</p>}
      <IssueList issues={errors} label="Catalog problems" />
    </div>
  );
}
