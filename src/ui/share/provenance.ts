// Where a catalog comes from, said so a reader can check it: an https URL and whether it is pinned (a tag or a
// commit keeps a link reproducible; a branch moves), or the embedded files and the catalog's hash.
import type { CatalogRef } from '../state.ts';

export type Pin = 'commit' | 'tag' | 'branch' | 'unknown';

const GITHUB_BLOB = /^https:\/\/github\.com\/([^/]+)\/([^/]+)\/(?:blob|raw)\/(.+)$/;
const GITHUB_RAW = /^https:\/\/raw\.githubusercontent\.com\/([^/]+)\/([^/]+)\/(.+)$/;
const BRANCHES = new Set(['main', 'master', 'develop', 'dev', 'trunk', 'HEAD', 'latest', 'gh-pages']);

/** The raw file of a GitHub `blob` page (which does not allow cross-origin fetches), or `undefined`. */
export function rawUrlOf(url: string): string | undefined {
  const m = GITHUB_BLOB.exec(url.trim());
  if (!m) return undefined;
  const [, owner, repo, rest] = m;
  return `https://raw.githubusercontent.com/${owner}/${repo}/${(rest ?? '').split(/[?#]/)[0]}`;
}

/** The git ref a GitHub raw URL reads from (`refs/tags/x` and `refs/heads/x` forms included). */
function githubRef(url: string): string | undefined {
  const rest = GITHUB_RAW.exec(url)?.[3];
  if (rest === undefined) return undefined;
  const parts = rest.split('/');
  if (parts[0] === 'refs' && (parts[1] === 'tags' || parts[1] === 'heads')) return `${parts[1]}:${parts[2] ?? ''}`;
  return parts[0];
}

/** Whether a URL names an immutable file (a commit, or a release tag by its usual spelling). */
export function pinOf(url: string): Pin {
  const ref = githubRef(url);
  if (ref === undefined) return 'unknown';
  if (ref.startsWith('tags:')) return 'tag';
  if (ref.startsWith('heads:')) return 'branch';
  if (/^[0-9a-f]{40}$/.test(ref)) return 'commit';
  if (BRANCHES.has(ref)) return 'branch';
  if (/^v?\d+(\.\d+)*([-+][\w.-]+)?$/.test(ref) || /^[\w-]+\/v\d+(\.\d+)*$/.test(ref)) return 'tag';
  return 'unknown';
}

const code = (t: string) => `\`${t.replace(/`/g, "'")}\``;
const short = (hash: string) => hash.slice(0, 12);

/** Markdown: where the catalog comes from. `title` names a built-in. */
export function catalogProvenance(ref: CatalogRef, title?: string): string {
  switch (ref.type) {
    case 'builtin':
      return `built-in ${title ? `“${title.replace(/[|<>]/g, ' ')}” ` : ''}(${code(ref.id)}${ref.hash ? `, hash ${code(short(ref.hash))}` : ''})`;
    case 'url': {
      const pin = pinOf(ref.url);
      const note =
        pin === 'commit'
          ? 'at a commit'
          : pin === 'tag'
            ? 'at a tag'
            : pin === 'branch'
              ? 'at a branch: the file may have changed since'
              : 'not pinned to a tag or commit';
      return `<${ref.url}> (${note}${ref.hash ? `; content hash ${code(short(ref.hash))}` : ''})`;
    }
    case 'embedded': {
      const files = ref.sources.map((s) => code(s.name));
      const list =
        files.length <= 3 ? files.join(', ') : `${files.slice(0, 3).join(', ')} and ${files.length - 3} more`;
      return `${files.length === 1 ? 'file' : 'files'} ${list || code(ref.name)} embedded in the link (catalog hash ${code(short(ref.hash))})`;
    }
  }
}
