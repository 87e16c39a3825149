// Validation as the API server does it, in the explorer: every document against its own kind and version (no
// false markers in a multi-document input), a CEL rule's message at its line, and the target pane's verdict on
// the converted document. Tests assert data attributes, codes and the rule's own message (data from the CRD).
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures.ts';
import { clipboard, panesShown } from './shareHelpers.ts';
import { CORPUS, CORPUS_MISSING, HAS_CORPUS } from '../src/core/testdata/corpus.ts';
import { httpRoute } from '../src/core/testdata/httpRoute.ts';

const corpus = CORPUS;
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
const widgetCrd = path.resolve(import.meta.dirname, '../src/cli/testdata/validate/widget-crd.yaml');

const pane = (page: Page, name: 'Resource' | 'Hub' | 'Stored' | 'Target') =>
  page.getByRole('region', { name, exact: true });

async function openWith(page: Page, files: string[]): Promise<void> {
  await page.goto('./');
  await panesShown(page);
  await page.waitForFunction(() => window.__versionExplorer?.setResource !== undefined);
  await page.getByLabel('Catalog files', { exact: true }).setInputFiles(files);
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
}

async function seed(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => window.__versionExplorer?.setResource(t), text);
}

/** The editor's markers (Monaco's model markers are not in the DOM: the squiggles are). */
const squiggles = (page: Page) => pane(page, 'Resource').locator('.squiggly-error, .squiggly-warning');

test('a multi-document Cluster API input shows no false markers; the cursor picks a document, the picker scrolls', async ({
  page,
}) => {
  test.skip(!HAS_CORPUS, CORPUS_MISSING);
  const crds = path.join(corpus, 'cluster-api/crds');
  const files = [
    'cluster.x-k8s.io_clusters.yaml',
    'infrastructure.cluster.x-k8s.io_dockerclusters.yaml',
    'controlplane.cluster.x-k8s.io_kubeadmcontrolplanes.yaml',
    'infrastructure.cluster.x-k8s.io_dockermachinetemplates.yaml',
    'cluster.x-k8s.io_machinedeployments.yaml',
    'bootstrap.cluster.x-k8s.io_kubeadmconfigtemplates.yaml',
  ].map((f) => path.join(crds, f));
  await openWith(page, files);
  const text = readFileSync(path.join(corpus, 'cluster-api/samples/v1.11.11/simple-cluster.yaml'), 'utf8');
  await seed(page, text);
  const picker = page.getByLabel('Document', { exact: true });
  await expect(picker.locator('option')).toHaveCount(7);
  await expect(pane(page, 'Resource').getByTestId('validation-badge')).toHaveAttribute('data-verdict', 'accepted');
  // Once monaco-yaml has validated this text (if it validates it): a DockerCluster must not be judged by the
  // Cluster's schema.
  await page.waitForFunction(() => window.__versionExplorer?.yamlSettled?.() === true);
  await expect(squiggles(page)).toHaveCount(0);

  // The cursor in another document selects it: Ctrl+End puts it in the last one (a KubeadmConfigTemplate).
  await pane(page, 'Resource').locator('.view-line').first().click();
  await page.keyboard.press('ControlOrMeta+End');
  await expect(picker).toHaveValue('6');
  // Plain CRDs: the As deployed view's Stored pane.
  await expect(pane(page, 'Stored').locator('[data-path="kind"]')).toContainText('KubeadmConfigTemplate');

  // Picking the first document scrolls the editor back to it.
  await picker.focus(); // the user reaches the picker: the editor no longer has the focus
  await picker.selectOption('0');
  await expect(pane(page, 'Resource').locator('.view-line', { hasText: /^kind:\sCluster$/ })).toBeVisible();
  await expect(pane(page, 'Stored').locator('[data-path="kind"]')).toContainText('Cluster');
  await expect(squiggles(page)).toHaveCount(0);
});

const BAD_ROUTE = httpRoute('cart');

async function openRoute(page: Page): Promise<void> {
  test.skip(!HAS_CORPUS, CORPUS_MISSING);
  await openWith(page, [
    path.join(corpus, 'gateway-api/crds/v1.6.1-standard/gateway.networking.k8s.io_httproutes.yaml'),
  ]);
  await seed(page, BAD_ROUTE);
}

test('a Gateway API route that breaks a CEL rule shows the rule’s message at the value it rejects', async ({
  page,
}) => {
  await openRoute(page);
  const badge = pane(page, 'Resource').getByTestId('validation-badge');
  await expect(badge).toHaveAttribute('data-verdict', 'rejected');
  await expect(badge).toHaveAttribute('title', /value must be an absolute path/);
  const squiggle = pane(page, 'Resource').locator('.squiggly-error').first();
  await expect(squiggle).toBeAttached();
  // The rule is on the `path` object; it reads `self.value` last: the squiggle sits on `value: cart` (line 12),
  // the value to change, not on the `- path:` key two lines above (issue 25).
  const line = pane(page, 'Resource').locator('.view-line', { hasText: /^\s+value:\scart$/ });
  // Both laid out before they are measured (under load Monaco paints its lines after the marker is attached).
  await expect(line).toBeVisible();
  await expect(squiggle).toBeVisible();
  const [sq, ln] = await Promise.all([squiggle.boundingBox(), line.boundingBox()]);
  expect(Math.abs(sq!.y - ln!.y)).toBeLessThan(ln!.height / 2);
  await page.mouse.move(sq!.x + Math.min(20, sq!.width / 2), sq!.y + sq!.height / 2);
  // (the message is wrapped to the pane's width: any white space between its words)
  await expect(
    page.locator('.monaco-hover').filter({ hasText: /value\s+must\s+be\s+an\s+absolute\s+path/ }),
  ).toBeVisible();
});

test('F8 shows the whole message within the pane: it wraps at the editor’s width, nothing is cut', async ({ page }) => {
  await openRoute(page);
  await expect(pane(page, 'Resource').locator('.squiggly-error').first()).toBeAttached();
  await pane(page, 'Resource')
    .locator('.view-line', { hasText: /^\s+value:\scart$/ })
    .click();
  await page.keyboard.press('F8');
  const peek = pane(page, 'Resource').locator('.marker-widget');
  await expect(peek).toContainText('absolute path');
  const fits = await peek.evaluate((w) => {
    const scroller = w.querySelector('.monaco-scrollable-element');
    const text = w.querySelector('.descriptioncontainer');
    if (!(scroller instanceof HTMLElement) || !(text instanceof HTMLElement)) return 'no peek';
    return text.scrollWidth <= scroller.clientWidth + 1 && text.scrollHeight <= scroller.clientHeight + 1
      ? 'fits'
      : `${text.scrollWidth}x${text.scrollHeight} in ${scroller.clientWidth}x${scroller.clientHeight}`;
  });
  expect(fits).toBe('fits');
});

test('the Problems list names the CEL violation; the rejected badge opens it; activating it moves the cursor to its line', async ({
  page,
}) => {
  await openRoute(page);
  const badge = pane(page, 'Resource').getByTestId('validation-badge');
  await expect(badge).toHaveAttribute('data-verdict', 'rejected');
  await badge.click();
  await expect(page.getByRole('tab', { name: /^Problems/ })).toHaveAttribute('aria-selected', 'true');
  const item = page
    .getByRole('list', { name: /^Problems in Resource/ })
    .locator('li[data-code="CEL_RULE"]')
    .first();
  await expect(item).toContainText('value must be an absolute path');
  await expect(item).toContainText('line 12');
  // Keyboard: focus the problem and press Enter.
  await item.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(pane(page, 'Resource').locator('.line-numbers.active-line-number')).toHaveText('12');
  await expect(pane(page, 'Resource').locator('.monaco-editor').first()).toHaveClass(/focused/);
});

test('the target pane shows a rejection badge when the converted document would be refused', async ({ page }) => {
  await openWith(page, [widgetCrd]);
  await seed(
    page,
    'apiVersion: demo.example.com/v1\nkind: Widget\nmetadata: {name: big}\nspec: {size: 9, mode: fast}\n',
  );
  // Accepted at v1 (what kubectl apply meets), refused at v2 (a v2 client writing it back): size <= 5 there.
  await expect(pane(page, 'Resource').getByTestId('validation-badge')).toHaveAttribute('data-verdict', 'accepted');
  const target = pane(page, 'Target');
  await expect(target.locator('.version-badge')).toHaveText('v2');
  const badge = target.getByTestId('validation-badge');
  await expect(badge).toHaveAttribute('data-verdict', 'rejected');
  await expect(badge).toHaveAttribute('title', /size must be at most 5 in v2/);
  // Within the limit, the target accepts it too.
  await seed(
    page,
    'apiVersion: demo.example.com/v1\nkind: Widget\nmetadata: {name: ok}\nspec: {size: 2, mode: fast}\n',
  );
  await expect(badge).toHaveAttribute('data-verdict', 'accepted');
});

test('the badge renders the view’s verdict: a write at a version that is not served is refused, though its schema passes', async ({
  page,
}) => {
  await openWith(page, [path.resolve(import.meta.dirname, 'testdata/unserved-crd.yaml')]);
  await seed(page, 'apiVersion: demo.example.com/v1alpha1\nkind: Gadget\nmetadata: {name: g}\nspec: {size: 3}\n');
  const badge = pane(page, 'Resource').getByTestId('validation-badge');
  await expect(badge).toHaveAttribute('data-verdict', 'rejected');
  await expect(badge).toHaveAttribute('title', /VERSION_NOT_SERVED/);
  // At the served version the same object is accepted.
  await seed(page, 'apiVersion: demo.example.com/v1\nkind: Gadget\nmetadata: {name: g}\nspec: {size: 3}\n');
  await expect(badge).toHaveAttribute('data-verdict', 'accepted');
});

test('one verdict on every surface: the rejected HTTPRoute’s badge, Problems and Markdown’s first line agree', async ({
  page,
}) => {
  await openRoute(page);
  await expect(pane(page, 'Resource').getByTestId('validation-badge')).toHaveAttribute('data-verdict', 'rejected');
  await page.getByRole('button', { name: 'Copy as Markdown' }).click();
  await expect(page.getByTestId('share-status')).toBeVisible();
  const first = (await clipboard(page)).split('\n')[0] ?? '';
  // The write at the route's own version fails, at the rule's path, with the rule's message (the CRD's text).
  expect(first).toMatch(/^\*\*Would be rejected: the write at v1 fails at spec\.rules\[0\]\.matches\[0\]\.path/);
  expect(first).toContain('value must be an absolute path');
  expect(first).not.toMatch(/lossless/i);
});
