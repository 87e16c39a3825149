// Unit and property tests (vitest) over the app's Vite config.
import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import viteConfig from './vite.config.ts';
import { findCorpus } from './scripts/corpusLocation.mjs';

/**
 * The corpus files are the slowest (the round-trip fuzz tens of seconds) and some are tiny: without timings (a
 * fresh clone, as in CI) vitest starts larger files first, so a small slow file would run last, alone. The
 * round-trip fuzz starts first, then the other corpus files, then the rest as vitest orders them.
 */
class CorpusFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) =>
      /roundTrip\.corpus\d*\.test\.ts$/.test(f.moduleId) ? 0 : /\.corpus\d*\.test\.ts$/.test(f.moduleId) ? 1 : 2;
    return (await super.sort(files))
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map((x) => x.f);
  }
}

export default mergeConfig(
  viteConfig,
  defineConfig({
    // `@corpus/...` in the UI's tests (Vite's glob import: they do not touch node:fs) is the corpus the tests use.
    resolve: { alias: [{ find: '@corpus', replacement: findCorpus(import.meta.dirname).dir }] },
    test: {
      include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
      environment: 'node',
      globalSetup: ['src/core/testdata/corpusNotice.ts'],
      // vitest's default is one worker fewer than the cores: on a 2-core machine that is one, and the
      // CPU-bound property and corpus files (split to run side by side) would run one after the other.
      maxWorkers: Math.max(2, availableParallelism()),
      testTimeout: 60_000,
      hookTimeout: 60_000,
      sequence: { sequencer: CorpusFirst },
    },
  }),
);
