// The kind's versions and the hub as a graph: a star for `direct`, ASO's chain for `chained`. Nodes are
// buttons: clicking one (or Enter / Space) makes it the target version.
import type { KeyboardEvent } from 'react';
import type { Strategy } from '../../core/index.ts';
import type { KindSummary, VersionSummary } from '../viewModel/types.ts';
import { Table } from './Table.tsx';

const H = 36;
const GAP = 18;
const ROW_API = 30;
const ROW_STORAGE = 150;

interface Props {
  readonly kind: KindSummary;
  readonly strategy: Strategy;
  readonly source?: string;
  readonly target?: string;
  readonly onPick: (version: string) => void;
}

/** Versions visited from `a` to the hub along the graph's edges. */
function toHub(next: Map<string, string>, a: string, hub: string): string[] {
  const out = [a];
  let at = a;
  while (at !== hub) {
    const n = next.get(at);
    if (n === undefined || out.includes(n)) break;
    out.push(n);
    at = n;
  }
  return out;
}

export function VersionMap({ kind, strategy, source, target, onPick }: Props) {
  // Node width fits the longest version name (monospace, 12.5px).
  const W = Math.max(96, Math.ceil(Math.max(...kind.versions.map((v) => v.name.length)) * 7.6) + 22);
  const graph = kind.graphs[strategy] ?? kind.graphs[kind.strategy];
  const edges = graph?.edges ?? [];
  const apis = kind.versions.filter((v) => v.role === 'api');
  const storages = kind.versions.filter((v) => v.role === 'storage');
  const byName = new Map(kind.versions.map((v) => [v.name, v]));
  const pos = new Map<string, { x: number; y: number }>();
  const col = (i: number) => 20 + i * (W + GAP);
  apis.forEach((v, i) => pos.set(v.name, { x: col(i), y: ROW_API }));

  // Direct: only the hub matters among the storage variants (every spoke converts straight to it).
  const shownStorage = strategy === 'direct' ? storages.filter((s) => s.name === kind.hub) : storages;
  let extra = apis.length;
  for (const s of shownStorage) {
    const twinAt = s.twin !== undefined ? apis.findIndex((a) => a.name === s.twin) : -1;
    if (strategy === 'direct') pos.set(s.name, { x: (col(0) + col(Math.max(0, apis.length - 1))) / 2, y: ROW_STORAGE });
    else pos.set(s.name, { x: col(twinAt >= 0 ? twinAt : extra++), y: ROW_STORAGE });
  }
  const width = Math.max(col(Math.max(apis.length, extra)) - GAP + 20, W + 40);
  const height = ROW_STORAGE + H + 34;

  const next = new Map(edges.map((e) => [e.from, e.to]));
  const onPath = new Set<string>();
  if (source && target) {
    const up = toHub(next, source, kind.hub);
    const down = toHub(next, target, kind.hub);
    for (const list of [up, down]) for (let i = 0; i + 1 < list.length; i++) onPath.add(`${list[i]}>${list[i + 1]}`);
  }
  const shownEdges = edges.filter((e) => pos.has(e.from) && pos.has(e.to));

  const key = (e: KeyboardEvent, v: string) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onPick(v);
    }
  };

  const node = (v: VersionSummary) => {
    const p = pos.get(v.name);
    if (!p) return null;
    const isHub = v.name === kind.hub;
    const cls = [
      'vm-node',
      isHub ? 'hub' : '',
      v.role,
      v.name === source ? 'source' : '',
      v.name === target ? 'target' : '',
      v.deprecated ? 'deprecated' : '',
    ]
      .filter(Boolean)
      .join(' ');
    const roles = [
      isHub ? 'hub' : v.role === 'storage' ? 'storage' : 'API',
      v.name === source ? 'source' : '',
      v.name === target ? 'target' : '',
      v.deprecated ? 'deprecated' : '',
    ]
      .filter(Boolean)
      .join(', ');
    const tag = isHub
      ? `hub${kind.crdStorageVersion ? ` (CRD storage: ${kind.crdStorageVersion})` : ''}`
      : v.deprecated
        ? 'deprecated'
        : '';
    return (
      <g key={v.name} transform={`translate(${p.x},${p.y})`}>
        <g
          className={cls}
          role="button"
          tabIndex={0}
          aria-label={`${v.name} (${roles})`}
          aria-pressed={v.name === target}
          data-version={v.name}
          onClick={() => onPick(v.name)}
          onKeyDown={(e) => key(e, v.name)}
        >
          <rect width={W} height={H} rx={6} />
          <text x={W / 2} y={H / 2 + 4} textAnchor="middle">
            {v.name}
          </text>
        </g>
        {/* Outside the button, so its name starts with exactly the text it shows (axe: label-content-name-mismatch). */}
        {tag && (
          <text
            className="vm-tag"
            aria-hidden="true"
            x={W / 2}
            y={v.role === 'api' && !isHub ? -8 : H + 14}
            textAnchor="middle"
          >
            {tag}
          </text>
        )}
      </g>
    );
  };

  return (
    <div className="version-map-wrap">
      <p className="question muted">
        Which versions does this kind have, which one is stored, and which way does an object go between them? A click
        on a version makes it the target.
      </p>
      <svg
        className="version-map"
        role="group"
        aria-label="Version map"
        viewBox={`0 0 ${width} ${height}`}
        style={{ maxWidth: width }}
        preserveAspectRatio="xMinYMin meet"
      >
        <defs>
          {(['', ' on'] as const).map((on) => (
            <marker
              key={on}
              id={on ? 'vm-arrow-on' : 'vm-arrow'}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M0,0 L10,5 L0,10 z" className={`vm-arrowhead${on}`} />
            </marker>
          ))}
        </defs>
        {shownEdges.map((e) => {
          const a = pos.get(e.from) as { x: number; y: number };
          const b = pos.get(e.to) as { x: number; y: number };
          const on = onPath.has(`${e.from}>${e.to}`);
          let d: string;
          if (a.y === b.y) {
            const dir = b.x > a.x ? 1 : -1;
            d = `M${a.x + W / 2 + (dir * W) / 2},${a.y + H / 2} L${b.x + W / 2 - (dir * W) / 2},${b.y + H / 2}`;
          } else d = `M${a.x + W / 2},${a.y + H} L${b.x + W / 2},${b.y}`;
          return (
            <path
              key={`${e.from}>${e.to}`}
              d={d}
              className={`vm-edge${on ? ' on' : ''}`}
              markerEnd={`url(#${on ? 'vm-arrow-on' : 'vm-arrow'})`}
              data-edge={`${e.from}>${e.to}`}
            />
          );
        })}
        {apis.map(node)}
        {shownStorage.map((s) => node(byName.get(s.name) as VersionSummary))}
      </svg>
      <p className="muted vm-caption">
        {strategy === 'direct'
          ? 'Direct: every version converts straight to the hub and back.'
          : 'Chained: each API version converts to its storage twin; storage versions convert step by step toward the hub.'}{' '}
        Highlighted arrows: the path of this conversion. Click a version to make it the target.
      </p>
      <VersionTable kind={kind} />
    </div>
  );
}

/** The CRD's own facts per API version: served, storage, deprecated (with its warning), stored in etcd. */
function VersionTable({ kind }: { kind: KindSummary }) {
  const apis = kind.versions.filter((v) => v.role === 'api');
  const hubOf = (v: VersionSummary) => v.name === kind.hub || v.twin === kind.hub;
  return (
    <Table
      label="Versions"
      className="plan vm-versions"
      columns={['Version', 'Served', 'Storage (CRD)', 'Stored objects', 'Deprecated']}
    >
      <tbody>
        {apis.map((v) => (
          <tr key={v.name} data-version={v.name}>
            <td>
              <code>{v.name}</code>
              {hubOf(v) ? <span className="muted"> · hub {kind.hub}</span> : null}
            </td>
            <td>{v.served ? 'yes' : 'no'}</td>
            <td>{v.crdStorage ? 'yes' : ''}</td>
            <td>{kind.storedVersions === undefined ? '?' : kind.storedVersions.includes(v.name) ? 'yes' : ''}</td>
            <td data-deprecated={v.deprecated ? 'true' : undefined}>
              {v.deprecated ? (v.deprecationWarning ?? 'yes') : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
