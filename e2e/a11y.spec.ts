// Accessibility (issue 25): axe-core scans of every tab and every dialog, in both themes, with no violation of
// WCAG 2.x A/AA at any impact.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.ts';
import { loadCatalogFile, panesShown, setInput } from './shareHelpers.ts';

const WIDGET = readFileSync(
  path.resolve(import.meta.dirname, '../src/core/checks/compat/testdata/widget-crd.yaml'),
  'utf8',
);
// A second release whose tags' rule the API server would refuse (its estimated cost): the refusal note and dialog.
const REFUSED = WIDGET.replace(
  '                  maxItems: 5\n                  items: { type: string }',
  () =>
    '                  items:\n                    type: string\n                    x-kubernetes-validations:\n                      - rule: "self.matches(\'^[a-z]+$\')"',
);

async function open(page: Page, catalog: string): Promise<void> {
  await page.getByLabel('Catalog', { exact: true }).selectOption(`b:${catalog}`);
  await expect(page.getByRole('region', { name: 'Resource', exact: true }).locator('.monaco-editor')).toBeVisible();
}

async function scan(page: Page, what: string): Promise<void> {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const report = r.violations.map(
    (v) =>
      `${what}: ${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
  expect(report).toEqual([]);
}

/** Scans every tab of the details panel. */
async function scanTabs(page: Page, what: string): Promise<void> {
  const tabs = page.getByRole('tablist', { name: 'Views' }).getByRole('tab');
  const n = await tabs.count();
  expect(n).toBeGreaterThan(5);
  for (let i = 0; i < n; i++) {
    const tab = tabs.nth(i);
    const name = (await tab.innerText()).trim();
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    if (name.startsWith('Round trip')) await expect(page.locator('.monaco-diff-editor').first()).toBeVisible();
    if (name.startsWith('Conversion rules'))
      await expect(page.getByRole('tabpanel').locator('.monaco-editor').first()).toBeVisible();
    await scan(page, `${what}, ${name}`);
  }
}

/** Opens a dialog with `button`, scans it, closes it with Escape. */
async function scanDialog(page: Page, button: string, dialog: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).first().click();
  const d = page.getByRole('dialog', { name: dialog });
  await expect(d).toBeVisible();
  await scan(page, `dialog ${String(dialog)}`);
  await page.keyboard.press('Escape');
  await expect(d).toBeHidden();
}

for (const scheme of ['light', 'dark'] as const) {
  test(`axe: every tab and dialog, no violation (${scheme})`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('./');
    await panesShown(page);
    await scan(page, 'first screen');
    await scanTabs(page, 'As deployed');
    await open(page, 'servicefabric');
    await scanTabs(page, 'ASO design');
    await open(page, 'person-v1v2');
    await scan(page, 'required-missing');

    await scanDialog(page, 'Keyboard shortcuts', 'Keyboard shortcuts');
    await scanDialog(page, 'Paste CRD…', 'Paste a CRD');
    await scanDialog(page, 'Load from URL…', 'Load from URL');
    await loadCatalogFile(page, 'widget-crd.yaml', WIDGET);
    await loadCatalogFile(page, 'widget-refused.yaml', REFUSED);
    await scanDialog(page, 'Compare catalogs…', 'Compare catalogs');
    await scanDialog(page, 'Manage…', 'Your catalogs');
    await page.getByTestId('crd-refused').click();
    const refused = page.getByRole('dialog', { name: 'Would the API server accept this CRD?' });
    await expect(refused).toBeVisible();
    await scan(page, 'dialog CRD refused');
    await page.keyboard.press('Escape');
    // The secrets warning before a copy.
    await setInput(
      page,
      'apiVersion: example.com/v1beta1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  name: w\n  password: hunter2\n',
    );
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByTestId('secrets-dialog')).toBeVisible();
    await scan(page, 'dialog secrets');
  });
}
