// Paths into JSON documents: one type, one string key, one way to compare and print them.

/** A JSON path into a document: property names and array indexes. */
export type Path = readonly (string | number)[];

/**
 * A path as one string (segments joined with U+0000), for maps of ranges, fates and highlights. Indexes and
 * names do not collide in practice: the children of one node are either all indexes or all names.
 */
export type PathKey = string;

export const PATH_KEY_SEPARATOR = '\u0000';

export const pathKey = (path: Path): PathKey => path.join(PATH_KEY_SEPARATOR);

/** The path back from a key; segments that read as array indexes (`0`, `12`) become numbers. */
export const parsePathKey = (key: PathKey): Path =>
  key === '' ? [] : key.split(PATH_KEY_SEPARATOR).map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s));

/** The key of `key` extended by one segment. */
export const childKey = (key: PathKey, seg: string | number): PathKey =>
  key === '' ? String(seg) : `${key}${PATH_KEY_SEPARATOR}${seg}`;

/** True when `key` is `prefix` or inside it (the root key '' is under nothing but itself). */
export const isUnderKey = (key: PathKey, prefix: PathKey): boolean =>
  key === prefix || key.startsWith(prefix + PATH_KEY_SEPARATOR);

/** True when `path` is `prefix` or inside it. */
export const isUnder = (path: Path, prefix: Path): boolean =>
  prefix.length <= path.length && prefix.every((s, i) => s === path[i]);

/** True when `path` lies strictly inside `prefix`. */
export const isStrictlyUnder = (path: Path, prefix: Path): boolean =>
  prefix.length < path.length && prefix.every((s, i) => s === path[i]);

export function samePath(a: Path | undefined, b: Path | undefined): boolean {
  return a !== undefined && b !== undefined && a.length === b.length && a.every((s, i) => s === b[i]);
}

/** Document order: indexes numerically, indexes before names, names by code unit; undefined last. */
export function comparePaths(a: Path | undefined, b: Path | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    if (typeof x !== typeof y) return typeof x === 'number' ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/** `spec.items[2].name`; keys that are not identifiers are quoted: `metadata.labels["app.kubernetes.io/name"]`. */
export function formatPath(path: Path): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

/** Code-unit order of two strings (the order every sorted list of names in the project uses). */
export const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
