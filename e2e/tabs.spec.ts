// Section 4 of issue 18: the Conversion plan and Changes tabs for a real CRD (Flux HelmRelease, some 400
// plan rows): filters, a Reason column in view, and changes sorted, marked and linked to the resource.
import { expect, test, type Page } from './fixtures.ts';
import { CORPUS_MISSING, HAS_CORPUS } from '../src/core/testdata/corpus.ts';
import { openFluxAtV2 } from './flux.ts';

test.skip(!HAS_CORPUS, CORPUS_MISSING);

async function openFlux(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await openFluxAtV2(page);
}

test('the Conversion plan filters to changes and to the types in my resource; Reason is in view', async ({ page }) => {
  await openFlux(page);
  await page.getByRole('tab', { name: /^Conversion plan/ }).click();
  const table = page.getByRole('table', { name: 'Conversion plan' });
  const count = page.getByTestId('plan-count');
  const total = Number(await count.getAttribute('data-total'));
  expect(total).toBeGreaterThan(100);
  // It opens on the changes only (issue 25).
  await expect(page.getByRole('checkbox', { name: 'Changes only' })).toBeChecked();
  const changed = Number(await count.getAttribute('data-shown'));
  expect(changed).toBeGreaterThan(0);
  expect(changed).toBeLessThan(total);
  await expect(table.locator('tbody tr[data-change="none"]')).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Changes only' }).uncheck();
  await expect(table.locator('tbody tr[data-change]')).toHaveCount(total);
  await page.getByRole('checkbox', { name: 'Types in my resource' }).check();
  const mine = Number(await count.getAttribute('data-shown'));
  expect(mine).toBeLessThan(total);
  // The resource's kustomize post-renderer is in; the status types are not (the sample has no status).
  await expect(table.locator('tbody[data-type*="Kustomize"]').first()).toBeAttached();
  await expect(table.locator('tbody[data-type$="Status"]')).toHaveCount(0);

  // The Reason column is whole in view: the table needs no sideways scrolling.
  const wrap = page.locator('.table-wrap').first();
  const fits = await wrap.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  expect(fits).toBe(true);
  const reason = table.locator('td.reason-cell').first();
  const [cell, box] = [await reason.boundingBox(), await wrap.boundingBox()];
  expect((cell?.x ?? 0) + (cell?.width ?? 0)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0) + 1);
});

test('Changes are sorted, the fields my resource uses are marked and link to the field', async ({ page }) => {
  await openFlux(page);
  await page.getByRole('tab', { name: /^Changes/ }).click();
  const table = page.getByRole('table', { name: 'Changes' });
  const paths = await table
    .locator('tbody th[scope="row"]')
    .evaluateAll((ths) =>
      ths.map((t) => (t.querySelector('button')?.textContent ?? t.firstChild?.textContent ?? '').trim()),
    );
  expect(paths.length).toBeGreaterThan(1);
  expect(paths).toEqual([...paths].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  const used = table.locator('tr[data-used="true"]');
  await expect(used.first()).toBeVisible();
  await expect(used.first()).toContainText('used in your resource');
  const row = table.locator('tr[data-used="true"]', { hasText: 'patchesStrategicMerge' }).first();
  await row.getByRole('button').click();
  // The field is highlighted in the Target pane (its ghost line) and the editor.
  await expect(
    page
      .getByRole('region', { name: 'Target', exact: true })
      .locator('[data-path="spec.postRenderers.0.kustomize.patchesStrategicMerge"]'),
  ).toHaveClass(/\bhl\b/);
});
