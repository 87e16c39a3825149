import { expect, test, type Page } from './fixtures.ts';
import { watchErrors } from './watchErrors.ts';

/** Boxes of the header's visible controls (buttons, selects, the link meter, the title). */
async function headerBoxes(page: Page) {
  return page.locator('.app-header').evaluate((header) =>
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
    const boxes = await headerBoxes(page);
    // Title, catalog, four loaders, two copy buttons, meter, reset, theme, help: none missing.
    expect(boxes.length).toBeGreaterThanOrEqual(12);
    for (const b of boxes) {
      expect(b.left, b.name).toBeGreaterThanOrEqual(0);
      expect(b.right, b.name).toBeLessThanOrEqual(width);
    }
    // One row: every control's vertical extent overlaps every other's.
    const lowestTop = Math.max(...boxes.map((b) => b.top));
    const highestBottom = Math.min(...boxes.map((b) => b.bottom));
    expect(lowestTop).toBeLessThan(highestBottom);
    const header = await page.locator('.app-header').boundingBox();
    expect(header?.height).toBeLessThan(60);
    expect(errors).toEqual([]);
  });
}
