// The Examples menu: loads a real upstream CRD (by its pinned raw URL) as the catalog and a real sample as the
// input, with the target that shows the point. The files are cached for offline use (share/remoteCache.ts).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { reduce, useExplorer } from '../useExplorerState.ts';
import { UPSTREAM_EXAMPLES, type UpstreamExample } from '../upstreamExamples.ts';
import { loadUrls } from '../share/LoadFromUrl.tsx';
import { fetchCached } from '../share/remoteCache.ts';
import { fetchRemoteText, RemoteError } from '../share/remoteFetch.ts';
import '../share/share.css';

export function ExamplesMenu() {
  const { dispatch } = useExplorer();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();

  const open = async (ex: UpstreamExample) => {
    setBusy(ex.id);
    setProblem(undefined);
    try {
      const [outcome, sample] = await Promise.all([
        loadUrls(ex.crds.map((c) => c.url)),
        fetchCached(ex.sample.url, fetchRemoteText),
      ]);
      const c = outcome.stored;
      if (!c) {
        setProblem(outcome.issues[0]?.message ?? 'The example’s CRD could not be loaded.');
        return;
      }
      await qc.invalidateQueries({ queryKey: ['user-catalogs'] });
      dispatch({
        type: 'update',
        update: (s) => {
          const next = reduce(s, {
            type: 'catalog',
            catalog: { type: 'embedded', name: c.name, hash: c.hash, sources: c.sources },
            input: sample.text,
          });
          return ex.target ? { ...next, targetVersion: ex.target } : next;
        },
      });
    } catch (e) {
      setProblem(e instanceof RemoteError ? e.issue.message : String(e));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <div className="examples" aria-busy={busy ? 'true' : undefined}>
      <select
        aria-label="Examples"
        value=""
        disabled={busy !== undefined}
        onChange={(e) => {
          const ex = UPSTREAM_EXAMPLES.find((x) => x.id === e.target.value);
          if (ex) void open(ex);
        }}
        title="Real CRDs and samples from upstream projects (fetched once, then available offline)"
      >
        <option value="">{busy ? 'Loading example…' : 'Real CRDs…'}</option>
        {UPSTREAM_EXAMPLES.map((x) => (
          <option key={x.id} value={x.id} title={x.shows}>
            {x.title}
          </option>
        ))}
      </select>
      {problem && (
        <span className="share-issue" role="alert" data-testid="example-issue">
          {problem}{' '}
          <button type="button" onClick={() => setProblem(undefined)}>
            Dismiss
          </button>
        </span>
      )}
    </div>
  );
}
