// The conversion webhook's HTTP(S) server: POST /convert (and /) answers a ConversionReview with `answer`;
// /healthz, /readyz and /metrics beside it. Every request is bounded (body size, time; objects and depth in the
// answer), every failure is a Failure review or a 4xx, and nothing a client sends can stop the process.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { RulesWebhookAnswer } from '../../core/index.ts';
import { WebhookMetrics } from './metrics.ts';
import { watchTls } from './tlsReload.ts';

export interface WebhookServerOptions {
  /** Answers a parsed body; `overTime()` turns true once the request's time is up. */
  readonly answer: (body: unknown, overTime: () => boolean) => RulesWebhookAnswer;
  /** Certificate and key files (PEM), reloaded when they change. Absent: plain HTTP (loopback only). */
  readonly tls?: { readonly certFile: string; readonly keyFile: string; readonly pollMs?: number };
  readonly host: string;
  readonly port: number;
  readonly maxBodyBytes: number;
  /** For reading the body and converting it (the API server's own timeout is at most 30 s). */
  readonly timeoutMs: number;
  /** One JSON object per event (a line of the log). */
  readonly log: (entry: Record<string, unknown>) => void;
  /** How long shutdown waits for requests in flight before closing their connections. */
  readonly shutdownGraceMs?: number;
}

export interface RunningWebhook {
  readonly url: string;
  readonly port: number;
  readonly metrics: WebhookMetrics;
  /** Stops accepting, lets requests in flight finish (up to the grace period), then closes everything. */
  close(): Promise<void>;
}

class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The request body, at most `max` bytes, within `ms`; a BodyError (413 or 408) otherwise. */
function readBody(req: http.IncomingMessage, max: number, ms: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Past the limit the rest is read and thrown away (memory stays bounded), so the client, still sending, can
    // read the 413 instead of a reset connection; `send` closes the connection after it.
    const discard = () => {
      req.removeAllListeners('data');
      req.on('data', () => undefined);
      req.resume();
    };
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > max) {
      discard();
      return reject(new BodyError(413, `the body is larger than ${max} bytes`));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => reject(new BodyError(408, `the body did not arrive within ${ms} ms`)), ms);
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        clearTimeout(timer);
        chunks.length = 0;
        discard();
        reject(new BodyError(413, `the body is larger than ${max} bytes`));
      } else chunks.push(c);
    });
    req.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks, size));
    });
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(new BodyError(400, e.message));
    });
  });
}

function send(res: http.ServerResponse, status: number, body: string, type: string, close = false): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
  // A body we refused (too large, too slow) must not keep the connection, but closing it while the client is still
  // sending resets it, and a reset can swallow the answer. So no `Connection: close` (node would destroy the socket
  // as soon as the answer is out): the rest of the body is read and thrown away, then our side ends; a client that
  // does not finish within the grace period is dropped.
  if (close) {
    const socket = res.socket;
    const linger = setTimeout(() => socket?.destroy(), 10_000).unref();
    const end = () => {
      clearTimeout(linger);
      socket?.end();
    };
    if (res.req.complete) res.on('finish', end);
    else res.req.once('end', end);
  }
}

const sendJson = (res: http.ServerResponse, status: number, value: unknown, close = false): void =>
  send(res, status, JSON.stringify(value), 'application/json', close);

export async function startWebhookServer(o: WebhookServerOptions): Promise<RunningWebhook> {
  const metrics = new WebhookMetrics();
  let ready = true;

  async function convert(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const start = performance.now();
    const overTime = () => performance.now() - start > o.timeoutMs;
    const entry: Record<string, unknown> = { msg: 'conversion' };
    let code = 200;
    try {
      const raw = await readBody(req, o.maxBodyBytes, o.timeoutMs);
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch (e) {
        throw new BodyError(400, `the body is not JSON: ${e instanceof Error ? e.message : String(e)}`);
      }
      const a = o.answer(body, overTime);
      Object.assign(entry, {
        uid: a.uid,
        desiredAPIVersion: a.desiredAPIVersion,
        status: a.status,
        objects: a.converted,
        ...(a.message !== undefined ? { message: a.message } : {}),
      });
      if (!a.review) throw new BodyError(400, a.message ?? 'not a ConversionReview');
      if (a.status === 'Failure') metrics.failures++;
      else metrics.conversions += a.converted;
      sendJson(res, 200, a.review);
    } catch (e) {
      code = e instanceof BodyError ? e.status : 500;
      const message = e instanceof Error ? e.message : String(e);
      Object.assign(entry, { status: 'Rejected', message });
      sendJson(res, code, { kind: 'Status', status: 'Failure', code, message }, code === 413 || code === 408);
    }
    const seconds = (performance.now() - start) / 1000;
    metrics.request(code);
    metrics.latency(seconds);
    o.log({ level: code === 200 && entry.status === 'Success' ? 'info' : 'warn', ...entry, code, seconds });
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && url === '/healthz') return send(res, 200, 'ok\n', 'text/plain');
    if (req.method === 'GET' && url === '/readyz')
      return send(res, ready ? 200 : 503, ready ? 'ok\n' : 'shutting down\n', 'text/plain');
    if (req.method === 'GET' && url === '/metrics')
      return send(res, 200, metrics.text(), 'text/plain; version=0.0.4; charset=utf-8');
    if (url === '/convert' || url === '/') {
      if (req.method !== 'POST') return sendJson(res, 405, { message: 'POST a ConversionReview' });
      convert(req, res).catch((e: unknown) => {
        o.log({ level: 'error', msg: 'unexpected', message: e instanceof Error ? e.message : String(e) });
        sendJson(res, 500, { message: 'internal error' }, true);
      });
      return;
    }
    sendJson(res, 404, { message: 'not found: POST /convert, GET /healthz, /readyz, /metrics' });
  }

  const common = {
    requestTimeout: o.timeoutMs * 2,
    headersTimeout: o.timeoutMs,
    keepAliveTimeout: 5_000,
    connectionsCheckingInterval: 1_000,
    maxHeaderSize: 16 * 1024,
  };
  let stopTls = (): void => {};
  let server: http.Server;
  if (o.tls) {
    const s = https.createServer(
      {
        ...common,
        handshakeTimeout: o.timeoutMs,
        cert: readFileSync(o.tls.certFile),
        key: readFileSync(o.tls.keyFile),
      },
      handle,
    );
    stopTls = watchTls(s, o.tls.certFile, o.tls.keyFile, o.log, o.tls.pollMs);
    // With a listener here node no longer closes the socket itself: a failed or timed-out handshake must go.
    s.on('tlsClientError', (_e, socket) => socket.destroy());
    server = s;
  } else server = http.createServer(common, handle);
  server.on('clientError', (_e, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = o.host.includes(':') ? `[${o.host}]` : o.host;
  o.log({ level: 'info', msg: 'listening', url: `${o.tls ? 'https' : 'http'}://${host}:${port}` });
  return {
    url: `${o.tls ? 'https' : 'http'}://${host}:${port}`,
    port,
    metrics,
    close: () =>
      new Promise<void>((resolve) => {
        ready = false;
        stopTls();
        const force = setTimeout(() => server.closeAllConnections(), o.shutdownGraceMs ?? 10_000);
        server.close(() => {
          clearTimeout(force);
          o.log({ level: 'info', msg: 'stopped' });
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
