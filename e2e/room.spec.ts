// Issue 25: room for the panes. At 1280x720 each of the three panes shows at least 20 lines, with the default
// example, ASO's examples and a large corpus CRD (Cluster API KubeadmControlPlane, its drops and banners); the
// toolbar stays one row; banners fold to one line and can be dismissed; "Link copied" moves nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './fixtures.ts';
import { waitForApp } from './shareHelpers.ts';
import { encodeState } from '../src/ui/share/codec.ts';
import { CORPUS, CORPUS_MISSING, HAS_CORPUS } from '../src/core/testdata/corpus.ts';

test.use({ viewport: { width: 1280, height: 720 }, permissions: ['clipboard-read', 'clipboard-write'] });

/** Whole lines each pane shows: its visible height over its line height (the editor's and the documents'). */
async function visibleLines(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const out: Record<string, number> = {};
    const win = window.innerHeight;
    const lines = (box: DOMRect, lineHeight: number) =>
      Math.floor((Math.min(box.bottom, win) - Math.max(box.top, 0)) / lineHeight);
    const editor = document.querySelector('[aria-label="Resource"] .monaco-editor .overflow-guard');
    const line = document.querySelector('[aria-label="Resource"] .monaco-editor .view-line');
    if (editor && line) out.Resource = lines(editor.getBoundingClientRect(), line.getBoundingClientRect().height);
    for (const doc of document.querySelectorAll<HTMLElement>('.pane .doc')) {
      const name = doc.getAttribute('aria-label')?.split(' ')[0] ?? '?';
      const row = doc.querySelector('.line');
      out[name] = lines(doc.getBoundingClientRect(), row?.getBoundingClientRect().height ?? 20);
    }
    return out;
  });
}

async function expectRoom(page: Page, what: string): Promise<void> {
  const n = await visibleLines(page);
  expect(Object.keys(n), what).toHaveLength(3);
  expect(Object.keys(n), what).toEqual(expect.arrayContaining(['Resource', 'Target']));
  for (const [pane, count] of Object.entries(n)) expect(count, `${what}: ${pane}`).toBeGreaterThanOrEqual(20);
  // The toolbar is one row.
  const bar = await page.getByRole('toolbar', { name: 'Conversion' }).boundingBox();
  expect(bar?.height, `${what}: toolbar`).toBeLessThan(46);
}

test('each pane shows at least 20 lines with the built-in examples', async ({ page }) => {
  await page.goto('./');
  await waitForApp(page);
  await expectRoom(page, 'widget');
  for (const id of ['servicefabric', 'crm-person', 'person-v1v2']) {
    await page.getByLabel('Catalog', { exact: true }).selectOption(`b:${id}`);
    await waitForApp(page);
    await expectRoom(page, id);
  }
});

test('the loss banner folds to one line with its count, opens, and can be dismissed', async ({ page }) => {
  await page.goto('./');
  await waitForApp(page);
  const banner = page.getByRole('alert', { name: 'Lost on write' });
  await expect(banner).toContainText('1 field lost on write');
  const one = (await banner.boundingBox())?.height ?? 0;
  expect(one).toBeLessThan(40);
  await banner.getByRole('button', { name: /^Show the details/ }).click();
  await expect(banner.locator('.banner-details')).toBeVisible();
  expect((await banner.boundingBox())?.height ?? 0).toBeGreaterThan(one);
  await banner.getByRole('button', { name: /^Hide the details/ }).click();
  // Dismissed, its line goes to the panes and the details below them.
  const below = async () => (await page.locator('main.panes').boundingBox())?.y ?? 0;
  const before = await below();
  await banner.getByRole('button', { name: /^Dismiss/ }).click();
  await expect(banner).toHaveCount(0);
  expect(await below()).toBeLessThan(before);
});

test('"Link copied" moves nothing on the page', async ({ page }) => {
  await page.goto('./');
  await waitForApp(page);
  const boxes = () =>
    page.evaluate(() =>
      ['.app-header', '.start-bar', '.toolbar', 'main.panes', '.bottom'].map((s) => {
        const r = document.querySelector(s)?.getBoundingClientRect();
        return r ? [r.top, r.left, r.width, r.height].map(Math.round) : [];
      }),
    );
  const before = await boxes();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByTestId('share-status')).toBeVisible();
  expect(await boxes()).toEqual(before);
});

test('each pane shows at least 20 lines with a Cluster API KubeadmControlPlane and its drops', async ({ page }) => {
  test.skip(!HAS_CORPUS, CORPUS_MISSING);
  const CAPI = path.join(CORPUS, 'cluster-api');
  const crdFile = 'controlplane.cluster.x-k8s.io_kubeadmcontrolplanes.yaml';
  const r = await encodeState({
    catalog: {
      type: 'embedded',
      name: 'capi-kubeadmcontrolplanes',
      hash: 'c4b1kcp001',
      sources: [{ name: crdFile, text: readFileSync(path.join(CAPI, 'crds', crdFile), 'utf8') }],
    },
    input: readFileSync(path.join(CAPI, 'samples/v1.10.10/simple-cluster.yaml'), 'utf8'),
    document: 2,
    targetVersion: 'v1beta2',
    view: 'changes',
  });
  if (!('fragment' in r)) throw new Error(r.issue.message);
  await page.goto(`./#${r.fragment}`);
  await waitForApp(page);
  await expect(page.getByTestId('stored-drops')).toBeVisible();
  await expect(page.getByTestId('link-report')).toBeVisible();
  await expectRoom(page, 'KubeadmControlPlane');
});
