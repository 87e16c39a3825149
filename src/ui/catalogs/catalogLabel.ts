// A loaded catalog named so two releases of the same file can be told apart: its kinds and group, and its
// release (the tag of the URL it came from, else the CRD's own versions), not only the file name.
import type { StoredCatalog } from './catalogStore.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

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

export function catalogLabel(c: Pick<StoredCatalog, 'json' | 'name' | 'origins'>): string {
  const kinds = kindsOf(c.json);
  const names =
    kinds.length === 0 ? c.name : kinds.length <= 2 ? kinds.map((k) => k.kind).join(', ') : `${kinds.length} kinds`;
  const groups = [...new Set(kinds.map((k) => k.group).filter((g) => g !== ''))];
  const group = groups.length === 1 ? ` (${groups[0]})` : '';
  const tag = c.origins?.map((o) => releaseOf(o.url)).find((t) => t !== undefined);
  const versions = [...new Set(kinds.flatMap((k) => k.versions))];
  const release = tag ?? (versions.length > 0 ? `versions ${versions.join(', ')}` : undefined);
  // The file name last: two loads of files with the same CRD versions still differ.
  return `${names}${group}${release ? ` · ${release}` : ''}${kinds.length > 0 ? ` (${c.name})` : ''}`;
}
