// The corpus's real release history: every family whose crds/ folder holds several releases of the same track
// (`v0.5.1-standard` -> `v1.6.1-standard`, `api-v0.8.0/cluster` -> `api-v0.11.0/cluster`) is checked release
// to release, and what the check finds is pinned (reviewed against the files; see docs/compatibility.md).
// A new release folder in the corpus is picked up without a new test.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { CORPUS, importDir, walk } from '../../testdata/loadCatalogs.ts';
import { describeCorpus } from '../../testdata/corpusSuite.ts';
import { checkCatalogs } from './checkCatalogs.ts';
import { formatSchemaPath } from './compareSchemas.ts';

const RELEASE = /v(\d+)\.(\d+)\.(\d+)/;

/** Folders under each family's crds/ that hold CRD files, grouped by track (the folder path without its release). */
function releaseTracks(): { family: string; track: string; releases: string[] }[] {
  const out: { family: string; track: string; releases: string[] }[] = [];
  if (!existsSync(CORPUS)) return out;
  for (const family of readdirSync(CORPUS).sort()) {
    const crds = path.join(CORPUS, family, 'crds');
    if (!existsSync(crds)) continue;
    const dirs = [...new Set(walk(crds).map((f) => path.relative(crds, path.dirname(f))))].filter((d) =>
      RELEASE.test(d),
    );
    const tracks = new Map<string, string[]>();
    for (const d of dirs) {
      const track = d.replace(RELEASE, '*');
      tracks.set(track, [...(tracks.get(track) ?? []), d]);
    }
    const key = (d: string) => (RELEASE.exec(d) as RegExpExecArray).slice(1).map(Number);
    for (const [track, releases] of tracks) {
      releases.sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
      });
      out.push({ family, track, releases });
    }
  }
  return out;
}

const tracks = releaseTracks();
const pairs = tracks.flatMap((t) =>
  t.releases.slice(1).map((r, i) => ({ family: t.family, old: t.releases[i] as string, new: r })),
);

describeCorpus('corpus release history', () => {
  it('finds the release tracks Gateway API and Open Cluster Management ship', () => {
    expect(pairs.map((p) => `${p.family}: ${p.old} -> ${p.new}`)).toEqual(
      expect.arrayContaining([
        'gateway-api: v0.5.1-standard -> v1.6.1-standard',
        'open-cluster-management: api-v0.8.0/cluster -> api-v0.11.0/cluster',
      ]),
    );
  });

  it.each(tracks.flatMap((t) => t.releases.map((r) => ({ family: t.family, release: r }))))(
    'a release checked against itself has no findings: $family $release',
    ({ family, release }) => {
      const { catalog } = importDir(path.join(CORPUS, family, 'crds', release), release);
      const r = checkCatalogs(catalog, catalog);
      expect(r.findings).toEqual([]);
      expect(r.compared.length).toBe(catalog.kinds.length);
    },
  );

  it.each(pairs)('$family: $old -> $new', async (p) => {
    const old = importDir(path.join(CORPUS, p.family, 'crds', p.old), p.old).catalog;
    const neu = importDir(path.join(CORPUS, p.family, 'crds', p.new), p.new).catalog;
    const r = checkCatalogs(old, neu);
    const lines = r.findings.map(
      (f) =>
        `${f.severity} ${f.rule} ${f.kind}${f.version !== undefined ? `/${f.version}` : ''} ${formatSchemaPath(f.path)}`,
    );
    const name = `${p.family}_${p.old}_${p.new}`.replace(/[/]/g, '-');
    await expect(`${JSON.stringify({ counts: r.counts, findings: lines }, null, 1)}\n`).toMatchFileSnapshot(
      `testdata/corpus/${name}.golden.json`,
    );
  });
});
