import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { closingLine } from '../testdata/closing.ts';
import { fakeIO } from '../testdata/fakeIO.ts';
import { rules } from './rules.ts';
import { REPO, corpusPath } from '../../core/testdata/corpus.ts';

const RULES_TD = path.resolve(import.meta.dirname, '../../core/rules/testdata');
const BACKUP = path.join(RULES_TD, 'backup-crd.yaml');
const BACKUP_RULES = path.join(RULES_TD, 'backup-rules.yaml');
const CAPI = corpusPath('cluster-api');
const hasCorpus = existsSync(CAPI);

const backup = (spec: string) => `apiVersion: example.com/v1\nkind: Backup\nmetadata: {name: b}\nspec: ${spec}\n`;

describe('rules command', () => {
  it('apply converts with the rules and prunes to the target', async () => {
    const f = fakeIO(
      backup("{schedule: '0 3 * * 1', retention: Short, targetName: t, volumes: [{claim: c, readOnly: true}]}"),
    );
    expect(
      await rules(['apply', '--catalog', BACKUP, '--rules', BACKUP_RULES, '-f', '-', '--to', 'v2', '-o', 'json'], f.io),
    ).toBe(0);
    expect(JSON.parse(f.out())).toEqual({
      apiVersion: 'example.com/v2',
      kind: 'Backup',
      metadata: { name: 'b' },
      spec: {
        schedule: { minute: '0', hour: '3', dayOfMonth: '*', month: '*', dayOfWeek: '1' },
        retention: 'Days7',
        target: { name: 't' },
        volumes: [{ source: { claimName: 'c' }, readOnly: true }],
      },
    });
  });

  it('check: exit 0 when generated instances round-trip; exit 1 naming the rule and path of a loss', async () => {
    const ok = fakeIO();
    expect(
      await rules(['check', '--catalog', BACKUP, '--rules', BACKUP_RULES, '--fuzz', '30', '--seed', '2'], ok.io),
    ).toBe(0);
    expect(ok.out()).toMatch(/^ok: 60 round trips/);
    const broken = `apiVersion: version-explorer.dev/v1alpha1\nkind: ConversionRules\nconversions:\n  - kind: Backup\n    from: v1\n    to: v2\n    rules:\n      - id: target\n        compute:\n          up: { spec.target.name: "self.spec.targetName.upperAscii()" }\n          down: { spec.targetName: "self.spec.target.name" }\n`;
    const bad = fakeIO('', { 'broken.yaml': broken });
    const samples = path.join(RULES_TD, 'backup-samples.yaml');
    expect(
      await rules(['check', '--catalog', BACKUP, '--rules', 'broken.yaml', '--samples', samples, '--json'], bad.io),
    ).toBe(1);
    const report = JSON.parse(bad.out()) as { ok: boolean; findings: { code: string; path: string; line: number }[] };
    expect(report.ok).toBe(false);
    expect(report.findings.map((x) => [x.code, x.path, x.line])).toEqual([['RULE_NOT_INVERSE', 'spec.targetName', 8]]);
  });

  it('a rules file with a problem: exit 2 with file:line:col', async () => {
    const text = `apiVersion: version-explorer.dev/v1alpha1\nkind: ConversionRules\nconversions:\n  - kind: Backup\n    from: v1\n    to: v2\n    rules:\n      - id: t\n        move: { from: spec.targetName, to: spec.nowhere }\n`;
    const f = fakeIO('', { 'r.yaml': text });
    expect(await rules(['check', '--catalog', BACKUP, '--rules', 'r.yaml'], f.io)).toBe(2);
    expect(f.err()).toMatch(/^r\.yaml:9:44: error RULE_PATH_UNKNOWN: /m);
  });

  it('schema prints the JSON Schema; no subcommand is bad usage', async () => {
    const f = fakeIO();
    expect(await rules(['schema'], f.io)).toBe(0);
    expect(JSON.parse(f.out())).toMatchObject({ title: 'Version Explorer conversion rules' });
    expect(await rules([], fakeIO().io)).toBe(2);
  });

  it.skipIf(!hasCorpus)('Cluster API: the v1beta1 samples round-trip through the repository rules', async () => {
    for (const file of ['kubeadmcontrolplane', 'machinedeployment']) {
      const f = fakeIO();
      const args = [
        'check',
        '--catalog',
        path.join(CAPI, 'crds'),
        '--rules',
        path.join(REPO, `rules/cluster-api/${file}-v1beta1-v1beta2.yaml`),
      ];
      expect(await rules([...args, '--samples', path.join(CAPI, 'samples/v1.10.10')], f.io), f.err()).toBe(0);
      const g = fakeIO();
      expect(await rules([...args, '--samples', path.join(CAPI, 'samples/v1.11.11')], g.io), g.err()).toBe(0);
    }
  });

  it('draft prints the strong drafts as a rules file the check accepts; --json lists weak ones too', async () => {
    const STORE = path.join(RULES_TD, 'drafts-crd.yaml');
    const args = ['draft', '--catalog', STORE, '--kind', 'Store', '--from', 'v1', '--to', 'v2'];
    const y = fakeIO();
    // the strong drafts leave spec.region (weak drafts only) uncarried: the verdict says so, and exits 1
    expect(await rules(args, y.io)).toBe(1);
    expect(closingLine(y.err(), 'lossy')).toContain('spec.region');
    // The check accepts the file; the one rule it fails is the compute skeleton the user has to finish.
    const c = fakeIO('', { 'drafted.yaml': y.out() });
    expect(await rules(['check', '--catalog', STORE, '--rules', 'drafted.yaml', '--fuzz', '5', '--json'], c.io)).toBe(
      1,
    );
    const checked = JSON.parse(c.out()) as { findings: { code: string; severity: string; path: string }[] };
    // fields no strong draft carries (spec.region, ...) are lost: errors with code LOST, as the exit says
    expect(checked.findings.filter((x) => x.code.startsWith('RULE_')).map((x) => x.path)).toEqual([
      'spec.schedule.timeZone',
    ]);
    expect(checked.findings.filter((x) => x.code === 'LOST').every((x) => x.severity === 'error')).toBe(true);
    const j = fakeIO();
    expect(await rules([...args, '--json'], j.io)).toBe(1);
    expect(j.err()).not.toContain('verdict:');
    const report = JSON.parse(j.out()) as {
      verdict: { status: string };
      kind: string;
      drafts: { confidence: string; evidence: { from: string; to: string }; rule: Record<string, unknown> }[];
    };
    expect(report.kind).toBe('Store');
    expect(report.verdict.status).toBe('lossy');
    const owner = report.drafts.find((d) => d.evidence.from === 'spec.owner');
    expect(owner).toMatchObject({
      confidence: 'strong',
      rule: { id: 'owner', move: { from: 'spec.owner', to: 'spec.contact.owner' } },
    });
    expect(report.drafts.filter((d) => d.evidence.from === 'spec.region').map((d) => d.confidence)).toEqual([
      'weak',
      'weak',
    ]);
    // the YAML holds the strong ones only
    expect(y.out()).not.toContain('spec.region');
  });

  it('draft: a map that became a list is a mapToList in the YAML (the check accepts it); weak ones in --json', async () => {
    const NODES = path.join(RULES_TD, 'drafts-maplist-crd.yaml');
    const args = ['draft', '--catalog', NODES, '--kind', 'Node', '--from', 'v1', '--to', 'v2'];
    const y = fakeIO();
    // weak drafts only for some changes: not every breaking change is carried
    expect(await rules(args, y.io)).toBe(1);
    closingLine(y.err(), 'lossy');
    const c = fakeIO('', { 'drafted.yaml': y.out() });
    // the rules fail nowhere; the fields only weak drafts would carry are lost (LOST), so the check exits 1
    expect(await rules(['check', '--catalog', NODES, '--rules', 'drafted.yaml', '--fuzz', '5'], c.io), c.err()).toBe(1);
    expect(c.err()).not.toMatch(/error RULE_/);
    expect(c.err()).toMatch(/error LOST: /);
    closingLine(c.err(), 'lossy');
    const j = fakeIO();
    expect(await rules([...args, '--json'], j.io)).toBe(1);
    const report = JSON.parse(j.out()) as {
      drafts: { confidence: string; evidence: { from: string; reason: string }; rule: Record<string, unknown> }[];
    };
    expect(report.drafts.find((d) => d.evidence.from === 'spec.kubeletArgs')).toMatchObject({
      confidence: 'strong',
      evidence: { reason: 'map-list-by-name' },
      rule: { id: 'kubeletArgs', mapToList: { from: 'spec.kubeletArgs', key: 'name', value: 'value' } },
    });
    expect(report.drafts.find((d) => d.evidence.from === 'spec.pairs')).toMatchObject({
      confidence: 'weak',
      evidence: { reason: 'ambiguous' },
    });
    expect(y.out()).not.toContain('spec.pairs');
  });

  it('draft: missing arguments and unknown versions are bad usage (exit 2)', async () => {
    const STORE = path.join(RULES_TD, 'drafts-crd.yaml');
    expect(await rules(['draft', '--catalog', STORE, '--kind', 'Store'], fakeIO().io)).toBe(2);
    const f = fakeIO();
    expect(await rules(['draft', '--catalog', STORE, '--kind', 'Store', '--from', 'v1', '--to', 'v7'], f.io)).toBe(2);
    expect(f.err()).toMatch(/error UNKNOWN_VERSION/);
  });
});
