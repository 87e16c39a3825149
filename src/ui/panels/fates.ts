// The fate kinds as the panes, the legend and the editor decorations list them: the core's one table.
import { FATE_KIND_ORDER, FATE_KINDS, type FateKind, type FateKindInfo } from '../../core/index.ts';

export const FATES: readonly FateKindInfo[] = FATE_KIND_ORDER.map((k) => FATE_KINDS[k]);

export const FATE_BY_KIND: ReadonlyMap<FateKind, FateKindInfo> = new Map(FATES.map((f) => [f.kind, f]));

export function fateTitle(kind: FateKind | undefined, reason: string | undefined): string | undefined {
  if (!kind) return undefined;
  const label = FATE_KINDS[kind].label;
  return reason ? `${label}: ${reason}` : label;
}
