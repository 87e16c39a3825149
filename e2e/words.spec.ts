// Issue 25: words a Kubernetes user knows. No "seed" anywhere in the page (every tab, both kinds of example);
// ServiceFabric's ghost lines tell the truth (the field is there at 2016-09-01, its type changed) and name both
// types; the design terms carry their meaning in a hover; Strategies and Census say what question they answer.
import { expect, test, type Page } from './fixtures.ts';
import { waitForApp } from './shareHelpers.ts';

async function everyTabText(page: Page): Promise<string> {
  let text = await page.locator('body').innerText();
  for (const tab of await page.getByRole('tab').all()) {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    text += await page.locator('body').innerText();
  }
  return text;
}

test('no page text says "seed", with the Kubernetes example or ASO’s', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('./');
  await waitForApp(page);
  expect(await everyTabText(page)).not.toMatch(/seed/i);
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:crm-person');
  await waitForApp(page);
  await page.getByRole('tab', { name: /^Strategies/ }).click();
  await page.getByRole('radio', { name: 'Census' }).check();
  await expect(page.locator('.census')).toContainText('pairs of consecutive versions');
  expect(await page.locator('body').innerText()).not.toMatch(/seed/i);
  await page.getByRole('radio', { name: 'Storage designs' }).check();
  await expect(page.locator('.strategies .question')).toContainText('?');
  await expect(page.locator('.strategies .term').first()).toHaveAttribute('title', /\w/);
  expect(await everyTabText(page)).not.toMatch(/seed/i);
});

test('ServiceFabric’s ghost lines say the type changed and name both types (2016-09-01 has these fields)', async ({
  page,
}) => {
  await page.goto('./');
  await waitForApp(page);
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:servicefabric');
  await waitForApp(page);
  const target = page.getByRole('group', { name: /^Target document at 2016-09-01/ });
  const ghost = (f: string) => target.locator(`[data-path="spec.properties.${f}"][data-ghost="root"]`);
  await expect(ghost('reliabilityLevel')).toContainText('changed type');
  await expect(ghost('reliabilityLevel')).toContainText('Level in 2016-03-01');
  await expect(ghost('reliabilityLevel')).toContainText('ClusterPropertiesReliabilityLevel in 2016-09-01');
  await expect(ghost('reliabilityLevel')).not.toContainText('has no');
  await expect(ghost('nodeTypes')).toContainText('changed type');
  // A field 2016-09-01 really lacks still says so.
  await expect(ghost('httpApplicationGatewayCertificate')).toContainText('2016-09-01 has no');
});
