// Drafts as rules text: merged into the user's rules file, and as plain data (worker messages).
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ruleEnds } from '../../rules/apply.ts';
import { draftRules } from './draft.ts';
import { draftData, formatDrafts, mergeDrafts, ruleToJson, writtenRuleEnds } from './draftText.ts';
import { parseRules } from '../../rules/parse.ts';
import { formatPathPattern } from '../../rules/paths.ts';
import { fixtureRules, repoRuleFiles } from '../../rules/testdata/load.ts';
import { nodes, store, strong } from './testdata/drafts.ts';

describe('mergeDrafts: into the user rules text', () => {
  const r = draftRules(store, 'Store', 'v1', 'v2');
  const target = r.target!;
  const owner = r.drafts.filter((d) => d.evidence.from === 'spec.owner').map(draftData);
  const tier = r.drafts.filter((d) => d.evidence.from === 'spec.tier').map(draftData);
  const USER = [
    '# my rules',
    'apiVersion: version-explorer.dev/v1alpha1',
    'kind: ConversionRules',
    'conversions:',
    '  - group: example.com',
    '    kind: Store',
    '    from: v1',
    '    to: v2',
    '    rules:',
    '      # keep this comment',
    '      - id: owner',
    '        drop: { from: spec.size, reason: "not kept" }   # and this one',
    '',
  ].join('\n');

  it('appends to the conversion of the pair, keeping the text before it byte for byte; ids that clash get -2', () => {
    const m = mergeDrafts(USER, target, owner);
    expect(m.issues).toEqual([]);
    expect(m.added).toEqual(['owner-2']);
    expect(m.text.startsWith(USER)).toBe(true);
    const parsed = parseRules(m.text);
    expect(parsed.issues).toEqual([]);
    expect(parsed.ruleSet.conversions[0]!.rules.map((x) => x.id)).toEqual(['owner', 'owner-2']);
  });
  it('a draft whose paths a rule already reads is left out (merging twice adds nothing)', () => {
    const once = mergeDrafts(USER, target, [...owner, ...tier]);
    const twice = mergeDrafts(once.text, target, [...owner, ...tier]);
    expect(twice.added).toEqual([]);
    expect([...twice.present].sort()).toEqual(['owner', 'tier-values']);
    expect(twice.text).toBe(once.text);
  });
  it('a map <-> list draft: written as files write it (no `to` at the same path), after the user rules, once', () => {
    const n = draftRules(nodes, 'Node', 'v1', 'v2');
    const ds = strong(n.drafts)
      .filter((d) => d.rule.op === 'mapToList' || d.rule.op === 'listToMap')
      .map(draftData);
    const user = USER.replace('kind: Store', 'kind: Node');
    const m = mergeDrafts(user, n.target!, ds);
    expect(m.text.startsWith(user)).toBe(true);
    const parsed = parseRules(m.text);
    expect(parsed.issues).toEqual([]);
    const written = (parse(m.text) as { conversions: { rules: { id: string }[] }[] }).conversions[0]!.rules;
    expect(written.find((x) => x.id === 'kubeletArgs')).toEqual({
      id: 'kubeletArgs',
      mapToList: { from: 'spec.kubeletArgs', key: 'name', value: 'value' },
    });
    expect(written.find((x) => x.id === 'annotations')).toEqual({
      id: 'annotations',
      mapToList: { from: 'spec.annotations', to: 'spec.meta.annotations', key: 'name', value: 'value' },
    });
    expect(written.find((x) => x.id === 'zones')).toEqual({
      id: 'zones',
      mapToList: { from: 'spec.zones', key: 'name' },
    });
    expect(m.added.length).toBe(ds.length);
    const twice = mergeDrafts(m.text, n.target!, ds);
    expect([twice.added, twice.text]).toEqual([[], m.text]);
  });
  it('another pair: a new conversion after the existing ones', () => {
    const m = mergeDrafts(USER, { ...target, from: 'v0' }, owner);
    const cs = parseRules(m.text).ruleSet.conversions;
    expect(cs.map((c) => [c.from, c.rules.map((x) => x.id)])).toEqual([
      ['v1', ['owner']],
      ['v0', ['owner']],
    ]);
    expect(m.text.startsWith(USER)).toBe(true);
  });
  it('flow-style rules: the document is edited and printed, comments kept', () => {
    const flow = USER.split('\n').slice(0, 9).join('\n').replace('rules:', 'rules: []  # none yet') + '\n';
    const m = mergeDrafts(flow, target, owner);
    expect(m.text).toContain('# my rules');
    expect(parseRules(m.text).ruleSet.conversions[0]!.rules.map((x) => x.id)).toEqual(['owner']);
  });
  it('empty text: a new rules document', () => {
    const m = mergeDrafts('', target, owner);
    expect(parseRules(m.text).issues).toEqual([]);
    expect(m.added).toEqual(['owner']);
  });
  it('text that is not a rules document is left alone, with an issue', () => {
    for (const [text, code] of [
      ['a: [', 'YAML_SYNTAX'],
      ['apiVersion: v1\nkind: ConfigMap\n', 'RULES_FORMAT_VERSION'],
      ['apiVersion: version-explorer.dev/v1alpha1\nkind: ConversionRules\nconversions: 3\n', 'RULES_INVALID'],
    ] as const) {
      const m = mergeDrafts(text, target, owner);
      expect([m.text, m.added, m.issues.map((i) => i.code)]).toEqual([text, [], [code]]);
    }
  });
});

describe('drafts as plain data', () => {
  it('a rule as written reads and writes what the parsed rule does (every rule of the repository and the fixtures)', () => {
    const rules = [
      ...repoRuleFiles().map((f) => parseRules(f.text, f.file).ruleSet),
      fixtureRules('backup-rules.yaml').ruleSet,
    ].flatMap((set) => set.conversions.flatMap((c) => c.rules));
    expect(rules.length).toBeGreaterThan(20);
    for (const r of rules) {
      const e = ruleEnds(r, 'up');
      expect(writtenRuleEnds(ruleToJson(r)), r.id).toEqual({
        reads: e.source.map(formatPathPattern),
        writes: e.dest.map(formatPathPattern),
      });
    }
  });
  it('survive structured clone (posted from the worker) and print the same rules', () => {
    const r = draftRules(store, 'Store', 'v1', 'v2');
    const data = strong(r.drafts).map(draftData);
    const cloned = structuredClone(data);
    expect(mergeDrafts('', r.target!, cloned).text).toBe(formatDrafts(strong(r.drafts), r.target!));
  });
});
