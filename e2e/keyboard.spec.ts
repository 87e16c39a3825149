// Section 5 of issue 18: typing, the keyboard in and out of the editor, focus rings, narrow screens,
// the theme. The state is seeded through the URL fragment (not the default example, which may change).
import { expect, test, type Page } from './fixtures.ts';
import { encodeState } from '../src/ui/share/codec.ts';

const PERSON = [
  'apiVersion: crm.example.com/2011-01-01',
  'kind: Person',
  'metadata:',
  '  name: ada',
  'spec:',
  '  firstName: Ada',
  '  lastName: Lovelace',
  '',
].join('\n');

async function open(page: Page): Promise<void> {
  const r = await encodeState({
    catalog: { type: 'builtin', id: 'crm-person' },
    input: PERSON,
    document: 0,
    view: 'bag',
  });
  if (!('fragment' in r)) throw new Error(r.issue.message);
  await page.goto(`./#${r.fragment}`);
  await expect(page.locator('.monaco-editor .view-lines')).toBeVisible(); // Monaco is loaded lazily
  await expect(
    page.getByRole('region', { name: 'Hub', exact: true }).locator('[data-path="metadata.name"]'),
  ).toContainText('ada');
}

const inEditor = (page: Page) => page.evaluate(() => document.activeElement?.closest('.monaco-editor') !== null);

test('fast typing keeps every character and the cursor where it was', async ({ page }) => {
  await open(page);
  const editor = page.getByRole('region', { name: 'Resource', exact: true });
  await editor.locator('.view-line', { hasText: /^\s*name:\s+ada\s*$/ }).click();
  await page.keyboard.press('End');
  // Faster than a person types, while results arrive from the worker.
  const typed = '-abcdefghijklmnopqrstuvwxyz';
  await page.keyboard.type(typed, { delay: 8 });
  await page.keyboard.type('0123456789', { delay: 30 });
  const hub = page.getByRole('region', { name: 'Hub', exact: true });
  await expect(hub.locator('[data-path="metadata.name"]')).toContainText(`ada${typed}0123456789`);
  // The cursor is still at the end of that line (a reset would have put it at line 1, column 1).
  await expect(editor.locator('.view-line', { hasText: `ada${typed}0123456789` })).toBeVisible();
  await page.keyboard.type('!');
  await expect(hub.locator('[data-path="metadata.name"]')).toContainText(`ada${typed}0123456789!`);
});

test('reached by keyboard, Tab leaves the editor until the user types; a hint says how', async ({ page }) => {
  await open(page);
  const target = page.getByRole('combobox', { name: 'Target version', exact: true });
  await target.focus();
  for (let i = 0; i < 10 && !(await inEditor(page)); i++) await page.keyboard.press('Tab');
  expect(await inEditor(page)).toBe(true);
  const hint = page.getByTestId('editor-key-hint');
  await expect(hint).toHaveAttribute('data-hint', 'leave');
  // Beside the editor, not drawn over its code (issue 25).
  const h = await hint.boundingBox();
  const e = await page.getByRole('region', { name: 'Resource', exact: true }).locator('.monaco-editor').boundingBox();
  if (!h || !e) throw new Error('no box');
  expect(h.y + h.height <= e.y || h.y >= e.y + e.height || h.x + h.width <= e.x || h.x >= e.x + e.width).toBe(true);
  await page.keyboard.press('Tab');
  expect(await inEditor(page)).toBe(false);
  await expect(hint).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  expect(await inEditor(page)).toBe(true);
  await expect(hint).toHaveAttribute('data-hint', 'leave');
  // Typing makes Tab indent again (an editor's usual Tab); the hint names Ctrl+M.
  await page.keyboard.type('x');
  await expect(hint).toHaveAttribute('data-hint', 'indent');
  await page.keyboard.press('Tab');
  expect(await inEditor(page)).toBe(true);
  await page.keyboard.press('Control+M');
  await expect(hint).toHaveAttribute('data-hint', 'leave');
  await page.keyboard.press('Tab');
  expect(await inEditor(page)).toBe(false);
  // A click is not keyboard focus: no hint.
  await page.getByRole('region', { name: 'Resource', exact: true }).locator('.view-line').first().click();
  await expect(hint).toHaveCount(0);
});

test('the chained/direct control shows a focus ring', async ({ page }) => {
  await open(page);
  const group = page.getByRole('radiogroup', { name: 'Strategy' });
  await expect(group).toBeVisible();
  const none = await group.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(none).toBe('none');
  await page.getByRole('combobox', { name: 'Target version', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(group.locator('input:focus-visible')).toHaveCount(1);
  const ring = await group.evaluate((el) => ({
    style: getComputedStyle(el).outlineStyle,
    width: getComputedStyle(el).outlineWidth,
  }));
  expect(ring).toEqual({ style: 'solid', width: '2px' });
});

test('on a narrow screen a pane switcher shows one pane at a time, Target at the top', async ({ page }) => {
  await open(page);
  await page.setViewportSize({ width: 800, height: 900 });
  const switcher = page.getByRole('radiogroup', { name: 'Pane' });
  await expect(switcher).toBeVisible();
  const target = page.getByRole('region', { name: 'Target', exact: true });
  await expect(target).toBeHidden();
  await switcher.getByRole('radio', { name: 'Target' }).check();
  await expect(target).toBeVisible();
  await expect(page.getByRole('region', { name: 'Resource', exact: true })).toBeHidden();
  const box = await target.boundingBox();
  expect(box?.y ?? Infinity).toBeLessThan(400);
  await expect(target.locator('[data-path="metadata.name"]')).toContainText('ada');
  // Wide again: all three panes, no switcher.
  await page.setViewportSize({ width: 1400, height: 900 });
  await expect(switcher).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Resource', exact: true })).toBeVisible();
});

test('the theme toggle switches light / dark / system and is kept', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await open(page);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  const theme = page.getByRole('combobox', { name: 'Theme' });
  await theme.selectOption('dark');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  const bg = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bg').trim());
  expect(bg).toBe('#0d1117');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(theme).toHaveValue('dark');
  await theme.selectOption('system');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
});
