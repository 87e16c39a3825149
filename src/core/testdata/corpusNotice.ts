// vitest globalSetup: one line when the shared corpus is absent (its suites are then skipped, see corpusSuite.ts).
import { CORPUS_MISSING, HAS_CORPUS } from './corpus.ts';

export default function setup(): void {
  if (!HAS_CORPUS) console.log(`\n${CORPUS_MISSING}\n`);
}
