// The repository's rule files in the ASO view, on the corpus samples: the rules with the generated steps give
// what the rules alone give (the operator's webhook, pruned to the target), and every sample of a rule pair's
// versions goes spoke -> hub -> spoke through the ASO executor with the rules without loss.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { findKindForDocument } from '../../catalog/findKindForDocument.ts';
import { jsonDifferences, roundTrip } from '../../analyse/roundTrip.ts';
import { formatPath } from '../../model/issue.ts';
import { CORPUS, corpusSamples, importDir } from '../../testdata/loadCatalogs.ts';
import { describeCorpus } from '../../testdata/corpusSuite.ts';
import { applyRules } from '../../rules/apply.ts';
import { kindOf } from '../../analyse/rulesCheck.ts';
import { parseRules } from '../../rules/parse.ts';
import { pruneTo } from '../../rules/schemaWalk.ts';
import { repoRuleFiles } from '../../rules/testdata/load.ts';
import { convertResource } from './convertResource.ts';
import { valueAt } from '../../model/jsonValue.ts';
import { PROPERTY_BAG } from '../../model/propertyBag.ts';

type Doc = Record<string, unknown>;
const docsOf = (file: string): Doc[] =>
  parseAllDocuments(readFileSync(file, 'utf8'))
    .map((d) => d.toJS() as unknown)
    .filter((d): d is Doc => d !== null && typeof d === 'object' && !Array.isArray(d));

describeCorpus('repository rule files in the ASO view (corpus samples)', () => {
  for (const f of repoRuleFiles()) {
    const parsed = parseRules(f.text, f.file);
    const catalog = importDir(path.join(CORPUS, f.family, 'crds'), f.family).catalog;
    const samples = corpusSamples(f.family).flatMap((file) => docsOf(file).map((doc) => ({ file, doc })));
    for (const c of parsed.ruleSet.conversions) {
      const kind = kindOf(catalog, c)!;
      const at = (d: Doc, v: string) => d.kind === c.kind && findKindForDocument(catalog, d).version?.name === v;
      const older = samples.filter((s) => at(s.doc, c.from));
      const newer = samples.filter((s) => at(s.doc, c.to));

      it(`${f.file}: ${c.kind} ${c.from} -> ${c.to}, the rules with the generated steps give the rules' spec`, () => {
        expect(older.length).toBeGreaterThan(0);
        const failures: string[] = [];
        for (const o of older) {
          const aso = convertResource(catalog, o.doc, c.to, { rules: parsed.ruleSet });
          // the rules' own errors (a failed CEL expression) would show here; an intended drop is info
          expect(aso.issues.filter((i) => i.code.startsWith('RULE') && i.severity !== 'info')).toEqual([]);
          const to = kind.versions.find((v) => v.name === c.to)!;
          const r = applyRules(parsed.ruleSet, { group: kind.group, kind: kind.kind }, c.from, c.to, o.doc);
          const webhook = pruneTo(to, r.doc).value as Doc;
          const diffs = jsonDifferences((aso.output as Doc).spec, webhook.spec, ['spec']).map(formatPath);
          if (diffs.length > 0) failures.push(`${path.basename(o.file)}: ${diffs.join(', ')}`);
        }
        expect(failures).toEqual([]);
      });

      it(`${f.file}: ${c.kind} ${c.from} -> hub, the fields the rules take are not in the hub's bags`, () => {
        const hub = kind.versions.find((v) => v.name === kind.hub);
        if (hub?.twin !== c.to) return; // the hub is another API version's twin: other rules apply
        let taken = 0;
        for (const o of older) {
          const r = applyRules(parsed.ruleSet, { group: kind.group, kind: kind.kind }, c.from, c.to, o.doc);
          const out = convertResource(catalog, o.doc, 'hub', { rules: parsed.ruleSet }).output;
          for (const a of r.applied)
            for (const p of a.sourcePaths) {
              const name = String(p[p.length - 1]).toLowerCase();
              const bag = valueAt(out, [...p.slice(0, -1), PROPERTY_BAG]) as Record<string, unknown> | undefined;
              expect(
                Object.keys(bag ?? {}).map((k) => k.toLowerCase()),
                formatPath(p),
              ).not.toContain(name);
              taken++;
            }
        }
        expect(taken).toBeGreaterThan(0);
      });

      it(`${f.file}: ${c.kind} samples at ${c.from} and ${c.to} go spoke -> hub -> spoke with the rules without loss`, () => {
        const failures: string[] = [];
        let checked = 0;
        for (const s of [...older, ...newer]) {
          const without = roundTrip(catalog, s.doc);
          if (without.ok) checked++;
          const withRules = roundTrip(catalog, s.doc, { rules: parsed.ruleSet });
          if (without.ok && withRules.lost.length > 0)
            failures.push(`${path.basename(s.file)}: ${withRules.lost.map(formatPath).join(', ')}`);
        }
        expect(failures).toEqual([]);
        expect(checked).toBeGreaterThan(0);
      });
    }
  }
});
