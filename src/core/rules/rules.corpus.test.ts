// The repository's rule files against the corpus: each parses and names only paths its versions have; samples
// of the older version convert to the same object's sample at the newer version (the sample authors' own edits
// listed with the reason) and every sample round-trips through the rules without loss.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { findKindForDocument } from '../catalog/findKindForDocument.ts';
import { jsonDifferences } from '../analyse/roundTrip.ts';
import { formatPath } from '../model/issue.ts';
import { CORPUS, corpusSamples, importDir } from '../testdata/loadCatalogs.ts';
import { applyRules } from './apply.ts';
import { checkRulesAgainstCatalog, checkRulesByRoundTrip, kindOf } from '../analyse/rulesCheck.ts';
import { parseRules } from './parse.ts';
import { pruneTo } from './schemaWalk.ts';
import { repoRuleFiles } from './testdata/load.ts';
import { describeCorpus } from '../testdata/corpusSuite.ts';

type Doc = Record<string, unknown>;
const docsOf = (file: string): Doc[] =>
  parseAllDocuments(readFileSync(file, 'utf8'))
    .map((d) => d.toJS() as unknown)
    .filter((d): d is Doc => d !== null && typeof d === 'object' && !Array.isArray(d));
const nameOf = (d: Doc) => (d.metadata as { name?: string } | undefined)?.name;

/**
 * Differences between converted samples and the newer samples that the sample authors made, not the conversion:
 * `path` for every sample of the family, `file:path` for one, `file:*` for a sample rewritten.
 */
const AUTHOR_EDITS: Record<string, Record<string, string>> = {
  'cluster-api': {
    'spec.version': 'the samples bump Kubernetes from v1.33.0 to v1.34.0',
    'spec.template.spec.version': 'the samples bump Kubernetes from v1.33.0 to v1.34.0',
  },
  'external-secrets': {
    'spec.refreshInterval': 'several v0.15 samples refresh hourly instead of every minute',
    'fake-provider-es.yaml:spec.dataFrom[0].extract.version': 'the v0.15 sample pins version v1',
    'aws-sm-external-secret.yaml:*': 'the v0.15 sample fetches other secrets from another store',
    'ibm-es-types.yaml:*': 'the v0.15 sample lists other secret types',
  },
};
const explained = (family: string, file: string, p: string): boolean =>
  [p, `${path.basename(file)}:${p}`, `${path.basename(file)}:*`].some((k) =>
    Object.hasOwn(AUTHOR_EDITS[family] ?? {}, k),
  );

const files = repoRuleFiles();
const catalogs = new Map<string, ReturnType<typeof importDir>['catalog']>();
const catalogOf = (family: string) => {
  let c = catalogs.get(family);
  if (!c) catalogs.set(family, (c = importDir(path.join(CORPUS, family, 'crds'), family).catalog));
  return c;
};

// The suite's body imports corpus catalogs while collecting, so it sits inside describeCorpus (never run without it).
describeCorpus('the corpus', () => {
  describe.skipIf(files.length === 0)('repository rule files', () => {
    for (const f of files) {
      const parsed = parseRules(f.text, f.file);
      it(`${f.file} parses and names only paths its versions have`, () => {
        expect(parsed.issues).toEqual([]);
        expect(parsed.ruleSet.conversions.length).toBeGreaterThan(0);
        expect(checkRulesAgainstCatalog(parsed.ruleSet, catalogOf(f.family))).toEqual([]);
      });

      const samples = corpusSamples(f.family).flatMap((file) => docsOf(file).map((doc) => ({ file, doc })));
      for (const c of parsed.ruleSet.conversions) {
        const catalog = catalogOf(f.family);
        const kind = kindOf(catalog, c)!;
        const at = (d: Doc, v: string) => d.kind === c.kind && findKindForDocument(catalog, d).version?.name === v;
        const older = samples.filter((s) => at(s.doc, c.from));
        const newer = samples.filter((s) => at(s.doc, c.to));

        it(`${f.file}: ${c.kind} samples at ${c.from} convert to the same objects' samples at ${c.to}`, () => {
          let pairs = 0;
          const failures: string[] = [];
          for (const o of older) {
            const n = newer.find(
              (x) => path.basename(x.file) === path.basename(o.file) && nameOf(x.doc) === nameOf(o.doc),
            );
            if (!n) continue;
            pairs++;
            const r = applyRules(parsed.ruleSet, { group: kind.group, kind: kind.kind }, c.from, c.to, o.doc);
            expect(r.issues.filter((i) => i.severity !== 'info')).toEqual([]);
            const to = kind.versions.find((v) => v.name === c.to)!;
            const got = pruneTo(to, r.doc);
            expect(got.pruned).toEqual([]);
            const diffs = jsonDifferences((got.value as Doc).spec, n.doc.spec, ['spec']).map((p) => formatPath(p));
            const unexplained = diffs.filter((d) => !explained(f.family, o.file, d));
            if (unexplained.length > 0)
              failures.push(`${path.basename(o.file)} ${nameOf(o.doc)}: ${unexplained.join(', ')}`);
          }
          expect(failures).toEqual([]);
          expect(pairs).toBeGreaterThan(0);
        });

        it(`${f.file}: ${c.kind} samples at ${c.from} and ${c.to} round-trip through the rules without loss`, () => {
          const inputs = [...older, ...newer].map((s) => ({ doc: s.doc, source: `${s.file}` }));
          expect(inputs.length).toBeGreaterThan(0);
          const reports = checkRulesByRoundTrip(parsed.ruleSet, catalog, inputs);
          expect(reports.length).toBe(inputs.length);
          expect(reports.flatMap((r) => r.issues)).toEqual([]);
        });
      }
    }
  });
});
