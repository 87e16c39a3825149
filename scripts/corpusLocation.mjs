// Where the corpus of real CRDs and samples is, for the tests, the examples and `npm run corpus`:
// $VE_CORPUS, else the team's copy beside the checkout (../shared/corpus), else the folder `npm run corpus`
// fills (corpus/, ignored by git). Plain JavaScript, so scripts/test.mjs can use it without a TypeScript loader.
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The manifest of the corpus (upstream URL and sha256 of every file), at the top of the repository. */
export const MANIFEST_FILE = 'corpus.lock.json';
/** Where `npm run corpus` puts the files, relative to the repository. */
export const FETCHED_DIR = 'corpus';

/** The corpus folder to use (the first that exists), and whether one exists. */
export function findCorpus(root) {
  if (process.env.VE_CORPUS) {
    const dir = path.resolve(process.env.VE_CORPUS);
    return { dir, found: existsSync(dir) };
  }
  const candidates = [path.resolve(root, '../shared/corpus'), path.resolve(root, FETCHED_DIR)];
  const dir = candidates.find((d) => existsSync(d));
  return dir ? { dir, found: true } : { dir: candidates[1], found: false };
}
