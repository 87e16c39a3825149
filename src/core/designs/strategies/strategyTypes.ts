// The storage-design comparison's result types (compareStrategies.ts re-exports them).
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
