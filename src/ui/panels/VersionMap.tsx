// The kind's versions and the hub as a graph: a star for `direct`, ASO's chain for `chained`. Nodes are
// buttons: clicking one (or Enter / Space) makes it the target version.
import type { KeyboardEvent } from 'react';
import type { Strategy } from '../../core/index.ts';
import type { KindSummary, VersionSummary } from '../viewModel/types.ts';
import { Table } from './Table.tsx';
import { edgePath, H, placeVersionMap, type MapPlacement, type Point } from './versionMapPlacement.ts';

interface Props {
  readonly kind: KindSummary;
  readonly strategy: Strategy;
  readonly source?: string;
  readonly target?: string;
  readonly onPick: (version: string) => void;
}

interface NodeProps {
  readonly v: VersionSummary;
  readonly at: Point;
  readonly w: number;
  readonly kind: KindSummary;
  readonly source?: string;
  readonly target?: string;
  readonly onPick: (version: string) => void;
}

/** One version: a button (its name), and beside it a tag for the hub or a deprecated version. */
function VersionNode({ v, at: p, w: W, kind, source, target, onPick }: NodeProps) {
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
  const key = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onPick(v.name);
    }
  };
  return (
    <g transform={`translate(${p.x},${p.y})`}>
      <g
        className={cls}
        role="button"
        tabIndex={0}
        aria-label={`${v.name} (${roles})`}
        aria-pressed={v.name === target}
        data-version={v.name}
        onClick={() => onPick(v.name)}
        onKeyDown={key}
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
}

/** The arrowheads: plain, and highlighted for the conversion's path. */
function ArrowMarkers() {
  return (
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
  );
}

function MapEdges({ placed }: { readonly placed: MapPlacement }) {
  return placed.edges.map((e) => {
    const on = placed.onPath.has(`${e.from}>${e.to}`);
    const d = edgePath(placed.pos.get(e.from) as Point, placed.pos.get(e.to) as Point, placed.w);
    return (
      <path
        key={`${e.from}>${e.to}`}
        d={d}
        className={`vm-edge${on ? ' on' : ''}`}
        markerEnd={`url(#${on ? 'vm-arrow-on' : 'vm-arrow'})`}
        data-edge={`${e.from}>${e.to}`}
      />
    );
  });
}

export function VersionMap({ kind, strategy, source, target, onPick }: Props) {
  const placed = placeVersionMap(kind, strategy, source, target);
  const { width, height } = placed;
  const node = (v: VersionSummary) => {
    const at = placed.pos.get(v.name);
    return at ? (
      <VersionNode
        key={v.name}
        v={v}
        at={at}
        w={placed.w}
        kind={kind}
        source={source}
        target={target}
        onPick={onPick}
      />
    ) : null;
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
        <ArrowMarkers />
        <MapEdges placed={placed} />
        {placed.apis.map(node)}
        {placed.shownStorage.map(node)}
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
