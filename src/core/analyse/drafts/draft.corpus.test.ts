// Drafts on the corpus: for every kind and every pair of consecutive API versions, the strong drafts parse, name
// only paths their versions have and (move, enum, mapToList, listToMap) round-trip generated instances of the older
// version; on Cluster API the drafted moves and map -> list conversions are the ones the operator's own conversion
// does (rules/cluster-api, written from its conversion code). Prints how many strong drafts the corpus gives, by op.
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { arbitraryInstance } from '../../testing/arbitrary.ts';
import { corpusUnits, importDir } from '../../testdata/loadCatalogs.ts';
import { checkRulesAgainstCatalog, checkRulesByRoundTrip } from '../rulesCheck.ts';
import { draftRules } from './draft.ts';
import type { Rule } from '../../rules/format.ts';
import { draftData, formatDrafts, mergeDrafts } from './draftText.ts';
import { parseRules } from '../../rules/parse.ts';
import { keyedListsSound, repoRuleFiles } from '../../rules/testdata/load.ts';

const units = corpusUnits();
const LOSSLESS = new Set(['move', 'enum', 'mapToList', 'listToMap']);
/** Strong drafts over the corpus, by rule op (printed at the end: the figure the docs quote). */
const tally = new Map<string, number>();
afterAll(() => {
  if (tally.size === 0) return;
  const total = [...tally.values()].reduce((x, y) => x + y, 0);
  console.info(`strong drafts on the corpus: ${total} (${[...tally].map(([op, n]) => `${op} ${n}`).join(', ')})`);
});

describe.skipIf(units.length === 0)('drafts on the corpus', () => {
  for (const u of units)
    it(`${u.id}: strong drafts are valid rules and move/enum/map <-> list drafts round-trip`, () => {
      const catalog = importDir(u.dir, u.id).catalog;
      for (const kind of catalog.kinds) {
        const api = kind.versions.filter((v) => v.role === 'api');
        for (let i = 0; i + 1 < api.length; i++) {
          const [from, to] = [api[i]!.name, api[i + 1]!.name];
          const r = draftRules(catalog, { group: kind.group, kind: kind.kind }, from, to);
          expect(r.issues).toEqual([]);
          const strong = r.drafts.filter((d) => d.confidence === 'strong');
          for (const d of strong) tally.set(d.rule.op, (tally.get(d.rule.op) ?? 0) + 1);
          if (strong.length === 0) continue;
          const where = `${kind.kind} ${from} -> ${to}`;
          const parsed = parseRules(formatDrafts(strong, r.target!), where);
          expect(parsed.issues).toEqual([]);
          expect(checkRulesAgainstCatalog(parsed.ruleSet, catalog)).toEqual([]);
          const lossless = strong.filter((d) => LOSSLESS.has(d.rule.op));
          if (lossless.length === 0) continue;
          const set = parseRules(formatDrafts(lossless, r.target!), where).ruleSet;
          const rules = set.conversions.flatMap((c) => c.rules);
          const sample = (v: string) =>
            fc
              .sample(arbitraryInstance(catalog, kind, v, { maxDepth: 3, maxItems: 2, status: true }), {
                numRuns: 3,
                seed: 5,
              })
              .map((doc, n) => ({ doc, source: `${where} generated ${v} #${n}` }))
              // a list a map <-> list draft reads holds what a map could (keys once each, as the API server keeps them)
              .filter((x) => keyedListsSound(x.doc, rules));
          const errors = (v: string) =>
            checkRulesByRoundTrip(set, catalog, sample(v))
              .flatMap((x) => x.issues)
              .filter((x) => x.severity === 'error');
          // Older documents come back whole. Newer ones may hold new fields no draft carries (they are lost with
          // the object holding them, and the check blames the nearest rule): only "not inverse" counts there.
          expect(errors(from)).toEqual([]);
          expect(errors(to).filter((x) => x.code === 'RULE_NOT_INVERSE')).toEqual([]);
        }
      }
    }, 120_000);
});

const capi = units.find((u) => u.id === 'cluster-api');
const repoFile = (name: string) => repoRuleFiles().find((f) => f.file === `rules/cluster-api/${name}`);

describe.skipIf(!capi)(
  'Cluster API v1beta1 -> v1beta2: drafted moves and map -> list match the operator conversion',
  () => {
    const catalog = capi ? importDir(capi.dir, capi.id).catalog : undefined;
    for (const [kind, file] of [
      ['KubeadmControlPlane', 'kubeadmcontrolplane-v1beta1-v1beta2.yaml'],
      ['MachineDeployment', 'machinedeployment-v1beta1-v1beta2.yaml'],
    ] as const)
      it(`${kind}: every strong move of a spec field is a move of rules/cluster-api/${file}`, () => {
        const r = draftRules(catalog!, kind, 'v1beta1', 'v1beta2');
        const moves = r.drafts
          .filter((d) => d.confidence === 'strong' && d.rule.op === 'move' && d.evidence.from.startsWith('spec.'))
          .map((d) => `${d.evidence.from} -> ${d.evidence.to}`);
        const text = repoFile(file)!.text;
        const repo = parseRules(text).ruleSet.conversions.flatMap((c) =>
          c.rules.flatMap((x) => (x.op === 'move' ? [`${x.from.text} -> ${x.to.text}`] : [])),
        );
        expect(moves.length).toBeGreaterThan(0);
        expect(moves.filter((m) => !repo.includes(m))).toEqual([]);
        // every strong map <-> list draft is one of the file's, with the same from, to, key and value
        const listMap = (x: Rule) =>
          x.op === 'mapToList' || x.op === 'listToMap'
            ? [`${x.op} ${x.from.text} -> ${x.to.text} ${x.key} ${x.value}`]
            : [];
        const drafted = r.drafts.filter((d) => d.confidence === 'strong').flatMap((d) => listMap(d.rule));
        const written = parseRules(text).ruleSet.conversions.flatMap((c) => c.rules.flatMap(listMap));
        expect(drafted.filter((m) => !written.includes(m))).toEqual([]);
        // and the drafts find every map -> list conversion the operator does (KubeadmControlPlane's six extraArgs)
        expect(drafted.sort()).toEqual(written.sort());
        // each offered on its Changes row (the Changes tab puts a draft on the row of its first change)
        for (const d of r.drafts.filter((x) => x.confidence === 'strong' && x.rule.op === 'mapToList'))
          expect(d.evidence.changes[0]).toEqual({ change: 'type-changed', path: d.evidence.from });
        // merged into the repository's file, the drafts it already has are recognised and left out
        const merged = mergeDrafts(
          text,
          r.target!,
          r.drafts.filter((d) => d.confidence === 'strong' && d.evidence.from.startsWith('spec.')).map(draftData),
        );
        expect(merged.added).toEqual([]);
        expect(merged.text).toBe(text);
      });
    it('KubeadmControlPlane: readinessGates moved into the new machineTemplate.spec is drafted, strong', () => {
      const r = draftRules(catalog!, 'KubeadmControlPlane', 'v1beta1', 'v1beta2');
      const d = r.drafts.find((x) => x.evidence.from === 'spec.machineTemplate.readinessGates');
      expect([d?.confidence, d?.rule.op, d?.evidence.to]).toEqual([
        'strong',
        'move',
        'spec.machineTemplate.spec.readinessGates',
      ]);
      expect(d?.evidence.changes).toEqual([
        { change: 'removed', path: 'spec.machineTemplate.readinessGates' },
        { change: 'added-required', path: 'spec.machineTemplate.spec' },
      ]);
    });
  },
);
