// Flux helm-controller from ../shared/corpus: a HelmRelease v2beta1 with kustomize patches that v2 has
// no field for, loaded through the file picker and read at v2 in ASO's design (shared by the losses and tabs specs).
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { expect, type Page } from './fixtures.ts';
import { asoDesign } from './shareHelpers.ts';
import { CORPUS as corpus, HAS_CORPUS } from '../src/core/testdata/corpus.ts';

export const fluxCrd = path.join(corpus, 'fluxcd-helm-controller/crds/helm.toolkit.fluxcd.io_helmreleases.yaml');
// Without the corpus the specs using this skip (and this is empty).
export const kustomizeRelease = HAS_CORPUS
  ? readFileSync(
      path.join(
        corpus,
        'fluxcd-helm-controller/samples/v0.31.2/config/testdata/post-renderer-kustomize/helmrelease.yaml',
      ),
      'utf8',
    )
  : '';

export const pane = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

export async function openFluxAtV2(page: Page): Promise<void> {
  await page.goto('./');
  await page.waitForFunction(() => window.__versionExplorer?.setResource !== undefined);
  await page.getByLabel('Catalog files', { exact: true }).setInputFiles(fluxCrd);
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
  await page.evaluate((t) => window.__versionExplorer?.setResource(t), kustomizeRelease);
  // A plain CRD opens As deployed; these specs test ASO's design (hub, Lost tab, ghost lines, plan): switch to it.
  await asoDesign(page);
  await page.getByRole('combobox', { name: 'Target version', exact: true }).selectOption('v2');
  await expect(pane(page, 'Target').locator('.version-badge')).toHaveText('v2');
}
