// The rules' webhook over real HTTPS on loopback: the protocol (v1, v1beta1, uid, order, Failure never partial),
// health, metrics, certificate reload, and hostile clients (malformed bodies, 100 MB, deep nesting, slow
// senders), after each of which the server still answers.
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertWithRules, parseRules } from '../../core/index.ts';
import { fixtureCatalog } from '../../core/rules/testdata/load.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serveRules } from '../commands/webhook.ts';
import type { RunningWebhook } from './server.ts';
import { request } from './testdata/client.ts';
import { selfSignedCert, type TestCert } from './testdata/tls.ts';

const RULES_DIR = path.resolve(import.meta.dirname, '../../core/rules/testdata');
const catalog = fixtureCatalog('backup-crd.yaml');
const ruleSet = parseRules(
  readFileSync(path.join(RULES_DIR, 'backup-rules.yaml'), 'utf8'),
  'backup-rules.yaml',
).ruleSet;

const backup = (name: string, schedule = '0 2 * * *', extra: Record<string, unknown> = {}) => ({
  apiVersion: 'example.com/v1',
  kind: 'Backup',
  metadata: { name, namespace: 'ns', uid: `uid-${name}`, resourceVersion: '7', generation: 3, labels: { a: 'b' } },
  spec: { schedule, retention: 'Long', targetName: 'T', volumes: [{ claim: 'c', readOnly: true }], labels: { x: 'y' } },
  ...extra,
});

const review = (objects: unknown[], desired = 'example.com/v2', version = 'v1', uid = 'req-1') =>
  JSON.stringify({
    apiVersion: `apiextensions.k8s.io/${version}`,
    kind: 'ConversionReview',
    request: { uid, desiredAPIVersion: desired, objects },
  });

type Resp = { uid?: string; convertedObjects?: unknown[]; result?: { status?: string; message?: string } };
const responseOf = (json: unknown): Resp => (json as { response?: Resp }).response ?? {};

let cert: TestCert;
let server: RunningWebhook;
const logs: Record<string, unknown>[] = [];
const post = (body: string | Buffer, url = `${server.url}/convert`) => request(url, { body, ca: cert.cert });

beforeAll(async () => {
  cert = selfSignedCert();
  server = await serveRules({
    catalog,
    rules: ruleSet,
    tls: { certFile: cert.certFile, keyFile: cert.keyFile, pollMs: 50 },
    host: '127.0.0.1',
    port: 0,
    maxBodyBytes: 4 * 1024 * 1024,
    maxObjects: 100,
    timeoutMs: 1_500,
    log: (e) => void logs.push(e),
  });
});
afterAll(async () => server?.close());

async function stillAnswers(): Promise<void> {
  const h = await request(`${server.url}/healthz`, { ca: cert.cert });
  expect(h.status).toBe(200);
  const r = await post(review([backup('after')]));
  expect(responseOf(r.json).result?.status).toBe('Success');
}

describe('ConversionReview', () => {
  it('echoes the uid and answers every object in order at the desired version, as convertWithRules', async () => {
    const objects = [backup('one'), backup('two', '*/5 * * * *'), backup('three')];
    const r = await post(review(objects, 'example.com/v2', 'v1', 'abc-123'));
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview' });
    const resp = responseOf(r.json);
    expect(resp.uid).toBe('abc-123');
    expect(resp.result?.status).toBe('Success');
    expect(resp.convertedObjects).toEqual(objects.map((o) => convertWithRules(catalog, ruleSet, o, 'v2').doc));
    const names = (resp.convertedObjects as { metadata: { name: string } }[]).map((o) => o.metadata.name);
    expect(names).toEqual(['one', 'two', 'three']);
    expect(resp.convertedObjects?.[0]).toMatchObject({
      apiVersion: 'example.com/v2',
      spec: { target: { name: 'T' }, retention: 'Days90', schedule: { minute: '0', hour: '2' } },
    });
  });

  it('keeps metadata but labels and annotations untouched, and converts back down', async () => {
    const o = backup('meta');
    const up = responseOf((await post(review([o]))).json).convertedObjects?.[0] as Record<string, unknown>;
    expect(up.metadata).toEqual(o.metadata);
    const down = responseOf((await post(review([up], 'example.com/v1'))).json);
    expect(down.result?.status).toBe('Success');
    expect(down.convertedObjects?.[0]).toEqual(o);
  });

  it('answers a v1beta1 review as v1beta1', async () => {
    const r = await post(review([backup('b')], 'example.com/v2', 'v1beta1', 'u-beta'));
    expect(r.json).toMatchObject({ apiVersion: 'apiextensions.k8s.io/v1beta1', response: { uid: 'u-beta' } });
    expect(responseOf(r.json).result?.status).toBe('Success');
  });

  it('fails the whole review, with no objects, when one conversion fails', async () => {
    const r = await post(review([backup('ok'), backup('bad', 'not-a-cron')], 'example.com/v2', 'v1', 'u-fail'));
    expect(r.status).toBe(200);
    const resp = responseOf(r.json);
    expect(resp.uid).toBe('u-fail');
    expect(resp.result?.status).toBe('Failure');
    expect(resp.result?.message).toMatch(/objects\[1\].*RULE_FAILED/);
    expect(resp.convertedObjects).toBeUndefined();
  });

  it('fails a review for another group, an unknown kind or version, too many objects', async () => {
    for (const [objects, desired] of [
      [[backup('g')], 'other.example.com/v2'],
      [[{ ...backup('k'), kind: 'Nope' }], 'example.com/v2'],
      [[backup('v')], 'example.com/v9'],
      [Array.from({ length: 101 }, (_, i) => backup(`n${i}`)), 'example.com/v2'],
      [[1], 'example.com/v2'],
    ] as const) {
      const r = await post(review([...objects], desired));
      expect(r.status).toBe(200);
      expect(responseOf(r.json)).toMatchObject({ uid: 'req-1', result: { status: 'Failure' } });
    }
    await stillAnswers();
  });

  it('answers an empty review with no objects', async () => {
    const resp = responseOf((await post(review([]))).json);
    expect(resp).toEqual({ uid: 'req-1', convertedObjects: [], result: { status: 'Success' } });
  });
});

describe('health, metrics and logs', () => {
  it('serves /healthz, /readyz and Prometheus counters of what it answered', async () => {
    expect((await request(`${server.url}/readyz`, { ca: cert.cert })).status).toBe(200);
    const before = server.metrics.conversions;
    await post(review([backup('m1'), backup('m2')]));
    await post(review([backup('m3', 'bad')]));
    const m = await request(`${server.url}/metrics`, { ca: cert.cert });
    expect(m.status).toBe(200);
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(m.text)?.[1]);
    expect(value('version_explorer_webhook_conversions_total')).toBe(before + 2);
    expect(value('version_explorer_webhook_failures_total')).toBeGreaterThanOrEqual(1);
    expect(value('version_explorer_webhook_requests_total\\{code="200"\\}')).toBeGreaterThanOrEqual(2);
    expect(value('version_explorer_webhook_request_duration_seconds_count')).toBeGreaterThanOrEqual(2);
    expect(m.text).toMatch(/_bucket\{le="\+Inf"\} \d+/);
    expect(logs.some((l) => l.msg === 'conversion' && l.status === 'Failure' && typeof l.uid === 'string')).toBe(true);
  });

  it('answers 404 elsewhere and 405 to a GET of /convert', async () => {
    expect((await request(`${server.url}/nope`, { ca: cert.cert })).status).toBe(404);
    expect((await request(`${server.url}/convert`, { ca: cert.cert })).status).toBe(405);
  });
});

describe('hostile requests', () => {
  it.each([
    ['malformed JSON', '{"apiVersion": '],
    ['not an object', '[1,2,3]'],
    ['wrong kind', JSON.stringify({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'AdmissionReview', request: {} })],
    ['wrong apiVersion', JSON.stringify({ apiVersion: 'v1', kind: 'ConversionReview', request: { uid: 'x' } })],
    ['no request', JSON.stringify({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview' })],
    ['empty body', ''],
  ])('%s: 400, and the server still answers', async (_name, body) => {
    const r = await post(body);
    expect(r.status).toBe(400);
    await stillAnswers();
  });

  it('a body over the limit: 413 (declared or streamed), and the server still answers', async () => {
    const big = Buffer.alloc(100 * 1024 * 1024, 0x20);
    const r = await post(big);
    expect(r.status).toBe(413);
    // chunked: no content-length, the limit is counted while reading
    const chunked = await new Promise<number>((resolve, reject) => {
      const s = tls.connect({ host: '127.0.0.1', port: server.port, ca: cert.cert, servername: 'localhost' }, () => {
        s.write('POST /convert HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n');
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        let sent = 0;
        const pump = () => {
          while (sent < 100 && s.writable) {
            sent++;
            if (!s.write(`${chunk.length.toString(16)}\r\n${chunk.toString()}\r\n`)) return void s.once('drain', pump);
          }
        };
        pump();
      });
      let text = '';
      s.on('data', (d: Buffer) => {
        text += d.toString();
        const m = /^HTTP\/1\.1 (\d+)/.exec(text);
        if (m) {
          s.destroy();
          resolve(Number(m[1]));
        }
      });
      s.on('error', (e) => (text ? undefined : reject(e)));
    });
    expect(chunked).toBe(413);
    await stillAnswers();
  });

  it('deep nesting: a Failure or 400, never a crash', async () => {
    const depth = 200_000;
    const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const body = review([]).replace(
      '"objects":[]',
      `"objects":[{"apiVersion":"example.com/v1","kind":"Backup","spec":${deep}}]`,
    );
    const r = await post(body);
    expect(r.status === 400 || responseOf(r.json).result?.status === 'Failure').toBe(true);
    const nested = review([
      backup('n', '0 2 * * *', { status: JSON.parse(`${'{"a":'.repeat(600)}1${'}'.repeat(600)}`) }),
    ]);
    expect(responseOf((await post(nested)).json).result).toMatchObject({ status: 'Failure' });
    await stillAnswers();
  });

  it('a slow client: 408 once the time is up, and the server still answers', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const s = tls.connect({ host: '127.0.0.1', port: server.port, ca: cert.cert, servername: 'localhost' }, () => {
        s.write('POST /convert HTTP/1.1\r\nhost: x\r\ncontent-length: 1000\r\n\r\n{"apiVersion"');
        const drip = setInterval(() => s.writable && s.write(' '), 200);
        s.on('close', () => clearInterval(drip));
      });
      s.on('data', (d: Buffer) => {
        const m = /^HTTP\/1\.1 (\d+)/.exec(d.toString());
        if (m) {
          s.destroy();
          resolve(Number(m[1]));
        }
      });
      s.on('error', reject);
    });
    expect(status).toBe(408);
    await stillAnswers();
  });

  it('a client that never finishes the TLS handshake is disconnected, and the server still answers', async () => {
    const t0 = performance.now();
    const closed = await new Promise<boolean>((resolve) => {
      // a TLS record header announcing 16 bytes, and 2 of them
      const s = net.connect({ host: '127.0.0.1', port: server.port }, () => s.write('\x16\x03\x01\x00\x10ab'));
      s.on('close', () => resolve(true));
      s.on('error', () => undefined);
      setTimeout(() => {
        s.destroy();
        resolve(false);
      }, 10_000);
    });
    expect(closed).toBe(true);
    expect(performance.now() - t0).toBeLessThan(9_000);
    await stillAnswers();
  });

  it('garbage instead of TLS, or a plain-HTTP request: the server still answers', async () => {
    for (const bytes of ['\x16\x03\x01garbage', 'GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n']) {
      const s = net.connect({ host: '127.0.0.1', port: server.port }, () => s.write(bytes));
      s.on('error', () => undefined);
      await new Promise((r) => setTimeout(r, 100));
      s.destroy();
    }
    await stillAnswers();
  });
});

describe('TLS', () => {
  it('serves a new certificate once its files change (as cert-manager rotates them)', async () => {
    const first = await request(`${server.url}/healthz`, { ca: cert.cert });
    const next = selfSignedCert(undefined, 'next');
    writeFileSync(cert.keyFile, readFileSync(next.keyFile));
    writeFileSync(cert.certFile, next.cert);
    let fp = first.fingerprint;
    for (let i = 0; i < 100 && fp === first.fingerprint; i++) {
      await new Promise((r) => setTimeout(r, 50));
      fp = (await request(`${server.url}/healthz`, { ca: [cert.cert, next.cert] })).fingerprint;
    }
    expect(fp).toBeDefined();
    expect(fp).not.toBe(first.fingerprint);
    cert = { ...cert, cert: next.cert };
    await stillAnswers();
  });
});
