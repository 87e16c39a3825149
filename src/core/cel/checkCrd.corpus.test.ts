// Corpus-driven: every real CRD of ../shared/corpus was accepted by the API server, so checking it must find no
// error: every rule and messageExpression compiles, type-checks and stays within the cost budget.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadYamlValues } from '../text/fastParse.ts';
import { CORPUS, walk } from '../testdata/loadCatalogs.ts';
import { HAS_CORPUS, CORPUS_MISSING } from '../testdata/corpus.ts';
import { checkCrdCel } from './checkCrd.ts';

const crdFiles = HAS_CORPUS ? walk(CORPUS).filter((f) => /\/crds\/.*\.ya?ml$/.test(f)) : [];
if (!HAS_CORPUS) console.warn(CORPUS_MISSING);

describe.skipIf(crdFiles.length === 0)('every corpus CRD is accepted (CEL compiles, types, cost)', () => {
  it.each(crdFiles.map((f) => [f.slice(CORPUS.length + 1), f]))('%s', (_name, file) => {
    const docs = loadYamlValues(readFileSync(file, 'utf8')).filter(
      (d) => (d as { kind?: unknown } | null)?.kind === 'CustomResourceDefinition',
    );
    expect(docs.length).toBeGreaterThan(0);
    for (const d of docs) {
      const r = checkCrdCel(d);
      expect(r.issues.filter((i) => i.severity === 'error')).toEqual([]);
      for (const rule of r.rules) expect(rule.total).toBeLessThanOrEqual(10_000_000);
    }
  });
});
