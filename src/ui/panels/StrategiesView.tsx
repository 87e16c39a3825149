import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { censusRows, type Design, type StrategyComparison, type TimelineStep } from '../../core/index.ts';
import { conversionClient } from '../worker/conversionClient.ts';
import type { KindSummary } from '../viewModel/types.ts';
import { VersionMapDiagram } from './VersionMapDiagram.tsx';
import { Table } from './Table.tsx';
import { Term, type GlossaryTerm } from './Term.tsx';
import './strategies.css';

type Mode = 'kind' | 'census';

/** The Strategies tab: seed 003's storage designs for the current kind, or the catalog's census of changes. */
export function StrategiesView({ catalogKey, kind }: { readonly catalogKey?: string; readonly kind?: KindSummary }) {
  const [mode, setMode] = useState<Mode>('kind');
  if (catalogKey === undefined) return <p className="empty">Loading the catalog…</p>;
  return (
    <div className="strategies">
      <div className="strategies-mode" role="radiogroup" aria-label="Strategies view">
        {(
          [
            ['kind', 'Storage designs'],
            ['census', 'Census'],
          ] as const
        ).map(([id, label]) => (
          <label key={id}>
            <input type="radio" name="strategies-mode" checked={mode === id} onChange={() => setMode(id)} /> {label}
          </label>
        ))}
      </div>
      <p className="question muted">
        {mode === 'census'
          ? 'How often does each kind of change happen between the versions of this catalog’s CRDs?'
          : 'Which way of storing this kind keeps every field of its history, and what does each way cost?'}
      </p>
      {mode === 'census' ? (
        <CensusView catalogKey={catalogKey} />
      ) : kind ? (
        // keyed: another kind starts from its own full history and every release in the horizon
        <Comparison key={`${catalogKey}/${kind.group}/${kind.kind}`} catalogKey={catalogKey} kind={kind} />
      ) : (
        <p className="empty">No kind selected.</p>
      )}
    </div>
  );
}

function Comparison({ catalogKey, kind }: { readonly catalogKey: string; readonly kind: KindSummary }) {
  const [horizon, setHorizon] = useState<number | undefined>();
  const [at, setAt] = useState<string | undefined>();
  const q = useQuery({
    queryKey: ['strategies', catalogKey, kind.group, kind.kind, horizon ?? null, at ?? null],
    queryFn: () =>
      conversionClient().strategies({
        catalogKey,
        group: kind.group,
        kind: kind.kind,
        ...(horizon !== undefined ? { horizon } : {}),
        ...(at !== undefined ? { at } : {}),
      }),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
  const c = q.data?.comparison;
  if (!c) {
    const problem = q.data?.issues[0]?.message;
    return <p className="empty">{problem ?? 'Comparing storage designs…'}</p>;
  }
  const apis = kind.versions.filter((v) => v.role === 'api').map((v) => v.name);
  const shown = Math.min(horizon ?? c.releaseCount, c.releaseCount);
  const retired = c.versions.filter((v) => v.status === 'retired').map((v) => v.name);
  return (
    <div className="strategies-kind" data-busy={q.isFetching ? 'true' : 'false'}>
      <div className="strategies-controls">
        <label>
          <Term term="horizon">Horizon</Term>{' '}
          <input
            type="range"
            aria-label="Horizon (newest releases kept)"
            data-testid="horizon"
            min={1}
            max={c.releaseCount}
            value={shown}
            onChange={(e) => setHorizon(Number(e.target.value))}
          />{' '}
          <output data-testid="horizon-value">
            newest {shown} of {c.releaseCount} release{c.releaseCount === 1 ? '' : 's'}
          </output>
        </label>
        <label>
          As of{' '}
          <select aria-label="As of version" value={c.at} onChange={(e) => setAt(e.target.value)}>
            {apis.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <span className="strategies-retired" data-testid="retired">
          {retired.length > 0 ? `Retired: ${retired.join(', ')}` : 'Every version generated'}
        </span>
      </div>
      <div className="designs">
        {c.designs.map((d) => (
          <DesignCard key={d.id} design={d} comparison={c} />
        ))}
      </div>
      <Timeline steps={c.timeline} horizon={c.horizon} />
    </div>
  );
}

function DesignCard({
  design: d,
  comparison: c,
}: {
  readonly design: Design;
  readonly comparison: StrategyComparison;
}) {
  return (
    <section className="design" data-design={d.id} aria-label={d.title}>
      <h3>{d.title}</h3>
      <p>
        storage <code>{d.storage}</code>
        {d.assumed ? ' (assumed)' : ''}, <span data-testid="property-count">{d.propertyCount}</span> properties
      </p>
      <VersionMapDiagram map={d.map} title={`${c.kind} as of ${c.at}: ${d.title}`} />
      {d.losses.length === 0 ? (
        <p className="ok">No losses.</p>
      ) : (
        <Table label={`${d.title}: losses`} columns={['Loss', 'Property', 'Versions']}>
          <tbody>
            {d.losses.map((l) => (
              <tr
                key={`${l.kind}/${l.path}/${l.storedAs ?? ''}`}
                data-loss={l.kind}
                data-path={l.path}
                title={l.detail}
              >
                <td>
                  {l.kind}
                  {l.previewOnly ? ' (pre-release only)' : ''}
                </td>
                <th scope="row" className="mono">
                  {l.path}
                  {l.storedAs ? ` → ${l.storedAs}` : ''}
                </th>
                <td>{l.versions.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {d.kept.length > 0 && (
        <details>
          <summary>
            <Term term="kept outside the schema">Kept outside the schema</Term> ({d.kept.length})
          </summary>
          <ul className="kept">
            {d.kept.map((k) => (
              <li key={`${k.how}/${k.path}`} data-kept={k.how}>
                <code>{k.path}</code> ({k.versions.join(', ')}): {k.detail}
              </li>
            ))}
          </ul>
        </details>
      )}
      <ul className="notes">
        {d.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </section>
  );
}

const EVENTS: readonly [keyof TimelineStep, GlossaryTerm][] = [
  ['bloat', 'bloat'],
  ['forgotten', 'amnesia'],
  ['collisions', 'collision'],
  ['retyped', 'retyped'],
];

function Timeline({ steps, horizon }: { readonly steps: readonly TimelineStep[]; readonly horizon: number | null }) {
  return (
    <div className="table-wrap">
      <Table
        label="Timeline"
        columns={['Release', 'Fixed', 'Hub', 'Events']}
        caption={`Fixed storage release by release${horizon === null ? '' : `, horizon ${horizon}`} (rolling hub size beside it)`}
      >
        <tbody>
          {steps.map((s) => (
            <tr key={s.version} data-version={s.version}>
              <th scope="row" className="mono">
                {s.version}
              </th>
              <td>{s.fixedPropertyCount}</td>
              <td>{s.hubPropertyCount}</td>
              <td>
                {s.retiring.length > 0 && <span className="event">retires {s.retiring.join(', ')}</span>}
                {EVENTS.map(([field, label]) => {
                  const paths = s[field] as readonly string[];
                  return paths.length > 0 ? (
                    <span key={field} className={`event event-${label}`} data-event={label}>
                      <Term term={label}>{label}</Term>: {paths.join(', ')}
                    </span>
                  ) : null;
                })}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function CensusView({ catalogKey }: { readonly catalogKey: string }) {
  const q = useQuery({
    queryKey: ['census', catalogKey],
    queryFn: () => conversionClient().census(catalogKey),
    staleTime: Infinity,
  });
  const census = q.data?.census;
  if (!census) return <p className="empty">{q.data?.issues[0]?.message ?? 'Counting changes…'}</p>;
  return (
    <div className="census">
      <p>
        {census.totals.kinds} kinds, {census.totals.pairs} pairs of consecutive versions: how often each kind of change
        happens.
      </p>
      <Table label="Census totals" columns={['Change', 'Version pairs', 'Properties']}>
        <tbody>
          {censusRows(census.totals).map((r) => (
            <tr key={r.what}>
              <th scope="row" className={r.what.startsWith(' ') ? 'indent' : undefined}>
                {r.what.trim()}
              </th>
              <td>{r.pairs}</td>
              <td>{r.properties}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Table label="Census pairs" columns={['Kind', 'Versions', 'Changes', 'Evidence']}>
        <tbody>
          {census.pairs.map((p) => (
            <tr key={`${p.group}/${p.kind}/${p.from}`} data-pair={`${p.kind} ${p.from} ${p.to}`}>
              <th scope="row">{p.kind}</th>
              <td className="mono">
                {p.from} → {p.to}
              </td>
              <td>{p.categories.join(', ')}</td>
              <td>
                {p.renamed.map((r) => (
                  <div key={r.path}>
                    rename <code>{r.path}</code> → <code>{r.to}</code>{' '}
                    {r.configured ? '(configured)' : `(similarity ${r.similarity}${r.caseOnly ? ', case only' : ''})`}
                  </div>
                ))}
                {p.typeChanged.map((t) => (
                  <div key={t.path}>
                    type <code>{t.path}</code>: {t.from} → {t.to}
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
