import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { describeCorpus } from '../../core/testdata/corpusSuite.ts';
import { REDACTED, findSecrets, isSecretKeyName, redactSecrets } from './secrets.ts';

const secret = `apiVersion: v1
kind: Secret
metadata:
  name: creds
type: Opaque
data:
  username: YWRtaW4=
  password: c2VjcmV0
stringData:
  config.yaml: |
    token: abc
    other: 1
---
apiVersion: example.com/v1
kind: Widget
metadata:
  name: w
spec:
  size: 3
  passwordSecretRef:
    name: creds
    key: password
  secretName: tls-cert
  auth:
    token: "s3cr3t-value"
    api_key: 12345
  users:
    - name: ada
      password: hunter2
`;

describe('findSecrets', () => {
  it('flags every data/stringData value of a Secret', () => {
    const f = findSecrets(secret).filter((x) => x.reason === 'secret-kind');
    expect(f.map((x) => x.path)).toEqual([
      ['data', 'username'],
      ['data', 'password'],
      ['stringData', 'config.yaml'],
    ]);
    expect(f.every((x) => x.document === 0)).toBe(true);
  });

  it('flags password / token / key-like fields but not fields that only name a secret', () => {
    const f = findSecrets(secret).filter((x) => x.document === 1);
    expect(f.map((x) => [x.reason, x.path])).toEqual([
      ['key-name', ['spec', 'auth', 'token']],
      ['key-name', ['spec', 'auth', 'api_key']],
      ['key-name', ['spec', 'users', 0, 'password']],
    ]);
  });

  it('flags PEM private keys under any key', () => {
    const f = findSecrets(
      'kind: X\nspec:\n  pem: "-----BEGIN RSA PRIVATE KEY-----\\nMIIB\\n-----END RSA PRIVATE KEY-----"\n',
    );
    expect(f.map((x) => x.reason)).toEqual(['private-key']);
  });

  it('reads JSON input too', () => {
    const f = findSecrets('{"kind":"Widget","spec":{"clientSecret":"xyz","clientSecretName":"n"}}');
    expect(f.map((x) => x.path)).toEqual([['spec', 'clientSecret']]);
  });

  it('finds nothing in ordinary resources and survives broken YAML', () => {
    expect(findSecrets('apiVersion: crm.example.com/v1\nkind: Person\nspec:\n  name: ada\n')).toEqual([]);
    expect(findSecrets('a: [\n')).toEqual([]);
    expect(findSecrets('')).toEqual([]);
  });

  it.each([
    ['password', true],
    ['sessionToken', true],
    ['api-key', true],
    ['privateKey', true],
    ['secretName', false],
    ['tokenSecretRef', false],
    ['passwordFile', false],
    ['key', false],
    ['name', false],
  ])('treats the key %s as secret: %s', (key, expected) => {
    expect(isSecretKeyName(key)).toBe(expected);
  });
});

// A real SecretStore from the shared corpus: references to secrets, no secret values.
const vaultStore = Object.values(
  import.meta.glob<string>('@corpus/external-secrets/samples/v0.15.1/vault-iam-store-static-creds.yaml', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
)[0];

describeCorpus('findSecrets on the corpus', () => {
  it('does not flag the references in the corpus SecretStore samples', () => {
    expect(vaultStore).toContain('kind: SecretStore');
    expect(findSecrets(vaultStore ?? '')).toEqual([]);
  });
});

describe('redactSecrets', () => {
  it('replaces only the secret values and keeps the documents valid', () => {
    const out = redactSecrets(secret);
    const docs = parseAllDocuments(out).map((d) => d.toJS() as Record<string, Record<string, unknown>>);
    expect(docs[0]?.data).toEqual({ username: REDACTED, password: REDACTED });
    expect(docs[0]?.stringData).toEqual({ 'config.yaml': REDACTED });
    expect(docs[0]?.metadata).toEqual({ name: 'creds' });
    const spec = docs[1]?.spec as Record<string, unknown>;
    expect(spec.auth).toEqual({ token: REDACTED, api_key: REDACTED });
    expect(spec.users).toEqual([{ name: 'ada', password: REDACTED }]);
    expect(spec.passwordSecretRef).toEqual({ name: 'creds', key: 'password' });
    expect(spec.size).toBe(3);
    expect(findSecrets(out).length).toBe(findSecrets(secret).length); // still flagged, but only the placeholder
    expect(out).not.toMatch(/hunter2|s3cr3t|c2VjcmV0/);
  });

  it('keeps JSON input valid JSON', () => {
    const out = redactSecrets('{"kind":"Widget","spec":{"token":"xyz","n":1}}');
    expect(JSON.parse(out)).toEqual({ kind: 'Widget', spec: { token: REDACTED, n: 1 } });
  });

  it('leaves text without secrets untouched', () => {
    const t = 'kind: Person\nspec:\n  name: ada\n';
    expect(redactSecrets(t)).toBe(t);
    expect(parse(t)).toEqual(parse(redactSecrets(t)));
  });
});
