#!/usr/bin/env node
// `npm run corpus`: downloads the corpus of real CRDs and samples listed in corpus.lock.json from their upstream
// repositories (raw.githubusercontent.com, pinned commits) into corpus/ (ignored by git), checking every sha256.
// Safe to run again: verified files are skipped, a partial download (`<file>.part`) continues where it stopped,
// and a file whose hash differs from the manifest is refused (deleted, reported, exit 1).
// Options: --dir DIR (default corpus/), --base URL (default $VE_CORPUS_BASE_URL or https://raw.githubusercontent.com).
import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { FETCHED_DIR, MANIFEST_FILE } from './corpusLocation.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: { dir: { type: 'string' }, base: { type: 'string' }, quiet: { type: 'boolean' } },
});
const dir = path.resolve(opts.dir ?? path.join(root, FETCHED_DIR));
const base = (opts.base ?? process.env.VE_CORPUS_BASE_URL ?? 'https://raw.githubusercontent.com').replace(/\/+$/, '');
const manifest = JSON.parse(readFileSync(path.join(root, MANIFEST_FILE), 'utf8'));
const PARALLEL = 8;

const sha256 = (file) =>
  new Promise((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(file)
      .on('data', (b) => h.update(b))
      .on('error', reject)
      .on('end', () => resolve(h.digest('hex')));
  });

const urlOf = (f) => `${base}/${f.repository}/${f.commit}/${f.source.split('/').map(encodeURIComponent).join('/')}`;

/** One file: 'verified' (already there), 'fetched', 'resumed', or throws with the reason. */
async function getFile(f) {
  const target = path.join(dir, ...f.path.split('/'));
  if (existsSync(target) && (await sha256(target)) === f.sha256) return 'verified';
  mkdirSync(path.dirname(target), { recursive: true });
  const part = `${target}.part`;
  const have = existsSync(part) ? statSync(part).size : 0;
  // A complete .part (the last run stopped before checking it) needs no request at all.
  let how = have > 0 ? 'resumed' : 'fetched';
  if (have < f.size) {
    const url = urlOf(f);
    const res = await fetch(url, { headers: have > 0 ? { range: `bytes=${have}-` } : {} });
    if (res.status !== 200 && res.status !== 206) throw new Error(`HTTP ${res.status} from ${url}`);
    // 206: the server sent the rest; 200: it sent the whole file again, so start over.
    if (res.status === 200) how = 'fetched';
    await pipeline(Readable.fromWeb(res.body), createWriteStream(part, { flags: res.status === 206 ? 'a' : 'w' }));
  }
  const got = await sha256(part);
  if (got !== f.sha256) {
    await rm(part, { force: true });
    throw new Error(`sha256 ${got} is not the manifest's ${f.sha256}: refused`);
  }
  renameSync(part, target);
  return how;
}

const counts = { verified: 0, fetched: 0, resumed: 0 };
const failures = [];
let bytes = 0;
const queue = [...manifest.files];
async function worker() {
  for (let f = queue.shift(); f; f = queue.shift()) {
    try {
      const how = await getFile(f);
      counts[how]++;
      if (how !== 'verified') bytes += f.size;
      if (how === 'resumed' && !opts.quiet) console.log(`resumed ${f.path}`);
    } catch (e) {
      failures.push(`${f.path}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
const t0 = Date.now();
console.log(`corpus: ${manifest.files.length} files from ${base} into ${path.relative(process.cwd(), dir) || '.'}`);
await Promise.all(Array.from({ length: PARALLEL }, worker));
for (const line of failures) console.error(`corpus: error ${line}`);
console.log(
  `corpus: ${counts.fetched} fetched, ${counts.resumed} resumed, ${counts.verified} already verified, ` +
    `${failures.length} failed (${(bytes / 1e6).toFixed(1)} MB in ${((Date.now() - t0) / 1000).toFixed(1)}s)`,
);
if (failures.length > 0) {
  console.error('corpus: run `npm run corpus` again to retry; verified files are kept.');
  process.exit(1);
}
