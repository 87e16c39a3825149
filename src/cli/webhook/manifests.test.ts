// `webhook manifests`: the objects fit together (Service -> pods, CRD -> Service, mounts -> volumes -> ConfigMap
// and Secret, cert-manager's Certificate -> the injected CA), the pod is locked down, and the Deployment's own
// arguments, run against the ConfigMap's files, start a webhook that converts. The Dockerfile is checked for the
// same contract (no container engine here: its structure, not a build).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { main } from '../main.ts';
import { fakeIO } from '../testdata/fakeIO.ts';
import { request } from './testdata/client.ts';
import { selfSignedCert } from './testdata/tls.ts';
import { startCli } from './testdata/process.ts';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- reading YAML in a test
const REPO = path.resolve(import.meta.dirname, '../../..');
const CRD = path.join(REPO, 'src/core/rules/testdata/backup-crd.yaml');
const RULES = path.join(REPO, 'src/core/rules/testdata/backup-rules.yaml');

async function manifests(...extra: string[]): Promise<{ code: number; docs: Obj[]; err: string }> {
  const f = fakeIO();
  const code = await main(
    ['webhook', 'manifests', '--rules', RULES, '--crd', CRD, '--image', 'example/ve:1', ...extra],
    f.io,
  );
  return { code, docs: parseAllDocuments(f.out()).map((d) => d.toJS() as Obj), err: f.err() };
}
const byKind = (docs: Obj[], kind: string) => docs.filter((d) => d.kind === kind);

describe('webhook manifests', () => {
  it('prints ConfigMap, Deployment, Service and the CRD, in that order, that refer to each other', async () => {
    const { code, docs } = await manifests('--name', 'conv', '--namespace', 'ops');
    expect(code).toBe(0);
    expect(docs.map((d) => d.kind)).toEqual(['ConfigMap', 'Deployment', 'Service', 'CustomResourceDefinition']);
    const [cm, dep, svc, crd] = docs as [Obj, Obj, Obj, Obj];
    for (const d of [cm, dep, svc]) expect(d.metadata.namespace).toBe('ops');
    const pod = dep.spec.template.spec;
    const c = pod.containers[0];
    // Service -> pods, by labels and the named port
    for (const [k, v] of Object.entries(svc.spec.selector as Obj)) expect(dep.spec.template.metadata.labels[k]).toBe(v);
    expect(dep.spec.selector.matchLabels).toEqual(svc.spec.selector);
    expect(c.ports.map((p: Obj) => p.name)).toContain(svc.spec.ports[0].targetPort);
    // CRD -> Service
    expect(crd.spec.conversion).toMatchObject({
      strategy: 'Webhook',
      webhook: {
        clientConfig: { service: { name: 'conv', namespace: 'ops', path: '/convert', port: svc.spec.ports[0].port } },
      },
    });
    expect(crd.spec.conversion.webhook.conversionReviewVersions).toContain('v1');
    const input = parseAllDocuments(readFileSync(CRD, 'utf8'))[0]!.toJS() as Obj;
    expect(crd.spec.versions).toEqual(input.spec.versions);
    expect(crd.metadata.annotations?.['cert-manager.io/inject-ca-from']).toBeUndefined();
    // mounts -> volumes -> the ConfigMap printed; args name files the ConfigMap holds
    const volumes = new Map<string, Obj>(pod.volumes.map((v: Obj) => [v.name, v]));
    for (const m of c.volumeMounts) expect(volumes.has(m.name)).toBe(true);
    expect(volumes.get('config')?.configMap.name).toBe(cm.metadata.name);
    const configMount = c.volumeMounts.find((m: Obj) => m.name === 'config').mountPath as string;
    for (const flag of ['--rules', '--crd']) {
      const file = c.args[c.args.indexOf(flag) + 1] as string;
      expect(path.posix.dirname(file)).toBe(configMount);
      expect(Object.keys(cm.data)).toContain(path.posix.basename(file));
    }
    expect(cm.data['rules.yaml']).toBe(readFileSync(RULES, 'utf8'));
  });

  it('runs the pod locked down: non-root, read-only root filesystem, no privilege, probes on /readyz and /healthz', async () => {
    const { docs } = await manifests();
    const pod = byKind(docs, 'Deployment')[0]!.spec.template.spec;
    const c = pod.containers[0];
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
    expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
    expect(c.securityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    expect(c.readinessProbe.httpGet).toMatchObject({ path: '/readyz', scheme: 'HTTPS', port: c.ports[0].name });
    expect(c.livenessProbe.httpGet).toMatchObject({ path: '/healthz', scheme: 'HTTPS' });
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(10);
  });

  it('with --cert-manager: a Certificate for the Service name, its Secret mounted, its CA injected into the CRD', async () => {
    const { docs } = await manifests('--cert-manager', 'ClusterIssuer/selfsigned');
    const [cert] = byKind(docs, 'Certificate') as [Obj];
    const svc = byKind(docs, 'Service')[0]!;
    const crd = byKind(docs, 'CustomResourceDefinition')[0]!;
    const pod = byKind(docs, 'Deployment')[0]!.spec.template.spec;
    expect(cert.spec.issuerRef).toEqual({ kind: 'ClusterIssuer', name: 'selfsigned' });
    expect(cert.spec.dnsNames).toContain(`${svc.metadata.name}.${svc.metadata.namespace}.svc`);
    expect(pod.volumes.find((v: Obj) => v.name === 'tls').secret.secretName).toBe(cert.spec.secretName);
    expect(crd.metadata.annotations['cert-manager.io/inject-ca-from']).toBe(
      `${cert.metadata.namespace}/${cert.metadata.name}`,
    );
  });

  it('with --ca-bundle: the CA in clientConfig; with --crd-patch: only metadata and spec.conversion', async () => {
    const cert = selfSignedCert();
    const { docs } = await manifests('--ca-bundle', cert.certFile, '--crd-patch');
    const crd = docs[docs.length - 1]!;
    expect(Object.keys(crd).sort()).toEqual(['metadata', 'spec']);
    expect(Object.keys(crd.spec)).toEqual(['conversion']);
    expect(crd.metadata.name).toBe('backups.example.com');
    expect(Buffer.from(crd.spec.conversion.webhook.clientConfig.caBundle, 'base64').toString()).toBe(cert.cert);
  });

  it.each([
    [['--cert-manager', 'x', '--ca-bundle', RULES], /one of/],
    [['--name', 'Not_A_Label'], /DNS labels/],
    [['--replicas', '0'], /replicas/],
  ])('%j exits 2', async (args, message) => {
    const r = await manifests(...args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });

  it("the Deployment's arguments, over the ConfigMap's files and a certificate, start a webhook that converts", async () => {
    const { docs } = await manifests();
    const cm = byKind(docs, 'ConfigMap')[0]!;
    const c = byKind(docs, 'Deployment')[0]!.spec.template.spec.containers[0];
    const root = mkdtempSync(path.join(os.tmpdir(), 've-pod-'));
    const local = (p: string) => path.join(root, p);
    for (const m of c.volumeMounts) mkdirSync(local(m.mountPath), { recursive: true });
    const configMount = c.volumeMounts.find((m: Obj) => m.name === 'config').mountPath as string;
    for (const [k, v] of Object.entries(cm.data as Record<string, string>))
      writeFileSync(local(`${configMount}/${k}`), v);
    const tls = selfSignedCert();
    const tlsMount = c.volumeMounts.find((m: Obj) => m.name === 'tls').mountPath as string;
    copyFileSync(tls.certFile, local(`${tlsMount}/tls.crt`));
    copyFileSync(tls.keyFile, local(`${tlsMount}/tls.key`));
    const args = (c.args as string[]).map((a) => (a.startsWith('/') ? local(a) : a));
    args[args.indexOf('--port') + 1] = '0';
    const { child, url } = await startCli([...args, '--host', '127.0.0.1']);
    try {
      expect((await request(`${url}/readyz`, { ca: tls.cert })).status).toBe(200);
      const r = await request(`${url}/convert`, {
        ca: tls.cert,
        body: JSON.stringify({
          apiVersion: 'apiextensions.k8s.io/v1',
          kind: 'ConversionReview',
          request: {
            uid: 'pod-1',
            desiredAPIVersion: 'example.com/v2',
            objects: [
              { apiVersion: 'example.com/v1', kind: 'Backup', metadata: { name: 'b' }, spec: { targetName: 't' } },
            ],
          },
        }),
      });
      expect(r.json).toMatchObject({
        response: { uid: 'pod-1', convertedObjects: [{ spec: { target: { name: 't' } } }] },
      });
    } finally {
      child.kill('SIGTERM');
    }
  }, 30_000);
});

describe('Dockerfile', () => {
  const text = readFileSync(path.join(REPO, 'Dockerfile'), 'utf8');
  const last = text.slice(text.lastIndexOf('\nFROM '));

  it('runs the CLI as a numeric non-root user, with nothing to write on the root filesystem', () => {
    const user = /^USER (\d+)(?::(\d+))?$/m.exec(last);
    expect(user).not.toBeNull();
    expect(Number(user![1])).toBeGreaterThan(0);
    expect(last).toMatch(/TSX_DISABLE_CACHE=1/);
    expect(last).toMatch(/^ENTRYPOINT \["node", "bin\/version-explorer\.mjs"\]$/m);
  });

  it('copies what the CLI loads, and the Deployment runs a command the CLI has', async () => {
    for (const m of last.matchAll(/^COPY (?!--from)(\S+)/gm))
      expect(() => readFileSync(path.join(REPO, m[1]!))).not.toThrow(/ENOENT/);
    const { docs } = await manifests();
    const args = byKind(docs, 'Deployment')[0]!.spec.template.spec.containers[0].args as string[];
    const f = fakeIO();
    expect(await main([args[0]!, '--help'], f.io)).toBe(0);
  });
});
