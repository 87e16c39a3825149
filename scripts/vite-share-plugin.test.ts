import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './vite-share-plugin.ts';

const directives = new Map(
  CONTENT_SECURITY_POLICY.split(';').map((d) => {
    const [name = '', ...values] = d.trim().split(/\s+/);
    return [name, values] as const;
  }),
);

describe('the Content-Security-Policy', () => {
  it('allows scripts and workers from the app itself only: no inline, no eval, no third parties', () => {
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('worker-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
  });

  it('lets ?catalog= reach https hosts and loopback test servers, nothing else in plain http', () => {
    expect(directives.get('connect-src')).toEqual(["'self'", 'https:', 'http://127.0.0.1:*', 'http://localhost:*']);
  });

  it('holds no directive a <meta> CSP ignores (Chromium logs an error for those)', () => {
    for (const d of ['frame-ancestors', 'report-uri', 'sandbox']) expect(directives.has(d)).toBe(false);
  });
});
