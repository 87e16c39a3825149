// "Load from URL…": one or several https URLs (CRD YAML, OpenAPI, catalog JSON) become one catalog. A GitHub
// `blob` page is offered as its raw file (blob pages allow no cross-origin fetch); a URL at a tag or commit is
// recommended, since a link that refers to it then always finds the same file. The files keep their URLs, so
// a link refers to the URL + hash instead of embedding the file.
import { useRef, useState } from 'react';
import type { Issue } from '../../core/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import { importAndStore, loadCatalogFiles, type LoadOutcome } from '../panels/CatalogLoader.tsx';
import { TextDialog } from '../panels/TextDialog.tsx';
import { pinOf, rawUrlOf, type Pin } from './provenance.ts';
import { fetchCached } from './remoteCache.ts';
import { fetchRemoteText, RemoteError } from './remoteFetch.ts';

/** A readable, unique file name per URL (its last path segment, or more of the path when two collide). */
function namesFor(urls: readonly string[]): string[] {
  const tail = (u: string) => {
    try {
      return decodeURIComponent(new URL(u).pathname.split('/').pop() || 'catalog.yaml');
    } catch {
      return 'catalog.yaml';
    }
  };
  const names = urls.map(tail);
  return names.map((n, i) => (names.indexOf(n) === names.lastIndexOf(n) ? n : (urls[i] ?? n)));
}

/** Fetches every URL (cached for offline use), imports them as one catalog and stores it with its origins. */
export async function loadUrls(urls: readonly string[]): Promise<LoadOutcome> {
  const names = namesFor(urls);
  const fetched = await Promise.allSettled(urls.map((u) => fetchCached(u, fetchRemoteText)));
  const issues: Issue[] = [];
  const files: { name: string; text: string }[] = [];
  const origins: { name: string; url: string; hash: string }[] = [];
  fetched.forEach((r, i) => {
    const name = names[i] ?? '';
    if (r.status === 'fulfilled') {
      files.push({ name, text: r.value.text });
      origins.push({ name, url: r.value.url, hash: r.value.hash });
    } else if (r.reason instanceof RemoteError) issues.push({ ...r.reason.issue, file: urls[i] ?? name });
    else issues.push({ severity: 'error', code: 'REMOTE_FETCH_FAILED', message: String(r.reason), path: [] });
  });
  if (files.length === 0 || issues.length > 0) return { issues };
  const outcome = await importAndStore(files, origins);
  return outcome;
}

export const parseUrlList = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

const PIN_NOTE: Record<Pin, string> = {
  commit: 'at a commit: links stay reproducible',
  tag: 'at a tag: links stay reproducible',
  branch: 'at a branch: the file can change under a link; prefer a tag or commit',
  unknown: 'not recognisably pinned: prefer a URL at a tag or commit',
};

interface Props {
  readonly onLoaded: (outcome: LoadOutcome) => void;
}

export function LoadFromUrl({ onLoaded }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const urls = parseUrlList(text);
  const blobs = urls.filter((u) => rawUrlOf(u) !== undefined);
  return (
    <>
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
        aria-label="Load from URL…"
        title="Load CRDs from https URLs (at a tag or commit, so links stay reproducible)"
      >
        From URL…
      </button>
      <TextDialog
        dialog={dialog}
        label="Load from URL"
        intro={
          <>
            One or more https URLs of CRD YAML, OpenAPI or catalog JSON files, one per line. A shared link refers to
            them by URL and content hash, so use URLs at a release tag or commit (e.g.{' '}
            <code>https://raw.githubusercontent.com/owner/repo/v1.2.3/path/crd.yaml</code>).
          </>
        }
        textLabel="Catalog URLs"
        text={text}
        onText={setText}
        rows={6}
        canLoad={urls.length > 0}
        onLoad={async () => {
          const list = urls.map((u) => rawUrlOf(u) ?? u);
          setText('');
          await loadCatalogFiles(() => loadUrls(list), qc, onLoaded);
        }}
        actions={
          blobs.length > 0 && (
            <button type="button" onClick={() => setText(urls.map((u) => rawUrlOf(u) ?? u).join('\n'))}>
              Use the raw URLs
            </button>
          )
        }
      >
        {urls.length > 0 && (
          <ul className="url-hints" data-testid="url-hints">
            {urls.map((u, i) => {
              const raw = rawUrlOf(u);
              const pin = pinOf(raw ?? u);
              return (
                <li key={`${i}:${u}`} data-pin={pin} {...(raw ? { 'data-raw': raw } : {})}>
                  <code>{u}</code>: {raw ? 'a GitHub page; its raw file will be loaded. ' : ''}
                  {PIN_NOTE[pin]}
                </li>
              );
            })}
          </ul>
        )}
      </TextDialog>
    </>
  );
}
