// The webhook benchmark's servers, in their own process (so the client's work does not share their event loop):
// the project's rules webhook (Cluster API KubeadmControlPlane rules) and, as the baseline, a plain Node HTTPS
// server that parses the ConversionReview and echoes its objects at the desired apiVersion (the least any webhook
// does). Prints {"rules": URL, "echo": URL, "ca": PEM} on one line, then serves until killed.
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseRules } from '../../src/core/index.ts';
import { CORPUS, importDir } from '../../src/core/testdata/loadCatalogs.ts';
import { serveRules } from '../../src/cli/commands/webhook.ts';
import { selfSignedCert } from '../../src/cli/webhook/testdata/tls.ts';

const root = path.resolve(import.meta.dirname, '../..');
const file = 'rules/cluster-api/kubeadmcontrolplane-v1beta1-v1beta2.yaml';
const { ruleSet } = parseRules(readFileSync(path.join(root, file), 'utf8'), file);
const catalog = importDir(path.join(CORPUS, 'cluster-api/crds'), 'cluster-api').catalog;
const cert = selfSignedCert();

const rules = await serveRules({
  catalog,
  rules: ruleSet,
  tls: { certFile: cert.certFile, keyFile: cert.keyFile },
  host: '127.0.0.1',
  port: 0,
  log: () => undefined,
});

type Obj = Record<string, unknown>;
const echo = https.createServer({ cert: cert.cert, key: readFileSync(cert.keyFile) }, (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const review = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { request: Obj };
    const r = review.request;
    const objects = (r.objects as Obj[]).map((o) => ({ ...o, apiVersion: r.desiredAPIVersion }));
    const body = JSON.stringify({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'ConversionReview',
      response: { uid: r.uid, convertedObjects: objects, result: { status: 'Success' } },
    });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
const echoUrl = `https://127.0.0.1:${(echo.address() as AddressInfo).port}`;
process.stdout.write(
  `${JSON.stringify({ rules: `${rules.url}/convert`, echo: `${echoUrl}/convert`, ca: cert.cert })}\n`,
);
