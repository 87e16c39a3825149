// Test-only: a vitest suite that needs the shared corpus. Without it the suite is one skipped test (never a
// failure, never silently gone); vitest.setup.ts prints the one line saying why.
import { describe, it } from 'vitest';
import { CORPUS_MISSING, HAS_CORPUS } from './corpus.ts';

export function describeCorpus(title: string, body: () => void): void {
  if (HAS_CORPUS) describe(title, body);
  else describe.skip(title, () => it(CORPUS_MISSING, () => undefined));
}
