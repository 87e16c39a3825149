// Accessibility: axe-core scans of the main views, in both themes, with no serious or critical violations.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.ts';
import { panesShown } from './shareHelpers.ts';

async function open(page: Page, catalog: string): Promise<void> {
  await page.goto('./');
  await panesShown(page);
  await page.getByLabel('Catalog', { exact: true }).selectOption(`b:${catalog}`);
  await expect(page.getByRole('region', { name: 'Resource', exact: true }).locator('.monaco-editor')).toBeVisible();
}

async function scan(page: Page, what: string): Promise<void> {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map(
    (v) =>
      `${what}: ${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
  expect(report).toEqual([]);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`axe: the main views have no serious or critical violations (${scheme})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme });
    await open(page, 'servicefabric');
    await scan(page, 'explorer');
    for (const name of ['Lost', 'Conversion plan', 'Round trip', 'Version map', 'Changes', 'Problems']) {
      await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
      if (name === 'Round trip') {
        // Both diff editors mounted, each inner editor named (its name is set when it mounts).
        await expect(page.locator('.monaco-diff-editor')).toHaveCount(2);
        await expect(page.locator('.monaco-diff-editor .native-edit-context:not([aria-label*=":"])')).toHaveCount(0);
      }
      await scan(page, name);
    }
    await open(page, 'person-v1v2');
    await scan(page, 'required-missing');
    await page.getByRole('button', { name: 'Keyboard shortcuts', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await scan(page, 'help');
  });
}
