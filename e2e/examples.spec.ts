// Issue 18: the Examples menu (real upstream CRDs and samples by pinned raw URL, cached for offline use) and
// Load from URL (several URLs, GitHub blob pages offered as raw files, tags and commits recommended). The
// tests never reach the network: the same files are served from ../shared/corpus under their upstream URLs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures.ts';
import { asoDesign, setInput, waitForApp } from './shareHelpers.ts';
import { UPSTREAM_EXAMPLES } from '../src/ui/upstreamExamples.ts';
import { CORPUS, CORPUS_MISSING, HAS_CORPUS } from '../src/core/testdata/corpus.ts';

// The examples are corpus files served under their upstream URLs: without the corpus these tests skip.
test.skip(!HAS_CORPUS, CORPUS_MISSING);
const corpus = CORPUS;
const files = UPSTREAM_EXAMPLES.flatMap((e) => [...e.crds, e.sample]);

/** Serves every example file from the corpus; any other request to GitHub fails (and is counted). */
async function upstream(context: BrowserContext): Promise<{ served: string[]; refused: string[] }> {
  const served: string[] = [];
  const refused: string[] = [];
  await context.route('https://raw.githubusercontent.com/**', async (route) => {
    const url = route.request().url();
    const f = files.find((x) => x.url === url);
    if (!f) {
      refused.push(url);
      await route.fulfill({ status: 404, headers: { 'access-control-allow-origin': '*' }, body: 'not found' });
      return;
    }
    served.push(url);
    await route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'access-control-allow-origin': '*' },
      body: readFileSync(path.join(corpus, f.corpus), 'utf8'),
    });
  });
  return { served, refused };
}

// The middle pane: Stored in the As deployed view (a plain CRD's default), Hub in ASO's design.
const middlePane = (page: Page) => page.getByRole('group', { name: /^(Hub|Stored) document at / });
const tabCount = (page: Page, name: string) =>
  page.getByRole('tab', { name: new RegExp(`^${name}`) }).locator('.tab-count');

test('every example names a corpus file that exists, by a raw GitHub URL at a tag', () => {
  for (const f of files) {
    expect(readFileSync(path.join(corpus, f.corpus), 'utf8').length).toBeGreaterThan(0);
    expect(f.url).toMatch(/^https:\/\/raw\.githubusercontent\.com\/[^/]+\/[^/]+\/v\d+\.\d+\.\d+\//);
    expect(path.basename(f.url)).toBe(path.basename(f.corpus));
  }
});

test('each example loads its upstream CRD and sample and shows its point', async ({ page, context }) => {
  const net = await upstream(context);
  await page.goto('./');
  await waitForApp(page);
  const menu = page.getByRole('combobox', { name: 'Examples', exact: true });
  for (const ex of UPSTREAM_EXAMPLES) {
    await menu.selectOption(ex.id);
    await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
    const group = path.basename(ex.crds[0]?.corpus ?? '').split('_')[0] ?? '';
    await expect(middlePane(page)).toContainText(`${group}/`);
    if (ex.target)
      await expect(page.getByRole('combobox', { name: 'Target version', exact: true })).toHaveValue(ex.target);
    if (ex.id === 'flux-helmrelease') {
      // The Lost and Property bag counts are ASO's design (the example opened in the CRD's default view).
      await expect(page.getByRole('radio', { name: 'As deployed' })).toBeChecked();
      await asoDesign(page);
      await expect(tabCount(page, 'Lost')).toHaveText('2');
      await expect(tabCount(page, 'Property bag')).not.toHaveText('0');
    }
    if (ex.id === 'gateway-httproute') {
      await expect(page.getByRole('radio', { name: 'As deployed' })).toBeChecked();
      await asoDesign(page);
      await expect(tabCount(page, 'Property bag')).toHaveText('0');
      await expect(tabCount(page, 'Lost')).toHaveText('0');
    }
  }
  expect(net.refused).toEqual([]);
  expect(new Set(net.served)).toEqual(new Set(files.map((f) => f.url)));
});

test('an example opens offline after the first visit', async ({ page, context }) => {
  await upstream(context);
  await page.goto('./');
  await waitForApp(page);
  await page.getByRole('combobox', { name: 'Examples', exact: true }).selectOption('flux-helmrelease');
  // Once the example has loaded (a new catalog opens in its default view), switch: the Lost count is ASO's design.
  await expect(page.getByRole('combobox', { name: 'Target version', exact: true })).toHaveValue('v2');
  await expect(middlePane(page)).toContainText('helm.toolkit.fluxcd.io/');
  await expect(page.getByRole('radio', { name: 'As deployed' })).toBeChecked();
  await asoDesign(page);
  await expect(tabCount(page, 'Lost')).toHaveText('2');
  // Now GitHub is unreachable.
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.route('https://raw.githubusercontent.com/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await waitForApp(page);
  await page.getByRole('combobox', { name: 'Examples', exact: true }).selectOption('gateway-httproute');
  await expect(page.getByTestId('example-issue')).toBeVisible(); // never fetched: it cannot come offline
  await page.getByRole('combobox', { name: 'Examples', exact: true }).selectOption('flux-helmrelease');
  await expect(page.getByRole('combobox', { name: 'Target version', exact: true })).toHaveValue('v2');
  // The example reloads its catalog, which opens in the CRD's default view; then switch (the Lost count is ASO's).
  await expect(middlePane(page)).toContainText('helm.toolkit.fluxcd.io/');
  await expect(page.getByRole('radio', { name: 'As deployed' })).toBeChecked();
  await asoDesign(page);
  await expect(tabCount(page, 'Lost')).toHaveText('2');
});

test('Load from URL takes a GitHub blob page as its raw file and links by URL + hash', async ({ page, context }) => {
  await upstream(context);
  await page.goto('./');
  await waitForApp(page);
  const flux = UPSTREAM_EXAMPLES.find((e) => e.id === 'flux-helmrelease');
  const raw = flux?.crds[0]?.url ?? '';
  const blob = raw.replace(
    /^https:\/\/raw\.githubusercontent\.com\/([^/]+)\/([^/]+)\//,
    'https://github.com/$1/$2/blob/',
  );
  await page.getByRole('button', { name: 'Load from URL…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Load from URL' });
  await dialog.getByLabel('Catalog URLs').fill(`${blob}\nhttps://raw.githubusercontent.com/o/r/main/x.yaml`);
  const hints = dialog.getByTestId('url-hints').locator('li');
  await expect(hints.nth(0)).toHaveAttribute('data-raw', raw);
  await expect(hints.nth(0)).toHaveAttribute('data-pin', 'tag');
  await expect(hints.nth(1)).toHaveAttribute('data-pin', 'branch');
  await dialog.getByLabel('Catalog URLs').fill(blob);
  await dialog.getByRole('button', { name: 'Use the raw URLs' }).click();
  await expect(dialog.getByLabel('Catalog URLs')).toHaveValue(raw);
  await dialog.getByRole('button', { name: 'Load', exact: true }).click();
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
  await setInput(page, readFileSync(path.join(corpus, flux?.sample.corpus ?? ''), 'utf8'));
  await expect(middlePane(page)).toContainText('helm.toolkit.fluxcd.io/');
  await expect(page.getByTestId('link-report')).toHaveAttribute('data-url', raw);
  await expect
    .poll(async () => Number(await page.getByTestId('link-meter').getAttribute('data-length')))
    .toBeLessThanOrEqual(1000);
});

test('loading a CRD starts from a sample with every required field filled, not a red skeleton', async ({ page }) => {
  await page.goto('./');
  await waitForApp(page);
  const crd = path.join(corpus, 'external-secrets/crds/external-secrets.io_secretstores.yaml');
  await page
    .getByLabel('Catalog files')
    .setInputFiles({ name: path.basename(crd), mimeType: 'application/yaml', buffer: readFileSync(crd) });
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
  await expect(middlePane(page)).toContainText('external-secrets.io/');
  await expect(middlePane(page)).toContainText('provider:'); // SecretStore's required spec.provider, with one provider set
  await expect(page.locator('[data-code="REQUIRED_MISSING"]')).toHaveCount(0);
  await expect(page.locator('.pane-errors')).toHaveCount(0);
});

test('the help states the purpose and opens the primer, and so does an empty state', async ({ page }) => {
  await page.goto('./');
  await waitForApp(page);
  await page.locator('body').press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByTestId('purpose')).toBeVisible();
  await help.getByRole('button', { name: /primer/i }).click();
  const primer = page.getByTestId('primer').first();
  await expect(primer).toBeVisible();
  await expect(primer.locator('dt')).toHaveCount(6);
  await primer.getByRole('button', { name: 'Close' }).click();
  await expect(primer).toBeHidden();
});
