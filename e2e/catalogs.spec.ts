// Issue 25, catalogs a user can manage: loaded catalogs are named by kind, group and release, every option
// differs, Compare catalogs opens on the older release as Old, and Your catalogs… renames and removes them
// (kept across a reload). Asserts option values, labels the user typed and data attributes, not wording.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { loadCatalogFile, panesShown } from './shareHelpers.ts';

const WIDGET = readFileSync(
  path.resolve(import.meta.dirname, '../src/core/checks/compat/testdata/widget-crd.yaml'),
  'utf8',
);
// A second release: the same CRD with one more description (a different catalog, the same versions and file name).
const WIDGET_2 = WIDGET.replace('description: The name.', 'description: The name of the widget.');

test('two releases of one file: distinct names, Compare opens old -> new, rename and remove persist', async ({
  page,
}) => {
  await page.goto('./');
  await panesShown(page);
  await loadCatalogFile(page, 'widget-crd.yaml', WIDGET);
  const first = await page.getByLabel('Catalog', { exact: true }).inputValue();
  await loadCatalogFile(page, 'widget-crd.yaml', WIDGET_2);
  const second = await page.getByLabel('Catalog', { exact: true }).inputValue();
  expect(second).not.toBe(first);

  const picker = page.getByLabel('Catalog', { exact: true });
  const mine = picker.locator('optgroup[label="Your catalogs"] option');
  const labels = await mine.allInnerTexts();
  expect(labels).toHaveLength(2);
  expect(new Set(labels).size).toBe(2);
  expect(labels[0]).toContain('Widget (example.com)');

  // Compare catalogs: the earlier load is Old, the later New, without picking.
  await page.getByRole('button', { name: 'Compare catalogs…' }).click();
  const compare = page.getByRole('dialog', { name: 'Compare catalogs' });
  await expect(compare.getByLabel('Old catalog', { exact: true })).toHaveValue(first.slice(2));
  await expect(compare.getByLabel('New catalog', { exact: true })).toHaveValue(second.slice(2));
  await compare.getByRole('button', { name: 'Close' }).click();

  // Rename the first, remove the second (the one open now).
  await page.getByRole('button', { name: 'Manage…' }).click();
  const manage = page.getByRole('dialog', { name: 'Your catalogs' });
  const rows = manage.locator('.manage-row');
  await expect(rows).toHaveCount(2);
  await rows.nth(0).getByRole('textbox').fill('Widget, first release');
  await rows.nth(0).getByRole('button', { name: 'Rename' }).click();
  await expect(picker.locator(`option[value="${first}"]`)).toHaveText('Widget, first release');
  await rows
    .nth(1)
    .getByRole('button', { name: /^Remove/ })
    .click();
  await expect(rows).toHaveCount(1);
  await manage.getByRole('button', { name: 'Close' }).click();
  // The removed catalog was open: the page went back to a built-in example.
  await expect(picker).toHaveValue(/^b:/);
  await expect(picker.locator(`option[value="${second}"]`)).toHaveCount(0);

  await page.reload();
  await panesShown(page);
  await expect(picker.locator(`option[value="${first}"]`)).toHaveText('Widget, first release');
  await expect(picker.locator(`option[value="${second}"]`)).toHaveCount(0);
});

// The tags list without maxItems, its strings checked by a regex: the rule's estimated cost is over the budget.
const COSTLY = WIDGET.replace(
  '                  maxItems: 5\n                  items: { type: string }',
  // (A function: a replacement string would read the rule's `$'` as a pattern.)
  () => `                  items:
                    type: string
                    x-kubernetes-validations:
                      - rule: "self.matches('^[a-z]+$')"`,
);

test('a CRD the API server would refuse says so beside the catalog, and Compare lists the new release’s rejections', async ({
  page,
}) => {
  expect(COSTLY).not.toBe(WIDGET);
  await page.goto('./');
  await panesShown(page);
  await loadCatalogFile(page, 'widget-crd.yaml', WIDGET);
  const refused = page.getByTestId('crd-refused');
  // The accepted release: no note (the check has run once the other catalog's note can show; see below).
  await loadCatalogFile(page, 'widget-costly.yaml', COSTLY);
  await expect(refused).toBeVisible();
  await expect(refused).toHaveAttribute('data-refused', '1');
  await refused.click();
  const dialog = page.getByRole('dialog', { name: 'Would the API server accept this CRD?' });
  const rows = dialog.getByRole('table', { name: 'Rejections' }).locator('tbody tr');
  // The rule over the per-rule limit, and so the schema's total over the per-CRD one.
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toHaveAttribute('data-code', 'CRD_CEL_COST_TOTAL');
  const row = rows.first();
  await expect(row).toHaveAttribute('data-code', 'CRD_CEL_COST');
  await expect(row).toContainText("self.matches('^[a-z]+$')");
  await expect(row).toContainText('widget-costly.yaml:');
  await expect(row.locator('[data-under-at]')).toHaveAttribute('data-under-at', /^\d+$/);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Back to the accepted release: the note goes.
  const picker = page.getByLabel('Catalog', { exact: true });
  const accepted = await picker.locator('option', { hasText: 'widget-crd.yaml' }).getAttribute('value');
  await picker.selectOption(accepted ?? '');
  await expect(refused).toBeHidden();

  await page.getByRole('button', { name: 'Compare catalogs…' }).click();
  const compare = page.getByRole('dialog', { name: 'Compare catalogs' });
  const section = compare.getByRole('region', { name: 'New release refused' });
  await expect(section).toHaveAttribute('data-refused', '1');
  await expect(section.locator('tbody tr').first()).toHaveAttribute('data-code', 'CRD_CEL_COST');
  // The old release as New: nothing refused.
  await compare.getByLabel('New catalog', { exact: true }).selectOption(accepted?.slice(2) ?? '');
  await expect(section).toBeHidden();
});
