// The one version comparator. Sort order is oldest first (ascending priority).
//
// Families, compared in this order when they meet: other < kubernetes < dated.
// - kubernetes (`v1alpha1`, `v2beta3`, `v1`): alpha < beta < GA, then major, then minor
//   (Kubernetes version priority: a GA `v1` outranks `v2beta1`).
// - dated (ASO `v1api20230131`, `v20230131`, `v1beta20230131`, `v1alpha1api20230131`; Azure
//   `2016-09-01`, `2014-04-04preview`, `2021-01-01-preview`): by date; a `preview` sorts before the GA
//   of the same date; then the ASO prefix (alpha < beta < api < plain `v`/bare date).
// - other: natural order (digit runs as numbers).
// A `storage` suffix sorts right after its API twin. Ties end in plain string order, so the order is total.
import { byString } from '../model/path.ts';

export type VersionFamily = 'kubernetes' | 'dated' | 'other';
export type VersionStage = 'alpha' | 'beta' | 'preview' | 'ga';

export interface ParsedVersion {
  readonly name: string;
  /** The name without a trailing `storage`. */
  readonly base: string;
  readonly storage: boolean;
  readonly family: VersionFamily;
  readonly stage: VersionStage;
  /** kubernetes: major and minor (`v2beta3` -> 2, 3; GA minor 0). */
  readonly major: number;
  readonly minor: number;
  /** dated: yyyymmdd as a number. */
  readonly date: number;
  /** dated: ASO prefix rank: 0 alpha, 1 beta, 2 api, 3 plain. */
  readonly prefixRank: number;
}

const KUBE = /^v(\d+)(?:(alpha|beta)(\d+))?$/;
const ASO = /^v(?:(\d+)(alpha\d*(?:api)?|beta|api))?(\d{8})(preview)?$/;
const AZURE = /^(\d{4})-(\d{2})-(\d{2})(-?preview)?$/;

export function parseVersion(name: string): ParsedVersion {
  const storage = name.endsWith('storage') && name.length > 'storage'.length;
  const base = storage ? name.slice(0, -'storage'.length) : name;
  const none = { name, base, storage, major: 0, minor: 0, date: 0, prefixRank: 0 };
  let m = ASO.exec(base);
  if (m) {
    const prefix = m[2] ?? '';
    const prefixRank = prefix.startsWith('alpha') ? 0 : prefix === 'beta' ? 1 : prefix === 'api' ? 2 : 3;
    return { ...none, family: 'dated', stage: m[4] ? 'preview' : 'ga', date: Number(m[3]), prefixRank };
  }
  m = AZURE.exec(base);
  if (m) {
    return {
      ...none,
      family: 'dated',
      stage: m[4] ? 'preview' : 'ga',
      date: Number(`${m[1]}${m[2]}${m[3]}`),
      prefixRank: 3,
    };
  }
  m = KUBE.exec(base);
  if (m) {
    const stage: VersionStage = m[2] === 'alpha' ? 'alpha' : m[2] === 'beta' ? 'beta' : 'ga';
    return { ...none, family: 'kubernetes', stage, major: Number(m[1]), minor: m[3] ? Number(m[3]) : 0 };
  }
  const lower = base.toLowerCase();
  const stage: VersionStage = lower.includes('alpha')
    ? 'alpha'
    : lower.includes('beta')
      ? 'beta'
      : lower.includes('preview')
        ? 'preview'
        : 'ga';
  return { ...none, family: 'other', stage };
}

/**
 * Alpha, beta or preview. For dated ASO names only `preview` counts: their `v1alpha1api`/`v1beta`
 * prefixes name the operator's release channel, not the stability of the Azure API version.
 */
export function isPreRelease(name: string): boolean {
  return parseVersion(name).stage !== 'ga';
}

const FAMILY_RANK: Record<VersionFamily, number> = { other: 0, kubernetes: 1, dated: 2 };
const KUBE_STAGE_RANK: Record<VersionStage, number> = { alpha: 0, beta: 1, preview: 1, ga: 2 };

const cmp = (a: number, b: number): number => (a < b ? -1 : a > b ? 1 : 0);

/** Natural order: digit runs compare as integers (leading zeros ignored), other runs as strings. */
function compareNatural(a: string, b: string): number {
  const ra = a.match(/\d+|\D+/g) ?? [];
  const rb = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(ra.length, rb.length); i++) {
    const x = ra[i] as string;
    const y = rb[i] as string;
    const dx = /^\d/.test(x);
    const dy = /^\d/.test(y);
    let c: number;
    if (dx && dy) {
      const nx = x.replace(/^0+/, '');
      const ny = y.replace(/^0+/, '');
      c = cmp(nx.length, ny.length) || byString(nx, ny);
    } else c = byString(x, y);
    if (c !== 0) return c;
  }
  return cmp(ra.length, rb.length);
}

function compareBase(a: ParsedVersion, b: ParsedVersion): number {
  const f = cmp(FAMILY_RANK[a.family], FAMILY_RANK[b.family]);
  if (f !== 0) return f;
  switch (a.family) {
    case 'kubernetes':
      return cmp(KUBE_STAGE_RANK[a.stage], KUBE_STAGE_RANK[b.stage]) || cmp(a.major, b.major) || cmp(a.minor, b.minor);
    case 'dated':
      return (
        cmp(a.date, b.date) ||
        cmp(a.stage === 'preview' ? 0 : 1, b.stage === 'preview' ? 0 : 1) ||
        cmp(a.prefixRank, b.prefixRank)
      );
    case 'other':
      return compareNatural(a.base, b.base);
  }
}

/** Oldest first. Total order: distinct names never compare equal. */
export function compareVersions(a: string, b: string): number {
  if (a === b) return 0;
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  return (
    compareBase(pa, pb) || byString(pa.base, pb.base) || cmp(pa.storage ? 1 : 0, pb.storage ? 1 : 0) || byString(a, b)
  );
}

/** A sorted copy, oldest first. */
export function sortVersions(names: Iterable<string>): string[] {
  return [...names].sort(compareVersions);
}
