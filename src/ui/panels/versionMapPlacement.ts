// Where the version map draws things: API versions in a row, storage versions below (under their twin when
// chained; only the hub, centred, when direct), and which edges lie on this conversion's path.
import type { Edge, Strategy } from '../../core/index.ts';
import type { KindSummary, VersionSummary } from '../viewModel/types.ts';

export const H = 36;
const GAP = 18;
const ROW_API = 30;
const ROW_STORAGE = 150;

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface MapPlacement {
  /** Node width: fits the longest version name. */
  readonly w: number;
  readonly width: number;
  readonly height: number;
  readonly apis: readonly VersionSummary[];
  /** The storage versions drawn (direct: only the hub). */
  readonly shownStorage: readonly VersionSummary[];
  readonly pos: ReadonlyMap<string, Point>;
  /** Edges between drawn nodes. */
  readonly edges: readonly Edge[];
  /** `from>to` of the edges from the source up to the hub and from the target up to it. */
  readonly onPath: ReadonlySet<string>;
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

export function placeVersionMap(
  kind: KindSummary,
  strategy: Strategy,
  source: string | undefined,
  target: string | undefined,
): MapPlacement {
  // Node width fits the longest version name (monospace, 12.5px).
  const W = Math.max(96, Math.ceil(Math.max(...kind.versions.map((v) => v.name.length)) * 7.6) + 22);
  const graph = kind.graphs[strategy] ?? kind.graphs[kind.strategy];
  const edges = graph?.edges ?? [];
  const apis = kind.versions.filter((v) => v.role === 'api');
  const storages = kind.versions.filter((v) => v.role === 'storage');
  const pos = new Map<string, Point>();
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
  return { w: W, width, height, apis, shownStorage, pos, edges: shownEdges, onPath };
}

/** An edge's line: side to side within a row, bottom to top between rows. */
export function edgePath(a: Point, b: Point, w: number): string {
  if (a.y === b.y) {
    const dir = b.x > a.x ? 1 : -1;
    return `M${a.x + w / 2 + (dir * w) / 2},${a.y + H / 2} L${b.x + w / 2 - (dir * w) / 2},${b.y + H / 2}`;
  }
  return `M${a.x + w / 2},${a.y + H} L${b.x + w / 2},${b.y}`;
}
