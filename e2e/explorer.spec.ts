// The explorer end to end, against the production build in Chromium. Tests assert roles, accessible
// names, data-fate / data-code / data-path attributes and issue codes, never wording.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures.ts';
import { watchErrors } from './watchErrors.ts';
import { asoDesign, panesShown } from './shareHelpers.ts';
import { CORPUS as corpus, CORPUS_MISSING, HAS_CORPUS } from '../src/core/testdata/corpus.ts';

async function open(page: Page, catalog?: string): Promise<void> {
  await page.goto('./');
  await panesShown(page);
  if (catalog) {
    await page.getByLabel('Catalog', { exact: true }).selectOption(`b:${catalog}`);
    // The previous catalog's panes stay up until the new one converts: wait for a result of this catalog.
    await page.waitForFunction(
      (id) => window.__versionExplorer?.rendered?.catalog?.startsWith(`builtin:${id}:`) === true,
      catalog,
    );
  }
  await page.waitForFunction(() => window.__versionExplorer?.setResource !== undefined);
}

/** The autosaved state (written after a short settle delay). */
const savedState = (page: Page) => page.evaluate(() => localStorage.getItem('version-explorer:state:v1') ?? '');

async function seed(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => window.__versionExplorer?.setResource(t), text);
}

const pane = (page: Page, name: 'Resource' | 'Hub' | 'Stored' | 'Target') =>
  page.getByRole('region', { name, exact: true });
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });

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

test('a CRD from the corpus loads through the file picker and converts one of its samples', async ({ page }) => {
  test.skip(!HAS_CORPUS, CORPUS_MISSING);
  const errors = watchErrors(page);
  await open(page);
  await page
    .getByLabel('Catalog files', { exact: true })
    .setInputFiles(
      path.join(corpus, 'fluxcd-kustomize-controller/crds/kustomize.toolkit.fluxcd.io_kustomizations.yaml'),
    );
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
  const sample = readFileSync(
    path.join(
      corpus,
      'fluxcd-kustomize-controller/samples/v0.35.1/config/samples/kustomize_v1beta1_kustomization.yaml',
    ),
    'utf8',
  );
  await seed(page, sample);
  // Two documents: the picker offers both; pick the second.
  const picker = page.getByLabel('Document', { exact: true });
  await expect(picker.locator('option')).toHaveCount(2);
  await picker.selectOption('1');
  await expect(page.getByLabel('Source version', { exact: true })).toHaveValue('v1beta2');
  // The hub (v1storage, spec.originalVersion) is ASO's design, not the plain CRD's default view.
  await asoDesign(page);
  const hub = pane(page, 'Hub');
  await expect(hub.locator('.version-badge')).toHaveText('v1storage');
  await expect(hub.locator('[data-path="spec.originalVersion"]')).toContainText('v1beta2');
  await expect(hub.locator('[data-path="metadata.name"]')).toContainText('webapp-production');
  await expect(hub.locator('[data-path="spec.healthChecks.1.name"]')).toContainText('frontend');
  // The loaded catalog survives a reload.
  await page.reload();
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
  await expect(pane(page, 'Hub').locator('[data-path="metadata.name"]')).toContainText('webapp-production');
  expect(errors).toEqual([]);
});

test('malformed YAML and an unknown kind show clear errors and the page keeps working', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, 'crm-person');
  await seed(page, 'apiVersion: crm.example.com/2011-01-01\nkind: Person\nspec: [unclosed\n');
  const problems = page.getByRole('list', { name: 'Input problems', exact: true });
  await expect(problems.locator('[data-code="YAML_SYNTAX"]').first()).toBeVisible();
  // The panes keep the last result that converted.
  await expect(pane(page, 'Hub').locator('[data-path="spec.knownAs"]')).toBeVisible();
  // A marker in the editor at the syntax error.
  await expect(pane(page, 'Resource').locator('.squiggly-error').first()).toBeAttached();

  await seed(page, 'apiVersion: crm.example.com/2011-01-01\nkind: Nope\nmetadata:\n  name: x\n');
  await expect(problems.locator('[data-code="UNKNOWN_KIND"]').first()).toBeVisible();
  // The message lists what the catalog has.
  await expect(problems).toContainText('Person');

  await seed(
    page,
    'apiVersion: crm.example.com/2013-03-03\nkind: Person\nmetadata:\n  name: ada\nspec:\n  firstName: Ada\n  middleName: King\n  lastName: Lovelace\n',
  );
  await expect(problems).toHaveCount(0);
  await expect(pane(page, 'Hub').locator('[data-path="spec.originalVersion"]')).toContainText('2013-03-03');
  expect(errors).toEqual([]);
});

test('the round trip shows a diff and its verdict; read at an older version and write back', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, 'crm-person');
  await tab(page, 'Round trip').click();
  const rt = page.getByRole('region', { name: 'Round trip', exact: true });
  await expect(rt.locator('[data-lossless]').first()).toHaveAttribute('data-lossless', 'true');
  await expect(rt.locator('.monaco-diff-editor').first()).toBeVisible();
  // A 2019-09-09 Person read by a 2011-01-01 client and written back loses what 2011 cannot hold.
  await seed(
    page,
    'apiVersion: crm.example.com/2019-09-09\nkind: Person\nmetadata:\n  name: ada\nspec:\n  knownAs: Ada\n  familyName: Lovelace\n  legalName: Ada Lovelace\n  sortKey: lovelace\n  residentialAddress:\n    street: 1 St James Square\n    city: London\n',
  );
  await rt.getByLabel('Read at version', { exact: true }).selectOption('2011-01-01');
  await expect(rt.locator('[data-lossless]').nth(1)).toHaveAttribute('data-lossless', 'false');
  await expect(
    rt.getByRole('list', { name: 'Destroyed by write-back', exact: true }).getByRole('listitem').first(),
  ).toBeVisible();
  // Leaving the view disposes the diff editors cleanly, and coming back shows them again.
  await tab(page, 'Changes').click();
  await tab(page, 'Round trip').click();
  await expect(rt.locator('.monaco-diff-editor')).toHaveCount(2);
  await tab(page, 'Lost').click();
  await expect(rt).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('clicking a version in the version map makes it the target', async ({ page }) => {
  await open(page, 'crm-person');
  await tab(page, 'Version map').click();
  const map = page.getByRole('group', { name: 'Version map', exact: true });
  await expect(map).toBeVisible();
  // Below the graph, the CRD's facts per API version.
  const versions = page.getByRole('table', { name: 'Versions', exact: true });
  await expect(versions.locator('tbody tr')).toHaveCount(10);
  await expect(versions.locator('tr[data-version="2019-09-09"]')).toContainText('hub');
  await map.locator('[data-version="2014-04-04"]').click();
  await expect(page.getByLabel('Target version', { exact: true })).toHaveValue('2014-04-04');
  await expect(pane(page, 'Target').locator('.version-badge')).toHaveText('2014-04-04');
  // Keyboard: focus a node and press Enter.
  await map.locator('[data-version="2012-02-02"]').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Target version', { exact: true })).toHaveValue('2012-02-02');
  // The strategy switch redraws the graph as a chain.
  const strategy = page.getByRole('radiogroup', { name: 'Strategy', exact: true });
  if (await strategy.isVisible()) {
    await strategy.getByRole('radio', { name: 'chained' }).check();
    await expect(map.locator('[data-edge="2011-01-01storage>2012-02-02storage"]')).toBeAttached();
  }
});

test('moving through a pane highlights the same field in the other panes', async ({ page }) => {
  await open(page, 'servicefabric');
  const hub = pane(page, 'Hub');
  await hub.locator('[data-path="spec.location"]').click();
  await expect(hub.locator('[data-path="spec.location"]')).toHaveClass(/\bhl\b/);
  await expect(pane(page, 'Target').locator('[data-path="spec.location"]')).toHaveClass(/\bhl\b/);
  // Keyboard: arrow keys move the selection.
  await page.keyboard.press('ArrowDown');
  await expect(hub.locator('.line.cursor')).toHaveCount(1);
  // The editor's cursor selects too: put it on `vmImage` and the panes follow.
  // (Near the line's start: a .view-line is as wide as the longest line, and a click at its centre would land
  // outside the editor.)
  await pane(page, 'Resource')
    .locator('.view-line', { hasText: 'vmImage' })
    .click({ position: { x: 40, y: 5 } });
  await expect(hub.locator('[data-path="spec.properties.vmImage"]')).toHaveClass(/\bhl\b/);
  await expect(pane(page, 'Target').locator('[data-path="spec.properties.vmImage"]')).toHaveClass(/\bhl\b/);
  // A coloured field says why on hover.
  await expect(
    hub.locator('[data-path="spec.properties.$propertyBag.HttpApplicationGatewayCertificate"]'),
  ).toHaveAttribute('title', /.+/);
});

test('keyboard: help on ?, shortcuts switch views, everything is reachable with Tab', async ({ page }) => {
  await open(page, 'crm-person');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await page.keyboard.press('Alt+3');
  await expect(tab(page, 'Conversion plan')).toHaveAttribute('aria-selected', 'true');
  // Tab from the top reaches the main controls in order (once the editor, loaded after the panes, is in).
  await expect(page.locator('.monaco-editor .view-lines')).toBeVisible();
  await page.locator('body').focus();
  const seen = new Set<string>();
  // Reached by keyboard, the editor lets Tab move the focus on (until the user types).
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el?.getAttribute('aria-label') ?? el?.textContent?.trim().slice(0, 30) ?? '';
    });
    seen.add(name);
  }
  for (const name of [
    'Catalog',
    'Source version',
    'Target version',
    'Hub document at 2019-09-09storage',
    'Target document at 2019-09-09',
  ])
    expect(seen).toContain(name);
});

test('the input is autosaved and restored; Reset brings the example back', async ({ page }) => {
  await open(page, 'crm-person');
  await seed(
    page,
    'apiVersion: crm.example.com/2013-03-03\nkind: Person\nmetadata:\n  name: saved\nspec:\n  firstName: Saved\n',
  );
  await expect(pane(page, 'Hub').locator('[data-path="metadata.name"]')).toContainText('saved');
  await expect.poll(() => savedState(page)).toContain('name: saved');
  await page.reload();
  await expect(pane(page, 'Hub').locator('[data-path="metadata.name"]')).toContainText('saved');
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(pane(page, 'Hub').locator('[data-path="metadata.name"]')).toContainText('ada-lovelace');
});

test('on a narrow screen one pane at a time fills the width, picked with the pane switcher', async ({ page }) => {
  await open(page, 'servicefabric');
  await page.setViewportSize({ width: 420, height: 900 });
  const switcher = page.getByRole('radiogroup', { name: 'Pane' });
  let top: number | undefined;
  for (const name of ['Resource', 'Hub', 'Target'] as const) {
    await switcher.getByRole('radio', { name }).check();
    const box = await pane(page, name).boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(380);
    // Each pane in the same place: none is pushed down below another.
    top ??= box?.y;
    expect(box?.y).toBe(top);
  }
});

// A hand-written CRD in its smallest form (the root schema lists only spec), shared with the importer tests.
const WIDGET_CRD = readFileSync(
  path.resolve(import.meta.dirname, '../src/importers/testdata/widget-minimal-crd.yaml'),
  'utf8',
);

test('import problems are listed with file:line:col and the valid files still load; a CRD can be pasted', async ({
  page,
}) => {
  await open(page);
  await page.getByLabel('Catalog files', { exact: true }).setInputFiles([
    {
      name: 'broken.yaml',
      mimeType: 'text/yaml',
      buffer: Buffer.from('kind: CustomResourceDefinition\nspec: [unclosed\n'),
    },
    { name: 'widget-crd.yaml', mimeType: 'text/yaml', buffer: Buffer.from(WIDGET_CRD) },
  ]);
  const problems = page.getByRole('region', { name: 'Import problems', exact: true });
  await expect(problems.locator('[data-code="YAML_SYNTAX"]').first()).toContainText(/broken\.yaml:\d+:\d+/);
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
  await seed(
    page,
    'apiVersion: example.com/v1alpha1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 3\n  colour: blue\n',
  );
  // The property bag is ASO's design, not the plain CRD's default view.
  await asoDesign(page);
  await expect(pane(page, 'Hub').locator('[data-path="spec.size"]')).toContainText('3');
  // colour is gone in v1: the hub keeps it in the property bag.
  await expect(
    page.getByRole('list', { name: 'Property bag', exact: true }).locator('li[data-key="Colour"]'),
  ).toBeVisible();
  // Paste the same CRD in the dialog: it loads as a catalog too.
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:crm-person');
  await page.getByRole('button', { name: 'Paste CRD…', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Paste a CRD' });
  await dialog.getByLabel('CRD text', { exact: true }).fill(WIDGET_CRD);
  await dialog.getByRole('button', { name: 'Load', exact: true }).click();
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
  await expect(page.getByLabel('Target version', { exact: true })).toBeEnabled();
});

test('switching catalogs keeps what the user wrote: switching back brings it back', async ({ page }) => {
  await open(page, 'crm-person');
  const mine =
    'apiVersion: crm.example.com/2013-03-03\nkind: Person\nmetadata:\n  name: mine\nspec:\n  firstName: Grace\n';
  await seed(page, mine);
  // The middle pane: the Hub for the built-in (ASO design) catalogs, Stored for a plain CRD (As deployed).
  const name = () => page.getByRole('region', { name: /^(Hub|Stored)$/ }).locator('[data-path="metadata.name"]');
  await expect(name()).toContainText('mine');
  // Another built-in shows its example; coming back shows the user's Person again.
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:servicefabric');
  await expect(name()).toContainText('prod-cluster');
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:crm-person');
  await expect(name()).toContainText('mine');
  // A loaded CRD the Person does not fit starts from a skeleton; the user's Widget survives a round of switching.
  await page
    .getByLabel('Catalog files', { exact: true })
    .setInputFiles({ name: 'widget-crd.yaml', mimeType: 'text/yaml', buffer: Buffer.from(WIDGET_CRD) });
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
  await expect(name()).toContainText('example');
  const widgets = await page.getByLabel('Catalog', { exact: true }).inputValue();
  await seed(page, 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: my-widget\nspec:\n  size: 2\n');
  await expect(name()).toContainText('my-widget');
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:crm-person');
  await expect(name()).toContainText('mine');
  await page.getByLabel('Catalog', { exact: true }).selectOption(widgets);
  await expect(name()).toContainText('my-widget');
  // Reset still gives the example.
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:crm-person');
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(name()).toContainText('ada-lovelace');
});

test('the hub can be the CRD’s own storage version instead of the default', async ({ page }) => {
  test.skip(!HAS_CORPUS, CORPUS_MISSING);
  const errors = watchErrors(page);
  await open(page);
  const ocm = path.join(corpus, 'open-cluster-management');
  await page
    .getByLabel('Catalog files', { exact: true })
    .setInputFiles(
      path.join(ocm, 'crds/api-v1.3.0/addon/0000_00_addon.open-cluster-management.io_clustermanagementaddons.crd.yaml'),
    );
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
  await seed(
    page,
    readFileSync(
      path.join(ocm, 'samples/addon-framework/addon/kubernetes-dashboard/resources/cluster_management_addon.yaml'),
      'utf8',
    ),
  );
  // The hub picker is ASO's design, not the plain CRD's default view (the choice survives the reload below).
  await asoDesign(page);
  const hubPicker = page.getByLabel('Hub version', { exact: true });
  await expect(hubPicker).toHaveValue('v1beta1storage');
  await expect(hubPicker.locator('option')).toHaveCount(2);
  await expect(pane(page, 'Hub').locator('.version-badge')).toHaveText('v1beta1storage');
  await hubPicker.selectOption('v1alpha1storage');
  await expect(pane(page, 'Hub').locator('.version-badge')).toHaveText('v1alpha1storage');
  await expect(pane(page, 'Hub').locator('[data-path="apiVersion"]')).toContainText('/v1alpha1storage');
  await expect(pane(page, 'Hub').locator('[data-path="spec.originalVersion"]')).toContainText('v1alpha1');
  // The version map draws the star around the picked hub.
  await tab(page, 'Version map').click();
  const map = page.getByRole('group', { name: 'Version map', exact: true });
  await expect(map.locator('[data-edge="v1beta1>v1alpha1storage"]')).toBeAttached();
  // The pick is part of the state: it survives a reload, and switching back restores the default.
  await expect.poll(() => savedState(page)).toContain('v1alpha1storage');
  await page.reload();
  await expect(page.getByLabel('Hub version', { exact: true })).toHaveValue('v1alpha1storage');
  await page.getByLabel('Hub version', { exact: true }).selectOption('v1beta1storage');
  await expect(pane(page, 'Hub').locator('.version-badge')).toHaveText('v1beta1storage');
  expect(errors).toEqual([]);
});

test('a CRD pasted into the resource editor can be loaded as the catalog in one click', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, 'crm-person');
  await seed(page, WIDGET_CRD);
  const hint = page.getByTestId('input-is-catalog');
  await expect(hint).toBeVisible();
  await hint.getByRole('button', { name: 'Load it as the catalog' }).click();
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
  await expect(page.getByLabel('Catalog', { exact: true }).locator('option:checked')).toContainText(
    'widgets.example.com',
  );
  // The editor now holds a Widget to start from, and it converts (a plain CRD: the As deployed view's Stored pane).
  await expect(pane(page, 'Stored').locator('[data-path="kind"]')).toContainText('Widget');
  await expect(hint).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the bar above the details resizes them by drag or keyboard, and the size is kept', async ({ page }) => {
  await open(page, 'servicefabric');
  const bar = page.getByRole('separator', { name: 'Details height' });
  const details = page.getByRole('region', { name: 'Details', exact: true });
  const height = async () => (await details.boundingBox())?.height ?? 0;
  const before = await height();
  const hubBefore = (await pane(page, 'Hub').boundingBox())?.height ?? 0;
  // Drag it up: the details grow, the panes shrink.
  const box = await bar.boundingBox();
  if (!box) throw new Error('no splitter');
  await page.mouse.move(box.x + 200, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, box.y - 120, { steps: 4 });
  await page.mouse.up();
  await expect.poll(height).toBeGreaterThan(before + 80);
  expect((await pane(page, 'Hub').boundingBox())?.height ?? 0).toBeLessThan(hubBefore - 80);
  // Keyboard: End gives the panes the most room; the value is announced.
  await bar.focus();
  await page.keyboard.press('End');
  await expect(bar).toHaveAttribute('aria-valuenow', '12');
  const small = await height();
  expect(small).toBeLessThan(before);
  await page.keyboard.press('ArrowUp');
  await expect(bar).toHaveAttribute('aria-valuenow', '16');
  await page.reload();
  await expect(page.getByRole('separator', { name: 'Details height' })).toHaveAttribute('aria-valuenow', '16');
});

test('in a file of several resources, the first one the catalog has is shown', async ({ page }) => {
  test.skip(!HAS_CORPUS, CORPUS_MISSING);
  await open(page);
  await page
    .getByLabel('Catalog files', { exact: true })
    .setInputFiles(path.join(corpus, 'cluster-api/crds/controlplane.cluster.x-k8s.io_kubeadmcontrolplanes.yaml'));
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
  // A Cluster API quick-start file: DockerCluster, Cluster, ..., KubeadmControlPlane (the 4th), ...
  await seed(page, readFileSync(path.join(corpus, 'cluster-api/samples/v0.3.25/simple-cluster.yaml'), 'utf8'));
  const picker = page.getByLabel('Document', { exact: true });
  await expect(picker.locator('option')).toHaveCount(7);
  await expect(picker).toHaveValue('3');
  await expect(picker.locator('option:disabled')).toHaveCount(6);
  await expect(page.getByLabel('Source version', { exact: true })).toHaveValue('v1alpha3');
  // A plain CRD: the As deployed view's Stored pane.
  await expect(pane(page, 'Stored').locator('[data-path="kind"]')).toContainText('KubeadmControlPlane');
  await expect(page.getByRole('list', { name: 'Input problems', exact: true })).toHaveCount(0);
});

test('CRD files dropped on the page load as a catalog', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  await page.evaluate((crd) => {
    const dt = new DataTransfer();
    dt.items.add(new File([crd], 'widget-crd.yaml', { type: 'application/yaml' }));
    document.body.dispatchEvent(new DragEvent('dragenter', { bubbles: true, dataTransfer: dt }));
    document.body.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
  }, WIDGET_CRD);
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
  await expect(page.getByLabel('Catalog', { exact: true }).locator('option:checked')).toContainText('widget-crd.yaml');
  // A plain CRD: the As deployed view's Stored pane.
  await expect(pane(page, 'Stored').locator('[data-path="kind"]')).toContainText('Widget');
  expect(errors).toEqual([]);
});

test('when the editor’s code cannot load, a plain text box takes its place and conversion still works', async ({
  page,
}) => {
  await page.route(/\/assets\/(ResourceEditor|monacoSetup)-[^/]*\.js$/, (route) => route.abort());
  await page.goto('./');
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:crm-person'); // the default is the Widget CRD
  const box = page.getByTestId('plain-editor');
  await expect(box).toBeVisible();
  const text = pane(page, 'Resource').getByRole('textbox', { name: 'Resource YAML' });
  await expect(text).toHaveValue(/kind: Person/);
  await text.fill(
    'apiVersion: crm.example.com/2013-03-03\nkind: Person\nmetadata:\n  name: typed\nspec:\n  firstName: Grace\n',
  );
  await expect(pane(page, 'Hub').locator('[data-path="metadata.name"]')).toContainText('typed');
  // The other parts of the page still work.
  await tab(page, 'Conversion plan').click();
  await expect(page.getByRole('table', { name: 'Conversion plan', exact: true })).toBeVisible();
});

test('an Azure-style OpenAPI file loads with the common-types file its refs point into', async ({ page }) => {
  await open(page);
  const dir = path.resolve(import.meta.dirname, '../src/importers/testdata/crossfile');
  await page
    .getByLabel('Catalog files', { exact: true })
    .setInputFiles([path.join(dir, 'specs/2021-01-01/vault.json'), path.join(dir, 'common/v2/types.json')]);
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
  await expect(page.getByRole('region', { name: 'Import problems', exact: true })).toHaveCount(0);
  await seed(
    page,
    'apiVersion: vault.contoso.com/2021-01-01\nkind: Vault\nmetadata:\n  name: v\nspec:\n  location: westeurope\n  tags: {team: a}\n  sku: {name: premium}\n',
  );
  // location and tags come from the common TrackedResource: known fields, so nothing is pruned.
  await expect(pane(page, 'Hub').locator('[data-path="spec.location"]')).toContainText('westeurope');
  await expect(pane(page, 'Hub').locator('[data-path="spec.sku.name"]')).toContainText('premium');
  await tab(page, 'Lost').click();
  await expect(page.getByRole('list', { name: 'Lost', exact: true }).getByRole('listitem')).toHaveCount(0);
});

test('the version map lists each version’s CRD facts: served, storage, stored objects, deprecation', async ({
  page,
}) => {
  await open(page);
  await page
    .getByLabel('Catalog files', { exact: true })
    .setInputFiles(path.resolve(import.meta.dirname, '../src/importers/testdata/widgets-crd.yaml'));
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
  await seed(page, 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n');
  await expect(page.getByLabel('Source version', { exact: true })).toHaveValue('v1');
  await tab(page, 'Version map').click();
  const row = page.getByRole('table', { name: 'Versions', exact: true }).locator('tr[data-version="v1alpha1"]');
  await expect(row.locator('[data-deprecated="true"]')).toContainText('example.com/v1alpha1 Widget is deprecated');
  await expect(row.locator('td').nth(2)).toHaveText('yes'); // the CRD's storage: true
  await expect(row.locator('td').nth(3)).toHaveText('yes'); // in status.storedVersions
});
