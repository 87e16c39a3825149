// The rolling hub: ASO's hub, the storage variant of the newest GA version, with `$propertyBag` (seed 001).
import type { Catalog, Kind, TypeRef, Version } from '../../model/model.ts';
import { findVersion, propertiesByName } from '../../catalog/catalogLookup.ts';
import { hubFor, withHub } from '../../versions/buildKind.ts';
import { planTypePair, type TypeRole } from '../../plan/planConversion.ts';
import { newestGa } from './horizon.ts';
import { collect, mapNodes, storageView } from './designParts.ts';
import type { Design, Kept } from './strategyTypes.ts';
import { byString } from '../../model/path.ts';

const key = (path: readonly (string | number)[]): string => path.join('.');

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

export function rollingHubDesign(
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
    kept: [...kept.values()].sort((a, b) => byString(a.path, b.path) || byString(a.how, b.how)),
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
