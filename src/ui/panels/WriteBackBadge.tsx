// The write-back verdict for the target version, on the Target pane: what a client of that version
// destroys when it reads the object and writes it back (the key fact for whoever upgrades a CRD).
import { formatPath, type Path } from '../../core/index.ts';

export function WriteBackBadge({
  verdict,
  onOpen,
}: {
  readonly verdict: { readonly version: string; readonly destroyed: readonly Path[] };
  readonly onOpen: () => void;
}) {
  const n = verdict.destroyed.length;
  const text =
    n === 0
      ? `write-back at ${verdict.version}: nothing lost`
      : `a ${verdict.version} client writing this back destroys ${n} field${n === 1 ? '' : 's'}`;
  const list = verdict.destroyed
    .slice(0, 10)
    .map((p) => formatPath(p))
    .join(', ');
  return (
    <button
      type="button"
      className={`verdict writeback-badge ${n === 0 ? 'ok' : 'bad'}`}
      data-testid="writeback-badge"
      data-destroyed={n}
      title={`${n === 0 ? 'Reading at' : `Destroyed: ${list}${n > 10 ? ', …' : ''}. Reading at`} ${verdict.version} and writing back to the hub. Open the Round trip tab for the diff.`}
      onClick={onOpen}
    >
      {text}
    </button>
  );
}
