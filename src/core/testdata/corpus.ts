// Test-only: where the shared corpus of real CRDs and samples lives (`../shared/corpus` beside the checkout, not
// in the repository; README "The corpus"), and whether it is there. Every corpus-reading test (vitest and
// Playwright) goes through this module, so a checkout without the corpus skips them with one clear line.
import { existsSync } from 'node:fs';
import path from 'node:path';

export const REPO = path.resolve(import.meta.dirname, '../../..');
export const CORPUS = process.env.VE_CORPUS
  ? path.resolve(process.env.VE_CORPUS)
  : path.resolve(REPO, '../shared/corpus');
export const HAS_CORPUS = existsSync(CORPUS);
export const CORPUS_MISSING = `corpus tests skipped: no corpus at ${CORPUS} (README, "The corpus")`;

/** A path inside the corpus. */
export const corpusPath = (...parts: string[]): string => path.join(CORPUS, ...parts);
