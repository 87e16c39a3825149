import { describe, expect, it } from 'vitest';
import { MAX_REMOTE_BYTES, RemoteError, contentHash, fetchRemoteText, remoteParams } from './remoteFetch.ts';
import { checkRemoteUrl } from './remoteUrl.ts';

const ok =
  (text: string): typeof fetch =>
  async () =>
    new Response(text, { status: 200 });

async function codeOf(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (e) {
    return e instanceof RemoteError ? e.issue.code : 'NOT_A_REMOTE_ERROR';
  }
}

describe('remote URLs', () => {
  it.each([
    ['https://raw.githubusercontent.com/a/b/main/crd.yaml', true],
    ['http://127.0.0.1:8080/crd.yaml', true],
    ['http://localhost/crd.yaml', true],
    ['http://[::1]:9/crd.yaml', false], // not in the CSP's connect-src either
    ['http://example.com/crd.yaml', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['https://user:pw@example.com/x', false],
    ['not a url', false],
  ])('%s allowed: %s', (url, allowed) => {
    expect(checkRemoteUrl(url).ok).toBe(allowed);
  });

  it('reads ?catalog= and ?resource=', () => {
    expect(remoteParams('?catalog=https%3A%2F%2Fx.test%2Fc.yaml&resource=https://x.test/r.yaml')).toEqual({
      catalogUrl: 'https://x.test/c.yaml',
      resourceUrl: 'https://x.test/r.yaml',
    });
    expect(remoteParams('')).toEqual({});
  });
});

describe('fetchRemoteText', () => {
  it('returns the text, its origin and a content hash', async () => {
    const r = await fetchRemoteText('https://x.test/dir/c.yaml', ok('kind: CustomResourceDefinition\n'));
    expect(r).toEqual({
      url: 'https://x.test/dir/c.yaml',
      origin: 'https://x.test',
      text: 'kind: CustomResourceDefinition\n',
      hash: contentHash('kind: CustomResourceDefinition\n'),
    });
  });

  it('rejects non-https URLs without fetching', async () => {
    let called = false;
    const spy: typeof fetch = async () => {
      called = true;
      return new Response('');
    };
    expect(await codeOf(fetchRemoteText('http://example.com/c.yaml', spy))).toBe('REMOTE_URL_REJECTED');
    expect(called).toBe(false);
  });

  it('turns network (CORS) failures and HTTP errors into issues', async () => {
    const cors: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await codeOf(fetchRemoteText('https://x.test/c.yaml', cors))).toBe('REMOTE_FETCH_FAILED');
    const notFound: typeof fetch = async () => new Response('nope', { status: 404 });
    await expect(fetchRemoteText('https://x.test/c.yaml', notFound)).rejects.toThrow(/404/);
  });

  it('hashes differently when the content changes', () => {
    expect(contentHash('a')).not.toBe(contentHash('b'));
    expect(contentHash('a')).toMatch(/^[0-9a-f]{14}$/);
  });
});

describe('fetchRemoteText: the 8 MiB cap on a stream', () => {
  /** A body without Content-Length that would go on for `total` bytes; counts what was pulled. */
  function endless(total: number) {
    const pulled = { bytes: 0 };
    const chunk = new Uint8Array(64 * 1024).fill(97);
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (pulled.bytes >= total) return c.close();
        pulled.bytes += chunk.byteLength;
        c.enqueue(chunk);
      },
    });
    const fetchImpl: typeof fetch = async () => new Response(body, { status: 200 });
    return { fetchImpl, pulled };
  }

  it('stops reading a body without Content-Length just past the cap', async () => {
    const { fetchImpl, pulled } = endless(1024 * 1024 * 1024);
    expect(await codeOf(fetchRemoteText('https://example.com/c.yaml', fetchImpl))).toBe('REMOTE_FETCH_FAILED');
    expect(pulled.bytes).toBeLessThan(MAX_REMOTE_BYTES + 4 * 64 * 1024);
  });

  it('reads a body just under the cap in full, multi-byte characters intact', async () => {
    const text = `${'é'.repeat(1000)}${'a'.repeat(MAX_REMOTE_BYTES - 3000)}`;
    const r = await fetchRemoteText('https://example.com/c.yaml', ok(text));
    expect(r.text).toBe(text);
  });
});
