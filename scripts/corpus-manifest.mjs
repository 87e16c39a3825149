#!/usr/bin/env node
// Writes corpus.lock.json: every file of the shared corpus by upstream repository, ref, commit, path and sha256,
// read from each family's PROVENANCE.md ("Sources" and "Files" tables). `npm run corpus` downloads what it lists.
// Usage: node scripts/corpus-manifest.mjs [CORPUS_DIR]   (default: the corpus the tests use)
// Each file's git blob id (PROVENANCE.md) is checked against the file, so the manifest only lists exact copies.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findCorpus, MANIFEST_FILE } from './corpusLocation.mjs';

const root = path.resolve(import.meta.dirname, '..');
const corpus = path.resolve(process.argv[2] ?? findCorpus(root).dir);
if (!existsSync(corpus)) {
  console.error(`corpus-manifest: no corpus at ${corpus}`);
  process.exit(2);
}

/** The rows of the markdown table under `## heading`, as trimmed cells. */
function tableRows(text, heading) {
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) return [];
  const rows = [];
  for (const line of text.slice(start).split('\n').slice(2)) {
    if (line.startsWith('## ')) break;
    if (!line.startsWith('|') || /^\|\s*-/.test(line)) continue;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim().replace(/^`(.*)`$/, '$1')),
    );
  }
  return rows.slice(1); // the header row
}

const gitBlob = (bytes) =>
  createHash('sha1')
    .update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]))
    .digest('hex');

const problems = [];
const sources = [];
const files = [];
const families = readdirSync(corpus, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(corpus, d.name, 'PROVENANCE.md')))
  .map((d) => d.name)
  .sort();
for (const family of families) {
  const text = readFileSync(path.join(corpus, family, 'PROVENANCE.md'), 'utf8');
  const byRef = new Map();
  for (const [url = '', ref = '', commit = '', license = ''] of tableRows(text, 'Sources')) {
    const repository = url.replace(/^https:\/\/github\.com\//, '');
    const source = { family, repository, ref, commit, license: license.split(' ')[0] ?? '' };
    if (!/^[0-9a-f]{40}$/.test(commit)) problems.push(`${family}: ${ref} has no full commit id`);
    byRef.set(ref, source);
    sources.push(source);
  }
  for (const [file = '', sourcePath = '', ref = '', blob = ''] of tableRows(text, 'Files')) {
    const source = byRef.get(ref);
    const local = path.join(corpus, family, file);
    if (!source) problems.push(`${family}/${file}: ref ${ref} is not in the Sources table`);
    else if (!existsSync(local)) problems.push(`${family}/${file}: listed but absent`);
    else {
      const bytes = readFileSync(local);
      if (!gitBlob(bytes).startsWith(blob)) problems.push(`${family}/${file}: not the upstream blob ${blob}`);
      files.push({
        path: `${family}/${file}`,
        repository: source.repository,
        ref,
        commit: source.commit,
        source: sourcePath,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    }
  }
}

// Every file of the corpus but the team's own notes (README.md, PROVENANCE.md) must be listed.
const listed = new Set(files.map((f) => f.path));
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)],
  );
for (const full of walk(corpus)) {
  const rel = path.relative(corpus, full).split(path.sep).join('/');
  if (!/(^|\/)(README|PROVENANCE)\.md$/.test(rel) && !listed.has(rel)) problems.push(`${rel}: in no PROVENANCE.md`);
}
if (problems.length > 0) {
  for (const p of problems) console.error(`corpus-manifest: ${p}`);
  process.exit(1);
}

files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
const manifest = {
  generated: 'by scripts/corpus-manifest.mjs from each family PROVENANCE.md of the shared corpus; do not edit',
  url: 'https://raw.githubusercontent.com/{repository}/{commit}/{source}',
  sources,
  files,
};
writeFileSync(path.join(root, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
const bytes = files.reduce((n, f) => n + f.size, 0);
console.log(
  `corpus-manifest: ${files.length} files (${(bytes / 1e6).toFixed(1)} MB) from ${sources.length} upstream refs -> ${MANIFEST_FILE}`,
);
