// The as-deployed view in the browser: a Flux HelmRelease v2beta1 with post-renderer patches, opened from a
// link carrying the Flux CRD, shows the patches dropped on write on the Stored pane (stored at v2, the CRD's
// storage version), with the write-loss banner; the switch to the ASO design brings the hub back.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './fixtures.ts';
import { encodeState } from '../src/ui/share/codec.ts';
import { CORPUS, CORPUS_MISSING, HAS_CORPUS } from '../src/core/testdata/corpus.ts';

test.skip(!HAS_CORPUS, CORPUS_MISSING);
const FLUX = path.join(CORPUS, 'fluxcd-helm-controller');
const read = (p: string) => (HAS_CORPUS ? readFileSync(path.join(FLUX, p), 'utf8') : '');
const crd = read('crds/helm.toolkit.fluxcd.io_helmreleases.yaml');
const sample = read('samples/v0.31.2/config/testdata/post-renderer-kustomize/helmrelease.yaml');
const PATCHES = 'spec.postRenderers[0].kustomize.patchesStrategicMerge';

/** The sample read at v2, with the Flux CRD embedded in the link, on the given tab. */
async function openFlux(page: Page, view: 'bag' | 'roundtrip'): Promise<void> {
  const r = await encodeState({
    catalog: {
      type: 'embedded',
      name: 'flux-helmreleases',
      hash: 'f1a7c0de01',
      sources: [{ name: 'helm.toolkit.fluxcd.io_helmreleases.yaml', text: crd }],
    },
    input: sample,
    document: 0,
    targetVersion: 'v2',
    view,
  });
  if (!('fragment' in r)) throw new Error(r.issue.message);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto(`./#${r.fragment}`);
}

test('a HelmRelease v2beta1 shows its post-renderer patches dropped on the Stored pane', async ({ page }) => {
  await openFlux(page, 'bag');

  const stored = page.getByRole('region', { name: 'Stored' });
  await expect(page.getByRole('group', { name: 'Stored document at v2' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'As deployed' })).toBeChecked();
  await expect(stored.getByTestId('stored-drops')).toContainText(PATCHES);
  await expect(stored.getByTestId('stored-drops').locator(`[data-path="${PATCHES}"]`)).toContainText('on write by v2');
  await expect(page.getByRole('alert', { name: 'Lost on write' })).toContainText(PATCHES);
  await expect(page.getByRole('group', { name: 'Stored document at v2' })).not.toContainText('patchesStrategicMerge');
  // Pickers list only the CRD's versions.
  await expect(page.getByRole('combobox', { name: 'Target version' }).locator('option')).toHaveText([
    /^v2beta1\b/,
    /^v2beta2\b/,
    /^v2\b/,
  ]);

  // ASO's design keeps them in v2storage's bag: the hub pane, no loss banner.
  await page.getByRole('tab', { name: /As deployed/ }).click();
  await expect(page.getByRole('table', { name: 'Deployed fates' })).toContainText(PATCHES);
  await page.getByRole('radio', { name: 'ASO design' }).click();
  await expect(page.getByRole('radio', { name: 'ASO design' })).toBeChecked();
  await expect(page.getByRole('group', { name: /^Hub document at v2storage/ })).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Lost on write' })).toHaveCount(0);
});

test('As deployed, the Round trip tab says the HelmRelease is lossy and names the field; no tab speaks of a hub or bag', async ({
  page,
}) => {
  await openFlux(page, 'roundtrip');
  await expect(page.getByRole('radio', { name: 'As deployed' })).toBeChecked();
  const trip = page.getByRole('region', { name: 'Round trip' });
  // written at v2beta1, stored at v2, read back at v2beta1: the patches do not come back
  await expect(trip.locator('.verdict').first()).toHaveAttribute('data-lossless', 'false');
  await expect(trip.getByRole('list', { name: 'Round-trip differences' })).toContainText(PATCHES);
  await expect(trip).toContainText('stored at v2');
  for (const tab of ['As deployed', 'Lost', 'Conversion plan', 'Round trip', 'Version map', 'Changes']) {
    await page
      .getByRole('tab', { name: new RegExp(`^${tab}`) })
      .first()
      .click();
    const text = await page.locator('body').innerText();
    expect(text, tab).not.toMatch(/v2storage|property bag|\$propertyBag/i);
  }
});

test('choosing a webhook for Flux (which declares none) says the explorer cannot tell, never that nothing is lost', async ({
  page,
}) => {
  await openFlux(page, 'bag');
  await expect(page.getByRole('alert', { name: 'Lost on write' })).toBeVisible();
  await expect(page.getByTestId('verdict-undetermined')).toHaveCount(0);
  const webhook = page.locator('input[name="conversion"][value="Webhook"]');
  if (!(await webhook.isVisible()))
    await page
      .getByRole('button', { name: /Conversion/ })
      .first()
      .click();
  await webhook.check();
  await expect(page.getByTestId('verdict-undetermined')).toHaveAttribute('data-verdict', 'undetermined');
  await expect(page.getByTestId('verdict-undetermined')).toContainText('v2beta1 -> v2');
});
