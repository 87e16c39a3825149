// Spoke -> hub -> spoke against the input (lossless or not), and "read at version B, write back":
// what a client at an older version destroys when it writes the object back.
import { lazy, Suspense } from 'react';
import { formatPath } from '../../core/index.ts';
import type { RoundTripView as RoundTrip, VersionSummary, WriteBackView } from '../worker/protocol.ts';

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

export function RoundTripView({ roundTrip, writeBack, versions, onWriteBackVersion, dark }: Props) {
  return (
    <section className="roundtrip" aria-label="Round trip">
      {!roundTrip ? (
        <p className="empty">No round trip: the document does not convert.</p>
      ) : (
        <div className="rt-block">
          <h3>
            {roundTrip.version} → hub → {roundTrip.version}{' '}
            <span className={`verdict ${roundTrip.lossless ? 'ok' : 'bad'}`} data-lossless={String(roundTrip.lossless)}>
              {roundTrip.lossless
                ? 'lossless'
                : `not lossless: ${roundTrip.differences.length} difference${roundTrip.differences.length === 1 ? '' : 's'}`}
            </span>
          </h3>
          {!roundTrip.lossless && (
            <ul className="inline-paths" aria-label="Round-trip differences">
              {roundTrip.differences.slice(0, 20).map((p) => (
                <li key={formatPath(p)}>
                  <code>{formatPath(p)}</code>
                </li>
              ))}
            </ul>
          )}
          <Diff original={roundTrip.original} modified={roundTrip.roundTripped} dark={dark} label="Round trip diff" />
        </div>
      )}
      {writeBack && (
        <div className="rt-block">
          <h3>
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
            , write back to the hub{' '}
            <span className={`verdict ${writeBack.lossless ? 'ok' : 'bad'}`} data-lossless={String(writeBack.lossless)}>
              {writeBack.lossless
                ? 'nothing destroyed'
                : `destroys ${writeBack.destroyed.length} field${writeBack.destroyed.length === 1 ? '' : 's'}`}
            </span>
          </h3>
          {!writeBack.lossless && (
            <ul className="inline-paths" aria-label="Destroyed by write-back">
              {writeBack.destroyed.slice(0, 20).map((p) => (
                <li key={formatPath(p)}>
                  <code>{formatPath(p)}</code>
                </li>
              ))}
            </ul>
          )}
          <Diff original={writeBack.before} modified={writeBack.after} dark={dark} label="Write-back diff" />
        </div>
      )}
    </section>
  );
}
