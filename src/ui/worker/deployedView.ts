// The as-deployed view for the worker: runs core's API server pipeline (runDeployed) and shapes it into panes
// (Stored, Target), the fate list and the write-loss banner. No pipeline logic here.
import {
  conversionUndeclared,
  deployedStorageVersion,
  deployedVersions,
  formatPath,
  pathKey,
  runDeployed,
  type Catalog,
  type ConversionStrategy,
  type DeployedFate,
  type DeployedFateKind,
  type FateKind,
  type HookRegistry,
  type Kind,
  type Version,
} from '../../core/index.ts';
import type { DeployedFateRow, DeployedView, PaneView, SourceFate } from './protocol.ts';
import { countFates, renderPacked, type FateInfo } from './renderLines.ts';
import { DEPLOYED_FATE_WORDS } from './deployedWords.ts';

/** The panes' colours are the ASO view's fate classes: a drop reads as lost (pruned when by the written version). */
const COLOUR: Record<DeployedFateKind, FateKind | undefined> = {
  'dropped-on-write': 'lost',
  'dropped-on-read': 'lost',
  defaulted: 'converted',
  'null-removed': undefined,
  'metadata-coerced': 'converted',
  'metadata-restored': 'converted',
  'webhook-not-modelled': 'manual',
  converted: 'converted',
  copied: 'copied',
};

export const fateWords = (f: { kind: DeployedFateKind; on: string; by: string }): string =>
  f.kind === 'copied' ? DEPLOYED_FATE_WORDS.copied : `${DEPLOYED_FATE_WORDS[f.kind]} (${f.on} · ${f.by})`;

function paneOf(version: string, doc: unknown, fates: readonly DeployedFate[], pane: DeployedFate['pane']): PaneView {
  const m = new Map<string, FateInfo>();
  for (const f of fates) {
    const kind = COLOUR[f.kind];
    if (f.pane !== pane || !kind || f.kind.startsWith('dropped')) continue;
    const k = pathKey(f.path);
    if (!m.has(k) || f.kind !== 'copied') m.set(k, { kind, reason: fateWords(f) });
  }
  return { version, lines: renderPacked(doc, m), counts: countFates(m.values()) };
}

const row = (f: DeployedFate): DeployedFateRow => ({
  kind: f.kind,
  on: f.on,
  by: f.by,
  cause: f.cause,
  pane: f.pane,
  path: formatPath(f.path),
  segments: f.path,
});

/** The target the deployed view reads at: the asked version when the CRD has it, else the storage version. */
function readVersion(kind: Kind, asked: string | undefined): Version {
  return deployedVersions(kind).find((v) => v.name === asked) ?? deployedStorageVersion(kind);
}

export function deployedView(
  catalog: Catalog,
  kind: Kind,
  from: Version,
  doc: Record<string, unknown>,
  to: string | undefined,
  conversion: ConversionStrategy | undefined,
  hooks: HookRegistry | undefined,
  allFates: boolean,
): { view: DeployedView; sourceFates: SourceFate[] } {
  const T = readVersion(kind, to);
  const r = runDeployed(catalog, kind, from, doc, T, {
    fates: allFates,
    ...(conversion ? { conversion } : {}),
    ...(hooks ? { hooks } : {}),
  });
  const listed = r.fates.filter((f) => f.kind !== 'copied');
  // The input is shown in the editor: drops (on write by V or S, on read by T) colour the fields the user wrote.
  const sourceFates: SourceFate[] = listed
    .filter((f) => f.kind === 'dropped-on-write' || f.kind === 'dropped-on-read')
    .map((f) => ({
      path: pathKey(f.path),
      fate: f.on === 'write' && f.by === from.name ? 'pruned' : 'lost',
      reason: fateWords(f),
    }));
  return {
    view: {
      from: from.name,
      storage: r.storage,
      to: T.name,
      conversion: r.conversion,
      conversionUndeclared: conversionUndeclared(kind),
      versions: deployedVersions(kind).map((v) => v.name),
      stored: paneOf(r.storage, r.stored, r.fates, 'stored'),
      target: paneOf(T.name, r.target, r.fates, 'target'),
      fates: listed.map(row),
      droppedOnWrite: listed.filter((f) => f.kind === 'dropped-on-write').map(row),
      rejected: r.rejected,
    },
    sourceFates,
  };
}
