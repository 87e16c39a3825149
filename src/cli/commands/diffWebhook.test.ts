// `diff --storage deployed --webhook URL` over real HTTPS: the project's rules webhook carries the fields the
// schemas alone would drop; a webhook that drops a field is named with it; one whose answers the API server
// refuses fails the diff with the reason.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRules } from '../../core/index.ts';
import { fixtureCatalog } from '../../core/rules/testdata/load.ts';
import { main } from '../main.ts';
import { fakeIO } from '../testdata/fakeIO.ts';
import type { RunningWebhook } from '../webhook/server.ts';
import { startMisbehaving, type Fault } from '../webhook/testdata/misbehaving.ts';
import { loopbackTls, selfSignedCert, type TestCert } from '../webhook/testdata/tls.ts';
import { serveRules } from './webhook.ts';

const RULES_DIR = path.resolve(import.meta.dirname, '../../core/rules/testdata');
const CRD = path.join(RULES_DIR, 'backup-crd.yaml');
const catalog = fixtureCatalog('backup-crd.yaml');
const ruleSet = parseRules(readFileSync(path.join(RULES_DIR, 'backup-rules.yaml'), 'utf8')).ruleSet;

let cert: TestCert;
let server: RunningWebhook;
beforeAll(async () => {
  cert = selfSignedCert();
  server = await serveRules({ catalog, rules: ruleSet, ...loopbackTls(cert) });
});
afterAll(async () => server?.close());

const diff = async (...extra: string[]) => {
  const f = fakeIO();
  const args = ['diff', '--catalog', CRD, '--kind', 'Backup', '--from', 'v1', '--to', 'v2', ...extra];
  const code = await main(args, f.io);
  return { code, out: f.out(), err: f.err() };
};
const viaWebhook = (url: string, ...extra: string[]) =>
  diff('--storage', 'deployed', '--webhook', url, '--webhook-ca', cert.certFile, ...extra);

interface Report {
  lossless: boolean;
  checked: number;
  droppedOnWrite: string[][];
  carriedByWebhook: string[][];
  lostByWebhook: string[][];
  webhookFailures: string[];
}

describe('diff --webhook (deployed view)', () => {
  it('the schemas alone drop two fields; through the project webhook both are carried', async () => {
    // Without the webhook, a conversion nobody described: the explorer cannot tell (exit 1, nothing claimed).
    const unknown = await diff('--storage', 'deployed', '--json');
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.out)).toMatchObject({ verdict: { status: 'undetermined' } });
    // What the schemas drop when nothing carries the fields (conversion None).
    const schemas = await diff('--storage', 'deployed', '--conversion', 'none', '--json');
    expect(schemas.code).toBe(1);
    const dropped = (JSON.parse(schemas.out) as Report).droppedOnWrite;
    expect(dropped).toEqual([
      ['spec', 'targetName'],
      ['spec', 'volumes', '*', 'claim'],
    ]);
    const r = await viaWebhook(`${server.url}/convert`, '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as Report;
    expect(report).toMatchObject({ lossless: true, droppedOnWrite: [], lostByWebhook: [], webhookFailures: [] });
    expect(report.carriedByWebhook).toEqual(dropped);
    expect(report.checked).toBeGreaterThan(0);
  });

  it('a webhook that drops a field: exit 1, the field named (text and JSON)', async () => {
    const bad = await startMisbehaving('drop-field', catalog, ruleSet, cert);
    try {
      const json = await viaWebhook(bad.url, '--json');
      expect(json.code).toBe(1);
      expect((JSON.parse(json.out) as Report).lostByWebhook).toEqual([['spec', 'retention']]);
      const text = await viaWebhook(bad.url);
      expect(text.code).toBe(1);
      expect(text.out).toMatch(/^ {2}lost by the webhook {2}spec\.retention$/m);
    } finally {
      await bad.close();
    }
  });

  it.each<[Fault, RegExp]>([
    ['uid', /expected response\.uid/],
    ['api-version', /invalid groupVersion/],
  ])('a webhook whose answers the API server refuses (%s): exit 1 with the reason', async (fault, reason) => {
    const bad = await startMisbehaving(fault, catalog, ruleSet, cert);
    try {
      const r = await viaWebhook(bad.url, '--json');
      expect(r.code).toBe(1);
      const report = JSON.parse(r.out) as Report;
      expect(report.webhookFailures.length).toBeGreaterThan(0);
      expect(report.webhookFailures[0]).toMatch(reason);
      expect(report.carriedByWebhook).toEqual([]);
    } finally {
      await bad.close();
    }
  });

  it('--webhook with the ASO view is a usage error', async () => {
    const r = await diff('--storage', 'aso', '--webhook', `${server.url}/convert`, '--webhook-ca', cert.certFile);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--storage deployed/);
  });
});
