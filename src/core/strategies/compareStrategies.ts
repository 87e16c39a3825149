// Seed 003's question for any kind: which storage design keeps what, over the kind's history. Three designs:
// - fixed: one superset type over the versions inside the horizon (seed 003; CONVERSION.md section 2 "fixed");
// - rolling hub: ASO's hub, the storage variant of the newest GA version, with `$propertyBag` (seed 001);
// - as deployed: the CRD's own `storage: true` version; a write at another version is pruned by its schema.
//   Schema-level only: a property of a version that the storage version lacks is pruned on write (with
//   conversion None; a webhook could move it elsewhere). The API server pipeline itself is not run here.
import { issue, type Issue } from '../issue.ts';
import type { Catalog, Kind, TypeRef, Version } from '../model.ts';
import { findKindOrIssue, findVersion, propertiesByName, type KindRef } from '../catalogLookup.ts';
import { hubFor, withHub } from '../buildKind.ts';
import { planTypePair, type TypeRole } from '../planConversion.ts';
import { isPreRelease } from '../versionOrder.ts';
import { fieldKey, versionFields, type Field } from './fieldTree.ts';
import { buildFixedStorage, locateFields, topmost, type FixedStorage } from './fixedStorage.ts';
import { newestGa, releases, splitAtHorizon } from './horizon.ts';

export type DesignId = 'fixed' | 'rolling-hub' | 'as-deployed';

export type LossKind =
  /** Kept in the storage type though only older versions use it (seed 003's property bloat). */
  | 'bloat'
  /** Used by a version outside the horizon and absent from the storage type (property amnesia). */
  | 'forgotten'
  /** Same name, another type: stored under a second, version-suffixed name (type collision). */
  | 'colliding'
  /** The storage version has no such property: the API server prunes it when an object is written. */
  | 'pruned-on-write'
  /** The storage version declares the property with another type. */
  | 'type-conflict';

export interface Loss {
  readonly kind: LossKind;
  /** Property path (declared names) from the resource root; `*` for any array item or map value. */
  readonly path: string;
  /** API versions whose objects carry the property, in version order. */
  readonly versions: readonly string[];
  /** For `colliding`: where the storage type keeps it. */
  readonly storedAs?: string;
  readonly previewOnly?: boolean;
  readonly detail: string;
}

/** Fields the rolling hub keeps somewhere other than a property of the same name. */
export interface Kept {
  readonly how: 'property-bag' | 'needs-conversion' | 'renamed' | 'type-renamed';
  readonly path: string;
  readonly versions: readonly string[];
  readonly detail: string;
}

export interface StoragePropertyView {
  readonly path: string;
  readonly type: string;
  /** API versions inside the horizon that use it. */
  readonly versions: readonly string[];
  readonly obsolete: boolean;
}

export interface VersionMapNode {
  readonly id: string;
  readonly role: 'storage' | 'version';
  /** `retired`: outside the horizon (no longer generated or served). */
  readonly status: 'current' | 'retired';
  readonly preview: boolean;
}

export interface VersionMapEdge {
  readonly from: string;
  readonly to: string;
  /**
   * `converts`: a current version's generated conversion. A retired version: `lost` when stored objects written
   * through it lose fields now, `bag` when its fields live on in the property bag, `retired` when nothing changes.
   */
  readonly kind: 'converts' | 'retired' | 'bag' | 'lost';
  /** Short facts about the conversion (renamed collision routes, pruned counts). */
  readonly notes: readonly string[];
}

/** Seed 003's hub-and-spoke picture: every version converts straight to and from the storage node. */
export interface VersionMap {
  readonly storage: string;
  readonly nodes: readonly VersionMapNode[];
  readonly edges: readonly VersionMapEdge[];
}

export interface Design {
  readonly id: DesignId;
  readonly title: string;
  /** The storage node's name: `v1` (fixed), the hub (`<version>storage`), or the CRD's storage version. */
  readonly storage: string;
  /** True when the source declares no `storage: true` version and the newest GA one stands in (as deployed). */
  readonly assumed?: boolean;
  readonly propertyCount: number;
  readonly properties: readonly StoragePropertyView[];
  /** Topmost obsolete properties, with the versions that use them. */
  readonly obsolete: readonly StoragePropertyView[];
  readonly losses: readonly Loss[];
  readonly kept: readonly Kept[];
  readonly map: VersionMap;
  readonly notes: readonly string[];
}

export interface TimelineStep {
  /** The newest version at this step: the design as it would be generated when this version shipped. */
  readonly version: string;
  readonly current: readonly string[];
  /** Versions leaving the horizon at this step. */
  readonly retiring: readonly string[];
  readonly fixedPropertyCount: number;
  readonly hubPropertyCount: number;
  /** Storage properties new in the fixed type. */
  readonly added: readonly string[];
  /** Fixed storage properties that became obsolete at this step (bloat appears). */
  readonly bloat: readonly string[];
  /** The part of `bloat` only pre-release versions ever used (seed 003's `FullName`). */
  readonly bloatPreviewOnly: readonly string[];
  /** Fixed storage properties dropped at this step (amnesia). */
  readonly forgotten: readonly string[];
  /** Version-suffixed properties created at this step (type collision). */
  readonly collisions: readonly string[];
  /** A stored name that now holds another type (a collision's original aged out: breaks both sets of users). */
  readonly retyped: readonly string[];
}

export interface StrategyComparison {
  readonly group: string;
  readonly kind: string;
  /** The newest version considered (the kind's newest, or `at`). */
  readonly at: string;
  /** Releases inside the horizon; null keeps every release. */
  readonly horizon: number | null;
  readonly releaseCount: number;
  readonly versions: readonly {
    readonly name: string;
    readonly status: 'current' | 'retired';
    readonly preview: boolean;
  }[];
  readonly designs: readonly Design[];
  readonly timeline: readonly TimelineStep[];
}

export interface CompareOptions {
  /** Keep the newest N releases (a preview shares its GA's release). Default: every release. */
  readonly horizon?: number;
  /** Compare as of this API version (the versions after it do not exist yet). Default: the newest. */
  readonly at?: string;
}

const key = (path: readonly (string | number)[]): string => path.join('.');

/** Adds `version` to the entry for `k`, keeping the first entry's other facts. */
function collect<T extends { versions: string[] }>(m: Map<string, T>, k: string, version: string, make: () => T): void {
  const e = m.get(k) ?? make();
  if (!e.versions.includes(version)) e.versions.push(version);
  m.set(k, e);
}

// ---- fixed

function fixedDesign(kind: Kind, storage: FixedStorage, current: Version[], retired: Version[]): Design {
  const losses: Loss[] = [];
  for (const p of topmost(storage.properties.filter((x) => x.obsolete)))
    losses.push({
      kind: 'bloat',
      path: fieldKey(p.path),
      versions: p.versions,
      ...(p.previewOnly ? { previewOnly: true } : {}),
      detail: `kept for ${p.previewOnly ? 'pre-release users of ' : ''}${p.versions.join(', ')}; unused since ${storage.newestGa}`,
    });
  const forgotten = new Map<string, { versions: string[]; signature: string }>();
  const lostBy = new Map<string, number>();
  for (const v of retired) {
    const fields = versionFields(kind, v);
    const routes = locateFields(kind, storage, v);
    fields.forEach((f, i) => {
      const parentRouted = f.parent === undefined || routes[f.parent] !== undefined;
      if (routes[i] !== undefined || !parentRouted) return;
      collect(forgotten, `${fieldKey(f.path)}\u0000${f.signature}`, v.name, () => ({
        versions: [],
        signature: f.signature,
      }));
      lostBy.set(v.name, (lostBy.get(v.name) ?? 0) + 1);
    });
  }
  for (const [k, e] of forgotten) {
    const path = k.slice(0, k.indexOf('\u0000'));
    losses.push({
      kind: 'forgotten',
      path,
      versions: e.versions,
      detail: `only ${e.versions.join(', ')} declared it (${e.signature}); objects written through them lose it`,
    });
  }
  const collisionRoutes = new Map<string, string[]>();
  for (const p of storage.properties) {
    if (!p.collidesWith) continue;
    const declared = fieldKey([...p.path.slice(0, -1), p.declaredName]);
    const original = storage.properties.find((o) => fieldKey(o.path) === fieldKey(p.collidesWith ?? []));
    losses.push({
      kind: 'colliding',
      path: declared,
      versions: p.versions,
      storedAs: fieldKey(p.path),
      detail: `${p.type} in ${p.versions.join(', ')} vs ${original?.type ?? '?'} in ${original?.versions.join(', ') ?? '?'}`,
    });
    for (const v of p.versions)
      collisionRoutes.set(v, [...(collisionRoutes.get(v) ?? []), `${declared} -> ${fieldKey(p.path)}`]);
  }
  // seed 003 names the fixed storage version `v1`; a kind with an API version of that name gets a distinct node
  const v1 = [...current, ...retired].some((v) => v.name === 'v1') ? 'v1 (fixed)' : 'v1';
  const nodes = mapNodes(v1, current, retired);
  const edges: VersionMapEdge[] = [
    ...current.map((v) => ({
      from: v.name,
      to: v1,
      kind: 'converts' as const,
      notes: collisionRoutes.get(v.name) ?? [],
    })),
    ...retired.map((v) => ({
      from: v.name,
      to: v1,
      kind: lostBy.has(v.name) ? ('lost' as const) : ('retired' as const),
      notes: lostBy.has(v.name) ? [`${lostBy.get(v.name)} field(s) forgotten`] : [],
    })),
  ];
  const props = storage.properties
    .filter((p) => !p.container)
    .map((p) => ({
      path: fieldKey(p.path),
      type: p.type,
      versions: p.versions,
      obsolete: p.obsolete,
    }));
  return {
    id: 'fixed',
    title: 'Fixed storage (superset)',
    storage: v1,
    propertyCount: props.length,
    properties: props,
    obsolete: topmost(storage.properties.filter((x) => x.obsolete)).map((p) => ({
      path: fieldKey(p.path),
      type: p.type,
      versions: p.versions,
      obsolete: true,
    })),
    losses: sortLosses(losses),
    kept: [],
    map: { storage: v1, nodes, edges },
    notes: [
      `superset of ${storage.versions.length} version(s): every property optional, never removed while a version declaring it is in the horizon`,
    ],
  };
}

function mapNodes(storage: string, current: Version[], retired: Version[]): VersionMapNode[] {
  return [
    { id: storage, role: 'storage', status: 'current', preview: false },
    ...[...retired, ...current].map((v) => ({
      id: v.name,
      role: 'version' as const,
      status: retired.includes(v) ? ('retired' as const) : ('current' as const),
      preview: isPreRelease(v.name),
    })),
  ];
}

// ---- storage type usage shared by the rolling hub and as deployed (by structure: a CRD knows no Go names)

function storageView(
  kind: Kind,
  storageVersion: Version,
  current: Version[],
): { properties: StoragePropertyView[]; obsolete: StoragePropertyView[] } {
  const fields = versionFields(kind, storageVersion, 'structural').filter(
    (f) => !(f.parent === undefined && (f.name === storageVersion.spec || f.name === storageVersion.status)),
  );
  const users = new Map<string, string[]>();
  for (const v of current)
    for (const f of versionFields(kind, v, 'structural')) {
      const k = `${fieldKey(f.path)}\u0000${f.signature}`;
      users.set(k, [...(users.get(k) ?? []), v.name]);
    }
  const names = current.map((v) => v.name);
  const ga = newestGa(names);
  const gaAt = ga === undefined ? -1 : names.indexOf(ga);
  const properties = fields.map((f) => {
    const versions = users.get(`${fieldKey(f.path)}\u0000${f.signature}`) ?? [];
    return {
      path: fieldKey(f.path),
      type: f.display.startsWith('*') || storageVersion.role === 'api' ? f.display : `*${f.display}`,
      versions,
      obsolete: versions.every((x) => names.indexOf(x) < gaAt),
      depth: f.path.length,
    };
  });
  const view = (p: (typeof properties)[number]): StoragePropertyView => ({
    path: p.path,
    type: p.type,
    versions: p.versions,
    obsolete: p.obsolete,
  });
  properties.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const obsolete = topmost(properties.filter((p) => p.obsolete).map((p) => ({ ...p, path: p.path.split('.') })));
  return {
    properties: properties.map(view),
    obsolete: obsolete.map((p) => view({ ...p, path: p.path.join('.') })),
  };
}

// ---- rolling hub (ASO)

function leafSegments(t: TypeRef): string[] {
  return t.kind === 'array'
    ? ['*', ...leafSegments(t.items)]
    : t.kind === 'map'
      ? ['*', ...leafSegments(t.values)]
      : [];
}

/** What the generated conversion V -> hub does with each field of V that is not a plain copy. */
function hubKept(
  catalog: Catalog,
  kind: Kind,
  v: Version,
  hub: Version,
  into: Map<string, Kept & { versions: string[] }>,
) {
  const seen = new Set<string>();
  const queue: { src: string; dst: string; role: TypeRole; path: string[] }[] = [
    { src: v.root, dst: hub.root, role: 'root', path: [] },
  ];
  while (queue.length > 0) {
    const at = queue.shift() as (typeof queue)[number];
    const k = `${at.src}\u0000${at.dst}\u0000${key(at.path)}`;
    if (seen.has(k) || at.path.length > 16) continue;
    seen.add(k);
    const tp = planTypePair(catalog, kind, v, hub, 'up', at.src, at.dst, at.role);
    const srcType = v.types[at.src];
    if (!tp || !srcType) continue;
    const props = propertiesByName(srcType);
    for (const s of tp.steps) {
      if (s.source === undefined) continue;
      if (at.role === 'root' && (s.source === 'apiVersion' || s.source === 'kind' || s.source === 'metadata')) continue;
      const path = [...at.path, s.source];
      const add = (how: Kept['how'], detail: string) =>
        collect(into, `${how}\u0000${key(path)}`, v.name, () => ({ how, path: key(path), versions: [], detail }));
      if (s.handler === 'property-bag')
        add(
          s.code === 'NEEDS_HANDWRITTEN_CONVERSION' ? 'needs-conversion' : 'property-bag',
          s.code === 'NEEDS_HANDWRITTEN_CONVERSION'
            ? `${s.sourceType} vs ${s.destinationType} on the hub: kept in $propertyBag until a hook converts it`
            : `no ${s.source} on the hub: kept in $propertyBag`,
        );
      else if (s.handler === 'rename') add('renamed', `stored as ${s.destination} (configured rename)`);
      if (s.nested && (s.handler === 'copy' || s.handler === 'convert-nested' || s.handler === 'rename')) {
        const named = v.types[s.nested.sourceType]?.named === true;
        if (named && s.nested.sourceType !== s.nested.destinationType)
          add('type-renamed', `${s.nested.sourceType} -> ${s.nested.destinationType} (configured type rename)`);
        const prop = props.get(s.source);
        queue.push({
          src: s.nested.sourceType,
          dst: s.nested.destinationType,
          role: at.role === 'root' && s.source === v.spec ? 'spec' : 'other',
          path: [...path, ...(prop ? leafSegments(prop.type) : [])],
        });
      }
    }
  }
}

function rollingHubDesign(
  catalog: Catalog,
  kind: Kind,
  history: Version[],
  current: Version[],
  retired: Version[],
): Design | undefined {
  const gaName = newestGa(current.map((v) => v.name));
  const hubName = gaName === undefined ? undefined : hubFor(kind, gaName);
  const hubbed = gaName === undefined ? undefined : withHub(kind, gaName);
  const hub = hubName === undefined || !hubbed ? undefined : findVersion(hubbed, hubName);
  if (!hub || !hubbed || hubName === undefined) return undefined;
  const cat: Catalog = { ...catalog, kinds: catalog.kinds.map((k) => (k === kind ? hubbed : k)) };
  const kept = new Map<string, Kept & { versions: string[] }>();
  const keptBy = new Map<string, number>();
  for (const v of history) {
    const before = kept.size;
    hubKept(cat, hubbed, v, hub, kept);
    keptBy.set(v.name, kept.size - before);
  }
  const view = storageView(hubbed, hub, current);
  const bagNotes = (v: Version): string[] => {
    const n = [...kept.values()].filter((k) => k.how === 'property-bag' && k.versions.includes(v.name)).length;
    return n > 0 ? [`${n} field(s) in $propertyBag`] : [];
  };
  return {
    id: 'rolling-hub',
    title: 'Rolling hub (ASO)',
    storage: hubName,
    propertyCount: view.properties.length,
    properties: view.properties,
    obsolete: view.obsolete,
    losses: [],
    kept: [...kept.values()].sort((a, b) => cmp(a.path, b.path) || cmp(a.how, b.how)),
    map: {
      storage: hubName,
      nodes: mapNodes(hubName, current, retired),
      edges: [
        ...current.map((v) => ({ from: v.name, to: hubName, kind: 'converts' as const, notes: bagNotes(v) })),
        ...retired.map((v) => ({
          from: v.name,
          to: hubName,
          kind: bagNotes(v).length > 0 ? ('bag' as const) : ('retired' as const),
          notes: bagNotes(v),
        })),
      ],
    },
    notes: [
      `hub: the storage variant of ${gaName}, the newest GA version; rebuilt from it each release`,
      'what the hub has no property for is kept in $propertyBag (seed 001), so retiring a version forgets nothing',
      'every version converts straight to the hub here; ASO as built chains the storage variants (same bag rules)',
    ],
  };
}

// ---- as deployed

function asDeployedDesign(kind: Kind, history: Version[], current: Version[], retired: Version[]): Design | undefined {
  const names = new Set(history.map((v) => v.name));
  const declared = kind.versions.find(
    (v) => v.crdStorage && (names.has(v.name) || (v.twin !== undefined && names.has(v.twin))),
  );
  const gaName = newestGa(current.map((v) => v.name));
  const storage = declared ?? (gaName === undefined ? undefined : findVersion(kind, gaName));
  if (!storage) return undefined;
  const sFields = versionFields(kind, storage, 'structural');
  const sByPath = new Map<string, Field>(sFields.map((f) => [fieldKey(f.path), f]));
  const losses = new Map<string, Loss & { versions: string[] }>();
  const prunedBy = new Map<string, number>();
  for (const v of history) {
    if (v.name === storage.name || v.name === storage.twin || v.twin === storage.name) continue;
    const fields = versionFields(kind, v, 'structural');
    const matched: boolean[] = [];
    fields.forEach((f, i) => {
      const parentOk = f.parent === undefined || matched[f.parent] === true;
      const s = sByPath.get(fieldKey(f.path));
      matched[i] = parentOk && s !== undefined && s.signature === f.signature && !s.opaque;
      if (!parentOk) return;
      // A parent that keeps unknown fields, or an opaque one, holds whatever is below it.
      const holder = f.parent === undefined ? undefined : sByPath.get(fieldKey(fields[f.parent]?.path ?? []));
      if (!s && holder?.keepsUnknown) return;
      if (s?.opaque) return;
      if (!s) {
        collect(losses, `pruned-on-write\u0000${fieldKey(f.path)}`, v.name, () => ({
          kind: 'pruned-on-write' as const,
          path: fieldKey(f.path),
          versions: [],
          detail: `${storage.name} has no ${f.name}: the API server prunes it when the object is stored`,
        }));
        prunedBy.set(v.name, (prunedBy.get(v.name) ?? 0) + 1);
      } else if (s.signature !== f.signature)
        collect(losses, `type-conflict\u0000${fieldKey(f.path)}`, v.name, () => ({
          kind: 'type-conflict' as const,
          path: fieldKey(f.path),
          versions: [],
          detail: `${f.display} here, ${s.display} in ${storage.name}`,
        }));
    });
  }
  const view = storageView(kind, storage, current);
  const strategy = kind.conversionStrategy ?? 'None';
  return {
    id: 'as-deployed',
    title: 'As deployed (CRD storage version)',
    storage: storage.name,
    ...(declared ? {} : { assumed: true }),
    propertyCount: view.properties.length,
    properties: view.properties,
    obsolete: view.obsolete,
    losses: sortLosses([...losses.values()]),
    kept: [],
    map: {
      storage: storage.name,
      nodes: mapNodes(
        storage.name,
        current.filter((v) => v !== storage),
        retired.filter((v) => v !== storage),
      ),
      edges: [...current, ...retired]
        .filter((v) => v !== storage)
        .map((v) => ({
          from: v.name,
          to: storage.name,
          kind: retired.includes(v) ? ('retired' as const) : ('converts' as const),
          notes: prunedBy.has(v.name) ? [`${prunedBy.get(v.name)} field(s) pruned on write`] : [],
        })),
    },
    notes: [
      declared
        ? `${storage.name} is the CRD's storage: true version`
        : `the source declares no storage: true version; ${storage.name} (newest GA) stands in`,
      `conversion strategy ${strategy}: ${strategy === 'Webhook' ? 'a webhook may move fields the schema-level view counts as pruned' : 'only apiVersion is rewritten, so fields the storage schema lacks are pruned'}`,
      'schema-level comparison of object types; the API server pipeline (defaults, validation) is not run',
    ],
  };
}

// ---- comparison

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function sortLosses<T extends Loss>(losses: T[]): T[] {
  const order: LossKind[] = ['bloat', 'forgotten', 'colliding', 'pruned-on-write', 'type-conflict'];
  return losses.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || cmp(a.path, b.path));
}

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
