// The "Compare catalogs" dialog's body (loaded on demand by CompareCatalogs): two loaded catalogs, an old and a
// new release of the same CRDs, checked against seed 002's rules (the check `version-explorer check` runs in CI).
import { catalogLabel } from '../catalogs/catalogLabel.ts';
import { useMemo, useState } from 'react';
import type { CompatFinding } from '../../core/index.ts';
import { formatSchemaPath } from '../../core/checks/compat/index.ts';
import type { StoredCatalog } from '../catalogs/catalogStore.ts';
import { compatView } from '../viewModel/compatView.ts';
import { Table } from './Table.tsx';

const MAX_EVIDENCE = 120;
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
        <code>{show(f.old)}</code> → <code>{show(f.new)}</code>
      </td>
    </tr>
  );
}

export default function CompareCatalogsBody({ catalogs }: { catalogs: readonly StoredCatalog[] }) {
  const [oldHash, setOldHash] = useState<string>('');
  const [newHash, setNewHash] = useState<string>('');
  const [harmless, setHarmless] = useState(false);
  const pick = (hash: string) => catalogs.find((c) => c.hash === hash);
  const old = pick(oldHash) ?? catalogs[0];
  const neu = pick(newHash) ?? catalogs[1] ?? catalogs[0];
  const result = useMemo(() => (old && neu ? compatView(old, neu) : undefined), [old, neu]);
  const report = result?.report;
  const shown = report?.findings.filter((f) => harmless || f.severity !== 'harmless') ?? [];
  const picker = (side: 'Old' | 'New', value: string | undefined, onPick: (hash: string) => void) => (
    <label className="field">
      <span>{side}</span>
      <select aria-label={`${side} catalog`} value={value} onChange={(e) => onPick(e.target.value)}>
        {catalogs.map((c) => (
          <option key={c.hash} value={c.hash}>
            {catalogLabel(c)}
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
          compared. Rules: docs/compatibility.md.
        </p>
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
