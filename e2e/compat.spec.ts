// Seed 002 in the app: two loaded catalogs compared by the revision check, and the Version map's storage-version
// migration plan for the objects in the editor. Asserts rule ids, data attributes and values, never wording.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures.ts';
import { loadCatalogFile as load, panesShown } from './shareHelpers.ts';

const data = path.resolve(import.meta.dirname, '../src/core');
const WIDGET = readFileSync(path.join(data, 'checks/compat/testdata/widget-crd.yaml'), 'utf8');
const STORED = readFileSync(path.join(data, 'checks/migration/testdata/widget-crd-stored.yaml'), 'utf8');
const LIST = readFileSync(path.join(data, 'checks/migration/testdata/widgets-list.yaml'), 'utf8');

async function open(page: Page): Promise<void> {
  await page.goto('./');
  await panesShown(page);
  await page.waitForFunction(() => window.__versionExplorer?.setResource !== undefined);
}

/** The value of the option whose label mentions `name`. */
async function optionFor(page: Page, select: string, name: string): Promise<string> {
  const option = page.getByLabel(select, { exact: true }).locator('option', { hasText: name });
  return (await option.getAttribute('value')) ?? '';
}

test('Compare catalogs: an old and a new release of a CRD, findings by rule, harmless ones on demand', async ({
  page,
}) => {
  await open(page);
  const edited = WIDGET.replace(/^ {16}param: \{ type: string, description: One parameter\. \}\n/m, '').replace(
    'description: The name.',
    'description: The name of the widget.',
  );
  expect(edited).not.toBe(WIDGET);
  await load(page, 'widget-old.yaml', WIDGET);
  await load(page, 'widget-new.yaml', edited);
  await page.getByRole('button', { name: 'Compare catalogs…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare catalogs' });
  await dialog
    .getByLabel('Old catalog', { exact: true })
    .selectOption(await optionFor(page, 'Old catalog', 'widget-old'));
  await dialog
    .getByLabel('New catalog', { exact: true })
    .selectOption(await optionFor(page, 'New catalog', 'widget-new'));
  // Each loaded catalog is named by its kind, group and versions, and the two apart (issue 25).
  const labels = await dialog.getByLabel('Old catalog', { exact: true }).locator('option').allInnerTexts();
  expect(labels.filter((l) => l.startsWith('Widget (example.com) · versions v1beta1'))).toHaveLength(2);
  expect(new Set(labels).size).toBe(labels.length);
  await expect(dialog.locator('.compare-verdict')).toHaveAttribute('data-ok', 'false');
  const rows = dialog.getByRole('table', { name: 'Findings' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-rule', 'field-removed');
  await expect(rows.first()).toContainText('spec.param');
  await dialog.getByLabel('Show harmless changes').check();
  await expect(rows).toHaveCount(2);
  await expect(dialog.locator('tbody tr[data-rule="description-changed"]')).toHaveAttribute(
    'data-severity',
    'harmless',
  );
  // The same catalog on both sides: nothing changed, compatible.
  await dialog
    .getByLabel('New catalog', { exact: true })
    .selectOption(await optionFor(page, 'New catalog', 'widget-old'));
  await expect(dialog.locator('.compare-verdict')).toHaveAttribute('data-ok', 'true');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('Version map: stored versions and the migration plan for the objects in the editor', async ({ page }) => {
  await open(page);
  await load(page, 'widget-crd-stored.yaml', STORED);
  await page.evaluate((t) => window.__versionExplorer?.setResource(t), LIST);
  await page.getByRole('tab', { name: /^Version map/ }).click();
  const plan = page.getByRole('region', { name: 'Migration plan' });
  await expect(plan.getByTestId('stored-versions')).toHaveText('v1beta1, v1');
  await plan.getByLabel('Migrate to', { exact: true }).selectOption('v1');
  await expect(plan.locator('li[data-step]')).toHaveCount(6);
  await expect(plan.locator('li[data-step="set-storage"]')).toHaveAttribute('data-done', 'false');
  await expect(plan.locator('details summary')).toHaveText('widgets-storage-version-migration.yaml');
  const objects = plan.getByRole('table', { name: 'Objects rewritten' }).locator('tbody tr');
  await expect(objects).toHaveCount(3);
  await expect(objects.nth(0)).toHaveAttribute('data-lossy', 'true');
  await expect(objects.nth(0)).toContainText('spec.param');
  await expect(objects.nth(1)).toHaveAttribute('data-lossy', 'false');
  // Staying at the storage version: nothing to migrate for set-storage.
  await plan.getByLabel('Migrate to', { exact: true }).selectOption('v1beta1');
  await expect(plan.locator('li[data-step="set-storage"]')).toHaveAttribute('data-done', 'true');
});
