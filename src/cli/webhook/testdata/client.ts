// Test-only: HTTPS (or HTTP) requests to a webhook on loopback, trusting one CA, answers read whole.
import http from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';

export interface Answer {
  readonly status: number;
  readonly text: string;
  readonly json: unknown;
  /** SHA-256 fingerprint of the server's certificate (HTTPS). */
  readonly fingerprint?: string;
}

export function request(
  url: string,
  opts: { method?: string; body?: string | Buffer; ca?: string | string[]; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const u = new URL(url);
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    // A server that refused the body answers before the client has sent it all, then closes: once the status has
    // arrived, a reset while the rest is still being written is that close, not a failed request.
    let status: number | undefined;
    const req = lib.request(
      u,
      {
        method: opts.method ?? (opts.body !== undefined ? 'POST' : 'GET'),
        headers: { 'content-type': 'application/json', ...opts.headers },
        ...(opts.ca !== undefined ? { ca: opts.ca } : {}),
        agent: false,
      },
      (res) => {
        status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        const socket = res.socket as TLSSocket;
        const fingerprint =
          typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate().fingerprint256 : undefined;
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, text, json, ...(fingerprint ? { fingerprint } : {}) });
        });
        res.on('error', (e) => (status !== undefined ? resolve({ status, text: '', json: undefined }) : reject(e)));
      },
    );
    req.on('error', (e) => (status !== undefined ? resolve({ status, text: '', json: undefined }) : reject(e)));
    req.end(opts.body);
  });
}
