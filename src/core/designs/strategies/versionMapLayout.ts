// Seed 003's version map pictures as values: the storage node in the middle, every version around it, one line per
// conversion. The UI draws the layout as SVG elements; `versionMapSvg` writes the same picture as text (docs).
import type { VersionMap, VersionMapEdge, VersionMapNode } from './strategyTypes.ts';

export interface MapNodeLayout extends VersionMapNode {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface MapEdgeLayout extends VersionMapEdge {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

export interface MapLayout {
  readonly width: number;
  readonly height: number;
  readonly nodes: readonly MapNodeLayout[];
  readonly edges: readonly MapEdgeLayout[];
}

/** Stroke colour and dash pattern per edge kind; fill and stroke per node state. One palette for UI and docs. */
export const MAP_STYLE = {
  edge: {
    converts: { stroke: '#2f6f4f', dash: '' },
    bag: { stroke: '#3d63b8', dash: '6 4' },
    lost: { stroke: '#b83d3d', dash: '3 3' },
    retired: { stroke: '#9a9a9a', dash: '1 4' },
  },
  node: {
    storage: { fill: '#fff3c4', stroke: '#8a6d00' },
    current: { fill: '#e8f3ec', stroke: '#2f6f4f' },
    retired: { fill: '#f2f2f2', stroke: '#9a9a9a' },
  },
  text: '#1d1d1d',
  mutedText: '#6b6b6b',
} as const;

const CHAR = 7.2;
const NODE_H = 26;
const PAD = 16;

const nodeWidth = (label: string): number => Math.round(label.length * CHAR + 20);

const GAP = 4;

function overlaps(a: MapNodeLayout, b: MapNodeLayout): boolean {
  return (
    a.x < b.x + b.width + GAP && b.x < a.x + a.width + GAP && a.y < b.y + b.height + GAP && b.y < a.y + a.height + GAP
  );
}

/** Versions on an ellipse around the centre, clockwise from the top, oldest first (a clock face). */
function placeSpokes(
  spokes: readonly VersionMapNode[],
  rx: number,
  ry: number,
  cx: number,
  cy: number,
): MapNodeLayout[] {
  const round = (v: number) => Math.round(v * 10) / 10;
  return spokes.map((n, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(spokes.length, 1);
    const w = nodeWidth(n.id);
    return {
      ...n,
      x: round(cx + rx * Math.cos(angle) - w / 2),
      y: round(cy + ry * Math.sin(angle) - NODE_H / 2),
      width: w,
      height: NODE_H,
    };
  });
}

export function layoutVersionMap(map: VersionMap): MapLayout {
  const spokes = map.nodes.filter((n) => n.role === 'version');
  const hubNode = map.nodes.find((n) => n.role === 'storage');
  const widest = Math.max(...map.nodes.map((n) => nodeWidth(n.id)), 60);
  const hubWidth = hubNode ? nodeWidth(hubNode.id) : 0;
  // An ellipse wider than tall (labels are wide), grown until no two nodes touch.
  let radius = Math.max(80, Math.round((spokes.length * (NODE_H + 14)) / Math.PI));
  let placed: MapNodeLayout[] = [];
  let hub: MapNodeLayout | undefined;
  let width = 0;
  let height = 0;
  for (let tries = 0; tries < 100; tries++, radius += 8) {
    const rx = radius + Math.max(widest, hubWidth) / 2;
    width = Math.round(2 * rx + widest + 2 * PAD);
    height = Math.round(2 * radius + NODE_H + 2 * PAD);
    const cx = width / 2;
    const cy = height / 2;
    placed = placeSpokes(spokes, rx, radius, cx, cy);
    hub = hubNode
      ? { ...hubNode, x: cx - hubWidth / 2, y: cy - NODE_H / 2, width: hubWidth, height: NODE_H }
      : undefined;
    const all = hub ? [hub, ...placed] : placed;
    if (!all.some((a, i) => all.slice(i + 1).some((b) => overlaps(a, b)))) break;
  }
  const byId = new Map([...(hub ? [hub] : []), ...placed].map((n) => [n.id, n]));
  const centre = (n: MapNodeLayout | undefined) =>
    n ? { x: n.x + n.width / 2, y: n.y + n.height / 2 } : { x: width / 2, y: height / 2 };
  const round = (v: number) => Math.round(v * 10) / 10;
  const edges = map.edges.map((e) => {
    const a = centre(byId.get(e.from));
    const b = centre(byId.get(e.to));
    return { ...e, x1: round(a.x), y1: round(a.y), x2: round(b.x), y2: round(b.y) };
  });
  return { width, height, nodes: hub ? [hub, ...placed] : placed, edges };
}

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function nodeStyle(n: VersionMapNode): { fill: string; stroke: string } {
  return n.role === 'storage' ? MAP_STYLE.node.storage : MAP_STYLE.node[n.status];
}

/** The map as a standalone SVG document (for Markdown docs). */
export function versionMapSvg(map: VersionMap, title: string): string {
  const l = layoutVersionMap(map);
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${l.width}" height="${l.height}" viewBox="0 0 ${l.width} ${l.height}" font-family="sans-serif" font-size="12">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${l.width}" height="${l.height}" fill="#ffffff"/>`,
  ];
  for (const e of l.edges) {
    const s = MAP_STYLE.edge[e.kind];
    out.push(
      `<line x1="${e.x1}" y1="${e.y1}" x2="${e.x2}" y2="${e.y2}" stroke="${s.stroke}" stroke-width="2"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}><title>${escapeXml(
        [`${e.from} → ${e.to}: ${e.kind}`, ...e.notes].join('\n'),
      )}</title></line>`,
    );
  }
  for (const n of l.nodes) {
    const s = nodeStyle(n);
    out.push(
      `<rect x="${n.x}" y="${n.y}" width="${n.width}" height="${n.height}" rx="6" fill="${s.fill}" stroke="${s.stroke}"${n.status === 'retired' ? ' stroke-dasharray="4 3"' : ''}/>`,
      `<text x="${n.x + n.width / 2}" y="${n.y + n.height / 2 + 4}" text-anchor="middle" fill="${n.status === 'retired' ? MAP_STYLE.mutedText : MAP_STYLE.text}"${n.preview ? ' font-style="italic"' : ''}${n.role === 'storage' ? ' font-weight="bold"' : ''}>${escapeXml(n.id)}</text>`,
    );
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
