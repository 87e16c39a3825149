// A loaded catalog named so two releases of the same file can be told apart: its kinds and group, and its
// release (the tag of the URL it came from, else the file's folder, else the CRD's own versions), not only the
// file name. The user's own name, once given, wins.
import type { StoredCatalog } from './catalogStore.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

type Labelled = Pick<StoredCatalog, 'json' | 'name' | 'origins' | 'label'> & {
  readonly sources?: StoredCatalog['sources'];
};

/** Kinds (with group) and their served versions, read defensively from a catalog JSON. */
function kindsOf(json: unknown): { kind: string; group: string; versions: string[] }[] {
  const kinds = isRecord(json) && Array.isArray(json.kinds) ? json.kinds : [];
  return kinds.filter(isRecord).map((k) => ({
    kind: typeof k.kind === 'string' ? k.kind : '?',
    group: typeof k.group === 'string' ? k.group : '',
    versions: (Array.isArray(k.versions) ? k.versions : [])
      .filter(isRecord)
      .filter((v) => v.derived !== true && typeof v.name === 'string')
      .map((v) => v.name as string),
  }));
}

/** A release tag in a URL path (`/v1.6.1/`, `/v0.5.1-standard/`), if any. */
export function releaseOf(url: string): string | undefined {
  return /\/(v\d+\.\d+(?:\.\d+)?[\w.-]*)\//.exec(url)?.[1];
}

/** The folder the (first) file was read from (`crds/v1.6.1-standard/x.yaml` -> `v1.6.1-standard`), if any. */
export function folderOf(sources: Labelled['sources']): string | undefined {
  const parts = sources?.[0]?.name.split('/') ?? [];
  return parts.length > 1 ? parts[parts.length - 2] : undefined;
}

/** The catalog's release: URL tag, else folder, else its versions (undefined when it has none). */
export function catalogRelease(c: Labelled): string | undefined {
  const tag = c.origins?.map((o) => releaseOf(o.url)).find((t) => t !== undefined) ?? folderOf(c.sources);
  if (tag !== undefined) return tag;
  const versions = [...new Set(kindsOf(c.json).flatMap((k) => k.versions))];
  return versions.length > 0 ? `versions ${versions.join(', ')}` : undefined;
}

/** What the catalog holds, without the release: its kinds and group (same for two releases of one CRD). */
export function catalogSubject(c: Pick<StoredCatalog, 'json' | 'name'>): string {
  const kinds = kindsOf(c.json);
  if (kinds.length === 0) return c.name;
  const names = kinds.length <= 2 ? kinds.map((k) => k.kind).join(', ') : `${kinds.length} kinds`;
  const groups = [...new Set(kinds.map((k) => k.group).filter((g) => g !== ''))];
  return `${names}${groups.length === 1 ? ` (${groups[0]})` : ''}`;
}

export function catalogLabel(c: Labelled): string {
  if (c.label !== undefined && c.label !== '') return c.label;
  const release = catalogRelease(c);
  const file = c.name.split('/').pop() ?? c.name;
  // The file name last: two loads of files with the same CRD versions still differ.
  const known = kindsOf(c.json).length > 0;
  return `${catalogSubject(c)}${release ? ` · ${release}` : ''}${known ? ` (${file})` : ''}`;
}

/** Labels for a list, each distinct: a label that repeats gets its load order (`#2`, `#3`) after the first. */
export function distinctLabels(cs: readonly Labelled[]): string[] {
  const seen = new Map<string, number>();
  return cs.map((c) => {
    const l = catalogLabel(c);
    const n = (seen.get(l) ?? 0) + 1;
    seen.set(l, n);
    return n === 1 ? l : `${l} #${n}`;
  });
}

/** Compares two release strings numerically where they hold numbers (v0.5.1 < v1.6.1 < v1.10.0). */
function compareRelease(a: string, b: string): number {
  const nums = (s: string) => (s.match(/\d+/g) ?? []).map(Number);
  const x = nums(a);
  const y = nums(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? -1) - (y[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The pair Compare catalogs opens with: the two latest-loaded catalogs of the same CRDs (else the two latest),
 * older release first where the releases say which is older, else in load order.
 */
export function defaultPair<C extends Labelled & { readonly added: number }>(
  cs: readonly C[],
): readonly [C, C] | undefined {
  const latest = [...cs].sort((a, b) => b.added - a.added);
  for (const a of latest) {
    const b = latest.find((x) => x !== a && catalogSubject(x) === catalogSubject(a));
    if (b) return ordered(b, a);
  }
  const [a, b] = latest;
  return a && b ? ordered(b, a) : undefined;
}

function ordered<C extends Labelled & { readonly added: number }>(a: C, b: C): readonly [C, C] {
  // Only tags and folders order releases; version lists do not say which release is newer.
  const tag = (c: Labelled) => {
    const r = catalogRelease(c);
    return r !== undefined && !r.startsWith('versions ') ? r : undefined;
  };
  const ra = tag(a);
  const rb = tag(b);
  const byRelease = ra !== undefined && rb !== undefined ? compareRelease(ra, rb) : 0;
  if (byRelease !== 0) return byRelease < 0 ? [a, b] : [b, a];
  return a.added <= b.added ? [a, b] : [b, a];
}
