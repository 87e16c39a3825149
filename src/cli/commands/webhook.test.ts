// `version-explorer webhook` as a process: usage errors, JSON logs, and a graceful stop on SIGTERM (exit 0
// after the request in flight is answered).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../main.ts';
import { fakeIO } from '../testdata/fakeIO.ts';
import { request } from '../webhook/testdata/client.ts';
import { startCli } from '../webhook/testdata/process.ts';

const REPO = path.resolve(import.meta.dirname, '../../..');
const CRD = path.join(REPO, 'src/core/rules/testdata/backup-crd.yaml');
const RULES = path.join(REPO, 'src/core/rules/testdata/backup-rules.yaml');

describe('webhook usage', () => {
  it.each([
    [['--crd', CRD], /--rules is required/],
    [['--rules', RULES, '--crd', CRD], /--tls-cert and --tls-key are required/],
    [['--rules', RULES, '--crd', CRD, '--insecure-http', '--host', '0.0.0.0'], /loopback/],
    [['--rules', RULES, '--crd', CRD, '--insecure-http', '--port', '70000'], /whole numbers/],
  ])('%j exits 2', async (args, message) => {
    const f = fakeIO();
    expect(await main(['webhook', ...args], f.io)).toBe(2);
    expect(f.err()).toMatch(message);
  });

  it('--help lists every option', async () => {
    const f = fakeIO();
    expect(await main(['webhook', '--help'], f.io)).toBe(0);
    for (const o of [
      '--rules',
      '--crd',
      '--tls-cert',
      '--tls-key',
      '--port',
      '--max-body',
      '--max-objects',
      '--timeout',
    ])
      expect(f.out()).toMatch(new RegExp(`^\\s+${o}\\b`, 'm'));
  });
});

describe('webhook process', () => {
  it('logs JSON lines, answers, and exits 0 on SIGTERM', async () => {
    const { child, url, stderr } = await startCli([
      'webhook',
      '--rules',
      RULES,
      '--crd',
      CRD,
      '--insecure-http',
      '--port',
      '0',
    ]);
    const body = JSON.stringify({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'ConversionReview',
      request: {
        uid: 'p-1',
        desiredAPIVersion: 'example.com/v2',
        objects: [{ apiVersion: 'example.com/v1', kind: 'Backup', metadata: { name: 'b' }, spec: { targetName: 'x' } }],
      },
    });
    const r = await request(`${url}/convert`, { body });
    expect(r.json).toMatchObject({ response: { uid: 'p-1', result: { status: 'Success' } } });
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    const lines = stderr()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.msg)).toEqual(['listening', 'conversion', 'shutting down', 'stopped']);
    expect(lines[1]).toMatchObject({ uid: 'p-1', status: 'Success', objects: 1, code: 200 });
    for (const l of lines) expect(typeof l.time).toBe('string');
  }, 30_000);
});
