// The storage view switch while a user catalog loads: the panes keep the last catalog's result until the new
// one converts, and the switch must not show that catalog's default as the new one's (a click on it did nothing).
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { CORPUS as corpus, CORPUS_MISSING, HAS_CORPUS } from '../src/core/testdata/corpus.ts';

test('a click on ASO design the moment a loaded CRD file becomes the catalog sticks', async ({ page }) => {
  test.skip(!HAS_CORPUS, CORPUS_MISSING);
  await page.goto('./');
  // ASO's built-in examples open in ASO design.
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:servicefabric');
  await expect(page.getByRole('radiogroup', { name: 'Storage view' })).toHaveAttribute('data-applied', 'aso');
  // In the page, so no round trip to the test can miss it: click in the first frame the picker shows the file.
  const clicked = page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const tick = () => {
          const c = document.querySelector<HTMLSelectElement>('select[aria-label="Catalog"]');
          const r = document.querySelector<HTMLInputElement>('input[name="storage-view"][value="aso"]');
          if (c?.value.startsWith('e:') && r) {
            r.click();
            resolve();
          } else requestAnimationFrame(tick);
        };
        tick();
      }),
  );
  const crd = path.join(
    corpus,
    'open-cluster-management/crds/api-v1.3.0/addon/0000_00_addon.open-cluster-management.io_clustermanagementaddons.crd.yaml',
  );
  await page.getByLabel('Catalog files', { exact: true }).setInputFiles(crd);
  await clicked;
  // A plain CRD opens as deployed: the click overrides that default once the new catalog has converted.
  await expect(page.getByRole('radiogroup', { name: 'Storage view' })).toHaveAttribute('data-applied', 'aso');
  await expect(page.getByRole('radio', { name: 'ASO design' })).toBeChecked();
  await expect(page.getByLabel('Hub version', { exact: true })).toHaveValue('v1beta1storage');
});
