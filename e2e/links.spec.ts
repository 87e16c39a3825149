// Issue 18, links that fit real projects: a link embeds only the CRDs the input needs (minimised, pinned by
// hash) and says what it left out; a link too long for a GitHub comment is not copied, and a shorter one is
// offered; Copy as Markdown leads with the verdict and names the catalog's provenance.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './fixtures.ts';
import { asoDesign, clipboard, editorText, setInput, waitForApp } from './shareHelpers.ts';
import { CORPUS, CORPUS_MISSING, HAS_CORPUS } from '../src/core/testdata/corpus.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.skip(!HAS_CORPUS, CORPUS_MISSING);
const corpus = CORPUS;
// The middle pane: Stored in the As deployed view (a plain CRD's default), Hub in ASO's design.
const middlePane = (page: Page) => page.getByRole('group', { name: /^(Hub|Stored) document at / });

function files(dir: string): { name: string; mimeType: string; buffer: Buffer }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.yaml'))
    .map((e) => ({
      name: e.name,
      mimeType: 'application/yaml',
      buffer: readFileSync(path.join(e.parentPath, e.name)),
    }));
}

test('with all of Cluster API loaded, a KubeadmControlPlane link embeds one minimised CRD and reopens the same state', async ({
  page,
  browser,
}) => {
  await page.goto('./');
  await waitForApp(page);
  const all = files(path.join(corpus, 'cluster-api/crds'));
  expect(all.length).toBeGreaterThan(20);
  await page.getByLabel('Catalog files').setInputFiles(all);
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
  await setInput(
    page,
    'apiVersion: controlplane.cluster.x-k8s.io/v1beta1\nkind: KubeadmControlPlane\nmetadata:\n  name: cp\nspec:\n  replicas: 3\n  version: v1.30.0\n',
  );
  await expect(middlePane(page)).toContainText('controlplane.cluster.x-k8s.io/');
  const report = page.getByTestId('link-report');
  await expect(report).toHaveAttribute('data-kept', 'KubeadmControlPlane.controlplane.cluster.x-k8s.io');
  await expect(report).toHaveAttribute('data-left-out', String(all.length - 1));
  const meter = page.getByTestId('link-meter');
  await expect
    .poll(async () => Number(await meter.getAttribute('data-length')), { timeout: 30_000 })
    .toBeLessThanOrEqual(16_000);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByTestId('share-status')).toBeVisible();
  const link = await clipboard(page);
  expect(link.length).toBeLessThanOrEqual(16_000);
  const shown = await middlePane(page).innerText();

  const ctx = await browser.newContext(); // empty IndexedDB: the catalog can only come from the link
  const other = await ctx.newPage();
  await other.goto(link);
  await waitForApp(other);
  await expect.poll(() => middlePane(other).innerText()).toBe(shown);
  await ctx.close();
});

test('a link longer than a GitHub comment is not copied; the one-document form is offered and works', async ({
  page,
}) => {
  await page.goto('./');
  await waitForApp(page);
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:crm-person'); // the default is the Widget CRD
  // 150 KB of random hex does not compress below 65,536 characters of base64url.
  const noise = await page.evaluate(() => {
    const b = new Uint8Array(75_000);
    for (let i = 0; i < b.length; i += 65_536) crypto.getRandomValues(b.subarray(i, i + 65_536));
    return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  });
  const small =
    'apiVersion: crm.example.com/2011-01-01\nkind: Person\nmetadata:\n  name: ada\nspec:\n  firstName: Ada\n';
  await setInput(
    page,
    `${small}---\napiVersion: crm.example.com/2011-01-01\nkind: Person\nmetadata:\n  name: big\nspec:\n  firstName: "${noise}"\n`,
  );
  await expect(page.getByTestId('link-meter')).toHaveAttribute('data-level', 'too-long');
  await page.evaluate(() => navigator.clipboard.writeText('unchanged'));
  await page.getByRole('button', { name: 'Copy link' }).click();
  const refused = page.getByTestId('copy-refused');
  await expect(refused).toBeVisible();
  expect(Number(await refused.getAttribute('data-length'))).toBeGreaterThan(65_536);
  expect(await clipboard(page)).toBe('unchanged');

  await refused.getByRole('button', { name: /only the selected document/ }).click();
  await expect(refused).toBeHidden();
  await expect.poll(() => clipboard(page)).not.toBe('unchanged');
  const link = await clipboard(page);
  expect(link.length).toBeLessThan(2000);
  const other = await page.context().newPage();
  await other.goto(link);
  await waitForApp(other);
  await expect.poll(() => editorText(other)).toContain('name: ada');
  expect(await editorText(other)).not.toContain('name: big');
});

test('Copy as Markdown of a Flux HelmRelease v2beta1 says lossy for v2 clients, one row per field, and the files', async ({
  page,
}) => {
  const dir = path.join(corpus, 'fluxcd-helm-controller');
  await page.goto('./');
  await waitForApp(page);
  await page.getByLabel('Catalog files').setInputFiles(files(path.join(dir, 'crds')));
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
  await setInput(
    page,
    readFileSync(path.join(dir, 'samples/v0.31.2/config/testdata/post-renderer-kustomize/helmrelease.yaml'), 'utf8'),
  );
  // The verdict below (in the property bag, then lost) is ASO's design.
  await asoDesign(page);
  await page.getByRole('combobox', { name: 'Target version', exact: true }).selectOption('v2');
  await expect(middlePane(page)).toContainText('helm.toolkit.fluxcd.io/');
  await expect(page.getByTestId('link-report')).toHaveAttribute('data-kept', 'HelmRelease.helm.toolkit.fluxcd.io');
  await page.getByRole('button', { name: 'Copy as Markdown' }).click();
  await expect(page.getByTestId('share-status')).toBeVisible();
  const md = await clipboard(page);
  expect(md.split('\n')[0]).toMatch(/^\*\*Lossy: 2 fields lost between v2beta1 and v2 /);
  const rows = md.split('\n').filter((l) => l.startsWith('| `spec.postRenderers'));
  // Bagged on the way to the hub and lost on the way to v2: one row each.
  expect(rows.map((r) => r.split(' | ')[0]).sort()).toEqual([
    '| `spec.postRenderers[0].kustomize.patchesJson6902`',
    '| `spec.postRenderers[0].kustomize.patchesStrategicMerge`',
  ]);
  for (const r of rows) expect(r).toMatch(/in the property bag .*, then lost/);
  expect(md).toMatch(
    /Catalog: file `helm\.toolkit\.fluxcd\.io_helmreleases\.yaml` embedded in the link \(catalog hash `[0-9a-f]{12}`\)/,
  );
  const link = /\[Open in Version Explorer\]\(<([^>]+)>\)/.exec(md)?.[1] ?? '';
  expect(link.length).toBeLessThanOrEqual(8000);
});
