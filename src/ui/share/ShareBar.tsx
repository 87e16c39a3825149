// Share controls for the header: Copy link (and Ctrl/Cmd+S), the length meter, Copy as Markdown, the
// secrets warning, the banner for links that could not be opened, and the ?catalog= / ?resource= loader.
// Owns the URL <-> state sync so the app wires it with one element.
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatPath, issue, type Issue } from '../../core/index.ts';
import { useCatalogIndex, useUserCatalogs } from '../queries/catalogQueries.ts';
import { settleDelay, type ExplorerState } from '../state.ts';
import { shareUrl } from './codec.ts';
import { encodeState, findSecrets } from './shareClient.ts';
import { LINK_LIMITS, linkLevel } from './limits.ts';
import { markdownSummary, summaryFromExplore } from './markdown.ts';
import { catalogProvenance } from './provenance.ts';
import type { ExploreResult } from '../viewModel/types.ts';
import { RemoteSources, useRemoteText } from './RemoteSources.tsx';
import { redactSecrets, type SecretFinding } from './secrets.ts';
import { useUrlState } from './useUrlState.ts';
import { onlyDocument, type LinkReport, type SourceOrigin } from './linkCatalog.ts';
import { linkPlan, useLinkPlan } from './useLinkPlan.ts';
import { LinkReportNote } from './LinkReportNote.tsx';
import { useModal } from '../panels/dialogs.tsx';
import './share.css';

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

/** Longest text Copy link / Copy as Markdown put on the clipboard: what a GitHub comment holds. */
export const MAX_COPY_CHARS = LINK_LIMITS[2].max;

type Refused = {
  readonly what: 'link' | 'markdown';
  readonly length: number;
  readonly redact: boolean;
  /** What makes it long: the input, or the catalog the link embeds (a built-in or URL catalog never is). */
  readonly large: 'input' | 'catalog';
  /** Characters of the large part before compression. */
  readonly size: number;
};

/** The part of a link that makes it long: an embedded catalog bigger than the input, else the input. */
function largePart(s: ExplorerState): { large: 'input' | 'catalog'; size: number } {
  const catalog = s.catalog.type === 'embedded' ? s.catalog.sources.reduce((n, f) => n + f.text.length, 0) : 0;
  return catalog > s.input.length ? { large: 'catalog', size: catalog } : { large: 'input', size: s.input.length };
}

const SHORT_LEVEL = {
  chat: 'fits a chat message',
  safe: 'fits any browser and server',
  github: 'fits GitHub',
  'too-long': 'too long',
} as const;

type Pending = { readonly what: 'link' | 'markdown'; readonly findings: readonly SecretFinding[] };

/** Pins the catalog: a link records which built-in (by content hash) or which remote file it was made with. */
function usePinnedState(state: ExplorerState | undefined): ExplorerState | undefined {
  const index = useCatalogIndex();
  const remote = useRemoteText(state?.catalog.type === 'url' ? state.catalog.url : undefined);
  return useMemo(() => {
    if (!state) return undefined;
    const c = state.catalog;
    if (c.type === 'builtin' && c.hash === undefined) {
      const entry = index.data?.catalogs.find((e) => e.id === c.id);
      if (entry) return { ...state, catalog: { ...c, hash: entry.hash } };
    }
    if (c.type === 'url' && c.hash === undefined && remote.data?.url === c.url)
      return { ...state, catalog: { ...c, hash: remote.data.hash } };
    return state;
  }, [state, index.data, remote.data]);
}

function catalogLabel(s: ExplorerState, entries: readonly { id: string; title: string }[] | undefined): string {
  const c = s.catalog;
  if (c.type === 'builtin') return entries?.find((e) => e.id === c.id)?.title ?? c.id;
  if (c.type === 'url') return c.url;
  return `${c.name} (embedded)`;
}

function mismatch(
  linked: ExplorerState | undefined,
  current: ExplorerState | undefined,
  actual: string | undefined,
): Issue | undefined {
  if (!linked || !current || actual === undefined) return undefined;
  const a = linked.catalog;
  const b = current.catalog;
  const same =
    a.type === b.type &&
    (a.type === 'builtin'
      ? b.type === 'builtin' && a.id === b.id
      : a.type === 'url'
        ? b.type === 'url' && a.url === b.url
        : true);
  if (!same || a.hash === undefined || a.hash === actual) return undefined;
  return issue(
    'warning',
    'LINK_CATALOG_MISMATCH',
    `This link was made with a different version of the catalog (${a.hash.slice(0, 12)}; now ${actual.slice(0, 12)}). Results may differ from what its author saw.`,
  );
}

const kb = (chars: number) => `${Math.max(1, Math.round(chars / 1024)).toLocaleString('en')} KB`;

const reportKey = (r: LinkReport | undefined) => (r ? `${r.url ?? ''}\u0000${r.kept.join(' ')}` : '');

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
  const [link, setLink] = useState<{ href: string } | { issue: Issue } | undefined>(undefined);
  const [status, setStatus] = useState<{ text: string; copied?: string } | undefined>(undefined);
  const [pending, setPending] = useState<Pending | undefined>(undefined);
  // The note on what a link refers to, dismissed until it says something else.
  const [reportDismissed, setReportDismissed] = useState<string | undefined>(undefined);
  const dialog = useModal(pending !== undefined);

  // The meter follows the state, a little behind typing.
  const linkState = plan?.state;
  useEffect(() => {
    if (!linkState) return;
    let cancelled = false;
    const t = window.setTimeout(
      async () => {
        const r = await encodeState(linkState);
        if (!cancelled)
          setLink('fragment' in r ? { href: shareUrl(window.location.href, r.fragment) } : { issue: r.issue });
      },
      settleDelay(linkState.input, 250),
    );
    return () => {
      cancelled = true;
      window.clearTimeout(t);
    };
  }, [linkState]);

  // "Copied" fades after a few seconds; the copy-by-hand box stays until the next copy.
  useEffect(() => {
    if (!status || status.text.startsWith('Copy this')) return;
    const t = window.setTimeout(() => setStatus(undefined), 5000);
    return () => window.clearTimeout(t);
  }, [status]);

  const linkedCatalog = url.linked?.catalog;
  const linkedRemote = useRemoteText(linkedCatalog?.type === 'url' ? linkedCatalog.url : undefined);
  const actualHash = useMemo(() => {
    const c = linkedCatalog;
    if (!c) return undefined;
    if (c.type === 'builtin') return index.data?.catalogs.find((e) => e.id === c.id)?.hash ?? catalogHash;
    if (c.type === 'url') return linkedRemote.data?.hash ?? catalogHash;
    return catalogHash;
  }, [linkedCatalog, index.data, linkedRemote.data, catalogHash]);
  const missingBuiltin =
    linkedCatalog?.type === 'builtin' &&
    state?.catalog.type === 'builtin' &&
    state.catalog.id === linkedCatalog.id &&
    index.isSuccess &&
    !index.data.catalogs.some((e) => e.id === linkedCatalog.id);
  const catalogIssue = missingBuiltin
    ? issue(
        'error',
        'LINK_CATALOG_MISMATCH',
        `This link needs the built-in catalog '${linkedCatalog.id}', which this version of the app does not have.`,
      )
    : mismatch(url.linked, state, actualHash);

  async function copy(what: 'link' | 'markdown', redact: boolean, documentOnly = false) {
    if (!pinned) return;
    let s = redact ? { ...pinned, input: redactSecrets(pinned.input, await findSecrets(pinned.input)) } : pinned;
    if (documentOnly) s = { ...s, input: onlyDocument(s.input, s.document) ?? s.input, document: 0 };
    const planned = await linkPlan(s, origins);
    const r = await encodeState(planned.state);
    if (!('fragment' in r)) {
      setStatus({ text: r.issue.message });
      return;
    }
    const href = shareUrl(window.location.href, r.fragment);
    const summary = summaryFromExplore(
      result,
      catalogProvenance(planned.state.catalog, catalogLabel(planned.state, index.data?.catalogs)),
    );
    const text =
      what === 'link'
        ? href
        : markdownSummary({ kind: 'Resource', ...summary, link: href, ...(s.rules ? { rules: s.rules } : {}) });
    // Never put something unusable on the clipboard: say so and offer the shorter forms instead.
    if (text.length > MAX_COPY_CHARS) {
      setStatus(undefined);
      setRefused({ what, length: text.length, redact, ...largePart(planned.state) });
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

  const requestCopyRef = useRef(requestCopy);
  requestCopyRef.current = requestCopy;
  useEffect(() => {
    // Capture phase: runs before Monaco sees the key, and Ctrl/Cmd+S never opens "Save page as".
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (e.code === 'KeyS' || e.key.toLowerCase() === 's')) {
        e.preventDefault();
        void requestCopyRef.current('link');
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

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
        {length !== undefined && level !== undefined && (
          <span className="share-meter" data-testid="link-meter" data-length={length} data-level={level}>
            {/* Scaled to 10,000 so short links still show: green to 2,000, amber to 8,000, red beyond. */}
            <meter
              min={0}
              max={10_000}
              low={LINK_LIMITS[0].max}
              high={LINK_LIMITS[1].max}
              optimum={0}
              value={Math.min(length, 10_000)}
              aria-label="Link length"
              aria-valuetext={`${length} characters`}
              title={`${length.toLocaleString('en')} chars · ${SHORT_LEVEL[level]}`}
            />
            <span
              className="share-meter-text"
              title={
                level === 'too-long'
                  ? 'Too long for chat, for some servers and for a GitHub comment (65,536)'
                  : LINK_LIMITS.find((l) => l.level === level)?.label
              }
            >
              {length.toLocaleString('en')} chars · {SHORT_LEVEL[level]}
            </span>
          </span>
        )}
        <button
          type="button"
          onClick={() => void requestCopy('markdown')}
          disabled={!pinned}
          title="Copy a summary table and the link for a PR comment"
        >
          Copy as Markdown
        </button>
        {status && (
          <span role="status" className="share-status" data-testid="share-status">
            {status.text}
            {status.text.startsWith('Copy this') && status.copied !== undefined && (
              <textarea readOnly value={status.copied} rows={2} onFocus={(e) => e.currentTarget.select()} />
            )}
          </span>
        )}
      </div>
      <div className="share-notices">
        {plan?.report && pinned?.catalog.type === 'embedded' && reportKey(plan.report) !== reportDismissed && (
          <LinkReportNote report={plan.report} onDismiss={() => setReportDismissed(reportKey(plan.report))} />
        )}
        {refused && (
          <div
            className="share-issue"
            role="alert"
            data-testid="copy-refused"
            data-length={refused.length}
            data-large={refused.large}
          >
            <p>
              Not copied: the {refused.what === 'link' ? 'link' : 'Markdown'} would be{' '}
              {refused.length.toLocaleString('en')} characters, more than a GitHub comment holds (
              {MAX_COPY_CHARS.toLocaleString('en')}).{' '}
              {refused.large === 'catalog' ? (
                <>
                  Your catalog ({kb(refused.size)}) is what is large: load it from an https URL (From URL…) so the link
                  refers to it instead of carrying it.
                </>
              ) : (
                <>
                  The input ({kb(refused.size)}) is what is large: share fewer documents, or publish the file on an
                  https host and open <code>?resource=&lt;https URL&gt;</code> so the link refers to it.
                </>
              )}
            </p>
            {pinned && onlyDocument(pinned.input, pinned.document) !== undefined && (
              <button type="button" onClick={() => void copy(refused.what, refused.redact, true)}>
                Copy with only the selected document
              </button>
            )}
            <button type="button" onClick={() => setRefused(undefined)}>
              Dismiss
            </button>
          </div>
        )}
        {embedded && length !== undefined && length > LINK_LIMITS[1].max && (
          <p className="share-hint" data-testid="share-hint">
            The link embeds your catalog files. To make it shorter, publish the CRD on an https host (e.g. a raw GitHub
            URL) and open <code>?catalog=&lt;https URL&gt;</code> instead: the link then holds only the URL.
          </p>
        )}
        {link && 'issue' in link && link.issue.code === 'LINK_TOO_LARGE' && (
          <p className="share-issue" role="alert" data-testid="link-too-large" data-code={link.issue.code}>
            {link.issue.message}{' '}
            {pinned && largePart(pinned).large === 'catalog' ? (
              <>
                Load the catalog from an https URL (<code>?catalog=</code>) instead of embedding it.
              </>
            ) : (
              <>
                The input is what is large: share fewer documents, or link to the file with{' '}
                <code>?resource=&lt;https URL&gt;</code>.
              </>
            )}
          </p>
        )}
        {url.linkIssue && (
          <p className="share-issue" role="alert" data-testid="link-issue" data-code={url.linkIssue.code}>
            This link could not be opened: {url.linkIssue.message} The page shows its default state instead.{' '}
            <button type="button" onClick={url.dismiss}>
              Dismiss
            </button>
          </p>
        )}
        {catalogIssue && (
          <p className="share-issue" role="alert" data-testid="catalog-issue" data-code={catalogIssue.code}>
            {catalogIssue.message}
          </p>
        )}
        <RemoteSources state={state} update={update} ready={url.ready} linked={url.linked !== undefined} />
      </div>
      <dialog
        ref={dialog}
        className="share-dialog"
        data-testid="secrets-dialog"
        onClose={() => setPending(undefined)}
        aria-labelledby="share-secrets-title"
      >
        {pending && (
          <>
            <h2 id="share-secrets-title">This input looks like it holds secrets</h2>
            <p>
              Anyone with the {pending.what === 'link' ? 'link' : 'comment'} can read them. These values look secret (
              {pending.findings.length}):
            </p>
            <ul>
              {pending.findings.slice(0, 12).map((f, i) => (
                <li key={i}>
                  <code>{formatPath(f.path)}</code> in document {f.document + 1} (
                  {f.reason === 'secret-kind'
                    ? 'Secret data'
                    : f.reason === 'private-key'
                      ? 'private key'
                      : 'name looks secret'}
                  )
                </li>
              ))}
              {pending.findings.length > 12 && <li>… and {pending.findings.length - 12} more</li>}
            </ul>
            <div className="share-dialog-actions">
              <button
                type="button"
                data-action="redact"
                autoFocus
                onClick={() => {
                  const what = pending.what;
                  setPending(undefined);
                  void copy(what, true);
                }}
              >
                Redact values and copy
              </button>
              <button
                type="button"
                data-action="as-is"
                onClick={() => {
                  const what = pending.what;
                  setPending(undefined);
                  void copy(what, false);
                }}
              >
                Copy as is
              </button>
              <button type="button" data-action="cancel" onClick={() => setPending(undefined)}>
                Cancel
              </button>
            </div>
          </>
        )}
      </dialog>
    </div>
  );
}
