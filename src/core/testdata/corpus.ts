// Test-only: where the corpus of real CRDs and samples is ($VE_CORPUS, else ../shared/corpus beside the checkout,
// else corpus/ filled by `npm run corpus`; scripts/corpusLocation.mjs), and whether it is there. Every
// corpus-reading test (vitest and Playwright) goes through this module, so a checkout without the corpus skips
// them with one clear line.
import path from 'node:path';
import { findCorpus } from '../../../scripts/corpusLocation.mjs';

export const REPO = path.resolve(import.meta.dirname, '../../..');
const found = findCorpus(REPO);
export const CORPUS = found.dir;
export const HAS_CORPUS = found.found;
export const CORPUS_MISSING = `corpus tests skipped: no corpus at ${CORPUS} (run npm run corpus, or set VE_CORPUS)`;

/** A path inside the corpus. */
export const corpusPath = (...parts: string[]): string => path.join(CORPUS, ...parts);
