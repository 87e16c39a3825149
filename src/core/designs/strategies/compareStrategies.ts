// Seed 003's question for any kind: which storage design keeps what, over the kind's history. Three designs:
// - fixed: one superset type over the versions inside the horizon (seed 003; CONVERSION.md section 2 "fixed");
// - rolling hub: ASO's hub, the storage variant of the newest GA version, with `$propertyBag` (seed 001);
// - as deployed: the CRD's own `storage: true` version; a write at another version is pruned by its schema.
//   Schema-level only: a property of a version that the storage version lacks is pruned on write (with
//   conversion None; a webhook could move it elsewhere). The API server pipeline itself is not run here.
// Each design is its own module (fixedDesign.ts, rollingHubDesign.ts, asDeployedDesign.ts); this one splits the
// history at the horizon, runs them, and builds the release-by-release timeline.
import { issue, type Issue } from '../../model/issue.ts';
import type { Catalog, Kind, Version } from '../../model/model.ts';
import { findKindOrIssue, findVersion, type KindRef } from '../../catalog/catalogLookup.ts';
import { hubFor } from '../../versions/buildKind.ts';
import { isPreRelease } from '../../versions/versionOrder.ts';
import { fieldKey } from './fieldTree.ts';
import { buildFixedStorage, topmost, type FixedStorage } from './fixedStorage.ts';
import { newestGa, releases, splitAtHorizon } from './horizon.ts';
import { storageView } from './designParts.ts';
import { fixedDesign } from './fixedDesign.ts';
import { rollingHubDesign } from './rollingHubDesign.ts';
import { asDeployedDesign } from './asDeployedDesign.ts';
import type { CompareOptions, Design, StrategyComparison, TimelineStep } from './strategyTypes.ts';

export type {
  DesignId,
  LossKind,
  Loss,
  Kept,
  StoragePropertyView,
  VersionMapNode,
  VersionMapEdge,
  VersionMap,
  Design,
  TimelineStep,
  StrategyComparison,
  CompareOptions,
} from './strategyTypes.ts';

function splitHistory(kind: Kind, history: Version[], horizon: number | undefined) {
  const split = splitAtHorizon(
    history.map((v) => v.name),
    horizon,
  );
  const byName = new Map(history.map((v) => [v.name, v]));
  const pick = (ns: readonly string[]) => ns.map((n) => byName.get(n) as Version);
  return {
    current: pick(split.current),
    retired: pick(split.retired),
    fixed: buildFixedStorage(kind, pick(split.current)),
  };
}

function timeline(kind: Kind, history: Version[], horizon: number | undefined): TimelineStep[] {
  const steps: TimelineStep[] = [];
  let prev: { fixed: FixedStorage; current: Version[] } | undefined;
  for (let i = 0; i < history.length; i++) {
    const upTo = history.slice(0, i + 1);
    const s = splitHistory(kind, upTo, horizon);
    const props = s.fixed.properties.filter((p) => !p.container);
    const now = new Map(props.map((p) => [fieldKey(p.path), p]));
    const before = new Map(
      (prev?.fixed.properties ?? []).filter((p) => !p.container).map((p) => [fieldKey(p.path), p]),
    );
    const paths = (ps: readonly { path: readonly string[] }[]) => topmost(ps).map((p) => fieldKey(p.path));
    const gaName = newestGa(s.current.map((v) => v.name));
    const hubName = gaName === undefined ? undefined : hubFor(kind, gaName);
    const hub = hubName === undefined ? undefined : findVersion(kind, hubName);
    const newBloat = props.filter((p) => p.obsolete && before.get(fieldKey(p.path))?.obsolete !== true);
    steps.push({
      version: history[i]?.name as string,
      current: s.current.map((v) => v.name),
      retiring: (prev?.current ?? []).filter((v) => !s.current.includes(v)).map((v) => v.name),
      fixedPropertyCount: props.length,
      hubPropertyCount: hub ? storageView(kind, hub, s.current).properties.length : 0,
      added: paths(props.filter((p) => !before.has(fieldKey(p.path)))),
      bloat: paths(newBloat),
      bloatPreviewOnly: paths(newBloat.filter((p) => p.previewOnly)),
      forgotten: paths([...before.values()].filter((p) => !now.has(fieldKey(p.path)))),
      collisions: paths(props.filter((p) => p.collidesWith && !before.has(fieldKey(p.path)))),
      retyped: paths(
        props.filter((p) => {
          const b = before.get(fieldKey(p.path));
          return b !== undefined && b.signature !== p.signature;
        }),
      ),
    });
    prev = { fixed: s.fixed, current: s.current };
  }
  return steps;
}

/** Compares the storage designs for one kind over its history (seed 003's case study, on any kind). */
export function compareStrategies(
  catalog: Catalog,
  kindRef: KindRef,
  options: CompareOptions = {},
): { comparison?: StrategyComparison; issues: readonly Issue[] } {
  const { kind, issue: unknown } = findKindOrIssue(catalog, kindRef);
  if (!kind) return { issues: unknown ? [unknown] : [] };
  const { horizon } = options;
  if (horizon !== undefined && (!Number.isInteger(horizon) || horizon < 1))
    return {
      issues: [
        issue('error', 'INVALID_HORIZON', `horizon must be a whole number of releases, at least 1 (got ${horizon})`),
      ],
    };
  const apis = kind.versions.filter((v) => v.role === 'api');
  if (apis.length === 0)
    return {
      issues: [issue('error', 'NO_RESOURCE', `${kind.kind} has no API versions to compare storage designs over`)],
    };
  const atIndex = options.at === undefined ? apis.length - 1 : apis.findIndex((v) => v.name === options.at);
  if (atIndex < 0)
    return {
      issues: [
        issue(
          'error',
          'UNKNOWN_VERSION',
          `${kind.kind} has no API version '${options.at ?? ''}' (versions: ${apis.map((v) => v.name).join(', ')})`,
        ),
      ],
    };
  const history = apis.slice(0, atIndex + 1);
  const { current, retired, fixed } = splitHistory(kind, history, horizon);
  const designs = [
    fixedDesign(kind, fixed, current, retired),
    rollingHubDesign(catalog, kind, history, current, retired),
    asDeployedDesign(kind, history, current, retired),
  ].filter((d): d is Design => d !== undefined);
  return {
    comparison: {
      group: kind.group,
      kind: kind.kind,
      at: history[history.length - 1]?.name as string,
      horizon: horizon ?? null,
      releaseCount: releases(history.map((v) => v.name)).length,
      versions: history.map((v) => ({
        name: v.name,
        status: retired.includes(v) ? ('retired' as const) : ('current' as const),
        preview: isPreRelease(v.name),
      })),
      designs,
      timeline: timeline(kind, history, horizon),
    },
    issues: [],
  };
}
