// The Conversion rules tab: the rules editor (its text is the explorer state's `rules`, so links, the autosave and
// the Markdown carry it), what the worker found in it, and for an empty editor a template for the kind and the
// versions being looked at.
import { lazy, Suspense, useMemo, useState } from 'react';
import { formatPath, type Issue } from '../../core/index.ts';
import type { ExploreResult, RulesView } from '../viewModel/types.ts';
import type { EditorMarker } from '../editor/monacoMarkers.ts';
import { IssueList } from '../panels/IssueList.tsx';
import { KeyHintBar } from '../editor/KeyHintBar.tsx';
import type { KeyHint } from '../editor/KeyHintBar.tsx';
import { ErrorBoundary } from '../panels/ErrorBoundary.tsx';
import { PlainEditor, ResourcePreview } from '../panels/ResourcePreview.tsx';
import { rulesTemplate, templatePair } from './rulesTemplate.ts';
import './rules.css';

const RulesEditor = lazy(() => import('../editor/RulesEditor.tsx'));

/** The worker's findings that have a place in the text, as editor markers. */
export const rulesMarkers = (issues: readonly Issue[]): EditorMarker[] =>
  issues.flatMap((i) => (i.range ? [{ severity: i.severity, code: i.code, message: i.message, range: i.range }] : []));

/** The versions a template may pair, oldest first: the CRD's own as deployed, else the kind's API versions. */
function versionsOf(shown: ExploreResult): string[] {
  if (shown.deployed) return [...shown.deployed.versions];
  return (shown.kind?.versions ?? []).filter((v) => v.role === 'api').map((v) => v.name);
}

function Status({ view, shown }: { readonly view: RulesView | undefined; readonly shown: ExploreResult }) {
  if (!view) return null;
  const n = view.conversions;
  const what = `${n} conversion${n === 1 ? '' : 's'}`;
  return (
    <p
      className="muted"
      data-testid="rules-status"
      data-applied={view.appliedIn ?? 'none'}
      data-last-good={view.lastGood ? 'true' : undefined}
    >
      {view.lastGood && (
        <strong>The rules are not valid YAML (see the marker): using the last rules that were. </strong>
      )}
      {view.appliedIn === 'deployed'
        ? `${what}: the webhook of the As deployed view (stored at ${shown.deployed?.storage ?? '?'}).`
        : view.appliedIn === 'aso'
          ? `${what}: run after the generated steps of the ASO design; the fields they own are not bagged.`
          : n === 0
            ? 'No usable conversion yet.'
            : `${what}, not used by this view (no rule converts this kind between its versions).`}
      {view.appliedIn && <Effect shown={shown} />}
    </p>
  );
}

/**
 * What the rules did for this document and what they leave (issue 25): the fields a rule handled (moved, computed,
 * dropped on purpose), and the losses the verdict still lists.
 */
function Effect({ shown }: { readonly shown: ExploreResult }) {
  const handled = [...new Set((shown.deployed?.fates ?? []).filter((f) => f.rule !== undefined).map((f) => f.path))];
  const left = (shown.verdict?.lost ?? []).map((l) => formatPath(l.path));
  return (
    <span className="rules-effect" data-handled={handled.length} data-remaining={left.length}>
      {' '}
      {handled.length > 0 && (
        <>
          Handled by the rules: {handled.length} field{handled.length === 1 ? '' : 's'}.{' '}
        </>
      )}
      {left.length === 0 ? (
        'No field is lost.'
      ) : (
        <>
          Still lost ({left.length}):{' '}
          {left.slice(0, 5).map((p, i) => (
            <span key={p}>
              {i > 0 ? ', ' : ''}
              <code>{p}</code>
            </span>
          ))}
          {left.length > 5 ? ', …' : ''}
        </>
      )}
    </span>
  );
}

export function RulesPanel({
  text,
  onChange,
  shown,
  latest,
  dark,
}: {
  readonly text: string;
  readonly onChange: (text: string | undefined) => void;
  /** The result the panes show (kind and versions for the template). */
  readonly shown: ExploreResult;
  /** The newest result: the rules' findings for the text as it is now. */
  readonly latest: ExploreResult | undefined;
  readonly dark: boolean;
}) {
  const view = (latest ?? shown).rules;
  const issues = useMemo(() => view?.issues ?? [], [view]);
  const markers = useMemo(() => rulesMarkers(issues), [issues]);
  const kind = shown.kind;
  const pair =
    kind && shown.sourceVersion ? templatePair(versionsOf(shown), shown.sourceVersion, shown.targetVersion) : undefined;
  const blank = text.trim() === '';
  // Beside the editor, never over its code.
  const [keyHint, setKeyHint] = useState<KeyHint | undefined>();
  return (
    <div className="rules-panel">
      {/* Scrolls when long: focusable, so the keyboard can scroll it (axe scrollable-region-focusable). */}
      <div className="rules-side" tabIndex={0} role="region" aria-label="Rules status and problems">
        <KeyHintBar hint={keyHint} testId="rules-key-hint" />
        {blank ? (
          <div className="rules-hint" data-testid="rules-empty">
            <p>
              Say what the operator&apos;s conversion does: move a field, compute one with CEL, map enum values, drop a
              field on purpose. As deployed, the rules are the conversion webhook; fates then name the rule.
            </p>
            <button
              type="button"
              disabled={!kind || !pair}
              onClick={() => kind && pair && onChange(rulesTemplate(kind, pair))}
              title={
                kind && pair
                  ? `A rules file for ${kind.kind} ${pair.from} -> ${pair.to}`
                  : 'The kind needs two versions for a template'
              }
            >
              Start from a template
            </button>
          </div>
        ) : (
          <Status view={view} shown={shown} />
        )}
        <IssueList issues={issues} label="Rules problems" />
      </div>
      <div className="rules-editor-host">
        <ErrorBoundary
          fallback={(error) => (
            <PlainEditor text={text} onChange={onChange} problem={error.message} label="Conversion rules YAML" />
          )}
        >
          <Suspense fallback={<ResourcePreview text={text} label="Conversion rules preview" />}>
            <RulesEditor text={text} onChange={onChange} dark={dark} markers={markers} onKeyHint={setKeyHint} />
          </Suspense>
        </ErrorBoundary>
      </div>
    </div>
  );
}
