import { expect, test, type Page } from './fixtures.ts';
import { watchErrors } from './watchErrors.ts';

/** Boxes of a bar's visible controls (buttons, selects, the link meter, the title). */
async function headerBoxes(page: Page, bar = '.app-header') {
  return page.locator(bar).evaluate((header) =>
    [...header.querySelectorAll('h1, button, select, meter')]
      .filter((e) => (e as HTMLElement).offsetParent !== null && !e.closest('dialog'))
      .map((e) => {
        const r = e.getBoundingClientRect();
        const name = e.getAttribute('aria-label') ?? e.textContent?.trim() ?? e.tagName;
        return { name, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }),
  );
}

for (const width of [1280, 1440]) {
  test(`at ${width}x720 the header is one row and every control is inside the viewport`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width, height: 720 });
    await page.goto('./');
    await expect(page.locator('[data-testid="link-meter"]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Keyboard shortcuts' })).toBeVisible();
    // The header (title, two copy buttons, meter, reset, theme, help) and the ways-in bar under it (three
    // examples, the upstream examples, three loaders, Compare catalogs): none missing, each one row.
    for (const [bar, least] of [
      ['.app-header', 6],
      ['.start-bar', 8],
    ] as const) {
      const boxes = await headerBoxes(page, bar);
      expect(boxes.length, bar).toBeGreaterThanOrEqual(least);
      for (const b of boxes) {
        expect(b.left, b.name).toBeGreaterThanOrEqual(0);
        expect(b.right, b.name).toBeLessThanOrEqual(width);
      }
      // One row: every control's vertical extent overlaps every other's.
      const lowestTop = Math.max(...boxes.map((b) => b.top));
      const highestBottom = Math.min(...boxes.map((b) => b.bottom));
      expect(lowestTop, bar).toBeLessThan(highestBottom);
      expect((await page.locator(bar).boundingBox())?.height, bar).toBeLessThan(60);
    }
    expect(errors).toEqual([]);
  });
}

test('"Link copied" does not move the header\'s controls (issue 25)', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('./');
  await expect(page.locator('[data-testid="link-meter"]')).toBeVisible();
  const before = await headerBoxes(page);
  const panes = await page.locator('main.panes').boundingBox();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByTestId('share-status')).toBeVisible();
  expect(await headerBoxes(page)).toEqual(before);
  expect(await page.locator('main.panes').boundingBox()).toEqual(panes);
});
