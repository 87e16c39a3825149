// The Strategies tab end to end: seed 003's case study on the built-in CRM Person. Tests assert roles, test ids
// and data-* attributes (design, loss, path, event, node status), never wording.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.ts';
import { panesShown } from './shareHelpers.ts';

async function openStrategies(page: Page): Promise<void> {
  await page.goto('./');
  await panesShown(page);
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:crm-person');
  await expect(page.getByRole('region', { name: 'Hub', exact: true }).locator('.version-badge')).toHaveText(
    '2019-09-09storage',
  );
  await page.getByRole('tab', { name: /^Strategies/ }).click();
  await expect(page.locator('section[data-design="fixed"]')).toBeVisible();
}

const fixed = (page: Page) => page.locator('section[data-design="fixed"]');
const forgotten = (page: Page) => fixed(page).locator('tr[data-loss="forgotten"]');

test('the horizon slider shows the moment FirstName, LastName and MiddleName are forgotten', async ({ page }) => {
  await openStrategies(page);
  const slider = page.getByTestId('horizon');
  // every one of the 9 releases in the horizon: the superset forgets nothing
  await expect(slider).toHaveValue('9');
  await expect(forgotten(page)).toHaveCount(0);
  // 2011-01-01 and 2012-02-02 out: 2013-03-03 still declares all three names
  await slider.fill('7');
  await expect(page.getByTestId('retired')).toContainText('2012-02-02');
  await expect(forgotten(page)).toHaveCount(0);
  // 2013-03-03 out too: amnesia
  await slider.fill('6');
  await expect(forgotten(page)).toHaveCount(3);
  for (const p of ['spec.firstName', 'spec.lastName', 'spec.middleName'])
    await expect(fixed(page).locator(`tr[data-loss="forgotten"][data-path="${p}"]`)).toBeVisible();
  await expect(fixed(page).locator('g[data-node="2013-03-03"]')).toHaveAttribute('data-status', 'retired');
  await expect(fixed(page).locator('line[data-from="2013-03-03"]')).toHaveAttribute('data-edge', 'lost');
  // the rolling hub loses nothing: the retired versions' fields live on in the property bag
  const hub = page.locator('section[data-design="rolling-hub"]');
  await expect(hub.locator('tr[data-loss]')).toHaveCount(0);
  await expect(hub.locator('line[data-from="2013-03-03"]')).toHaveAttribute('data-edge', 'bag');
  // back to every release: nothing forgotten again
  await slider.fill('9');
  await expect(forgotten(page)).toHaveCount(0);
});

test('with the seed’s horizon of 4 releases the timeline shows bloat, amnesia and the collision when the seed does', async ({
  page,
}) => {
  await openStrategies(page);
  await page.getByTestId('horizon').fill('4');
  const timeline = page.getByRole('table', { name: 'Timeline' });
  const versionsWith = async (event: string) =>
    timeline
      .locator(`tr:has([data-event="${event}"])`)
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-version')));
  await expect(timeline.locator('tr[data-version="2014-04-04"] [data-event="bloat"]')).toContainText('spec.fullName');
  expect(await versionsWith('amnesia')).toEqual(['2017-07-07', '2018-08-08']);
  expect(await versionsWith('collision')).toEqual(['2019-09-09']);
  await expect(fixed(page).locator('tr[data-loss="colliding"][data-path="spec.mailingAddress"]')).toBeVisible();
  // as of 2017-07-07: 2011-01-01..2013-03-03 have left the horizon
  await page.getByLabel('As of version').selectOption('2017-07-07');
  await expect(page.getByTestId('retired')).toContainText('2013-03-03');
  await expect(forgotten(page)).toHaveCount(3);
  await expect(fixed(page).locator('tr[data-loss="colliding"]')).toHaveCount(0);
});

test('the census view classifies every pair of consecutive CRM versions', async ({ page }) => {
  await openStrategies(page);
  await page.getByRole('radio', { name: 'Census' }).check();
  const pairs = page.getByRole('table', { name: 'Census pairs' });
  await expect(pairs.locator('tbody tr')).toHaveCount(9);
  await expect(pairs.locator('tr[data-pair="Person 2018-08-08 2019-09-09"]')).toContainText('type-changes');
  await expect(page.getByRole('table', { name: 'Census totals' })).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe: the Strategies tab has no serious or critical violations (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openStrategies(page);
    for (const view of ['Storage designs', 'Census']) {
      await page.getByRole('radio', { name: view }).check();
      const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const bad = r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${view}: ${v.id}: ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(' | ')}`,
        );
      expect(bad).toEqual([]);
    }
  });
}
