// Test-only: a conversion webhook that converts with the rules and then does one thing wrong, as webhooks in the
// wild do: drops a field, answers another uid, the wrong number of objects, the wrong apiVersion, a label the
// API server refuses, never answers, or fails with HTTP 500.
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Catalog, RuleSet } from '../../../core/index.ts';
import { answerWithRules } from '../../../core/index.ts';
import type { TestCert } from './tls.ts';

export type Fault = 'none' | 'drop-field' | 'uid' | 'count' | 'api-version' | 'bad-label' | 'hang' | 'status-500';

type Obj = Record<string, unknown>;

function spoil(fault: Fault, review: Obj, request: Obj): void {
  const response = review.response as Obj;
  const objects = (response.convertedObjects ?? []) as Obj[];
  const sent = (request.objects ?? []) as Obj[];
  if (fault === 'uid') response.uid = 'not-the-request-uid';
  if (fault === 'count') response.convertedObjects = [];
  objects.forEach((o, i) => {
    if (fault === 'drop-field' && o.spec !== null && typeof o.spec === 'object') delete (o.spec as Obj).retention;
    if (fault === 'api-version') o.apiVersion = sent[i]?.apiVersion;
    if (fault === 'bad-label') o.metadata = { ...(o.metadata as Obj), labels: { 'not a label key!': 'x' } };
  });
}

export async function startMisbehaving(
  fault: Fault,
  catalog: Catalog,
  rules: RuleSet,
  cert: TestCert,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = https.createServer({ cert: cert.cert, key: readFileSync(cert.keyFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (fault === 'hang') return; // never answers
      if (fault === 'status-500') {
        res.writeHead(500, { 'content-type': 'text/plain' });
        return void res.end('internal error');
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Obj;
      const a = answerWithRules(catalog, rules, body, { maxObjects: 1000 });
      const review = a.review as Obj;
      spoil(fault, review, body.request as Obj);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(review));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/convert`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
