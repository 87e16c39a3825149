// One verdict on every command: the disagreements issue 23 lists, pinned. A Webhook CRD nobody described is
// "cannot tell" for convert, diff, roundtrip and plan alike; `rules check` and `roundtrip --rules` give one answer
// on the same rules and samples; `diff --rules` follows a chain of rules as `convert --rules` does, and says so when
// the rules do not reach the stored version; `rules apply` does not count a drop rule's drop as a loss.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VerdictStatus } from '../../core/index.ts';
import { closingLine } from '../testdata/closing.ts';
import { fakeIO } from '../testdata/fakeIO.ts';
import { convert } from './convert.ts';
import { diff } from './diff.ts';
import { plan } from './plan.ts';
import { roundtrip } from './roundtrip.ts';
import { rules } from './rules.ts';

const TD = path.resolve(import.meta.dirname, '../testdata/verdicts');
const GADGETS = path.join(TD, 'gadgets-webhook-crd.yaml');
const GADGET_SAMPLES = path.join(TD, 'gadget-samples');
const GADGET = path.join(GADGET_SAMPLES, 'gadget-v1.yaml');
const CHAIN = path.join(TD, 'chain-crd.yaml');

type Run = (args: readonly string[], io: ReturnType<typeof fakeIO>['io']) => Promise<number>;
async function run(cmd: Run, args: readonly string[]) {
  const f = fakeIO();
  const code = await cmd(args, f.io);
  return { code, out: f.out(), err: f.err() };
}
const statusOf = (json: string): VerdictStatus =>
  (JSON.parse(json) as { verdict: { status: VerdictStatus } }).verdict.status;

describe('a Webhook CRD without rules: every command says "cannot tell" and exits 1', () => {
  it('convert, diff, roundtrip and plan close with an undetermined verdict', async () => {
    const runs = [
      await run(convert, ['--catalog', GADGETS, '-f', GADGET, '--to', 'v2']),
      await run(diff, ['--catalog', GADGETS, '--kind', 'Gadget', '--from', 'v1', '--to', 'v2']),
      await run(roundtrip, ['--catalog', GADGETS, '--samples', GADGET_SAMPLES]),
      await run(plan, ['--catalog', GADGETS, '--kind', 'Gadget', '--from', 'v1', '--to', 'v2']),
    ];
    for (const r of runs) {
      expect(r.code, r.err).toBe(1);
      closingLine(r.err, 'undetermined');
    }
    // the schema difference is the webhook's to decide, not a drop
    expect(runs[1]?.out).not.toMatch(/dropped on write/);
    expect(runs[2]?.out).not.toMatch(/^LOSS/m);
  });

  it('--json carries the verdict and prints no closing line', async () => {
    const d = await run(diff, ['--catalog', GADGETS, '--kind', 'Gadget', '--from', 'v1', '--to', 'v2', '--json']);
    expect(statusOf(d.out)).toBe('undetermined');
    expect(d.err).not.toContain('verdict:');
    const r = await run(roundtrip, ['--catalog', GADGETS, '--samples', GADGET_SAMPLES, '--json']);
    expect(statusOf(r.out)).toBe('undetermined');
    expect(r.err).not.toContain('verdict:');
  });
});

describe('rules check and roundtrip --rules ask the same question', () => {
  for (const [file, status] of [
    ['gadget-rules.yaml', 'lossless'],
    ['gadget-rules-empty.yaml', 'lossy'],
  ] as const)
    it(`${file}: both ${status}, with the same exit code`, async () => {
      const rulesFile = path.join(TD, file);
      const check = await run(rules, [
        'check',
        '--catalog',
        GADGETS,
        '--rules',
        rulesFile,
        '--samples',
        GADGET_SAMPLES,
      ]);
      const trip = await run(roundtrip, ['--catalog', GADGETS, '--rules', rulesFile, '--samples', GADGET_SAMPLES]);
      expect(check.code).toBe(trip.code);
      expect(check.code).toBe(status === 'lossless' ? 0 : 1);
      closingLine(check.err, status);
      closingLine(trip.err, status);
      const checkJson = await run(rules, [
        'check',
        '--catalog',
        GADGETS,
        '--rules',
        rulesFile,
        '--samples',
        GADGET_SAMPLES,
        '--json',
      ]);
      expect(statusOf(checkJson.out)).toBe(status);
      if (status === 'lossy') {
        // the field no rule carries is named, as an error (the exit code says 1)
        expect(check.err).toMatch(/error LOST: .*\(at spec\.old\)/);
        expect(trip.err).toMatch(/error LOST: .*\(at spec\.old\)/);
      }
    });
});

describe('rules along a chain of versions', () => {
  const args = ['--catalog', CHAIN, '--kind', 'Chain', '--from', 'v1', '--to', 'v3'];
  /** convert of the v1 sample to v3 with RULES: what diff's verdict is compared with. */
  const convertChain = (rules: string) =>
    run(convert, ['--catalog', CHAIN, '-f', path.join(TD, 'chain-v1.yaml'), '--to', 'v3', '--rules', rules]);

  it('diff --rules follows v1 -> v2 -> v3 as convert --rules does: nothing dropped, both lossless', async () => {
    const rulesFile = path.join(TD, 'chain-rules.yaml');
    const d = await run(diff, [...args, '--rules', rulesFile, '--json']);
    expect(d.code).toBe(0);
    const report = JSON.parse(d.out) as { droppedOnWrite: string[][]; carriedByRules: { path: string[] }[] };
    expect(report.droppedOnWrite).toEqual([]);
    expect(report.carriedByRules.map((c) => c.path.join('.'))).toEqual(['spec.a']);
    const c = await convertChain(rulesFile);
    expect(c.code).toBe(0);
    expect(c.out).toMatch(/^ {2}c: moved$/m);
    closingLine(c.err, 'lossless');
  });

  it('rules that stop short of the stored version: RULES_NO_CONVERSION, and "cannot tell" (convert agrees)', async () => {
    const rulesFile = path.join(TD, 'chain-rules-first-step.yaml');
    const d = await run(diff, [...args, '--rules', rulesFile]);
    expect(d.code).toBe(1);
    expect(d.err).toMatch(/^warning RULES_NO_CONVERSION: .*v1 .*v3/m);
    closingLine(d.err, 'undetermined');
    const c = await convertChain(rulesFile);
    expect(c.code).toBe(1);
    closingLine(c.err, 'undetermined');
  });
});

describe('rules apply: the verdict decides, an intended drop is no loss', () => {
  const PERSON_RULES = path.resolve(import.meta.dirname, '../../catalogs/crm-person/rules.yaml');
  const person = (spec: string) =>
    `apiVersion: crm.example.com/2019-09-09\nkind: Person\nmetadata: {name: a}\nspec: {id: x, legalName: Ada Lovelace, ${spec}}\n`;
  const apply = async (text: string) => {
    const f = fakeIO(text);
    const args = ['apply', '--catalog', 'crm-person', '--rules', PERSON_RULES, '-f', '-', '--to', '2014-04-04preview'];
    return { code: await rules(args, f.io), err: f.err() };
  };

  it('a drop rule dropping sortKey: exit 0, no PRUNED, lossless', async () => {
    const r = await apply(person('sortKey: lovelace'));
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/info RULE_DROPPED: .*\(at spec\.sortKey\)/);
    expect(r.err).not.toMatch(/PRUNED/);
    closingLine(r.err, 'lossless');
  });

  it('a field no rule carries: an error PRUNED at its path (not a warning), exit 1, lossy', async () => {
    const r = await apply(person('mailingAddress: {fullAddress: somewhere}'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/error PRUNED: .*\(at spec\.mailingAddress/);
    expect(r.err).not.toMatch(/warning PRUNED/);
    closingLine(r.err, 'lossy');
  });
});
