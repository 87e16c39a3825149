// Issue 25: the first screen explains itself. At 1280x720, without scrolling or a menu: a purpose line, three ways
// in (a Kubernetes CRD upgrade, ASO's storage design, your own CRD), and the default example is a small built-in
// Kubernetes CRD opened As deployed that loses a field on write, served by the app itself (works offline).
import { expect, test, type Page } from './fixtures.ts';
import { waitForApp } from './shareHelpers.ts';

const inViewport = async (
  page: Page,
  name: string,
  box: { x: number; y: number; width: number; height: number } | null,
) => {
  const vp = page.viewportSize();
  expect(box, name).not.toBeNull();
  expect(box!.x, name).toBeGreaterThanOrEqual(0);
  expect(box!.y, name).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, name).toBeLessThanOrEqual(vp!.width);
  expect(box!.y + box!.height, name).toBeLessThanOrEqual(vp!.height);
};

test('the first screen says what the tool does and shows three ways in, inside 1280x720', async ({ page }) => {
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('http://127.0.0.1') && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('./');
  await waitForApp(page);
  const purpose = page.locator('.app-header .purpose');
  await expect(purpose).toContainText('CRD');
  await inViewport(page, 'purpose line', await purpose.boundingBox());
  // The whole sentence shows: nothing clipped by an ellipsis.
  expect(await purpose.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  const ways = page.getByRole('navigation', { name: 'Ways in' });
  for (const [group, controls] of [
    ['Kubernetes CRD upgrade', ['Widget v1alpha1 → v1']],
    ['ASO’s design', ['ServiceFabric', 'Person']],
    ['Your own CRD', ['Paste CRD…', 'Open files…', 'From URL…']],
  ] as const) {
    const g = ways.getByRole('group', { name: group });
    await inViewport(page, group, await g.boundingBox());
    for (const c of controls) await inViewport(page, c, await g.getByRole('button', { name: c }).boundingBox());
  }
  await inViewport(
    page,
    'Compare catalogs',
    await ways.getByRole('button', { name: 'Compare catalogs…' }).boundingBox(),
  );

  // The default: the built-in Widget CRD, As deployed, with a loss on write.
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue('b:widget');
  await expect(ways.getByRole('button', { name: 'Widget v1alpha1 → v1' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('radio', { name: 'As deployed' })).toBeChecked();
  await expect(page.getByRole('alert', { name: 'Lost on write' })).toContainText('spec.colour');
  await expect(page.getByTestId('stored-drops').locator('[data-path="spec.colour"]')).toBeVisible();
  // The timing says what it measures.
  await expect(page.getByRole('toolbar', { name: 'Conversion' }).getByRole('status')).toHaveText(
    /^converted in \d+ ms$/,
  );
  expect(foreign).toEqual([]);
});

test('ASO’s design examples open in ASO’s design; the Widget button comes back to the Kubernetes example', async ({
  page,
}) => {
  await page.goto('./');
  await waitForApp(page);
  const ways = page.getByRole('navigation', { name: 'Ways in' });
  await ways.getByRole('button', { name: 'ServiceFabric' }).click();
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue('b:servicefabric');
  await expect(page.getByRole('radio', { name: 'ASO design' })).toBeChecked();
  await expect(page.getByRole('group', { name: /^Hub document at 2016-09-01storage/ })).toBeVisible();
  // Labelled as ASO's design wherever the catalog is named.
  await expect(page.getByLabel('Catalog', { exact: true }).locator('option:checked')).toHaveText(/^ASO design/);
  await ways.getByRole('button', { name: 'Widget v1alpha1 → v1' }).click();
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue('b:widget');
  await expect(page.getByRole('group', { name: /^Stored document at v1/ })).toBeVisible();
});

test('the tabs not on the first screen load after it, and open at once without a placeholder', async ({ page }) => {
  // The first panes' paint: the test hook's first `rendered` stamp (later results replace it).
  await page.addInitScript(() => {
    const w = window as unknown as { firstPainted?: number };
    let hook: Window['__versionExplorer'];
    Object.defineProperty(window, '__versionExplorer', {
      configurable: true,
      get: () => hook,
      set: (v: Window['__versionExplorer']) => {
        hook = v;
        w.firstPainted ??= v?.rendered?.at;
      },
    });
  });
  await page.goto('./');
  await waitForApp(page);
  // Their chunk is requested only after the first panes were painted, then arrives while the page is idle.
  const timing = await page.waitForFunction(() => {
    const chunk = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
      e.name.includes('/laterPanels-'),
    );
    const painted = (window as unknown as { firstPainted?: number }).firstPainted;
    return chunk && chunk.responseEnd > 0 && painted !== undefined
      ? { requested: chunk.startTime, painted }
      : undefined;
  });
  const { requested, painted } = (await timing.jsonValue()) as { requested: number; painted: number };
  expect(requested).toBeGreaterThan(painted);
  // Every later tab renders its panel in the click's own commit: no "Loading this view" status ever appears.
  await page.evaluate(() => {
    const w = window as unknown as { placeholders: number };
    w.placeholders = 0;
    new MutationObserver(() => {
      if (document.querySelector('.panel-loading')) w.placeholders++;
    }).observe(document.body, { subtree: true, childList: true });
  });
  for (const name of ['Round trip', 'Version map', 'Changes', 'Strategies', 'Conversion rules', 'Problems']) {
    await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
    await expect(page.getByRole('tabpanel')).not.toBeEmpty();
  }
  expect(await page.evaluate(() => (window as unknown as { placeholders: number }).placeholders)).toBe(0);
});
