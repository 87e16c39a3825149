// Share controls for the header: Copy link (and Ctrl/Cmd+S), the length meter, Copy as Markdown, the
// secrets warning, the banner for links that could not be opened, and the ?catalog= / ?resource= loader.
// Owns the URL <-> state sync so the app wires it with one element.
import { useState } from 'react';
import type { Issue } from '../../core/index.ts';
import { useCatalogIndex, useUserCatalogs } from '../queries/catalogQueries.ts';
import type { ExplorerState } from '../state.ts';
import { shareUrl } from './codec.ts';
import { encodeState, findSecrets } from './shareClient.ts';
import { LINK_LIMITS, linkLevel } from './limits.ts';
import { markdownSummary, summaryFromExplore } from './markdown.ts';
import { catalogProvenance } from './provenance.ts';
import type { ExploreResult } from '../viewModel/types.ts';
import { RemoteSources } from './RemoteSources.tsx';
import { redactSecrets } from './secrets.ts';
import { useUrlState } from './useUrlState.ts';
import { onlyDocument, type LinkReport, type SourceOrigin } from './linkCatalog.ts';
import { linkPlan, useLinkPlan } from './useLinkPlan.ts';
import { LinkReportNote } from './LinkReportNote.tsx';
import { useModal } from '../panels/dialogs.tsx';
import {
  CopyRefused,
  largePart,
  LinkMeter,
  LinkOpenIssue,
  LinkTooLarge,
  MAX_COPY_CHARS,
  SecretsDialog,
  StatusNote,
  type Pending,
  type Refused,
} from './shareBarParts.tsx';
import {
  useCopyShortcut,
  useCopyStatus,
  useLinkedCatalogIssue,
  useMeteredLink,
  usePinnedState,
} from './shareBarHooks.ts';
import './share.css';

export { MAX_COPY_CHARS } from './shareBarParts.tsx';

export interface ShareBarProps {
  /** The current state; `undefined` while the app is starting. */
  readonly state: ExplorerState | undefined;
  /** Replaces the app's state (a link was opened, or ?catalog= / ?resource= loaded). */
  readonly apply: (s: ExplorerState) => void;
  /** Changes the app's state from its latest value (?catalog= / ?resource= arriving). */
  readonly update: (f: (s: ExplorerState) => ExplorerState) => void;
  /** What the explorer shows; Copy as Markdown summarises it. */
  readonly result?: ExploreResult | undefined;
  /** Hash of the catalog the app actually loaded, when it knows it (embedded and URL catalogs). */
  readonly catalogHash?: string;
}

function catalogLabel(s: ExplorerState, entries: readonly { id: string; title: string }[] | undefined): string {
  const c = s.catalog;
  if (c.type === 'builtin') return entries?.find((e) => e.id === c.id)?.title ?? c.id;
  if (c.type === 'url') return c.url;
  return `${c.name} (embedded)`;
}

const reportKey = (r: LinkReport | undefined) => (r ? `${r.url ?? ''}\u0000${r.kept.join(' ')}` : '');

type Copied = { readonly issue: Issue } | { readonly text: string; readonly shared: ExplorerState };

/** What a copy puts on the clipboard (the link, or the Markdown summary with it), from the state it shares. */
async function copyText(
  pinned: ExplorerState,
  what: 'link' | 'markdown',
  redact: boolean,
  documentOnly: boolean,
  origins: readonly SourceOrigin[] | undefined,
  result: ExploreResult | undefined,
  catalogs: readonly { id: string; title: string }[] | undefined,
): Promise<Copied> {
  let s = redact ? { ...pinned, input: redactSecrets(pinned.input, await findSecrets(pinned.input)) } : pinned;
  if (documentOnly) s = { ...s, input: onlyDocument(s.input, s.document) ?? s.input, document: 0 };
  const planned = await linkPlan(s, origins);
  const r = await encodeState(planned.state);
  if (!('fragment' in r)) return { issue: r.issue };
  const href = shareUrl(window.location.href, r.fragment);
  const summary = summaryFromExplore(
    result,
    catalogProvenance(planned.state.catalog, catalogLabel(planned.state, catalogs)),
  );
  const text =
    what === 'link'
      ? href
      : markdownSummary({ kind: 'Resource', ...summary, link: href, ...(s.rules ? { rules: s.rules } : {}) });
  return { text, shared: planned.state };
}

export function ShareBar({ state, apply, update, result, catalogHash }: ShareBarProps) {
  const pinned = usePinnedState(state);
  // Files fetched from URLs (Load from URL, Examples): a link refers to the URL instead of embedding the file.
  const user = useUserCatalogs();
  const shown = state?.catalog;
  const origins: readonly SourceOrigin[] | undefined =
    shown?.type === 'embedded' ? user.data?.find((c) => c.hash === shown.hash)?.origins : undefined;
  const plan = useLinkPlan(pinned, origins);
  const [refused, setRefused] = useState<Refused | undefined>(undefined);
  const url = useUrlState(pinned, apply);
  const index = useCatalogIndex();
  const [pending, setPending] = useState<Pending | undefined>(undefined);
  // The note on what a link refers to, dismissed until it says something else.
  const [reportDismissed, setReportDismissed] = useState<string | undefined>(undefined);
  const dialog = useModal(pending !== undefined);
  // The meter follows the state, a little behind typing.
  const link = useMeteredLink(plan?.state);
  const [status, setStatus] = useCopyStatus();
  const catalogIssue = useLinkedCatalogIssue(url.linked, state, catalogHash);

  async function copy(what: 'link' | 'markdown', redact: boolean, documentOnly = false) {
    if (!pinned) return;
    const c = await copyText(pinned, what, redact, documentOnly, origins, result, index.data?.catalogs);
    if ('issue' in c) {
      setStatus({ text: c.issue.message });
      return;
    }
    const { text } = c;
    // Never put something unusable on the clipboard: say so and offer the shorter forms instead.
    if (text.length > MAX_COPY_CHARS) {
      setStatus(undefined);
      setRefused({ what, length: text.length, redact, ...largePart(c.shared) });
      return;
    }
    setRefused(undefined);
    try {
      await navigator.clipboard.writeText(text);
      setStatus({ text: what === 'link' ? 'Link copied' : 'Markdown copied', copied: text });
    } catch {
      // No clipboard permission (or an insecure context): show the text to copy by hand.
      setStatus({ text: 'Copy this by hand:', copied: text });
    }
  }

  async function requestCopy(what: 'link' | 'markdown') {
    if (!pinned) return;
    // (In the share worker: the scan parses every document of the input.)
    const findings = await findSecrets(pinned.input);
    if (findings.length > 0) {
      setPending({ what, findings });
      return;
    }
    void copy(what, false);
  }
  useCopyShortcut(requestCopy);

  const length = link && 'href' in link ? link.href.length : undefined;
  const level = length === undefined ? undefined : linkLevel(length);
  const embedded = state?.catalog.type === 'embedded';

  return (
    <div className="share" data-testid="share-bar">
      <div className="share-controls">
        <button
          type="button"
          onClick={() => void requestCopy('link')}
          disabled={!pinned}
          title="Copy a link to this exact state (Ctrl/Cmd+S)"
          aria-keyshortcuts="Control+S Meta+S"
        >
          Copy link
        </button>
        {length !== undefined && level !== undefined && <LinkMeter length={length} level={level} />}
        <button
          type="button"
          onClick={() => void requestCopy('markdown')}
          disabled={!pinned}
          title="Copy a summary table and the link for a PR comment"
        >
          Copy as Markdown
        </button>
        {status && <StatusNote status={status} />}
      </div>
      <div className="share-notices">
        {plan?.report && pinned?.catalog.type === 'embedded' && reportKey(plan.report) !== reportDismissed && (
          <LinkReportNote report={plan.report} onDismiss={() => setReportDismissed(reportKey(plan.report))} />
        )}
        {refused && (
          <CopyRefused
            refused={refused}
            pinned={pinned}
            onCopyDocument={() => void copy(refused.what, refused.redact, true)}
            onDismiss={() => setRefused(undefined)}
          />
        )}
        {embedded && length !== undefined && length > LINK_LIMITS[1].max && (
          <p className="share-hint" data-testid="share-hint">
            The link embeds your catalog files. To make it shorter, publish the CRD on an https host (e.g. a raw GitHub
            URL) and open <code>?catalog=&lt;https URL&gt;</code> instead: the link then holds only the URL.
          </p>
        )}
        {link && 'issue' in link && link.issue.code === 'LINK_TOO_LARGE' && (
          <LinkTooLarge issue={link.issue} pinned={pinned} />
        )}
        {url.linkIssue && <LinkOpenIssue issue={url.linkIssue} onDismiss={url.dismiss} />}
        {catalogIssue && (
          <p className="share-issue" role="alert" data-testid="catalog-issue" data-code={catalogIssue.code}>
            {catalogIssue.message}
          </p>
        )}
        <RemoteSources state={state} update={update} ready={url.ready} linked={url.linked !== undefined} />
      </div>
      <SecretsDialog
        dialog={dialog}
        pending={pending}
        onCopy={(what, redact) => {
          setPending(undefined);
          void copy(what, redact);
        }}
        onCancel={() => setPending(undefined)}
      />
    </div>
  );
}
