// The version map end to end: picking the target from it, the CRD's facts per version, and a picked hub (drawn as
// the star's centre). Tests assert roles, accessible names and data attributes, never wording.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { watchErrors } from './watchErrors.ts';
import { asoDesign } from './shareHelpers.ts';
import { CORPUS as corpus, CORPUS_MISSING, HAS_CORPUS } from '../src/core/testdata/corpus.ts';
import { open, pane, savedState, seed, tab } from './explorerHelpers.ts';

test('clicking a version in the version map makes it the target', async ({ page }) => {
  await open(page, 'crm-person');
  await tab(page, 'Version map').click();
  const map = page.getByRole('group', { name: 'Version map', exact: true });
  await expect(map).toBeVisible();
  // Below the graph, the CRD's facts per API version.
  const versions = page.getByRole('table', { name: 'Versions', exact: true });
  await expect(versions.locator('tbody tr')).toHaveCount(10);
  await expect(versions.locator('tr[data-version="2019-09-09"]')).toContainText('hub');
  await map.locator('[data-version="2014-04-04"]').click();
  await expect(page.getByLabel('Target version', { exact: true })).toHaveValue('2014-04-04');
  await expect(pane(page, 'Target').locator('.version-badge')).toHaveText('2014-04-04');
  // Keyboard: focus a node and press Enter.
  await map.locator('[data-version="2012-02-02"]').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Target version', { exact: true })).toHaveValue('2012-02-02');
  // The strategy switch redraws the graph as a chain.
  const strategy = page.getByRole('radiogroup', { name: 'Strategy', exact: true });
  if (await strategy.isVisible()) {
    await strategy.getByRole('radio', { name: 'chained' }).check();
    await expect(map.locator('[data-edge="2011-01-01storage>2012-02-02storage"]')).toBeAttached();
  }
});

test('the hub can be the CRD’s own storage version instead of the default', async ({ page }) => {
  test.skip(!HAS_CORPUS, CORPUS_MISSING);
  const errors = watchErrors(page);
  await open(page);
  const ocm = path.join(corpus, 'open-cluster-management');
  await page
    .getByLabel('Catalog files', { exact: true })
    .setInputFiles(
      path.join(ocm, 'crds/api-v1.3.0/addon/0000_00_addon.open-cluster-management.io_clustermanagementaddons.crd.yaml'),
    );
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
  await seed(
    page,
    readFileSync(
      path.join(ocm, 'samples/addon-framework/addon/kubernetes-dashboard/resources/cluster_management_addon.yaml'),
      'utf8',
    ),
  );
  // The hub picker is ASO's design, not the plain CRD's default view (the choice survives the reload below).
  await asoDesign(page);
  const hubPicker = page.getByLabel('Hub version', { exact: true });
  await expect(hubPicker).toHaveValue('v1beta1storage');
  await expect(hubPicker.locator('option')).toHaveCount(2);
  await expect(pane(page, 'Hub').locator('.version-badge')).toHaveText('v1beta1storage');
  await hubPicker.selectOption('v1alpha1storage');
  await expect(pane(page, 'Hub').locator('.version-badge')).toHaveText('v1alpha1storage');
  await expect(pane(page, 'Hub').locator('[data-path="apiVersion"]')).toContainText('/v1alpha1storage');
  await expect(pane(page, 'Hub').locator('[data-path="spec.originalVersion"]')).toContainText('v1alpha1');
  // The version map draws the star around the picked hub.
  await tab(page, 'Version map').click();
  const map = page.getByRole('group', { name: 'Version map', exact: true });
  await expect(map.locator('[data-edge="v1beta1>v1alpha1storage"]')).toBeAttached();
  // The pick is part of the state: it survives a reload, and switching back restores the default.
  await expect.poll(() => savedState(page)).toContain('v1alpha1storage');
  await page.reload();
  await expect(page.getByLabel('Hub version', { exact: true })).toHaveValue('v1alpha1storage');
  await page.getByLabel('Hub version', { exact: true }).selectOption('v1beta1storage');
  await expect(pane(page, 'Hub').locator('.version-badge')).toHaveText('v1beta1storage');
  expect(errors).toEqual([]);
});

test('the version map lists each version’s CRD facts: served, storage, stored objects, deprecation', async ({
  page,
}) => {
  await open(page);
  await page
    .getByLabel('Catalog files', { exact: true })
    .setInputFiles(path.resolve(import.meta.dirname, '../src/importers/testdata/widgets-crd.yaml'));
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
  await seed(page, 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n');
  await expect(page.getByLabel('Source version', { exact: true })).toHaveValue('v1');
  await tab(page, 'Version map').click();
  const row = page.getByRole('table', { name: 'Versions', exact: true }).locator('tr[data-version="v1alpha1"]');
  await expect(row.locator('[data-deprecated="true"]')).toContainText('example.com/v1alpha1 Widget is deprecated');
  await expect(row.locator('td').nth(2)).toHaveText('yes'); // the CRD's storage: true
  await expect(row.locator('td').nth(3)).toHaveText('yes'); // in status.storedVersions
});
