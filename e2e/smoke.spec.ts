import { expect, test } from './fixtures.ts';
import { watchErrors } from './watchErrors.ts';

test('the page opens on an example that shows the point: a Kubernetes CRD that loses a field on write', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('./');
  await expect(page.getByRole('heading', { name: 'Version Explorer' })).toBeVisible();
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue('b:widget');
  await expect(page.getByLabel('Catalog', { exact: true }).locator('option')).not.toContainText([/seed/]);
  const editor = page.getByRole('region', { name: 'Resource', exact: true });
  await expect(editor.locator('.monaco-editor')).toBeVisible();
  await expect(editor.locator('.view-lines')).toContainText('kind: Widget');
  const stored = page.getByRole('region', { name: 'Stored', exact: true });
  await expect(stored.locator('.version-badge')).toHaveText('v1');
  await expect(stored.getByTestId('stored-drops').locator('[data-path="spec.colour"]')).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Lost on write' })).toContainText('spec.colour');
  expect(errors).toEqual([]);
});

test('ASO’s design example: fields in the property bag and lost at the target', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('./');
  await page.getByRole('navigation', { name: 'Ways in' }).getByRole('button', { name: 'ServiceFabric' }).click();
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue('b:servicefabric');
  const editor = page.getByRole('region', { name: 'Resource', exact: true });
  await expect(editor.locator('.view-lines')).toContainText('kind: Cluster');
  const hub = page.getByRole('region', { name: 'Hub', exact: true });
  await expect(hub.locator('[data-path="spec.originalVersion"]')).toContainText('2016-03-01');
  await expect(hub.locator('[data-fate="bagged"]').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Property bag/ }).locator('.tab-count')).not.toHaveText('0');
  await expect(page.getByRole('tab', { name: /^Lost/ }).locator('.tab-count')).not.toHaveText('0');
  expect(errors).toEqual([]);
});

test('editing the input updates the hub pane', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('./');
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:crm-person'); // the default is the Widget CRD
  const editor = page.getByRole('region', { name: 'Resource', exact: true });
  await expect(editor.locator('.monaco-editor')).toBeVisible();
  await page.waitForFunction(() => window.__versionExplorer !== undefined);
  await page.evaluate(() =>
    window.__versionExplorer?.setResource(
      [
        'apiVersion: crm.example.com/2013-03-03',
        'kind: Person',
        'metadata:',
        '  name: ada',
        'spec:',
        '  id: 5f0c7b8e-2a4b-4c1e-9d3f-1a2b3c4d5e6f',
        '  firstName: Ada',
        '  middleName: King',
        '  lastName: Lovelace',
        '',
      ].join('\n'),
    ),
  );
  const hub = page.getByRole('region', { name: 'Hub', exact: true });
  await expect(hub.locator('[data-path="spec.originalVersion"]')).toContainText('2013-03-03');
  await expect(editor.locator('.view-lines')).toContainText('Lovelace');
  expect(errors).toEqual([]);
});

test('typing in the editor converts as you type, and shortcuts work inside the editor', async ({ page }) => {
  await page.goto('./');
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:crm-person'); // the default is the Widget CRD
  const editor = page.getByRole('region', { name: 'Resource', exact: true });
  const hub = page.getByRole('region', { name: 'Hub', exact: true });
  await expect(hub.locator('[data-path="metadata.name"]')).toContainText('ada-lovelace');
  // Real keystrokes at the end of the `name:` line.
  await editor.locator('.view-line', { hasText: 'name: ada-lovelace' }).click({ position: { x: 20, y: 5 } });
  await page.keyboard.press('End');
  await page.keyboard.type('-typed', { delay: 30 });
  await expect(hub.locator('[data-path="metadata.name"]')).toContainText('ada-lovelace-typed');
  // A broken document while typing (a duplicate key): the panes keep the last good result, and recover
  // once the line is deleted (Monaco's Ctrl+Shift+K).
  await page.keyboard.press('Enter');
  await page.keyboard.type('name: again', { delay: 30 });
  await expect(page.getByRole('list', { name: 'Input problems', exact: true })).toBeVisible();
  await expect(hub.locator('[data-path="metadata.name"]')).toContainText('ada-lovelace-typed');
  await page.keyboard.press('Control+Shift+K');
  await expect(page.getByRole('list', { name: 'Input problems', exact: true })).toHaveCount(0);
  // Alt+3 (Conversion plan) while the editor has focus.
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('tab', { name: /^Conversion plan/ })).toHaveAttribute('aria-selected', 'true');
});
