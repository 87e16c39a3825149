// The "Compare catalogs" dialog's body (loaded on demand by CompareCatalogs): two loaded catalogs, an old and a
// new release of the same CRDs, checked against seed 002's rules (the check `version-explorer check` runs in CI).
import { defaultPair, distinctLabels } from '../catalogs/catalogLabel.ts';
import { useMemo, useState } from 'react';
import type { CompatFinding } from '../../core/index.ts';
import { formatSchemaPath } from '../../core/checks/compat/index.ts';
import type { StoredCatalog } from '../catalogs/catalogStore.ts';
import { compatView } from '../viewModel/compatView.ts';
import { Table } from './Table.tsx';
import { CrdRejectionList } from './CrdRejections.tsx';
import { useCrdAcceptance } from '../queries/catalogQueries.ts';

const MAX_EVIDENCE = 120;
const full = (v: unknown): string | undefined => (v === undefined ? undefined : JSON.stringify(v, null, 1));
const show = (v: unknown): string => {
  if (v === undefined) return '—';
  const s = JSON.stringify(v);
  return s.length > MAX_EVIDENCE ? `${s.slice(0, MAX_EVIDENCE - 1)}…` : s;
};

function FindingRow({ f }: { f: CompatFinding }) {
  return (
    <tr data-rule={f.rule} data-severity={f.severity}>
      <td className={`compat-${f.severity}`}>{f.severity}</td>
      <td>
        <code>{f.rule}</code>
      </td>
      <td>
        {f.kind}
        {f.version !== undefined ? <span className="muted"> {f.version}</span> : null}
      </td>
      <td>
        <code>{formatSchemaPath(f.path)}</code>
      </td>
      <td>
        {/* A long value is cut in the table; its whole text is the title. */}
        <code title={full(f.old)}>{show(f.old)}</code> → <code title={full(f.new)}>{show(f.new)}</code>
      </td>
    </tr>
  );
}

export default function CompareCatalogsBody({ catalogs }: { catalogs: readonly StoredCatalog[] }) {
  const [oldHash, setOldHash] = useState<string>('');
  const [newHash, setNewHash] = useState<string>('');
  const [harmless, setHarmless] = useState(false);
  const pick = (hash: string) => catalogs.find((c) => c.hash === hash);
  // Opens on the two latest loads of the same CRDs, the older release as Old (catalogLabel's defaultPair).
  const pair = defaultPair(catalogs);
  const old = pick(oldHash) ?? pair?.[0] ?? catalogs[0];
  const neu = pick(newHash) ?? pair?.[1] ?? catalogs[0];
  const labels = distinctLabels(catalogs);
  // The new release as the API server would take it: its CEL compiled and cost-estimated (in the worker).
  const served = useCrdAcceptance(neu).data;
  const result = useMemo(() => (old && neu ? compatView(old, neu) : undefined), [old, neu]);
  const report = result?.report;
  const shown = report?.findings.filter((f) => harmless || f.severity !== 'harmless') ?? [];
  const picker = (side: 'Old' | 'New', value: string | undefined, onPick: (hash: string) => void) => (
    <label className="field">
      <span>{side}</span>
      <select aria-label={`${side} catalog`} value={value} onChange={(e) => onPick(e.target.value)}>
        {catalogs.map((c, i) => (
          <option key={c.hash} value={c.hash}>
            {labels[i]}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <>
      <div className="compare-pickers">
        {picker('Old', old?.hash, setOldHash)}
        {picker('New', neu?.hash, setNewHash)}
        <label className="field">
          <input type="checkbox" checked={harmless} onChange={(e) => setHarmless(e.target.checked)} />
          <span>Show harmless changes</span>
        </label>
      </div>
      {result?.error && <p role="alert">{result.error}</p>}
      {report && report.issues.length > 0 && (
        <ul className="compare-issues">
          {report.issues.map((i, n) => (
            <li key={n} data-code={i.code}>
              {i.message}
            </li>
          ))}
        </ul>
      )}
      {report && (
        <p className="compare-verdict" data-ok={String(report.ok)}>
          <strong>{report.ok ? 'Compatible' : 'Incompatible'}</strong>: {report.counts.incompatible} incompatible,{' '}
          {report.counts.compatible} compatible, {report.counts.harmless} harmless; {report.compared.length} kinds
          compared, by the rules of <code>version-explorer check</code> (the project's docs/compatibility.md explains
          each).
        </p>
      )}
      {served && served.refused > 0 && (
        <section className="compare-refused" data-refused={served.refused} aria-label="New release refused">
          <p>
            <strong>The API server would refuse the new release</strong>: {served.refused} of {served.crds} CRD
            {served.crds === 1 ? '' : 's'}, for the reasons below.
          </p>
          <CrdRejectionList result={served} label="Rejections of the new release" />
        </section>
      )}
      {report && shown.length > 0 && (
        <div className="compare-findings">
          <Table label="Findings" columns={['Severity', 'Rule', 'Kind / version', 'Path', 'Old → new']}>
            <tbody>
              {shown.map((f, i) => (
                <FindingRow key={i} f={f} />
              ))}
            </tbody>
          </Table>
        </div>
      )}
      {report && report.findings.length === 0 && <p className="empty">No changes.</p>}
    </>
  );
}
