// Test-only: a self-signed certificate for 127.0.0.1 and localhost, made with openssl in a temporary folder.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestCert {
  readonly certFile: string;
  readonly keyFile: string;
  readonly cert: string;
}

/** A new key pair and certificate in `dir` (a fresh temporary folder by default). */
export function selfSignedCert(dir = mkdtempSync(path.join(os.tmpdir(), 've-webhook-')), name = 'tls'): TestCert {
  const certFile = path.join(dir, `${name}.crt`);
  const keyFile = path.join(dir, `${name}.key`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile, cert: readFileSync(certFile, 'utf8') };
}

/** The TLS options of a test server on `cert`, on loopback, any free port, logs discarded. */
export const loopbackTls = (cert: TestCert) => ({
  tls: { certFile: cert.certFile, keyFile: cert.keyFile },
  host: '127.0.0.1',
  port: 0,
  log: () => undefined,
});
