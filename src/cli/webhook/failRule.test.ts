// A `fail` rule (format v1alpha3) over real HTTPS: the rules' webhook answers the review `Failure` with the rule's
// message (never a partial answer), and the explorer rejects the write with it, from the rules and from the
// running webhook alike.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRules } from '../../core/index.ts';
import { fixtureCatalog } from '../../core/rules/testdata/load.ts';
import { serveRules } from '../commands/webhook.ts';
import { main } from '../main.ts';
import { fakeIO } from '../testdata/fakeIO.ts';
import type { RunningWebhook } from './server.ts';
import { request } from './testdata/client.ts';
import { loopbackTls, selfSignedCert, type TestCert } from './testdata/tls.ts';

const RULES_DIR = path.resolve(import.meta.dirname, '../../core/rules/testdata');
const CRD = path.join(RULES_DIR, 'backup-crd.yaml');
const MESSAGE = 'a legacy target has no v2 form';
const RULES_TEXT = readFileSync(path.join(RULES_DIR, 'backup-rules.yaml'), 'utf8')
  .replace('version-explorer.dev/v1alpha1', 'version-explorer.dev/v1alpha3')
  .replace(
    '    rules:\n',
    `    rules:\n      - id: no-legacy\n        fail: { up: "self.spec.targetName == 'legacy'", message: ${MESSAGE} }\n`,
  );
const catalog = fixtureCatalog('backup-crd.yaml');
const parsed = parseRules(RULES_TEXT, 'rules.yaml');

const backup = (name: string, targetName: string) => ({
  apiVersion: 'example.com/v1',
  kind: 'Backup',
  metadata: { name, namespace: 'ns', uid: `uid-${name}` },
  spec: { schedule: '0 2 * * *', retention: 'Long', targetName },
});

let cert: TestCert;
let server: RunningWebhook;
let dir: string;
beforeAll(async () => {
  cert = selfSignedCert();
  dir = mkdtempSync(path.join(os.tmpdir(), 've-fail-'));
  writeFileSync(path.join(dir, 'rules.yaml'), RULES_TEXT);
  writeFileSync(path.join(dir, 'legacy.yaml'), JSON.stringify(backup('old', 'legacy')));
  server = await serveRules({ catalog, rules: parsed.ruleSet, ...loopbackTls(cert) });
});
afterAll(async () => server?.close());

const run = async (argv: string[]) => {
  const f = fakeIO();
  const code = await main(argv, f.io);
  return { code, out: f.out(), err: f.err() };
};
const convert = (...extra: string[]) =>
  run([
    'convert',
    '--catalog',
    CRD,
    '-f',
    path.join(dir, 'legacy.yaml'),
    '--storage',
    'deployed',
    '--to',
    'v2',
    ...extra,
  ]);

describe('a fail rule', () => {
  it('parses', () => expect(parsed.issues).toEqual([]));

  it('the webhook answers Failure with the message and no objects, even beside objects that convert', async () => {
    const body = JSON.stringify({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'ConversionReview',
      request: { uid: 'u-1', desiredAPIVersion: 'example.com/v2', objects: [backup('a', 'T'), backup('b', 'legacy')] },
    });
    const r = await request(`${server.url}/convert`, { body, ca: cert.cert });
    expect(r.status).toBe(200);
    const resp = (r.json as { response: { uid: string; result: { status: string; message: string } } }).response;
    expect(resp.uid).toBe('u-1');
    expect(resp.result.status).toBe('Failure');
    expect(resp.result.message).toContain(MESSAGE);
    expect(resp.result.message).toMatch(/objects\[1\]/);
    expect(resp).not.toHaveProperty('convertedObjects', expect.arrayContaining([expect.anything()]));
  });

  it('the explorer rejects the write with the message, with --rules and with --webhook', async () => {
    const viaRules = await convert('--rules', path.join(dir, 'rules.yaml'));
    expect(viaRules.code).toBe(1);
    expect(viaRules.err).toMatch(new RegExp(`error RULE_FAILED: .*${MESSAGE}`));
    const viaWebhook = await convert('--webhook', `${server.url}/convert`, '--webhook-ca', cert.certFile);
    expect(viaWebhook.code).toBe(1);
    expect(viaWebhook.err).toMatch(new RegExp(`error CONVERSION_WEBHOOK_FAILED: .*${MESSAGE}`));
  });
});
