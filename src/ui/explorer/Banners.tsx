// Banners above the panes, one line each (FoldingBanner): problems of the last import and catalog or
// conversion errors.
import type { Issue } from '../../core/index.ts';
import { IssueList } from '../panels/IssueList.tsx';
import { FoldingBanner } from '../panels/FoldingBanner.tsx';

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

export function ImportProblems({
  issues,
  onDismiss,
}: {
  readonly issues: readonly Issue[];
  readonly onDismiss: () => void;
}) {
  if (issues.length === 0) return null;
  return (
    <FoldingBanner
      what={issues.map((i) => i.message).join('\u0000')}
      label="Import problems"
      onDismiss={onDismiss}
      summary={
        <>
          <strong>{count(issues.length, 'import problem')}</strong>: {issues[0]?.message}
        </>
      }
      details={<IssueList issues={issues} label="Import issues" />}
    />
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
  const first = catalogError ?? (conversionError ? `The conversion failed: ${conversionError}` : errors[0]?.message);
  return (
    <FoldingBanner
      what={`${catalogError ?? ''}\u0000${conversionError ?? ''}\u0000${errors.map((e) => e.message).join('\u0000')}`}
      label="Catalog problems"
      role="alert"
      tone="error"
      summary={
        <>
          {errors.length > 1 && <strong>{count(errors.length, 'catalog problem')}: </strong>}
          {first}
        </>
      }
      details={
        <>
          {catalogError && <p>{catalogError}</p>}
          {conversionError && <p>The conversion failed: {conversionError}</p>}
          <IssueList issues={errors} label="Catalog problems" />
        </>
      }
    />
  );
}

/** Over the page while files are dragged over it. */
export const DropOverlay = ({ shown }: { readonly shown: boolean }) =>
  shown ? (
    <div className="drop-overlay" aria-hidden="true">
      Drop CRD YAML, OpenAPI or catalog JSON files to load them
    </div>
  ) : null;
