import { formatPath, pathKey } from '../../core/index.ts';
import type { LostEntry } from '../viewModel/types.ts';
import { dataPath } from './DocumentView.tsx';
import { FATE_BY_KIND } from './fates.ts';

/** Every field lost in the current view (pruned by the schema, or not representable in the target), with the reason. */
export function LostList({
  entries,
  target,
  onSelect,
}: {
  readonly entries: readonly LostEntry[];
  readonly target?: string;
  readonly onSelect: (srcKey: string) => void;
}) {
  return (
    <>
      {entries.length === 0 && (
        <p className="empty">
          Nothing is lost{target ? ` converting to ${target}` : ''}: every field is converted or kept in the property
          bag.
        </p>
      )}
      <ul className="entries" aria-label="Lost">
        {entries.map((e) => (
          <li
            key={`${e.kind}:${formatPath(e.path)}`}
            data-path={dataPath(pathKey(e.path))}
            data-fate={e.kind}
            data-code={e.code}
          >
            <div className="entry-head">
              <span className={`chip fate-${e.kind}`}>{FATE_BY_KIND.get(e.kind)?.label ?? e.kind}</span>
              <button type="button" className="link" onClick={() => onSelect(pathKey(e.path))}>
                <code>{formatPath(e.path)}</code>
              </button>
              <span className="muted">
                {e.stage === 'hub' ? 'on the way to the hub' : `on the way to ${target ?? 'the target'}`}
              </span>
              {e.code && <code className="code-tag">{e.code}</code>}
            </div>
            <p className="reason">{e.reason}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
