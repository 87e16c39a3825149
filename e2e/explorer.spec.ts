// The explorer end to end, against the production build in Chromium. Tests assert roles, accessible
// names, data-fate / data-code / data-path attributes and issue codes, never wording.
import { expect, test } from './fixtures.ts';
import { watchErrors } from './watchErrors.ts';
import { open, pane, savedState, seed, tab } from './explorerHelpers.ts';

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
