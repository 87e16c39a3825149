import { layoutVersionMap, MAP_STYLE, nodeStyle, type VersionMap } from '../../core/index.ts';

/** Seed 003's hub-and-spoke picture, drawn from the same layout as the docs' SVG files (versionMapLayout.ts). */
export function VersionMapDiagram({ map, title }: { readonly map: VersionMap; readonly title: string }) {
  const l = layoutVersionMap(map);
  return (
    <svg
      className="strategy-map"
      role="img"
      aria-label={title}
      width={l.width}
      height={l.height}
      viewBox={`0 0 ${l.width} ${l.height}`}
      fontFamily="sans-serif"
      fontSize={12}
    >
      <title>{title}</title>
      {l.edges.map((e) => {
        const s = MAP_STYLE.edge[e.kind];
        return (
          <line
            key={`${e.from}->${e.to}`}
            data-edge={e.kind}
            data-from={e.from}
            x1={e.x1}
            y1={e.y1}
            x2={e.x2}
            y2={e.y2}
            stroke={s.stroke}
            strokeWidth={2}
            {...(s.dash ? { strokeDasharray: s.dash } : {})}
          >
            <title>{[`${e.from} → ${e.to}: ${e.kind}`, ...e.notes].join('\n')}</title>
          </line>
        );
      })}
      {l.nodes.map((n) => {
        const s = nodeStyle(n);
        return (
          <g key={n.id} data-node={n.id} data-status={n.status}>
            <rect
              x={n.x}
              y={n.y}
              width={n.width}
              height={n.height}
              rx={6}
              fill={s.fill}
              stroke={s.stroke}
              {...(n.status === 'retired' ? { strokeDasharray: '4 3' } : {})}
            />
            <text
              x={n.x + n.width / 2}
              y={n.y + n.height / 2 + 4}
              textAnchor="middle"
              fill={n.status === 'retired' ? MAP_STYLE.mutedText : MAP_STYLE.text}
              fontStyle={n.preview ? 'italic' : undefined}
              fontWeight={n.role === 'storage' ? 'bold' : undefined}
            >
              {n.id}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
