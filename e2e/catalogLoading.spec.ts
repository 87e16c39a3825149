// Loading catalogs end to end: CRD and OpenAPI files picked, dropped or pasted, import problems, several resources
// in one file, and switching catalogs. Tests assert roles, accessible names, data attributes and issue codes.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { watchErrors } from './watchErrors.ts';
import { asoDesign } from './shareHelpers.ts';
import { CORPUS as corpus, CORPUS_MISSING, HAS_CORPUS } from '../src/core/testdata/corpus.ts';
import { open, pane, seed, tab, WIDGET_CRD } from './explorerHelpers.ts';

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
