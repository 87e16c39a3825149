import { formatPath, pathKey, stringifyJsonExact } from '../../core/index.ts';
import type { BagEntry } from '../viewModel/types.ts';
import { dataPath } from './DocumentView.tsx';

function show(v: unknown): string {
  return typeof v === 'string' ? v : stringifyJsonExact(v, 2);
}

/** Every `$propertyBag` entry of the hub: its path, the raw stored string and the decoded value. */
export function PropertyBagList({
  entries,
  onSelect,
}: {
  readonly entries: readonly BagEntry[];
  readonly onSelect: (srcKey: string) => void;
}) {
  return (
    <>
      {entries.length === 0 && (
        <p className="empty">The hub’s property bag is empty: every field has a place in the storage version.</p>
      )}
      <ul className="entries" aria-label="Property bag">
        {entries.map((e) => (
          <li key={formatPath(e.path)} data-path={dataPath(pathKey(e.path))} data-key={e.key}>
            <div className="entry-head">
              <button
                type="button"
                className="link"
                onClick={() => e.sourcePath && onSelect(pathKey(e.sourcePath))}
                disabled={!e.sourcePath}
              >
                <code>{formatPath(e.path)}</code>
              </button>
              {e.sourcePath && (
                <span className="muted">
                  from <code>{formatPath(e.sourcePath)}</code>
                </span>
              )}
            </div>
            {e.reason && <p className="reason">{e.reason}</p>}
            <dl className="bag-values">
              <dt>stored</dt>
              <dd>
                <code className="raw">{e.raw}</code>
              </dd>
              <dt>decoded</dt>
              <dd>
                <pre className="decoded">{show(e.decoded)}</pre>
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
