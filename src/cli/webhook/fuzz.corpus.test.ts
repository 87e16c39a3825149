// `roundtrip --fuzz 200 --webhook URL` against the project's own webhook serving each of the repository's rule
// files (rules/): every field the webhook loses is one a `drop` rule declares, and a conversion it fails is one the
// rules fail on (RULE_FAILED: a value the operator's Go webhook cannot decode either, such as a string that is
// not a Go duration). The misbehaving webhook's dropped field is named under fuzzing in webhookClient.test.ts.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseRules } from '../../core/index.ts';
import { repoRuleFiles } from '../../core/rules/testdata/load.ts';
import { describeCorpus } from '../../core/testdata/corpusSuite.ts';
import { CORPUS, importDir } from '../../core/testdata/loadCatalogs.ts';
import { serveRules } from '../commands/webhook.ts';
import { main } from '../main.ts';
import { fakeIO } from '../testdata/fakeIO.ts';
import { loopbackTls, selfSignedCert, type TestCert } from './testdata/tls.ts';

const FUZZ = '200';

interface Loss {
  readAt: string;
  rejected: boolean;
  lostByWebhook?: string[];
  webhookFailures?: string[];
}
interface Result {
  version: string;
  checked: number;
  losses: Loss[];
}

/**
 * What the rule files say in their header comments rather than in a rule: a value that comes back spelt another
 * way, or rests on an assumption the rules state (not a field lost).
 */
const STATED: Record<string, string> = {
  'spec.machineTemplate.infrastructureRef.apiVersion':
    'the contract version is assumed to be v1beta1 (upstream looks it up in the cluster)',
  'spec.template.spec.nodeDrainTimeout': 'a Go duration comes back as Go prints it ("0" -> "0s")',
  'spec.template.spec.nodeDeletionTimeout': 'a Go duration comes back as Go prints it ("0" -> "0s")',
  'spec.template.spec.nodeVolumeDetachTimeout': 'a Go duration comes back as Go prints it ("0" -> "0s")',
};

/** `spec.dataFrom[0].key` is under the declared `spec.dataFrom[].key` (or anything below it). */
const declaredBy = (drops: readonly string[]) => (lost: string) => {
  const p = lost.replace(/\[\d+\]/g, '[]');
  return Object.hasOwn(STATED, p) || drops.some((d) => p === d || p.startsWith(`${d}.`) || p.startsWith(`${d}[`));
};

describeCorpus('roundtrip --fuzz --webhook against the repository rule files', () => {
  let cert: TestCert;
  const observed: string[] = [];
  beforeAll(() => {
    cert = selfSignedCert();
  });
  afterAll(() => {
    // not vacuous: the fuzzing met losses, and every one was declared
    expect(observed.length).toBeGreaterThan(0);
  });

  for (const f of repoRuleFiles()) {
    it(`${f.file}: no loss the rules do not declare`, { timeout: 300_000 }, async () => {
      const crds = path.join(CORPUS, f.family, 'crds');
      const catalog = importDir(crds, f.family).catalog;
      const { ruleSet, issues } = parseRules(f.text, f.file);
      expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
      const drops = ruleSet.conversions.flatMap((c) => c.rules.flatMap((r) => (r.op === 'drop' ? [r.path.text] : [])));
      const server = await serveRules({ catalog, rules: ruleSet, ...loopbackTls(cert) });
      try {
        for (const kind of new Set(ruleSet.conversions.map((c) => c.kind))) {
          const io = fakeIO();
          const args = ['roundtrip', '--catalog', crds, '--kind', kind, '--storage', 'deployed', '--fuzz', FUZZ];
          const code = await main(
            [...args, '--webhook', `${server.url}/convert`, '--webhook-ca', cert.certFile, '--json'],
            io.io,
          );
          expect(code, io.err()).toBeLessThan(2);
          const results = (JSON.parse(io.out()) as { results: Result[] }).results;
          expect(results.length).toBeGreaterThan(0);
          for (const r of results) {
            expect(r.checked).toBe(Number(FUZZ));
            for (const l of r.losses) {
              const lost = l.lostByWebhook ?? [];
              expect(
                lost.filter((p) => !declaredBy(drops)(p)),
                `${kind} ${r.version} read at ${l.readAt}`,
              ).toEqual([]);
              observed.push(...lost);
              for (const why of l.webhookFailures ?? []) expect(why).toMatch(/: RULE_FAILED at /);
            }
          }
        }
      } finally {
        await server.close();
      }
    });
  }
});
