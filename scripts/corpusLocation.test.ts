// Where the tests look for the corpus: $VE_CORPUS, then ../shared/corpus, then corpus/ (npm run corpus).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findCorpus } from './corpusLocation.mjs';

describe('findCorpus', () => {
  const top = mkdtempSync(path.join(tmpdir(), 've-where-'));
  const repo = path.join(top, 'repo');
  mkdirSync(repo);
  afterEach(() => vi.unstubAllEnvs());

  it('takes the first that exists: VE_CORPUS, ../shared/corpus, corpus/', () => {
    vi.stubEnv('VE_CORPUS', '');
    expect(findCorpus(repo)).toEqual({ dir: path.join(repo, 'corpus'), found: false });
    mkdirSync(path.join(repo, 'corpus'));
    expect(findCorpus(repo)).toEqual({ dir: path.join(repo, 'corpus'), found: true });
    mkdirSync(path.join(top, 'shared/corpus'), { recursive: true });
    expect(findCorpus(repo)).toEqual({ dir: path.join(top, 'shared/corpus'), found: true });
    vi.stubEnv('VE_CORPUS', path.join(top, 'elsewhere'));
    expect(findCorpus(repo)).toEqual({ dir: path.join(top, 'elsewhere'), found: false });
    rmSync(top, { recursive: true, force: true });
  });
});
