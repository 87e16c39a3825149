// Section 2 of issue 18 ("losses in plain sight"): what a version cannot hold is visible where it would
// be, counted alike everywhere, named when copied, and the write-back verdict is on the Target pane.
import { parse } from 'yaml';
import { expect, test, type Page } from './fixtures.ts';
import { CORPUS_MISSING, HAS_CORPUS } from '../src/core/testdata/corpus.ts';
import { kustomizeRelease, openFluxAtV2 as openFlux, pane } from './flux.ts';

test.skip(!HAS_CORPUS, CORPUS_MISSING);

const KUSTOMIZE = 'spec.postRenderers.0.kustomize';

async function openFluxAtV2(page: Page): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openFlux(page);
}

test('lost fields are ghost lines in place in Target, with ✕ and why, and Copy YAML names them', async ({ page }) => {
  await openFluxAtV2(page);
  const target = pane(page, 'Target');
  for (const field of ['patchesStrategicMerge', 'patchesJson6902']) {
    const ghost = target.locator(`[data-path="${KUSTOMIZE}.${field}"]`);
    await expect(ghost).toHaveAttribute('data-ghost', 'root');
    await expect(ghost).toHaveAttribute('data-fate', 'lost');
    await expect(ghost.locator('.ghost-note')).toContainText('✕');
    await expect(ghost.locator('.ghost-note')).toContainText(`v2 has no \`${field}\``);
  }
  // Their values are ghost lines too; the real document there is an empty object.
  await expect(target.locator(`[data-path="${KUSTOMIZE}.patchesStrategicMerge.0.kind"]`)).toHaveAttribute(
    'data-ghost',
    'inside',
  );
  await expect(target.locator(`[data-path="${KUSTOMIZE}"]`)).toContainText('{}');

  await target.getByRole('button', { name: /Copy YAML/ }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const header = copied.split('\n').filter((l) => l.startsWith('#'));
  expect(header.join('\n')).toContain('spec.postRenderers[0].kustomize.patchesStrategicMerge');
  expect(header.join('\n')).toContain('spec.postRenderers[0].kustomize.patchesJson6902');
  const doc = parse(copied) as { spec: { postRenderers: { kustomize: unknown }[] } };
  expect(doc.spec.postRenderers[0]?.kustomize).toEqual({});
});

test('every legend count agrees with its tab', async ({ page }) => {
  await openFluxAtV2(page);
  const lostTab = page.getByRole('tab', { name: /^Lost/ });
  await expect(lostTab.locator('.tab-count')).toHaveText(/^\d+$/);
  const tabLost = Number(await lostTab.locator('.tab-count').innerText());
  expect(tabLost).toBeGreaterThan(0);
  const legend = page.getByRole('list', { name: 'Legend' });
  const count = async (fate: string) => {
    const c = legend.locator(`[data-fate="${fate}"] .legend-count`);
    return (await c.count()) === 0 ? 0 : Number(await c.innerText());
  };
  expect((await count('lost')) + (await count('pruned'))).toBe(tabLost);
  await lostTab.click();
  const list = page.getByRole('list', { name: 'Lost', exact: true });
  await expect(list.locator('li[data-fate="lost"]')).toHaveCount(await count('lost'));
  const bagTab = page.getByRole('tab', { name: /^Property bag/ });
  expect(await count('bagged')).toBe(Number(await bagTab.locator('.tab-count').innerText()));
});

test('the write-back verdict for the target is a badge, and the Round trip picker starts at the target', async ({
  page,
}) => {
  await openFluxAtV2(page);
  const badge = pane(page, 'Target').getByTestId('writeback-badge');
  await expect(badge).toContainText('a v2 client writing this back destroys');
  const destroyed = Number(await badge.getAttribute('data-destroyed'));
  expect(destroyed).toBeGreaterThan(0);
  await badge.click();
  await expect(page.getByRole('tab', { name: /^Round trip/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: 'Read at version' })).toHaveValue('v2');
  await expect(page.getByRole('list', { name: 'Destroyed by write-back' }).locator('li')).toHaveCount(
    Math.min(destroyed, 20),
  );
  // The diff hides unchanged regions (Monaco folds them behind a "hidden lines" bar).
  await expect(page.locator('.roundtrip .diff-hidden-lines').first()).toBeAttached();
});

test('fates are right and say why: an unchanged enum is not converted, hovers do not repeat the fate', async ({
  page,
}) => {
  await openFluxAtV2(page);
  const target = pane(page, 'Target');
  const kind = target.locator('[data-path="spec.chart.spec.sourceRef.kind"]');
  await expect(kind).toContainText('HelmRepository');
  await expect(kind).not.toHaveAttribute('data-fate', 'converted');
  const titles = await target.locator('.line[title]').evaluateAll((ls) => ls.map((l) => l.getAttribute('title') ?? ''));
  expect(titles.length).toBeGreaterThan(0);
  for (const t of titles) expect(t).not.toMatch(/^(\w[\w ]*): \1$/m);
});

test('panes keep the source key order', async ({ page }) => {
  await openFluxAtV2(page);
  const source = parse(kustomizeRelease) as { spec: Record<string, unknown> };
  const keysOf = async (name: string) =>
    pane(page, name)
      .locator('.line')
      .evaluateAll((ls) =>
        ls
          .map((l) => l.getAttribute('data-path') ?? '')
          .filter((p) => /^spec\.[^.]+$/.test(p))
          .map((p) => p.slice('spec.'.length)),
      );
  const order = Object.keys(source.spec);
  for (const name of ['Hub', 'Target']) {
    const shown = (await keysOf(name)).filter((k) => order.includes(k));
    expect(shown).toEqual(order.filter((k) => shown.includes(k)));
  }
});
