// Spoke -> hub -> spoke against the input (lossless or not), and "read at version B, write back":
// what a client at an older version destroys when it writes the object back.
import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import type { Path } from '../../core/index.ts';
import { formatPath } from '../../core/index.ts';
import type { BeforeAfterView, RoundTripView as RoundTrip, VersionSummary, WriteBackView } from '../viewModel/types.ts';

const DiffView = lazy(() => import('../editor/DiffView.tsx'));

interface Props {
  readonly roundTrip?: RoundTrip;
  readonly writeBack?: WriteBackView;
  readonly versions: readonly VersionSummary[];
  readonly onWriteBackVersion: (v: string) => void;
  readonly dark: boolean;
}

function Diff({
  original,
  modified,
  dark,
  label,
}: {
  original: string;
  modified: string;
  dark: boolean;
  label: string;
}) {
  return (
    <div className="diff-host">
      <Suspense fallback={<pre className="preview">{modified}</pre>}>
        <DiffView original={original} modified={modified} dark={dark} label={label} />
      </Suspense>
    </div>
  );
}

/** One trip: its title and verdict, the paths that differ (the first 20), and the diff. */
function Trip({
  view,
  title,
  verdict,
  paths,
  pathsLabel,
  diffLabel,
  dark,
}: {
  view: BeforeAfterView;
  title: ReactNode;
  verdict: string;
  paths: readonly Path[];
  pathsLabel: string;
  diffLabel: string;
  dark: boolean;
}) {
  return (
    <div className="rt-block">
      <h3>
        {title}{' '}
        <span className={`verdict ${view.lossless ? 'ok' : 'bad'}`} data-lossless={String(view.lossless)}>
          {verdict}
        </span>
      </h3>
      {!view.lossless && (
        <ul className="inline-paths" aria-label={pathsLabel}>
          {paths.slice(0, 20).map((p) => (
            <li key={formatPath(p)}>
              <code>{formatPath(p)}</code>
            </li>
          ))}
        </ul>
      )}
      <Diff original={view.before} modified={view.after} dark={dark} label={diffLabel} />
    </div>
  );
}

const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

export function RoundTripView({ roundTrip, writeBack, versions, onWriteBackVersion, dark }: Props) {
  return (
    <section className="roundtrip" aria-label="Round trip">
      {!roundTrip ? (
        <p className="empty">No round trip: the document does not convert.</p>
      ) : (
        <Trip
          view={roundTrip}
          title={`${roundTrip.version} → ${roundTrip.through} → ${roundTrip.version}`}
          verdict={
            roundTrip.lossless ? 'lossless' : `not lossless: ${plural(roundTrip.differences.length, 'difference')}`
          }
          paths={roundTrip.differences}
          pathsLabel="Round-trip differences"
          diffLabel="Round trip diff"
          dark={dark}
        />
      )}
      {writeBack && (
        <Trip
          view={writeBack}
          title={
            <>
              <label className="field">
                Read at
                <select
                  aria-label="Read at version"
                  value={writeBack.version}
                  onChange={(e) => onWriteBackVersion(e.target.value)}
                >
                  {versions
                    .filter((v) => v.role === 'api')
                    .map((v) => (
                      <option key={v.name} value={v.name}>
                        {v.name}
                      </option>
                    ))}
                </select>
              </label>
              , write back to the hub
            </>
          }
          verdict={writeBack.lossless ? 'nothing destroyed' : `destroys ${plural(writeBack.destroyed.length, 'field')}`}
          paths={writeBack.destroyed}
          pathsLabel="Destroyed by write-back"
          diffLabel="Write-back diff"
          dark={dark}
        />
      )}
    </section>
  );
}
