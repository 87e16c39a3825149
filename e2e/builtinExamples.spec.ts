// The built-in examples end to end, against the production build in Chromium. Tests assert roles, accessible
// names, data-fate / data-code / data-path attributes and issue codes, never wording.
import { expect, test } from './fixtures.ts';
import { watchErrors } from './watchErrors.ts';
import { open, pane, seed, tab } from './explorerHelpers.ts';

test.describe('built-in examples', () => {
  test('CRM Person 2011-01-01: the name fields are converted by the hooks, nothing is lost', async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, 'crm-person');
    await expect(page.getByLabel('Source version', { exact: true })).toHaveValue('2011-01-01');
    const hub = pane(page, 'Hub');
    await expect(hub.locator('.version-badge')).toHaveText('2019-09-09storage');
    await expect(hub.locator('[data-path="spec.originalVersion"]')).toContainText('2011-01-01');
    // firstName / lastName have no place at the hub: the hand-written hooks turn them into the new fields.
    await expect(hub.locator('[data-path="spec.knownAs"]')).toContainText('Ada');
    await expect(hub.locator('[data-path="spec.familyName"]')).toContainText('Lovelace');
    // In the editor the two input fields are marked converted.
    await expect(pane(page, 'Resource').locator('.view-line:has(.mfate-converted)')).toHaveCount(2);
    await tab(page, 'Lost').click();
    await expect(page.getByRole('list', { name: 'Lost', exact: true }).getByRole('listitem')).toHaveCount(0);
    await tab(page, 'Conversion plan').click();
    const plan = page.getByRole('table', { name: 'Conversion plan', exact: true });
    await expect(plan.locator('tbody[data-type]').first()).toBeVisible();
    await expect(plan.locator('tr[data-property="firstName"]').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('ServiceFabric 2016-03-01: the four changed properties are in the property bag', async ({ page }) => {
    await open(page, 'servicefabric');
    await expect(pane(page, 'Hub').locator('.version-badge')).toHaveText('2016-09-01storage');
    const bag = page.getByRole('list', { name: 'Property bag', exact: true });
    await expect(bag.getByRole('listitem')).toHaveCount(4);
    for (const key of ['HttpApplicationGatewayCertificate', 'NodeTypes', 'ReliabilityLevel', 'UpgradeDescription']) {
      await expect(bag.locator(`li[data-key="${key}"]`)).toBeVisible();
      await expect(pane(page, 'Hub').locator(`[data-path="spec.properties.$propertyBag.${key}"]`)).toBeVisible();
    }
    // The decoded value of a bag entry is the original JSON.
    await expect(bag.locator('li[data-key="NodeTypes"] .decoded')).toContainText('"name": "frontend"');
    // Read at 2016-09-01 (no bag) the four are lost in this view.
    await tab(page, 'Lost').click();
    await expect(page.getByRole('list', { name: 'Lost', exact: true }).locator('li[data-fate="lost"]')).toHaveCount(4);
    await tab(page, 'Conversion plan').click();
    const plan = page.getByRole('table', { name: 'Conversion plan', exact: true });
    const props = plan.locator('tbody[data-type="ClusterProperties"]').first();
    await expect(props.locator('tr[data-handler="property-bag"]')).toHaveCount(4);
  });

  test('Person v1 -> v2: the two required addresses are missing', async ({ page }) => {
    await open(page, 'person-v1v2');
    await expect(page.getByLabel('Source version', { exact: true })).toHaveValue('v1');
    await expect(page.getByLabel('Target version', { exact: true })).toHaveValue('v2');
    const target = pane(page, 'Target');
    await expect(target.locator('[data-fate="required-missing"]')).toHaveCount(2);
    await expect(target.locator('[data-path="spec.postalAddress"]')).toHaveAttribute('data-fate', 'required-missing');
    await expect(target.locator('[data-path="spec.residentialAddress"]')).toHaveAttribute(
      'data-fate',
      'required-missing',
    );
    await expect(target.locator('[data-code="REQUIRED_MISSING"]')).toHaveCount(2);
    // Changes: v1 -> v2 adds two required fields, which is breaking.
    await tab(page, 'Changes').click();
    await expect(page.locator('[data-compatible]')).toHaveAttribute('data-compatible', 'false');
    await expect(page.getByRole('table', { name: 'Changes', exact: true }).locator('tbody tr')).toHaveCount(2);
  });

  test('schema validation and pruned fields are marked in the editor and listed as lost', async ({ page }) => {
    await open(page, 'person-v1v2');
    await seed(
      page,
      'apiVersion: crm.example.com/v1\nkind: Person\nmetadata:\n  name: grace\nspec:\n  firstName: [1, 2]\n  lastName: Hopper\n  nickname: Amazing Grace\n',
    );
    const resource = pane(page, 'Resource');
    // monaco-yaml validates against the source version's schema: firstName must be a string.
    await expect(resource.locator('.squiggly-error, .squiggly-warning').first()).toBeAttached();
    // nickname is not in v1's schema: pruned, marked in the editor and listed as lost.
    await expect(resource.locator('.view-line:has(.mfate-pruned)')).toHaveCount(1);
    await tab(page, 'Lost').click();
    await expect(
      page
        .getByRole('list', { name: 'Lost', exact: true })
        .locator('li[data-fate="pruned"][data-path="spec.nickname"]'),
    ).toBeVisible();
  });
});
