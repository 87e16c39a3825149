// The fate kinds as the panes, the legend and the editor decorations list them: the core's one table.
import { FATE_KIND_ORDER, FATE_KINDS, type FateKind, type FateKindInfo } from '../../core/index.ts';

export const FATES: readonly FateKindInfo[] = FATE_KIND_ORDER.map((k) => FATE_KINDS[k]);

export const FATE_BY_KIND: ReadonlyMap<FateKind, FateKindInfo> = new Map(FATES.map((f) => [f.kind, f]));

/** A hover's text: the fate and why. A reason that only repeats the fate's name gives way to its help. */
export function fateTitle(kind: FateKind | undefined, reason: string | undefined): string | undefined {
  if (!kind) return undefined;
  const f = FATE_KINDS[kind];
  const said = !reason || reason === kind || reason === f.label;
  return said ? `${f.label}: ${f.meaning}` : `${f.label}: ${reason}`;
}

/**
 * Why a field is missing from a pane, in the reader's words: "v2 has no `patchesStrategicMerge`: a v2
 * client does not see it".
 */
export function ghostNote(
  kind: FateKind | undefined,
  key: string | undefined,
  version: string,
  typeChange?: string,
): string {
  const field = key === undefined ? 'this item' : `\`${key}\``;
  if (kind === 'pruned') return `${field} is not in the source version's schema: the API server drops it`;
  // The field is there in both versions, with different types: saying the version lacks it would be false.
  if (typeChange !== undefined)
    return `${field} changed type (${typeChange}): a ${version} client does not see this value`;
  return `${version} has no ${field}: a ${version} client does not see it`;
}

/** "2016-03-01 `Level`, 2016-09-01 `ClusterPropertiesReliabilityLevel`" from a Changes row's "*Level -> *Cluster…". */
export function typeChangeWords(from: string, to: string, detail: string): string {
  const [a, b] = detail.split(' -> ').map((t) => t.trim().replace(/^\*/, ''));
  return `${a ?? '?'} in ${from}, ${b ?? '?'} in ${to}`;
}
