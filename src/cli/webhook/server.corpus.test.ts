// The repository's rule files served as webhooks, against the corpus: a Cluster API KubeadmControlPlane v1beta1
// sample comes back as `rules apply` prints it, and every sample at every served version of its kind is answered
// as convertWithRules (the function `rules apply` runs) answers it: the object, or a Failure when it fails.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import { apiVersionOf, convertWithRules, findKindForDocument, parseRules } from '../../core/index.ts';
import { repoRuleFiles } from '../../core/rules/testdata/load.ts';
import { describeCorpus } from '../../core/testdata/corpusSuite.ts';
import { CORPUS, REPO, corpusSamples, importDir } from '../../core/testdata/loadCatalogs.ts';
import { serveRules } from '../commands/webhook.ts';
import { main } from '../main.ts';
import { fakeIO } from '../testdata/fakeIO.ts';
import type { RunningWebhook } from './server.ts';
import { request } from './testdata/client.ts';
import { loopbackTls, selfSignedCert, type TestCert } from './testdata/tls.ts';

type Doc = Record<string, unknown>;
const docsOf = (file: string): Doc[] =>
  parseAllDocuments(readFileSync(file, 'utf8'))
    .map((d) => d.toJS() as unknown)
    .filter((d): d is Doc => d !== null && typeof d === 'object' && !Array.isArray(d));

type Resp = { uid?: string; convertedObjects?: unknown[]; result?: { status?: string; message?: string } };
const responseOf = (json: unknown): Resp => (json as { response?: Resp }).response ?? {};
const review = (uid: string, desiredAPIVersion: string, objects: unknown[]) =>
  JSON.stringify({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'ConversionReview',
    request: { uid, desiredAPIVersion, objects },
  });

describeCorpus('the rules webhook against the corpus', () => {
  let cert: TestCert;
  const servers: RunningWebhook[] = [];
  beforeAll(() => {
    cert = selfSignedCert();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  it('a KubeadmControlPlane v1beta1 sample comes back equal to `rules apply`', async () => {
    const rulesFile = path.join(REPO, 'rules/cluster-api/kubeadmcontrolplane-v1beta1-v1beta2.yaml');
    const crds = path.join(CORPUS, 'cluster-api/crds');
    const sample = docsOf(path.join(CORPUS, 'cluster-api/samples/v1.10.10/simple-cluster.yaml')).find(
      (d) => d.kind === 'KubeadmControlPlane' && d.apiVersion === 'controlplane.cluster.x-k8s.io/v1beta1',
    );
    expect(sample).toBeDefined();
    const tmp = path.join(mkdtempSync(path.join(os.tmpdir(), 've-kcp-')), 'kcp.yaml');
    writeFileSync(tmp, stringify(sample));
    const f = fakeIO();
    const code = await main(
      ['rules', 'apply', '--catalog', crds, '--rules', rulesFile, '-f', tmp, '--to', 'v1beta2', '-o', 'json'],
      f.io,
    );
    expect(code).toBe(0);
    const applied = JSON.parse(f.out()) as unknown;

    const catalog = importDir(crds, 'cluster-api').catalog;
    const parsed = parseRules(readFileSync(rulesFile, 'utf8'), rulesFile);
    const server = await serveRules({
      catalog,
      rules: parsed.ruleSet,
      ...loopbackTls(cert),
    });
    servers.push(server);
    const r = await request(`${server.url}/convert`, {
      body: review('kcp-1', 'controlplane.cluster.x-k8s.io/v1beta2', [sample]),
      ca: cert.cert,
    });
    const resp = responseOf(r.json);
    expect(resp).toMatchObject({ uid: 'kcp-1', result: { status: 'Success' } });
    expect(resp.convertedObjects).toEqual([applied]);
  });

  for (const file of repoRuleFiles()) {
    it(`${file.file}: every sample at every served version is answered as rules apply answers`, async () => {
      const catalog = importDir(path.join(CORPUS, file.family, 'crds'), file.family).catalog;
      const ruleSet = parseRules(file.text, file.file).ruleSet;
      const server = await serveRules({
        catalog,
        rules: ruleSet,
        ...loopbackTls(cert),
      });
      servers.push(server);
      let answered = 0;
      let n = 0;
      for (const sampleFile of corpusSamples(file.family))
        for (const doc of docsOf(sampleFile)) {
          const found = findKindForDocument(catalog, doc);
          if (!found.kind || !found.version) continue;
          for (const v of found.kind.versions.filter((x) => x.served && x.name !== found.version?.name)) {
            const desired = apiVersionOf(found.kind.group, v.name);
            const uid = `u-${n++}`;
            const r = await request(`${server.url}/convert`, { body: review(uid, desired, [doc]), ca: cert.cert });
            expect(r.status).toBe(200);
            const resp = responseOf(r.json);
            expect(resp.uid).toBe(uid);
            const expected = convertWithRules(catalog, ruleSet, doc, v.name);
            const where = `${path.basename(sampleFile)} ${String(doc.kind)} -> ${desired}`;
            if (expected.doc && !expected.issues.some((i) => i.severity === 'error')) {
              expect(resp.result?.status, `${where}: ${resp.result?.message}`).toBe('Success');
              expect(resp.convertedObjects, where).toEqual([expected.doc]);
            } else expect(resp.result?.status, where).toBe('Failure');
            answered++;
          }
        }
      expect(answered).toBeGreaterThan(10);
    });
  }
});
