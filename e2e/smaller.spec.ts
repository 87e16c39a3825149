// Issue 25's smaller items, each as a user meets it: keys typed before the editor loads are not dropped without a
// word, and an empty editor says what to paste.
import { expect, test } from './fixtures.ts';
import { panesShown, setInput } from './shareHelpers.ts';

test('a key typed into the preview while the editor loads says the editor is still loading', async ({ page }) => {
  // Hold Monaco's chunk back until the test lets it go: the read-only preview stays meanwhile.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  let asked: () => void = () => undefined;
  const requested = new Promise<void>((r) => (asked = r));
  await page.route(/monacoSetup-[^/]*\.js$/, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  await page.goto('./');
  // The page has asked for the editor (the preview now stands in for it until the chunk arrives).
  await requested;
  // (Suspense keeps the preview shown before the request, hidden, beside its fallback: the visible one.)
  const preview = page.locator('pre[aria-label="Resource preview"]:visible');
  await expect(preview).toBeVisible();
  await expect(page.getByTestId('preview-typed')).toHaveCount(0);
  await preview.focus();
  await page.keyboard.press('a');
  await expect(page.getByTestId('preview-typed')).toBeVisible();
  release();
  await expect(page.getByRole('region', { name: 'Resource', exact: true }).locator('.monaco-editor')).toBeVisible();
});

test('an empty editor says what to paste', async ({ page }) => {
  await page.goto('./');
  await panesShown(page);
  await expect(page.locator('.monaco-editor .editorPlaceholder')).toHaveCount(0);
  await setInput(page, '');
  await expect(page.locator('.monaco-editor .editorPlaceholder').first()).toContainText('Paste a Kubernetes resource');
});
