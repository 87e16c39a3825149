// vitest globalSetup: one line when the corpus is absent (its suites are then skipped, see corpusSuite.ts).
// scripts/test.mjs silences it (VE_CORPUS_NOTICE=off): its closing line gives the reason instead.
import { CORPUS_MISSING, HAS_CORPUS } from './corpus.ts';

export default function setup(): void {
  if (!HAS_CORPUS && process.env.VE_CORPUS_NOTICE !== 'off') console.log(`\n${CORPUS_MISSING}\n`);
}
