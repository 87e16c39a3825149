// A 1 MB resource pasted into the editor (a real Ctrl+V): the panes show all of it, the two-phase
// conversion (values first, source ranges after) still links every field back to the editor.
import { expect, test, type Page } from './fixtures.ts';
import { parse } from 'yaml';
import { bigClusterYaml } from '../bench/support/bigResource.ts';
import { watchErrors } from './watchErrors.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const pane = (page: Page, name: 'Resource' | 'Hub' | 'Stored' | 'Target') =>
  page.getByRole('region', { name, exact: true });

async function paste(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  // Into the first visible line of the editor, then select everything and paste over it.
  await pane(page, 'Resource')
    .locator('.monaco-editor')
    .click({ position: { x: 120, y: 12 } });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

/** Waits for the panes to show a result computed from exactly `text` (with its source ranges when asked). */
async function rendered(page: Page, text: string, complete = false): Promise<void> {
  await page.waitForFunction(
    ([n, c]) => {
      const r = window.__versionExplorer?.rendered;
      return r !== undefined && r.inputLength === n && (!c || r.complete);
    },
    [text.length, complete] as const,
    { timeout: 30_000 },
  );
}

test('a 1 MB paste fills every pane, and its fields stay linked to the editor', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto('./');
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:servicefabric');
  await expect(pane(page, 'Resource').locator('.monaco-editor')).toBeVisible();
  await expect(pane(page, 'Hub').locator('[data-path="spec.location"]')).toBeVisible();

  // The last line, outside the schema, is pruned: its fate has to be found at the end of a megabyte.
  const yaml = bigClusterYaml(1_000_000) + '  notInTheSchema: 1\n';
  const sections = yaml.match(/- name: Section\d+/g)?.length ?? 0;
  expect(yaml.length).toBeGreaterThan(1_000_000);
  const last = sections - 1;
  await paste(page, yaml);
  await rendered(page, yaml);
  // The panes' first lines come first; the second phase (source ranges, the rest of the lines) follows.
  await expect(pane(page, 'Hub').locator('[data-path="spec.location"]')).toBeVisible();
  await rendered(page, yaml, true);

  // Hub and target hold the whole document: the last section is there once the pane scrolls down.
  for (const name of ['Hub', 'Target'] as const) {
    const doc = pane(page, name).locator('.doc');
    await doc.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(pane(page, name).locator(`[data-path="spec.properties.fabricSettings.${last}.name"]`)).toContainText(
      `Section${last}`,
    );
  }
  await expect(
    page.getByRole('list', { name: 'Property bag', exact: true }).locator('li[data-key="NodeTypes"]'),
  ).toBeVisible();
  await page.getByRole('tab', { name: /^Lost/ }).click();
  await expect(
    page
      .getByRole('list', { name: 'Lost', exact: true })
      .locator('li[data-fate="pruned"][data-path="spec.notInTheSchema"]'),
  ).toBeVisible();

  // A field picked in the hub is revealed and highlighted in the editor.
  await pane(page, 'Hub').locator(`[data-path="spec.properties.fabricSettings.${last}.name"]`).click();
  const editor = pane(page, 'Resource');
  await expect(editor.locator('.monaco-field-highlight')).toBeAttached();
  await expect(editor.locator('.view-line', { hasText: `name: Section${last}` })).toBeVisible();
  // And the other way: the editor's cursor on a field selects it in the panes. The field is a few lines below the
  // revealed one, possibly under the editor's bottom edge (the header wraps at 1280 px): the cursor walks down to it.
  const lines = yaml.split('\n');
  const from = lines.findIndex((l) => l.endsWith(`- name: Section${last}`));
  const down = lines.findIndex((l, i) => i > from && l.includes(`value: value-0-${last}-2-`)) - from;
  expect(down).toBeGreaterThan(0);
  await editor.locator('.view-line', { hasText: `name: Section${last}` }).click({ position: { x: 40, y: 5 } });
  for (let i = 0; i < down; i++) await page.keyboard.press('ArrowDown');
  await expect(editor.locator('.view-line', { hasText: `value: value-0-${last}-2-` })).toBeVisible();
  await expect(
    pane(page, 'Hub').locator(`[data-path="spec.properties.fabricSettings.${last}.parameters.2.value"]`),
  ).toHaveClass(/\bhl\b/);

  // The same document as JSON, pasted over the megabyte of YAML.
  const json = JSON.stringify(parse(yaml), null, 1);
  await paste(page, json);
  await rendered(page, json, true);
  const hub = pane(page, 'Hub');
  await hub.locator('.doc').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(hub.locator(`[data-path="spec.properties.fabricSettings.${last}.name"]`)).toContainText(
    `Section${last}`,
  );
  expect(errors).toEqual([]);
});

test('a 1 MB paste in the As deployed view ends with the whole Stored and Target panes', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto('./');
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:servicefabric');
  await expect(pane(page, 'Resource').locator('.monaco-editor')).toBeVisible();
  await page.getByRole('radio', { name: 'As deployed' }).click();
  await expect(pane(page, 'Stored').locator('[data-path="spec.location"]')).toBeVisible();

  // The last line, outside the schema, is dropped on write: found at the end of a megabyte.
  const yaml = bigClusterYaml(1_000_000) + '  notInTheSchema: 1\n';
  const last = (yaml.match(/- name: Section\d+/g)?.length ?? 0) - 1;
  expect(last).toBeGreaterThan(100);
  await paste(page, yaml);
  await rendered(page, yaml);
  // The panes' first lines come first (no Copy YAML yet, or only once whole); the second phase brings the rest.
  await expect(pane(page, 'Stored').locator('[data-path="spec.location"]')).toBeVisible();
  await rendered(page, yaml, true);
  await expect(page.getByRole('radio', { name: 'As deployed' })).toBeChecked();
  for (const name of ['Stored', 'Target'] as const) {
    const doc = pane(page, name).locator('.doc');
    await doc.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(pane(page, name).locator(`[data-path="spec.properties.fabricSettings.${last}.name"]`)).toContainText(
      `Section${last}`,
    );
    await expect(pane(page, name).getByRole('button', { name: `Copy YAML (${name})` })).toBeVisible();
  }
  await expect(page.getByRole('alert', { name: 'Lost on write' })).toContainText('spec.notInTheSchema');
  expect(errors).toEqual([]);
});

test('keys pressed right after a large paste (80 KB, over the 64 KB at which the editor waits) land after it, and undo takes the paste back in one step', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto('./');
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:servicefabric');
  // The example's length, once a result of this catalog is on screen.
  const example = (await (
    await page.waitForFunction(() => {
      const r = window.__versionExplorer?.rendered;
      return r?.catalog?.startsWith('builtin:servicefabric:') ? r.inputLength : false;
    })
  ).jsonValue()) as number;
  expect(example).toBeGreaterThan(0);

  const yaml = bigClusterYaml(80_000);
  expect(yaml.length).toBeGreaterThan(64 * 1024); // src/ui/editor/largePaste.ts DEFERRED_PASTE_CHARS
  const typed = '  typedAfterPaste: 1';
  await paste(page, yaml);
  // No wait: the first key may come while the editor still holds the paste back.
  await page.keyboard.type(typed);
  await rendered(page, yaml + typed);
  await page.getByRole('tab', { name: /^Lost/ }).click();
  await expect(
    page
      .getByRole('list', { name: 'Lost', exact: true })
      .locator('li[data-fate="pruned"][data-path="spec.typedAfterPaste"]'),
  ).toBeVisible();

  await pane(page, 'Resource')
    .locator('.monaco-editor')
    .click({ position: { x: 120, y: 12 } });
  // Undo takes the typing back (Monaco may split it into several steps) down to the
  // pasted text, never part of the paste with it; one more undo takes the whole paste back.
  let length = yaml.length + typed.length;
  while (length > yaml.length) {
    await page.keyboard.press('ControlOrMeta+Z');
    const h = await page.waitForFunction((n) => {
      const r = window.__versionExplorer?.rendered?.inputLength;
      return r !== undefined && r !== n ? r : false;
    }, length);
    length = (await h.jsonValue()) as number;
    expect(length).toBeGreaterThanOrEqual(yaml.length);
  }
  await page.keyboard.press('ControlOrMeta+Z');
  await page.waitForFunction((n) => window.__versionExplorer?.rendered?.inputLength === n, example);
  expect(errors).toEqual([]);
});

test('a paste into the editor’s find widget searches; it is not a paste into the resource', async ({ page }) => {
  await page.goto('./');
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:servicefabric');
  await page.waitForFunction(() => {
    const r = window.__versionExplorer?.rendered;
    return r?.complete === true && r.catalog?.startsWith('builtin:servicefabric:');
  });
  const sent = () => page.evaluate(() => performance.getEntriesByName('ve:send').length);
  const before = await sent();
  await page.evaluate((t) => navigator.clipboard.writeText(t), `location ${'x'.repeat(1000)}`);
  await pane(page, 'Resource')
    .locator('.monaco-editor')
    .click({ position: { x: 120, y: 12 } });
  await page.keyboard.press('ControlOrMeta+F');
  const find = pane(page, 'Resource').getByRole('textbox', { name: 'Find' });
  await expect(find).toBeFocused();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(find).toHaveValue(/^location x+$/);
  // No conversion was asked for (a paste into the text sends one at once), and the editor kept its text.
  expect(await sent()).toBe(before);
  await expect(pane(page, 'Resource').locator('.view-line', { hasText: 'kind: Cluster' })).toBeVisible();
});
