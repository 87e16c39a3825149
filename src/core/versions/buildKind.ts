// Hub selection and conversion graphs for one kind (CONVERSION.md section 2, aso-reference section 4).
import type { Issue } from '../model/issue.ts';
import { issue } from '../model/issue.ts';
import type { CatalogConfig, ConversionGraph, Edge, Kind, Strategy, Version } from '../model/model.ts';
import { EMPTY_CONFIG } from '../model/model.ts';
import { compareVersions, isPreRelease, parseVersion } from './versionOrder.ts';

/** A kind before its hub and graphs are known: every API version and every storage variant. */
export interface KindInput extends Pick<
  Kind,
  'group' | 'kind' | 'plural' | 'scope' | 'versions' | 'storedVersions' | 'conversionStrategy'
> {
  readonly aso?: boolean;
}

type HubReason = Kind['hubReason'];

function configuredHub(input: KindInput, config: CatalogConfig): string | undefined {
  const entries = config.hub ?? [];
  // The last entry wins (later config files override earlier ones).
  return (entries.findLast((h) => h.kind === input.kind) ?? entries.findLast((h) => h.kind === undefined))?.version;
}

/** First match wins: config; ASO's `storage: true`; storage twin of the newest GA; of the newest. */
function selectHub(
  input: KindInput,
  versions: readonly Version[],
  config: CatalogConfig,
  issues: Issue[],
): { hub: string; hubReason: HubReason } | undefined {
  const byName = new Map(versions.map((v) => [v.name, v]));
  const wanted = configuredHub(input, config);
  if (wanted !== undefined) {
    const v = byName.get(wanted);
    const hub = v?.role === 'storage' ? v.name : v?.twin;
    if (hub !== undefined && byName.get(hub)?.role === 'storage') return { hub, hubReason: 'config' };
    issues.push(
      issue(
        'warning',
        'INVALID_CONFIG',
        `configured hub '${wanted}' is not a version of ${input.kind}; using the default rule`,
        ['hub'], // the kind's hub (importFiles puts group and kind in front)
        { subject: 'source' },
      ),
    );
  }
  if (input.aso) {
    const stored = versions.find((v) => v.role === 'storage' && v.crdStorage);
    if (stored) return { hub: stored.name, hubReason: 'aso-storage' };
  }
  const apis = versions.filter(
    (v) => v.role === 'api' && v.twin !== undefined && byName.get(v.twin)?.role === 'storage',
  );
  const ga = apis.filter((v) => !isPreRelease(v.name));
  const newestGa = ga[ga.length - 1];
  if (newestGa?.twin !== undefined) return { hub: newestGa.twin, hubReason: 'newest-ga' };
  const newest = apis[apis.length - 1];
  if (newest?.twin !== undefined) return { hub: newest.twin, hubReason: 'newest' };
  // Only storage versions (e.g. a catalog of storage shapes): the newest one.
  const storages = versions.filter((v) => v.role === 'storage');
  const last = storages[storages.length - 1];
  return last ? { hub: last.name, hubReason: 'newest' } : undefined;
}

/** Star: every other version converts straight to the hub. */
export function directGraph(versions: readonly Version[], hub: string): ConversionGraph {
  const edges: Edge[] = versions.filter((v) => v.name !== hub).map((v) => ({ from: v.name, to: hub }));
  return { strategy: 'direct', edges };
}

/**
 * ASO's chain: API -> own storage twin; a preview storage -> the storage version just before it;
 * (previews are dated `...preview` names; Kubernetes alpha/beta link forward like GA versions);
 * GA storage -> the next GA storage; the hub ends the chain. GA storage versions after the hub
 * (a configured older hub) link backwards so every node still reaches the hub.
 */
export function chainedGraph(versions: readonly Version[], hub: string): ConversionGraph {
  const edges: Edge[] = [];
  const storages = versions
    .filter((v) => v.role === 'storage')
    .map((v) => v.name)
    .sort(compareVersions);
  const storageSet = new Set(storages);
  for (const v of versions) {
    if (v.role !== 'api') continue;
    const to = v.twin !== undefined && storageSet.has(v.twin) ? v.twin : hub;
    edges.push({ from: v.name, to });
  }
  // Only dated `preview` versions are side branches (ASO). Kubernetes alpha/beta versions sit on the
  // main line that becomes GA, so they link forward like GA versions.
  const preview = (name: string) => name !== hub && parseVersion(name).stage === 'preview';
  const spine = storages.filter((s) => !preview(s));
  const hubAt = spine.indexOf(hub);
  storages.forEach((s, i) => {
    if (s === hub) return;
    if (preview(s)) {
      const before = storages[i - 1];
      // The oldest preview has nothing before it: it joins the spine's first node.
      edges.push({ from: s, to: before ?? spine[0] ?? hub });
      return;
    }
    const at = spine.indexOf(s);
    edges.push({ from: s, to: (at < hubAt ? spine[at + 1] : spine[at - 1]) ?? hub });
  });
  const order = new Map(versions.map((v, i) => [v.name, i]));
  edges.sort((a, b) => (order.get(a.from) ?? 0) - (order.get(b.from) ?? 0));
  return { strategy: 'chained', edges };
}

/** Sorts versions, picks the hub, builds both graphs. */
export function buildKind(input: KindInput, config: CatalogConfig = EMPTY_CONFIG): { kind?: Kind; issues: Issue[] } {
  const issues: Issue[] = [];
  const versions = [...input.versions].sort((a, b) => compareVersions(a.name, b.name));
  const chosen = selectHub(input, versions, config, issues);
  if (!chosen) {
    issues.push(
      issue('error', 'NO_RESOURCE', `${input.kind} (${input.group}) has no versions`, [input.group, input.kind], {
        subject: 'source',
      }),
    );
    return { issues };
  }
  const aso = input.aso ?? false;
  const strategy: Strategy = config.strategy ?? (aso ? 'chained' : 'direct');
  const kind: Kind = {
    group: input.group,
    kind: input.kind,
    ...(input.plural !== undefined ? { plural: input.plural } : {}),
    ...(input.scope !== undefined ? { scope: input.scope } : {}),
    versions,
    ...hubFacts(versions, chosen.hub, chosen.hubReason),
    ...(input.storedVersions !== undefined ? { storedVersions: [...input.storedVersions] } : {}),
    ...(input.conversionStrategy !== undefined ? { conversionStrategy: input.conversionStrategy } : {}),
    aso,
    strategy,
  };
  return { kind, issues };
}

/** The hub, why, the CRD's own storage version when it differs, and both graphs around that hub. */
function hubFacts(
  versions: readonly Version[],
  hub: string,
  hubReason: HubReason,
): Pick<Kind, 'hub' | 'hubReason' | 'crdStorageVersion' | 'graphs'> {
  const hubTwin = versions.find((v) => v.name === hub)?.twin;
  const crdStorage = versions.find((v) => v.crdStorage);
  return {
    hub,
    hubReason,
    ...(crdStorage && crdStorage.name !== hub && crdStorage.name !== hubTwin
      ? { crdStorageVersion: crdStorage.name }
      : {}),
    graphs: { chained: chainedGraph(versions, hub), direct: directGraph(versions, hub) },
  };
}

/** The storage variant that stands for `version` as a hub: itself when it is one, else its storage twin. */
export function hubFor(kind: Kind, version: string): string | undefined {
  const v = kind.versions.find((x) => x.name === version);
  const hub = v?.role === 'storage' ? v.name : v?.twin;
  return hub !== undefined && kind.versions.some((x) => x.name === hub && x.role === 'storage') ? hub : undefined;
}

/**
 * The kind with another hub (CONVERSION.md section 2: the user may pick the CRD's own storage version
 * instead of the default): `version` is a storage variant or an API version (its twin is used).
 * Undefined when the kind has no such storage variant.
 */
export function withHub(kind: Kind, version: string): Kind | undefined {
  const hub = hubFor(kind, version);
  if (hub === undefined) return undefined;
  if (hub === kind.hub) return kind;
  const { crdStorageVersion: _, ...rest } = kind;
  return { ...rest, ...hubFacts(kind.versions, hub, 'config') };
}

/** A hub the user can pick, and why it is offered. */
export interface HubChoice {
  readonly hub: string;
  readonly reason: HubReason | 'crd-storage';
}

/** Hubs worth offering for a kind: its hub (with why), then the storage variant of the CRD's own storage version. */
export function hubChoices(kind: Kind): HubChoice[] {
  const out: HubChoice[] = [{ hub: kind.hub, reason: kind.hubReason }];
  const crd = kind.crdStorageVersion !== undefined ? hubFor(kind, kind.crdStorageVersion) : undefined;
  if (crd !== undefined && crd !== kind.hub) out.push({ hub: crd, reason: 'crd-storage' });
  return out;
}

/** `[version, ..., hub]` along the strategy's graph; `[]` when the version is unknown or does not reach the hub. */
export function pathToHub(kind: Kind, version: string, strategy: Strategy = kind.strategy): string[] {
  if (!kind.versions.some((v) => v.name === version)) return [];
  const graph = kind.graphs[strategy] ?? kind.graphs[kind.strategy];
  const next = new Map((graph?.edges ?? []).map((e) => [e.from, e.to]));
  const path = [version];
  let at = version;
  while (at !== kind.hub) {
    const to = next.get(at);
    if (to === undefined || path.includes(to)) return [];
    path.push(to);
    at = to;
  }
  return path;
}

/** `from -> ... -> hub -> ... -> to`, always through the hub (never a shortcut); `[from]` when from = to. */
export function conversionPath(kind: Kind, from: string, to: string, strategy: Strategy = kind.strategy): string[] {
  if (from === to) return kind.versions.some((v) => v.name === from) ? [from] : [];
  const up = pathToHub(kind, from, strategy);
  const down = pathToHub(kind, to, strategy);
  if (up.length === 0 || down.length === 0) return [];
  return [...up, ...down.reverse().slice(1)];
}
