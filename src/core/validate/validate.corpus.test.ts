// Corpus-driven: every sample of ../shared/corpus validates at its own version with no error, except the samples
// listed below as invalid upstream (each with the reason, checked to still fail); every CEL rule of every corpus
// CRD compiles; and each family with CEL rules has crafted documents that break a rule, a pattern, an enum and a
// required field, each rejected with the right code and path.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseResources } from '../text/parseResources.ts';
import type { Catalog, StructuralSchema } from '../model/model.ts';
import { compileCel } from '../cel/index.ts';
import { CORPUS, corpusUnits, importDir } from '../testdata/loadCatalogs.ts';
import { catalogForSample, samplesOf } from '../testdata/corpusSampleDocs.ts';
import { validateDocument, type ValidationIssue } from './index.ts';
import type { IssueCode, Path } from '../model/issue.ts';

const units = corpusUnits().map((u) => ({ ...u, catalog: importDir(u.dir, u.id.replace('/', '-')).catalog }));
const families = [...new Set(units.map((u) => u.family))];

/** Samples the API server refuses at the CRD version the corpus holds (path relative to the corpus). */
const INVALID_UPSTREAM: readonly { readonly file: RegExp; readonly reason: string }[] = [
  {
    file: /^cluster-api\/samples\/v0\.3\.25\/machine-pool\.yaml$/,
    reason: 'extraArgs value `true` is a YAML boolean; extraArgs is a map of strings',
  },
  {
    file: /^external-secrets\/samples\/v0\.(15\.1|4\.4)\/full-(cluster-)?secret-store\.yaml$/,
    reason: 'documentation sample listing every provider at once (provider has maxProperties: 1), placeholder values',
  },
  {
    file: /^external-secrets\/samples\/v0\.15\.1\/gcpsm-.*secret-store\.yaml$/,
    reason: 'placeholders written as YAML flow sequences (`[PROJECT_ID]`) where strings are expected',
  },
  {
    file: /^external-secrets\/samples\/v0\.15\.1\/github-secret-store\.yaml$/,
    reason: 'appID/installationID quoted; integers expected',
  },
  {
    file: /^external-secrets\/samples\/v0\.15\.1\/gitlab-secret-store\.yaml$/,
    reason: 'groupIDs a string, inheritFromGroups a quoted boolean',
  },
  {
    file: /^external-secrets\/samples\/v0\.15\.1\/ibm-secret-store\.yaml$/,
    reason: 'two auth methods at once (auth has maxProperties: 1)',
  },
  {
    file: /^external-secrets\/samples\/v0\.15\.1\/onboardbase-generic-secret-store\.yaml$/,
    reason: 'field names older than the schema (apiKey for apiKeyRef)',
  },
  {
    file: /^external-secrets\/samples\/v0\.(15\.1|4\.4)\/oracle-(instance-principal|principal-type|secret-store(-pushsecret)?|workload-identity)\.yaml$/,
    reason: 'snippets without the required region and vault',
  },
  {
    file: /^external-secrets\/samples\/v0\.15\.1\/passworddepot-secret-store\.yaml$/,
    reason: '`SecretRef` capitalised; the schema has secretRef',
  },
  {
    file: /^external-secrets\/samples\/v0\.15\.1\/vault-mtls-store\.yaml$/,
    reason: 'tls.clientCert/secretRef unknown to the schema, placeholder caBundle',
  },
  {
    file: /^external-secrets\/samples\/v0\.4\.4\/ibm-es-types\.yaml$/,
    reason: 'a partial ExternalSecret without secretStoreRef and target',
  },
  {
    file: /^gateway-api\/samples\/v0\.5\.1\/experimental\/v1(alpha2|beta1)\/(http-redirect-rewrite\/httproute-(redirect-full|redirect-prefix|rewrite-path|rewrite)|http-redirect|http-rewrite)\.yaml$/,
    reason:
      'experimental-channel fields (requestRedirect.path, URLRewrite); the corpus holds only the v0.5.1 standard CRDs',
  },
];

const rel = (file: string): string => path.relative(CORPUS, file).split(path.sep).join('/');
const errorsOf = (issues: readonly ValidationIssue[]) => issues.filter((i) => i.severity === 'error');

describe.skipIf(units.length === 0)('corpus samples validate at their own version', () => {
  for (const family of families) {
    it(family, () => {
      let checked = 0;
      const unexpected: string[] = [];
      const listedButValid = new Set<string>();
      const listedWithErrors = new Set<string>();
      for (const s of samplesOf(family)) {
        const catalog = catalogForSample(units, family, s.file, s.doc);
        if (!catalog) continue; // a Secret or Namespace beside the custom resources
        checked++;
        const errs = errorsOf(validateDocument(catalog, s.doc).issues);
        const listed = INVALID_UPSTREAM.some((x) => x.file.test(rel(s.file)));
        if (listed) (errs.length > 0 ? listedWithErrors : listedButValid).add(rel(s.file));
        else if (errs.length > 0)
          unexpected.push(`${rel(s.file)}#${s.index}: ${errs.map((e) => `${e.code} ${e.path.join('.')}`).join('; ')}`);
      }
      expect(checked).toBeGreaterThan(0);
      expect(unexpected).toEqual([]);
      // a listed file whose every document validates is no longer invalid: drop it from the list
      expect([...listedButValid].filter((f) => !listedWithErrors.has(f))).toEqual([]);
    });
  }
});

function rulesOfCatalog(c: Catalog): string[] {
  const out: string[] = [];
  const visit = (s: unknown): void => {
    if (Array.isArray(s)) s.forEach(visit);
    else if (s !== null && typeof s === 'object') {
      const o = s as Record<string, unknown>;
      if (Array.isArray(o['x-kubernetes-validations']))
        for (const r of o['x-kubernetes-validations'] as { rule?: unknown; messageExpression?: unknown }[]) {
          if (typeof r.rule === 'string') out.push(r.rule);
          if (typeof r.messageExpression === 'string') out.push(r.messageExpression);
        }
      Object.values(o).forEach(visit);
    }
  };
  for (const k of c.kinds) for (const v of k.versions) visit(v.schema as StructuralSchema | undefined);
  return out;
}

const celFamilies = families.filter((f) => units.some((u) => u.family === f && rulesOfCatalog(u.catalog).length > 0));

describe.skipIf(units.length === 0)('every CEL rule of the corpus compiles with the Kubernetes libraries', () => {
  for (const u of units) {
    const rules = rulesOfCatalog(u.catalog);
    if (rules.length === 0) continue;
    it(u.id, () => {
      const failed = [...new Set(rules)].map((r) => [r, compileCel(r)] as const).filter(([, c]) => !c.ok);
      expect(failed.map(([r, c]) => `${r}: ${c.ok ? '' : c.error}`)).toEqual([]);
    });
  }
});

/** Crafted documents per CEL family: doc 0 is valid; docs 1-4 break a rule, a pattern, an enum, a required field. */
const CRAFTED: Readonly<Record<string, readonly { code: IssueCode; path: Path }[]>> = {
  'gateway-api': [
    { code: 'CEL_RULE', path: ['spec', 'rules', 0, 'matches', 0, 'path'] },
    { code: 'VALIDATION_PATTERN', path: ['spec', 'hostnames', 0] },
    { code: 'VALIDATION_ENUM', path: ['spec', 'rules', 0, 'matches', 0, 'headers', 0, 'type'] },
    { code: 'VALIDATION_REQUIRED', path: ['spec', 'rules', 0, 'matches', 0, 'headers', 0, 'name'] },
  ],
  'cluster-api': [
    { code: 'CEL_RULE', path: ['spec', 'kubeadmConfigSpec', 'clusterConfiguration', 'apiServer', 'extraArgs'] },
    { code: 'VALIDATION_PATTERN', path: ['spec', 'machineTemplate', 'spec', 'infrastructureRef', 'kind'] },
    { code: 'VALIDATION_ENUM', path: ['spec', 'kubeadmConfigSpec', 'format'] },
    { code: 'VALIDATION_REQUIRED', path: ['spec', 'version'] },
  ],
  'fluxcd-helm-controller': [
    { code: 'CEL_RULE', path: ['spec'] },
    { code: 'VALIDATION_PATTERN', path: ['spec', 'chart', 'spec', 'interval'] },
    { code: 'VALIDATION_ENUM', path: ['spec', 'chart', 'spec', 'sourceRef', 'kind'] },
    { code: 'VALIDATION_REQUIRED', path: ['spec', 'interval'] },
  ],
  'fluxcd-source-controller': [
    { code: 'CEL_RULE', path: ['spec'] },
    { code: 'VALIDATION_PATTERN', path: ['spec', 'interval'] },
    { code: 'VALIDATION_ENUM', path: ['spec', 'provider'] },
    { code: 'VALIDATION_REQUIRED', path: ['spec', 'bucketName'] },
  ],
};

function newestCatalog(family: string): Catalog {
  const us = units.filter((u) => u.family === family).sort((a, b) => (a.id < b.id ? 1 : -1));
  return (us.find((u) => !u.id.includes('experimental')) ?? us[0])!.catalog;
}

describe.skipIf(units.length === 0)('crafted documents break each kind of rule in every CEL family', () => {
  it('every corpus family with CEL rules has crafted documents', () => {
    expect(celFamilies.filter((f) => !Object.hasOwn(CRAFTED, f))).toEqual([]);
  });

  for (const family of celFamilies.filter((f) => Object.hasOwn(CRAFTED, f))) {
    it(family, () => {
      const text = readFileSync(path.join(import.meta.dirname, 'testdata', `${family}.yaml`), 'utf8');
      const docs = parseResources(text).documents;
      const catalog = newestCatalog(family);
      const expected = CRAFTED[family]!;
      expect(docs).toHaveLength(1 + expected.length);
      expect(errorsOf(validateDocument(catalog, docs[0]!.value).issues)).toEqual([]);
      expected.forEach((want, i) => {
        const errs = errorsOf(validateDocument(catalog, docs[i + 1]!.value).issues);
        expect(errs.map((e) => ({ code: e.code, path: e.path }))).toEqual([want]);
        if (want.code === 'CEL_RULE') expect(errs[0]!.rule).toBeTruthy();
      });
    });
  }
});
