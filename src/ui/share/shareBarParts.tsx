// The share bar's parts: the link-length meter, the notice for a copy refused as too long, the note for a link
// too large to make, and the secrets dialog. ShareBar owns their state.
import { formatPath, type Issue } from '../../core/index.ts';
import type { CopyStatus } from './shareBarHooks.ts';
import type { useModal } from '../panels/dialogs.tsx';
import type { ExplorerState } from '../state.ts';
import { LINK_LIMITS, type LinkLevel } from './limits.ts';
import { onlyDocument } from './linkCatalog.ts';
import type { SecretFinding } from './secrets.ts';
import { count } from './count.ts';

/** Longest text Copy link / Copy as Markdown put on the clipboard: what a GitHub comment holds. */
export const MAX_COPY_CHARS = LINK_LIMITS[2].max;

export type Refused = {
  readonly what: 'link' | 'markdown';
  readonly length: number;
  readonly redact: boolean;
  /** What makes it long: the input, or the catalog the link embeds (a built-in or URL catalog never is). */
  readonly large: 'input' | 'catalog';
  /** Characters of the large part before compression. */
  readonly size: number;
};

export type Pending = { readonly what: 'link' | 'markdown'; readonly findings: readonly SecretFinding[] };

/** The part of a link that makes it long: an embedded catalog bigger than the input, else the input. */
export function largePart(s: ExplorerState): { large: 'input' | 'catalog'; size: number } {
  const catalog = s.catalog.type === 'embedded' ? s.catalog.sources.reduce((n, f) => n + f.text.length, 0) : 0;
  return catalog > s.input.length ? { large: 'catalog', size: catalog } : { large: 'input', size: s.input.length };
}

const SHORT_LEVEL = {
  chat: 'fits a chat message',
  safe: 'fits any browser and server',
  github: 'fits GitHub',
  'too-long': 'too long',
} as const;

const kb = (chars: number) => `${count(Math.max(1, Math.round(chars / 1024)))} KB`;

export function LinkMeter({ length, level }: { readonly length: number; readonly level: LinkLevel }) {
  return (
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
        title={`${count(length)} chars · ${SHORT_LEVEL[level]}`}
      />
      <span
        className="share-meter-text"
        title={
          level === 'too-long'
            ? 'Too long for chat, for some servers and for a GitHub comment (65,536)'
            : LINK_LIMITS.find((l) => l.level === level)?.label
        }
      >
        {count(length)} chars · {SHORT_LEVEL[level]}
      </span>
    </span>
  );
}

/** What the last copy did; text to copy by hand when the clipboard refused it. */
export function StatusNote({ status }: { readonly status: NonNullable<CopyStatus> }) {
  return (
    <span role="status" className="share-status" data-testid="share-status">
      {status.text}
      {status.text.startsWith('Copy this') && status.copied !== undefined && (
        <textarea readOnly value={status.copied} rows={2} onFocus={(e) => e.currentTarget.select()} />
      )}
    </span>
  );
}

/** A link that could not be opened: why, and that the page shows its default state. */
export function LinkOpenIssue({ issue, onDismiss }: { readonly issue: Issue; readonly onDismiss: () => void }) {
  return (
    <p className="share-issue" role="alert" data-testid="link-issue" data-code={issue.code}>
      This link could not be opened: {issue.message} The page shows its default state instead.{' '}
      <button type="button" onClick={onDismiss}>
        Dismiss
      </button>
    </p>
  );
}

/** A copy refused as too long: what is large, how to share it instead, and the one-document copy when there is one. */
export function CopyRefused({
  refused,
  pinned,
  onCopyDocument,
  onDismiss,
}: {
  readonly refused: Refused;
  readonly pinned: ExplorerState | undefined;
  readonly onCopyDocument: () => void;
  readonly onDismiss: () => void;
}) {
  return (
    <div
      className="share-issue"
      role="alert"
      data-testid="copy-refused"
      data-length={refused.length}
      data-large={refused.large}
    >
      <p>
        Not copied: the {refused.what === 'link' ? 'link' : 'Markdown'} would be {count(refused.length)} characters,
        more than a GitHub comment holds ({count(MAX_COPY_CHARS)}).{' '}
        {refused.large === 'catalog' ? (
          <>
            Your catalog ({kb(refused.size)}) is what is large: load it from an https URL (From URL…) so the link refers
            to it instead of carrying it.
          </>
        ) : (
          <>
            The input ({kb(refused.size)}) is what is large: share fewer documents, or publish the file on an https host
            and open <code>?resource=&lt;https URL&gt;</code> so the link refers to it.
          </>
        )}
      </p>
      {pinned && onlyDocument(pinned.input, pinned.document) !== undefined && (
        <button type="button" onClick={onCopyDocument}>
          Copy with only the selected document
        </button>
      )}
      <button type="button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

/** The link could not be made at all (LINK_TOO_LARGE): what is large, and how to refer to it instead. */
export function LinkTooLarge({ issue, pinned }: { readonly issue: Issue; readonly pinned: ExplorerState | undefined }) {
  return (
    <p className="share-issue" role="alert" data-testid="link-too-large" data-code={issue.code}>
      {issue.message}{' '}
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
  );
}

/** Asks before sharing values that look secret: redact them, copy as is, or cancel. */
export function SecretsDialog({
  dialog,
  pending,
  onCopy,
  onCancel,
}: {
  readonly dialog: ReturnType<typeof useModal>;
  readonly pending: Pending | undefined;
  readonly onCopy: (what: Pending['what'], redact: boolean) => void;
  readonly onCancel: () => void;
}) {
  return (
    <dialog
      ref={dialog}
      className="share-dialog"
      data-testid="secrets-dialog"
      onClose={onCancel}
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
            <button type="button" data-action="redact" autoFocus onClick={() => onCopy(pending.what, true)}>
              Redact values and copy
            </button>
            <button type="button" data-action="as-is" onClick={() => onCopy(pending.what, false)}>
              Copy as is
            </button>
            <button type="button" data-action="cancel" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
