// public/: the static files the app serves as they are. index.html names the icon and the web manifest, the
// manifest's icons exist, and the generated catalogs (public/catalogs/) stay out of git.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const PUBLIC = path.join(ROOT, 'public');
const html = readFileSync(path.join(ROOT, 'index.html'), 'utf8');
const hrefOf = (rel: string) => new RegExp(`<link rel="${rel}" href="/([^"]+)"`).exec(html)?.[1];

describe('public/', () => {
  it('holds the icon and the web manifest index.html links to', () => {
    for (const rel of ['icon', 'manifest']) {
      const file = hrefOf(rel);
      expect(file, rel).toBeDefined();
      expect(existsSync(path.join(PUBLIC, file ?? '')), file).toBe(true);
    }
  });

  it('has a web manifest whose icons exist', () => {
    const manifest = JSON.parse(readFileSync(path.join(PUBLIC, hrefOf('manifest') ?? ''), 'utf8')) as {
      name: string;
      start_url: string;
      icons: { src: string }[];
    };
    expect(manifest.name).toBe('Version Explorer');
    expect(manifest.start_url).toBe('./'); // relative: the build works from any sub-path
    expect(manifest.icons.length).toBeGreaterThan(0);
    for (const icon of manifest.icons) expect(existsSync(path.join(PUBLIC, icon.src)), icon.src).toBe(true);
    expect(existsSync(path.join(PUBLIC, 'robots.txt'))).toBe(true);
  });

  it('keeps the generated catalogs out of git', () => {
    const ignored = (p: string) => {
      try {
        execFileSync('git', ['check-ignore', '-q', p], { cwd: ROOT });
        return true;
      } catch {
        return false;
      }
    };
    if (!existsSync(path.join(ROOT, '.git'))) return; // an export without git history
    expect(ignored('public/catalogs/index.json')).toBe(true);
    expect(ignored('public/icon.svg')).toBe(false);
  });
});
