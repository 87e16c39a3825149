// Seed 003's "how often" tables for any catalog: every pair of consecutive API versions of every kind, classified
// by what changed (only additions, and how many; renames, case-only apart; optionality; type changes; removals;
// enum changes), then totals. Built on versionChanges; renames without configuration are inferred from name
// similarity between a removed and an added property of the same object and the same type, with the evidence kept.
import type { Issue } from '../../model/issue.ts';
import type { Catalog, Kind, KindVersionPair } from '../../model/model.ts';
import { versionChanges, type PropertyChange } from '../../analyse/versionChanges.ts';
import { fieldKey, versionFields, type SignatureMode } from '../strategies/fieldTree.ts';
import { compareVersions } from '../../versions/versionOrder.ts';
import { nameSimilarity, RENAME_THRESHOLD } from './nameSimilarity.ts';
import { byString } from '../../model/path.ts';

export type CensusCategory =
  | 'identical'
  | 'only-additions'
  | 'additions'
  | 'renames'
  | 'became-optional'
  | 'became-required'
  | 'type-changes'
  | 'removals'
  | 'enum-changes'
  | 'validation-changes';

export interface RenameEvidence {
  /** Path in the older version. */
  readonly path: string;
  readonly from: string;
  readonly to: string;
  /** Same name but for letter case. */
  readonly caseOnly: boolean;
  /** Configured in the catalog (not inferred). */
  readonly configured: boolean;
  /** Name similarity, 0..1 (1 for case-only); null for a configured rename. */
  readonly similarity: number | null;
  /** The type both sides share (inferred renames need the same type). */
  readonly type?: string;
}

export interface TypeChangeEvidence {
  readonly path: string;
  readonly from: string;
  readonly to: string;
  /** A named object type renamed by the catalog's configuration (seed 003's Address -> Location). */
  readonly configured: boolean;
}

export interface PairCensus extends KindVersionPair {
  readonly catalog: string;
  /** Every category the pair counts in (`identical` and `only-additions` exclude the others). */
  readonly categories: readonly CensusCategory[];
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly renamed: readonly RenameEvidence[];
  readonly becameOptional: readonly string[];
  readonly becameRequired: readonly string[];
  readonly typeChanged: readonly TypeChangeEvidence[];
  readonly enumChanged: readonly string[];
  readonly validationChanged: readonly string[];
}

/** Pairs counted in a category, and the properties involved. */
export interface CensusCount {
  readonly pairs: number;
  readonly properties: number;
}

export interface CensusTotals {
  readonly kinds: number;
  readonly pairs: number;
  readonly identical: number;
  /** Seed 003: "the only change between versions was solely the addition of new properties". */
  readonly onlyAdditions: CensusCount & { readonly one: number; readonly two: number; readonly more: number };
  readonly additions: CensusCount;
  readonly renames: CensusCount & { readonly caseOnly: number; readonly inferred: number; readonly configured: number };
  readonly becameOptional: CensusCount;
  readonly becameRequired: CensusCount;
  /** Excludes optionality changes (seed 003's count does too). */
  readonly typeChanges: CensusCount;
  readonly removals: CensusCount;
  readonly enumChanges: CensusCount;
  readonly validationChanges: CensusCount;
}

export interface Census {
  readonly pairs: readonly PairCensus[];
  readonly totals: CensusTotals;
}

const p = (c: PropertyChange): string => c.path.join('.');
const parentOf = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf('.')));
const leaf = (path: string): string => path.slice(path.lastIndexOf('.') + 1);

/** Pairs removed and added properties of the same parent and type by name similarity, best matches first. */
function inferRenames(
  removed: readonly string[],
  added: readonly string[],
  typeOf: { from: Map<string, string>; to: Map<string, string> },
): RenameEvidence[] {
  const candidates: RenameEvidence[] = [];
  for (const r of removed)
    for (const a of added) {
      if (parentOf(r) !== parentOf(a)) continue;
      const t = typeOf.from.get(r);
      if (t === undefined || t !== typeOf.to.get(a)) continue;
      const from = leaf(r);
      const to = leaf(a);
      const caseOnly = from.toLowerCase() === to.toLowerCase();
      const similarity = nameSimilarity(from, to);
      if (caseOnly || similarity >= RENAME_THRESHOLD)
        candidates.push({ path: r, from, to, caseOnly, configured: false, similarity: round(similarity), type: t });
    }
  candidates.sort(
    (x, y) => (y.similarity ?? 0) - (x.similarity ?? 0) || byString(x.path, y.path) || byString(x.to, y.to),
  );
  const usedFrom = new Set<string>();
  const usedTo = new Set<string>();
  const out: RenameEvidence[] = [];
  for (const c of candidates) {
    const to = `${parentOf(c.path)}.${c.to}`;
    if (usedFrom.has(c.path) || usedTo.has(to)) continue;
    usedFrom.add(c.path);
    usedTo.add(to);
    out.push(c);
  }
  return out.sort((x, y) => byString(x.path, y.path));
}

const round = (x: number): number => Math.round(x * 1000) / 1000;
function typesByPath(kind: Kind, version: string, mode: SignatureMode = 'structural'): Map<string, string> {
  const v = kind.versions.find((x) => x.name === version);
  return new Map(v ? versionFields(kind, v, mode).map((f) => [fieldKey(f.path), f.signature]) : []);
}

/** The census of one pair of versions of a kind. */
export function censusPair(
  catalog: Catalog,
  kind: Kind,
  from: string,
  to: string,
): { pair?: PairCensus; issues: readonly Issue[] } {
  const r = versionChanges(catalog, { group: kind.group, kind: kind.kind }, from, to);
  if (!r.changes) return { issues: r.issues };
  const by = (...kinds: PropertyChange['change'][]) => r.changes?.changes.filter((c) => kinds.includes(c.change)) ?? [];
  const addedAll = by('added-optional', 'added-required').map(p);
  const removedAll = by('removed').map(p);
  const inferred = inferRenames(removedAll, addedAll, { from: typesByPath(kind, from), to: typesByPath(kind, to) });
  const configured: RenameEvidence[] = by('renamed').map((c) => ({
    path: p(c),
    from: c.property,
    to: c.renamedTo ?? '',
    caseOnly: c.property.toLowerCase() === (c.renamedTo ?? '').toLowerCase(),
    configured: true,
    similarity: null,
  }));
  const renamedFrom = new Set(inferred.map((x) => x.path));
  const renamedTo = new Set(inferred.map((x) => `${parentOf(x.path)}.${x.to}`));
  const typeChanged: TypeChangeEvidence[] = by('type-changed').map((c) => {
    const [a, b] = c.detail.split(' -> ');
    return { path: p(c), from: a ?? '', to: b ?? '', configured: false };
  });
  // A configured rename of a named object type (Address -> Location) is a type change the plan converts through.
  const renamedTypes = new Set(
    r.changes.types
      .filter((t) => t.sourceType !== t.destinationType)
      .map((t) => `${t.sourceType}\u0000${t.destinationType}`),
  );
  const named = { from: typesByPath(kind, from, 'named'), to: typesByPath(kind, to, 'named') };
  for (const [path, a] of named.from) {
    const b = named.to.get(path);
    const x = /object:(.+)$/.exec(a)?.[1];
    const y = b === undefined ? undefined : /object:(.+)$/.exec(b)?.[1];
    if (x !== undefined && y !== undefined && renamedTypes.has(`${x}\u0000${y}`))
      typeChanged.push({ path, from: x, to: y, configured: true });
  }
  const pair = {
    catalog: catalog.id,
    group: kind.group,
    kind: kind.kind,
    from,
    to,
    added: addedAll.filter((x) => !renamedTo.has(x)),
    removed: removedAll.filter((x) => !renamedFrom.has(x)),
    renamed: [...configured, ...inferred].sort((x, y) => byString(x.path, y.path)),
    becameOptional: by('became-optional').map(p),
    becameRequired: by('became-required').map(p),
    typeChanged,
    enumChanged: by('enum-narrowed', 'enum-widened').map(p),
    validationChanged: by('validation-tightened', 'validation-loosened').map(p),
  };
  return { pair: { ...pair, categories: categorise(pair) }, issues: [] };
}

function categorise(x: Omit<PairCensus, 'categories'>): CensusCategory[] {
  const has: [CensusCategory, number][] = [
    ['additions', x.added.length],
    ['renames', x.renamed.length],
    ['became-optional', x.becameOptional.length],
    ['became-required', x.becameRequired.length],
    ['type-changes', x.typeChanged.length],
    ['removals', x.removed.length],
    ['enum-changes', x.enumChanged.length],
    ['validation-changes', x.validationChanged.length],
  ];
  const present = has.filter(([, n]) => n > 0).map(([c]) => c);
  if (present.length === 0) return ['identical'];
  return present.length === 1 && present[0] === 'additions' ? ['only-additions', 'additions'] : present;
}

/**
 * Every consecutive pair of API versions of every kind in the catalogs. A pair (group, kind, from, to) met in
 * several catalogs (release bundles of one project) is counted once: the last catalog's wins.
 */
export function changeCensus(catalogs: readonly Catalog[]): { census: Census; issues: readonly Issue[] } {
  const pairs = new Map<string, PairCensus>();
  const issues: Issue[] = [];
  for (const catalog of catalogs)
    for (const kind of catalog.kinds) {
      const apis = kind.versions.filter((v) => v.role === 'api').map((v) => v.name);
      for (let i = 1; i < apis.length; i++) {
        const r = censusPair(catalog, kind, apis[i - 1] as string, apis[i] as string);
        issues.push(...r.issues);
        if (r.pair) pairs.set([kind.group, kind.kind, r.pair.from, r.pair.to].join('\u0000'), r.pair);
      }
    }
  const list = [...pairs.values()].sort(
    (a, b) => byString(a.group, b.group) || byString(a.kind, b.kind) || compareVersions(a.from, b.from),
  );
  return { census: { pairs: list, totals: censusTotals(list) }, issues };
}

export function censusTotals(pairs: readonly PairCensus[]): CensusTotals {
  const count = (c: CensusCategory, n: (x: PairCensus) => number): CensusCount => {
    const hit = pairs.filter((x) => x.categories.includes(c));
    return { pairs: hit.length, properties: hit.reduce((s, x) => s + n(x), 0) };
  };
  const only = pairs.filter((x) => x.categories.includes('only-additions'));
  const renames = pairs.flatMap((x) => x.renamed);
  return {
    kinds: new Set(pairs.map((x) => `${x.group}\u0000${x.kind}`)).size,
    pairs: pairs.length,
    identical: pairs.filter((x) => x.categories.includes('identical')).length,
    onlyAdditions: {
      ...count('only-additions', (x) => x.added.length),
      one: only.filter((x) => x.added.length === 1).length,
      two: only.filter((x) => x.added.length === 2).length,
      more: only.filter((x) => x.added.length > 2).length,
    },
    additions: count('additions', (x) => x.added.length),
    renames: {
      ...count('renames', (x) => x.renamed.length),
      caseOnly: renames.filter((r) => r.caseOnly).length,
      inferred: renames.filter((r) => !r.configured).length,
      configured: renames.filter((r) => r.configured).length,
    },
    becameOptional: count('became-optional', (x) => x.becameOptional.length),
    becameRequired: count('became-required', (x) => x.becameRequired.length),
    typeChanges: count('type-changes', (x) => x.typeChanged.length),
    removals: count('removals', (x) => x.removed.length),
    enumChanges: count('enum-changes', (x) => x.enumChanged.length),
    validationChanges: count('validation-changes', (x) => x.validationChanged.length),
  };
}

/** The totals as seed 003's tables, one row per kind of change: pairs of versions, and properties involved. */
export function censusRows(t: CensusTotals): { what: string; pairs: number | ''; properties: number | '' }[] {
  return [
    { what: 'version pairs', pairs: t.pairs, properties: '' },
    { what: 'no schema change', pairs: t.identical, properties: '' },
    { what: 'only additions', pairs: t.onlyAdditions.pairs, properties: t.onlyAdditions.properties },
    { what: '  adding 1 property', pairs: t.onlyAdditions.one, properties: t.onlyAdditions.one },
    { what: '  adding 2 properties', pairs: t.onlyAdditions.two, properties: t.onlyAdditions.two * 2 },
    {
      what: '  adding more',
      pairs: t.onlyAdditions.more,
      properties: t.onlyAdditions.properties - t.onlyAdditions.one - t.onlyAdditions.two * 2,
    },
    { what: 'additions (with other changes too)', pairs: t.additions.pairs, properties: t.additions.properties },
    { what: 'renames', pairs: t.renames.pairs, properties: t.renames.properties },
    { what: '  case only', pairs: '', properties: t.renames.caseOnly },
    { what: '  inferred from name similarity', pairs: '', properties: t.renames.inferred },
    { what: '  configured', pairs: '', properties: t.renames.configured },
    { what: 'became optional', pairs: t.becameOptional.pairs, properties: t.becameOptional.properties },
    { what: 'became required', pairs: t.becameRequired.pairs, properties: t.becameRequired.properties },
    { what: 'type changes (not optionality)', pairs: t.typeChanges.pairs, properties: t.typeChanges.properties },
    { what: 'removals', pairs: t.removals.pairs, properties: t.removals.properties },
    { what: 'enum changes', pairs: t.enumChanges.pairs, properties: t.enumChanges.properties },
    { what: 'validation changes', pairs: t.validationChanges.pairs, properties: t.validationChanges.properties },
  ];
}
