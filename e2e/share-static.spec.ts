// Issue 6, static site: the built folder served from a sub-path by a plain static server, and offline
// after the first visit (service worker). Serves dist/ itself (E2E_DIST overrides) on 127.0.0.1.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { CONTENT_SECURITY_POLICY } from '../scripts/vite-share-plugin.ts';
import { clipboard, editorText, openLazyParts, serve, waitForApp, watch, type LocalServer } from './shareHelpers.ts';

const dist = path.resolve(import.meta.dirname, '..', process.env.E2E_DIST ?? 'dist');
const BASE = '/version-explorer/';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

/** A dumb static host: files under /version-explorer/, nothing else (no SPA fallback, no headers unless given). */
function serveDist(headers: Record<string, string> = {}): Promise<LocalServer> {
  return serve((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (!url.pathname.startsWith(BASE)) return void res.writeHead(404).end();
    const rel = decodeURIComponent(url.pathname.slice(BASE.length)) || 'index.html';
    const file = path.resolve(dist, rel);
    if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', ...headers })
      .end(readFileSync(file));
  });
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('the build works from a sub-path of a plain static host, links included', async ({ page, browser }) => {
  test.skip(!existsSync(path.join(dist, 'index.html')), 'run `npm run build` first');
  const server = await serveDist();
  try {
    const w = await watch(page);
    const outside: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (
        u.protocol !== 'data:' &&
        u.protocol !== 'blob:' &&
        (u.origin !== server.origin || !u.pathname.startsWith(BASE))
      )
        outside.push(r.url());
    });
    await page.goto(`${server.origin}${BASE}`);
    await waitForApp(page);
    await expect(page.getByRole('group', { name: /^(Hub|Stored) document at / })).toContainText('apiVersion');
    await page.getByRole('button', { name: 'Copy link' }).click();
    const link = await clipboard(page);
    expect(link.startsWith(`${server.origin}${BASE}#v1.`)).toBe(true);
    const hub = await page.getByRole('group', { name: /^(Hub|Stored) document at / }).innerText();

    const ctx = await browser.newContext();
    const other = await ctx.newPage();
    await other.goto(link);
    await waitForApp(other);
    await expect.poll(() => other.getByRole('group', { name: /^(Hub|Stored) document at / }).innerText()).toBe(hub);
    await ctx.close();

    expect(outside).toEqual([]);
    expect(w.errors).toEqual([]);
    expect(await w.csp()).toEqual([]);
  } finally {
    await server.close();
  }
});

test('after the first visit the app reloads and opens links offline', async ({ page, context }) => {
  test.skip(!existsSync(path.join(dist, 'sw.js')), 'run `npm run build` first');
  const server = await serveDist();
  let closed = false;
  try {
    const w = await watch(page);
    await page.goto(`${server.origin}${BASE}`);
    await waitForApp(page);
    // The service worker has installed (precached everything) and controls the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const scope = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope));
    expect(scope).toBe(`${server.origin}${BASE}`);
    const fragment = await page.evaluate(() => window.location.hash);

    // Really offline: the host is gone and the browser is offline.
    await server.close();
    closed = true;
    await context.setOffline(true);
    await page.reload();
    await waitForApp(page);
    await expect.poll(() => editorText(page)).toContain('kind: Widget'); // the default example
    await expect(page.getByRole('group', { name: /^(Hub|Stored) document at / })).toContainText('apiVersion');

    // A link opens offline too (another built-in catalog, from the precache).
    await page.goto(`${server.origin}${BASE}?offline-check=1${fragment}`);
    await waitForApp(page);
    await page.getByRole('combobox', { name: 'Catalog', exact: true }).selectOption({ index: 2 });
    await expect(page.getByRole('group', { name: /^(Hub|Stored) document at / })).toContainText('apiVersion');
    expect(w.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e))).toEqual([]);
    await context.setOffline(false);
  } finally {
    if (!closed) await server.close();
  }
});

// The <meta> CSP does not reach workers: a worker loaded from a URL gets the policy of its own HTTP response.
// A host that sends the same policy as a header therefore also forbids eval in the workers: the catalog
// loader must not compile validators with `new Function` (ajv's runtime compile did; see README).
test('with the CSP also sent as an HTTP header (so it covers workers) the app still works', async ({ page }) => {
  test.skip(!existsSync(path.join(dist, 'index.html')), 'run `npm run build` first');
  const server = await serveDist({ 'content-security-policy': CONTENT_SECURITY_POLICY });
  try {
    const w = await watch(page);
    await page.goto(`${server.origin}${BASE}`);
    await waitForApp(page);
    await expect(page.getByRole('group', { name: /^(Hub|Stored) document at / })).toContainText('apiVersion');
    await openLazyParts(page);
    expect(await w.csp()).toEqual([]);
    expect(
      w.errors.filter((e) => /Content.Security.Policy|EvalError|unsafe-eval|Refused to|compiling schema/i.test(e)),
    ).toEqual([]);
  } finally {
    await server.close();
  }
});
