// `--webhook URL`: a running webhook as the As deployed view's conversion, over real HTTPS. The project's own
// server gives what `--rules` gives; a misbehaving webhook's faults are each reported as the API server reports
// them (webhook_converter.go), and the field it drops is named by `roundtrip`.
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
import { startMisbehaving, type Fault } from './testdata/misbehaving.ts';
import { loopbackTls, selfSignedCert, type TestCert } from './testdata/tls.ts';

const RULES_DIR = path.resolve(import.meta.dirname, '../../core/rules/testdata');
const CRD = path.join(RULES_DIR, 'backup-crd.yaml');
const RULES = path.join(RULES_DIR, 'backup-rules.yaml');
const catalog = fixtureCatalog('backup-crd.yaml');
const ruleSet = parseRules(readFileSync(RULES, 'utf8'), 'backup-rules.yaml').ruleSet;

const SAMPLE = `apiVersion: example.com/v1
kind: Backup
metadata: { name: nightly, namespace: ns, uid: 9f0e, labels: { app: b } }
spec:
  schedule: '0 2 * * *'
  retention: Long
  targetName: T
  volumes: [{ claim: c, readOnly: true }]
  labels: { x: y }
`;

let cert: TestCert;
let server: RunningWebhook;
let dir: string;
const run = async (argv: string[]) => {
  const f = fakeIO();
  const code = await main(argv, f.io);
  return { code, out: f.out(), err: f.err() };
};

beforeAll(async () => {
  cert = selfSignedCert();
  dir = mkdtempSync(path.join(os.tmpdir(), 've-client-'));
  writeFileSync(path.join(dir, 'backup.yaml'), SAMPLE);
  server = await serveRules({
    catalog,
    rules: ruleSet,
    ...loopbackTls(cert),
  });
});
afterAll(async () => server?.close());

const roundtripArgs = (url: string) => [
  'roundtrip',
  '--catalog',
  CRD,
  '--samples',
  path.join(dir, 'backup.yaml'),
  '--storage',
  'deployed',
  '--webhook',
  url,
  '--webhook-ca',
  cert.certFile,
  '--json',
];

const convertArgs = (...extra: string[]) => [
  'convert',
  '--catalog',
  CRD,
  '-f',
  path.join(dir, 'backup.yaml'),
  '--storage',
  'deployed',
  ...extra,
];

describe('the project webhook as the conversion', () => {
  it.each(['v1', 'v2'])('convert --to %s --webhook gives what convert --rules gives', async (to) => {
    const viaRules = await run(convertArgs('--to', to, '--rules', RULES, '-o', 'json'));
    const viaWebhook = await run(
      convertArgs('--to', to, '--webhook', `${server.url}/convert`, '--webhook-ca', cert.certFile, '-o', 'json'),
    );
    expect(viaRules.code).toBe(0);
    // nothing but the closing verdict, and the same verdict as the rules'
    expect(viaWebhook.err.trimEnd().split('\n')).toEqual([viaRules.err.trimEnd().split('\n').at(-1)]);
    expect(viaWebhook.err).toMatch(/^verdict: Accepted and lossless/);
    expect(viaWebhook.code).toBe(0);
    expect(JSON.parse(viaWebhook.out)).toEqual(JSON.parse(viaRules.out));
  });

  it('roundtrip --samples --webhook finds nothing lost', async () => {
    const r = await run(roundtripArgs(`${server.url}/convert`));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ ok: true });
  });

  it.each([
    [['--webhook', 'http://10.0.0.1/convert', '--webhook-insecure'], /loopback/],
    [['--webhook', 'http://127.0.0.1:1/convert'], /needs --webhook-insecure/],
    [['--webhook-insecure'], /go with --webhook/],
    [['--webhook', 'https://127.0.0.1:1/', '--webhook-ca', CRD, '--webhook-insecure'], /one of/],
  ])('%j is a usage error', async (args, message) => {
    const r = await run(convertArgs('--to', 'v2', ...args));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });
});

describe('a misbehaving webhook, judged as the API server judges it', () => {
  const faults: [Fault, RegExp][] = [
    ['uid', /expected response\.uid="[^"]+", got "not-the-request-uid"/],
    ['count', /returned 0 objects, expected 1/],
    ['api-version', /invalid groupVersion \(expected example\.com\/v2, received example\.com\/v1\)/],
    ['bad-label', /invalid label key/],
    ['hang', /no answer within 500 ms/],
    ['status-500', /HTTP 500/],
  ];
  it.each(faults)('%s: the write fails with CONVERSION_WEBHOOK_FAILED and the reason', async (fault, reason) => {
    const bad = await startMisbehaving(fault, catalog, ruleSet, cert);
    try {
      const r = await run(
        convertArgs('--to', 'v1', '--webhook', bad.url, '--webhook-ca', cert.certFile, '--webhook-timeout', '500'),
      );
      expect(r.code).toBe(1);
      const line = r.err.split('\n').find((l) => l.includes('CONVERSION_WEBHOOK_FAILED'));
      expect(line).toBeDefined();
      expect(line).toMatch(reason);
      expect(line).toMatch(/fails the write/);
    } finally {
      await bad.close();
    }
  });

  it('drop-field: roundtrip names the field the webhook loses', async () => {
    const bad = await startMisbehaving('drop-field', catalog, ruleSet, cert);
    try {
      const r = await run(roundtripArgs(bad.url));
      expect(r.code).toBe(1);
      const out = JSON.parse(r.out) as { results: { losses: { readAt: string; lostByWebhook?: string[] }[] }[] };
      const losses = out.results.flatMap((x) => x.losses);
      expect(losses).toContainEqual(expect.objectContaining({ readAt: 'v1', lostByWebhook: ['spec.retention'] }));
    } finally {
      await bad.close();
    }
  });

  it('drop-field: roundtrip --fuzz names it too (written and read at v1: v2 is stored, never converted)', async () => {
    const bad = await startMisbehaving('drop-field', catalog, ruleSet, cert);
    try {
      const args = ['roundtrip', '--catalog', CRD, '--storage', 'deployed', '--fuzz', '50', '--json'];
      const r = await run([...args, '--webhook', bad.url, '--webhook-ca', cert.certFile]);
      expect(r.code).toBe(1);
      const out = JSON.parse(r.out) as { results: { version: string; losses: { lostByWebhook?: string[] }[] }[] };
      const lost = (version: string) =>
        out.results.filter((x) => x.version === version).flatMap((x) => x.losses.flatMap((l) => l.lostByWebhook ?? []));
      expect(new Set(lost('v1'))).toEqual(new Set(['spec.retention']));
      expect(lost('v2')).toEqual([]);
    } finally {
      await bad.close();
    }
  });
});
