// The worker's side of the rules editor: the rules text travels with each explore request, is parsed once per
// text and checked against the catalog (issues at their line and column), and in the as-deployed view the rules
// are the webhook: a Cluster API KubeadmControlPlane v1beta1 written to its v1beta2 storage keeps
// `spec.machineTemplate.infrastructureRef` only when a rule moves it, and the fate names the rule.
import { expect, it } from 'vitest';
import { describeCorpus } from '../../core/testdata/corpusSuite.ts';
import { formatPath, loadCatalog, pathKey, serializeCatalog } from '../../core/index.ts';
import { summaryFromExplore } from '../share/markdown.ts';
import { importFiles } from '../../importers/index.ts';
import { explore, setCatalog } from './engine.ts';
import { lineAt } from './packLines.ts';
import type { ExploreRequest, PaneView } from './types.ts';
import { checkedRules, RULES_FILE } from './rulesView.ts';
import { dropRule, kcpRules, moveRule } from '../rules/testdata/kcpRules.ts';

// (Vite's glob import: the UI's tests, like the UI, do not touch node:fs.)
const files = import.meta.glob<string>(
  [
    '@corpus/cluster-api/crds/controlplane.cluster.x-k8s.io_kubeadmcontrolplanes.yaml',
    '../../../rules/cluster-api/kubeadmcontrolplane-v1beta1-v1beta2.yaml',
  ],
  { query: '?raw', import: 'default', eager: true },
);
const text = (part: string) => Object.entries(files).find(([p]) => p.includes(part))?.[1] ?? '';
const crd = text('kubeadmcontrolplanes.yaml');
const repoRules = text('kubeadmcontrolplane-v1beta1-v1beta2.yaml');
const catalogJson = crd
  ? (JSON.parse(serializeCatalog(importFiles([{ name: 'kcp.yaml', text: crd }]).catalog)) as unknown)
  : {};
if (crd) setCatalog('kcp', catalogJson);

const input = `apiVersion: controlplane.cluster.x-k8s.io/v1beta1
kind: KubeadmControlPlane
metadata:
  name: cp
  namespace: default
spec:
  replicas: 1
  version: v1.33.0
  machineTemplate:
    nodeDrainTimeout: 10s
    infrastructureRef:
      apiVersion: infrastructure.cluster.x-k8s.io/v1beta1
      kind: DockerMachineTemplate
      name: controlplane
  kubeadmConfigSpec: {}
`;
const REF = 'spec.machineTemplate.infrastructureRef';
const MOVED = 'spec.machineTemplate.spec.infrastructureRef';
const DRAIN = 'spec.machineTemplate.nodeDrainTimeout';

const MOVE = moveRule('infrastructureRef', REF, MOVED);
const DROP = dropRule('drain', DRAIN, 'not carried in this test');
const NOWHERE = moveRule('nowhere', 'spec.noSuchField', 'spec.other');

// A compute rule whose CEL fails on the input: the name `cp` is not a number.
const FAILING = `      - id: replicas
        compute:
          up: { spec.replicas: "self.spec.replicas + int(self.metadata.name)" }
          down: { spec.replicas: "self.spec.replicas - int(self.metadata.name)" }`;

const req: ExploreRequest = { catalogKey: 'kcp', input, document: 0, targetVersion: 'v1beta2' };
const storedLine = (p: PaneView | undefined, path: string) => {
  if (!p) return undefined;
  for (let i = 0; i < p.lines.size; i++) {
    const l = lineAt(p.lines, i);
    if (l.path === path) return l;
  }
  return undefined;
};
const key = (dotted: string) => pathKey(dotted.split('.'));

describeCorpus('explore with conversion rules (as deployed: the rules are the webhook)', () => {
  it('without rules the field is dropped on write by the storage version', () => {
    const r = explore(req);
    expect(r.storageView).toBe('deployed');
    expect(r.rules).toBeUndefined();
    const d = r.deployed!;
    expect(d.storage).toBe('v1beta2');
    expect(d.conversion).toBe('None');
    expect(d.byRules).toBe(false);
    expect(d.droppedOnWrite.map((f) => f.path)).toContain(REF);
  });

  it('a move rule makes the conversion a webhook: the field is moved, and its fate and line name the rule', () => {
    const r = explore({ ...req, rules: kcpRules(MOVE) });
    expect(r.rules?.issues).toEqual([]);
    expect(r.rules?.conversions).toBe(1);
    expect(r.rules?.appliedIn).toBe('deployed');
    const d = r.deployed!;
    expect(d.conversion).toBe('Webhook');
    expect(d.byRules).toBe(true);
    expect(d.droppedOnWrite.map((f) => f.path)).not.toContain(REF);
    const moved = d.fates.find((f) => f.path === MOVED);
    expect(moved).toMatchObject({ pane: 'stored', cause: 'conversion-rule', rule: 'infrastructureRef' });
    expect(moved?.words).toContain('`infrastructureRef`');
    expect(storedLine(d.stored, key(MOVED))).toMatchObject({ fate: 'renamed' });
    expect(storedLine(d.stored, key(MOVED))?.reason).toContain('`infrastructureRef`');
    expect(d.stored.rules).toContainEqual([key(MOVED), 'infrastructureRef']);
    // The input's field (the editor) names the rule that moved it too.
    expect(r.sourceFates.find((f) => f.path === key(REF))).toMatchObject({ fate: 'renamed' });
    expect(r.sourceFates.find((f) => f.path === key(REF))?.reason).toContain('`infrastructureRef`');
    expect(d.fates.find((f) => f.path === REF)).toMatchObject({ pane: 'resource', rule: 'infrastructureRef' });
    // The moved object keeps its fields.
    expect(storedLine(d.stored, key(`${MOVED}.name`))?.value).toBe('controlplane');
  });

  it('a drop rule is an intended loss: not in the write-loss banner, listed with its rule', () => {
    const without = explore(req).deployed!;
    expect(without.droppedOnWrite.map((f) => f.path)).toContain(DRAIN);
    const r = explore({ ...req, rules: kcpRules(MOVE, DROP) });
    const d = r.deployed!;
    expect(d.droppedOnWrite.map((f) => f.path)).not.toContain(DRAIN);
    const dropped = d.fates.find((f) => f.path === DRAIN);
    expect(dropped).toMatchObject({ kind: 'dropped-on-write', cause: 'rule-dropped', rule: 'drain' });
    expect(dropped?.words).toContain('`drain`');
    expect(r.sourceFates.find((f) => f.path === key(DRAIN))?.fate).not.toBe('lost');
    expect(without.fates.find((f) => f.path === DRAIN)?.rule).toBeUndefined();
    // Copy as Markdown lists the unintended loss as lost, the intended one not.
    const rows = (x: typeof r) => (summaryFromExplore(x)?.rows ?? []).map((row) => formatPath(row.field));
    expect(rows(explore(req))).toContain(DRAIN);
    expect(rows(r)).not.toContain(DRAIN);
  });

  it("the user's explicit conversion choice wins over the rules (the CLI's policy)", () => {
    const d = explore({ ...req, rules: kcpRules(MOVE), conversion: 'None' }).deployed!;
    expect(d.conversion).toBe('None');
    expect(d.byRules).toBe(false);
    expect(d.droppedOnWrite.map((f) => f.path)).toContain(REF);
    expect(explore({ ...req, rules: kcpRules(MOVE), conversion: 'None' }).rules?.appliedIn).toBeUndefined();
  });

  it('a path the schema lacks is an issue at its line and column; the other rules still apply', () => {
    const bad = kcpRules(MOVE, NOWHERE);
    const r = explore({ ...req, rules: bad });
    const unknown = r.rules?.issues.filter((i) => i.code === 'RULE_PATH_UNKNOWN') ?? [];
    expect(unknown.length).toBeGreaterThan(0);
    const line = bad.split('\n').findIndex((l) => l.includes('spec.noSuchField')) + 1;
    expect(unknown[0]).toMatchObject({ file: RULES_FILE, range: { start: { line } } });
    expect(unknown[0]?.range?.start.col).toBe(bad.split('\n')[line - 1]!.indexOf('spec.noSuchField') + 1);
    expect(r.deployed?.fates.find((f) => f.path === MOVED)?.rule).toBe('infrastructureRef');
  });

  it('a syntax error in the rules is reported with its line; the last rules that parsed keep converting', () => {
    const good = explore({ ...req, rules: kcpRules(MOVE) });
    expect(good.deployed?.conversion).toBe('Webhook');
    const broken = kcpRules(MOVE, '      - id: [unclosed');
    const r = explore({ ...req, rules: broken });
    expect(r.rules?.issues.length).toBeGreaterThan(0);
    expect(r.rules?.issues.every((i) => i.file === RULES_FILE && i.range !== undefined)).toBe(true);
    expect(r.blocking).toEqual([]);
    // Issue 25: one typo no longer drops every rule (the resource editor keeps its last good result too).
    expect(r.rules?.lastGood).toBe(true);
    expect(r.deployed?.conversion).toBe('Webhook');
    expect(r.rules?.conversions).toBe(good.rules?.conversions);
  });

  it("the rules' issues come back while the input does not convert", () => {
    const bad = kcpRules(NOWHERE);
    const r = explore({ ...req, input: 'kind: [', rules: bad });
    expect(r.blocking.length).toBeGreaterThan(0);
    expect(r.rules?.issues.map((i) => i.code)).toContain('RULE_PATH_UNKNOWN');
  });

  it("a rule whose CEL fails reaches the page's problems at the rule's line; no value stands in for it", () => {
    const text = kcpRules(MOVE, FAILING);
    const r = explore({ ...req, rules: text });
    const failed = r.rules?.issues.filter((i) => i.code === 'RULE_FAILED') ?? [];
    const line = text.split('\n').findIndex((l) => l.includes('id: replicas')) + 1;
    expect(failed.map((i) => [i.severity, formatPath(i.path), i.file, i.range?.start.line])).toEqual([
      ['error', 'spec.replicas', RULES_FILE, line],
    ]);
    expect(r.deployed?.byRules).toBe(true);
    const stored = storedLine(r.deployed?.stored, key('spec.replicas'));
    expect(stored === undefined || (stored.ghost !== undefined && stored.fate === 'lost')).toBe(true);
    // the failed conversion fails the write with the rule's reason; the field is never shown as lost
    expect(r.sourceFates.find((f) => f.path === key('spec.replicas'))).toBeUndefined();
    expect(r.deployed?.droppedOnWrite.map((f) => f.path)).not.toContain('spec.replicas');
    expect(r.deployed?.rejected).toBe(true);
    expect(r.deployed?.rejections?.map((x) => [x.on, x.code])).toEqual([['write', 'RULE_FAILED']]);
    // the other rule still applied
    expect(r.deployed?.fates.find((f) => f.path === MOVED)?.rule).toBe('infrastructureRef');
  });

  it('blank rules are no rules', () => {
    const r = explore({ ...req, rules: '  \n' });
    expect(r.rules?.conversions).toBe(0);
    expect(r.deployed?.conversion).toBe('None');
  });

  it("the repository's KubeadmControlPlane rules apply cleanly in the explorer", () => {
    expect(repoRules).toContain('kind: ConversionRules');
    const r = explore({ ...req, rules: repoRules });
    expect(r.rules?.issues).toEqual([]);
    const d = r.deployed!;
    expect(d.fates.find((f) => f.path === MOVED)?.rule).toBe('infrastructureRef');
    expect(d.droppedOnWrite.map((f) => f.path)).not.toContain(REF);
    expect(d.droppedOnWrite.map((f) => f.path)).not.toContain(DRAIN);
  });
});

describeCorpus('explore with conversion rules (the ASO design: after the generated steps)', () => {
  const aso: ExploreRequest = { ...req, storage: 'aso' };
  const bagged = (r: ReturnType<typeof explore>) => r.bag.map((b) => formatPath(b.sourcePath ?? b.path));

  it('without rules the moved field goes to the property bag; with a move rule it lands at its destination', () => {
    const plain = explore(aso);
    expect(plain.storageView).toBe('aso');
    expect(bagged(plain)).toContain(REF);
    const r = explore({ ...aso, rules: kcpRules(MOVE) });
    expect(r.rules?.issues).toEqual([]);
    expect(r.rules?.appliedIn).toBe('aso');
    expect(bagged(r)).not.toContain(REF);
    expect(storedLine(r.target, key(MOVED))).toMatchObject({ fate: 'renamed' });
    expect(storedLine(r.target, key(MOVED))?.reason).toContain('`infrastructureRef`');
    expect(storedLine(r.target, key(`${MOVED}.name`))?.value).toBe('controlplane');
    expect(r.sourceFates.find((f) => f.path === REF)?.fate).not.toBe('lost');
  });

  it("a rule whose CEL fails is the rules' issue in the ASO view (a marker at the rule), at its path", () => {
    const r = explore({ ...aso, rules: kcpRules(MOVE, FAILING) });
    expect(r.rules?.appliedIn).toBe('aso');
    // Once: in the rules' issues (the page's problems list them with the view's), not again in the view's.
    expect(r.issues.filter((i) => i.code === 'RULE_FAILED')).toEqual([]);
    const failed = r.rules?.issues.filter((i) => i.code === 'RULE_FAILED') ?? [];
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((i) => i.severity === 'error' && formatPath(i.path) === 'spec.replicas')).toBe(true);
    expect(failed.every((i) => i.file === RULES_FILE && i.range !== undefined)).toBe(true);
    // The target has no value there: the line is a ghost of the input's field, lost by the rule's failure.
    const line = storedLine(r.target, key('spec.replicas'));
    expect(line === undefined || (line.ghost !== undefined && line.fate === 'lost')).toBe(true);
    expect(r.sourceFates.find((f) => f.path === key('spec.replicas'))?.fate).toBe('lost');
  });

  it('rules for another kind leave the ASO view as it was and say they are not used', () => {
    const other = kcpRules(MOVE).replace('kind: KubeadmControlPlane', 'kind: NoSuchKind');
    const r = explore({ ...aso, rules: other });
    expect(r.rules?.appliedIn).toBeUndefined();
    expect(bagged(r)).toContain(REF);
  });
});

describeCorpus('checkedRules: parsed once per text, checked once per catalog and text', () => {
  it('returns the same parse for the same text and checks again against another catalog', () => {
    const catalog = loadCatalog(catalogJson).catalog!;
    const other = loadCatalog(catalogJson).catalog!;
    const t = kcpRules(MOVE);
    const a = checkedRules(catalog, t);
    expect(a.ruleSet).toBeDefined();
    expect(checkedRules(catalog, t).ruleSet).toBe(a.ruleSet);
    expect(checkedRules(other, t).ruleSet).toBe(a.ruleSet);
    expect(checkedRules(catalog, `${t}\n`).ruleSet).not.toBe(a.ruleSet);
    expect(checkedRules(catalog, undefined)).toEqual({ issues: [] });
  });

  it('keeps the last rules that parsed while the text is not YAML, and only then', () => {
    const catalog = loadCatalog(catalogJson).catalog!;
    const good = checkedRules(catalog, kcpRules(MOVE));
    const broken = checkedRules(catalog, `${kcpRules(MOVE)}\n  - id: [unclosed\n`);
    expect(broken.issues.map((i) => i.code)).toContain('YAML_SYNTAX');
    expect(broken.ruleSet).toBe(good.ruleSet);
    expect(broken.lastGood).toBe(true);
    // Valid YAML that declares nothing usable: no rules (not the last good ones).
    const empty = checkedRules(catalog, 'apiVersion: nope\n');
    expect(empty.ruleSet).toBeUndefined();
    expect(empty.lastGood).toBeUndefined();
  });
});
