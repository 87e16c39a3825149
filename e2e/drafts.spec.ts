// Rule drafts from the Changes tab (issue 13): a two-version CRD where fields moved, opened from a link; "Draft rule"
// beside the moved field puts the drafted rule into the conversion rules of the state, keeping what was there;
// the link, a fresh context opened from it and the Markdown carry the rule.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { decodeState, encodeState } from '../src/ui/share/codec.ts';
import { parseRules } from '../src/core/rules/parse.ts';
import { clipboard, settledFragment } from './shareHelpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const crd = readFileSync(path.resolve(import.meta.dirname, '../src/core/rules/testdata/drafts-crd.yaml'), 'utf8');
const store = [
  'apiVersion: example.com/v1',
  'kind: Store',
  'metadata: {name: s}',
  'spec: {owner: ada, mode: fast, tier: Legacy, endpoint: {host: h, port: 80}}',
  '',
].join('\n');
const USER_RULES = [
  'apiVersion: version-explorer.dev/v1alpha1',
  'kind: ConversionRules',
  'conversions:',
  '  - group: example.com',
  '    kind: Store',
  '    from: v1',
  '    to: v2',
  '    rules:',
  '      # mine, kept as typed',
  '      - id: size',
  '        drop: { from: spec.size, reason: v2 sizes by capacity }',
  '',
].join('\n');

const rulesOf = async (fragment: string) => {
  const r = await decodeState(fragment.replace(/^#/, ''));
  if (!('state' in r)) throw new Error(r.issue.message);
  return r.state.rules ?? '';
};
const ruleIds = (text: string) => parseRules(text).ruleSet.conversions.flatMap((c) => c.rules.map((r) => r.id));

test('Draft rule in the Changes tab adds the moved field rule to the state, the link and the Markdown', async ({
  page,
  browser,
}) => {
  const r = await encodeState({
    catalog: { type: 'embedded', name: 'stores', hash: 'd0a7f5e1', sources: [{ name: 'stores.yaml', text: crd }] },
    input: store,
    document: 0,
    targetVersion: 'v2',
    view: 'changes',
    rules: USER_RULES,
  });
  if (!('fragment' in r)) throw new Error(r.issue.message);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto(`./#${r.fragment}`);

  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes).toBeVisible();
  const owner = page.locator('[data-testid="draft-rule"][data-rule-id="owner"]');
  await expect(owner).toBeVisible();
  // beside the change it explains: the removed spec.owner
  await expect(changes.locator('tr', { has: owner })).toHaveAttribute('data-change', 'removed');
  // only strong drafts: the ambiguous region and the mistyped size are not offered
  await expect(page.locator('[data-testid="draft-rule"][data-rule-id^="region"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="draft-rule"][data-rule-id="size"]')).toHaveCount(0);

  await expect(owner).not.toHaveAttribute('data-drafted', 'true');
  await owner.click();
  await expect(page.getByTestId('draft-status')).toContainText('owner');
  await expect(owner).toHaveAttribute('data-drafted', 'true');
  // The buttons, the status line and the extra column keep the tab accessible.
  const axe = await new AxeBuilder({ page })
    .include('[aria-label="Changes table"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  const afterOne = await rulesOf(await settledFragment(page));
  expect(afterOne.startsWith(USER_RULES)).toBe(true);
  expect(ruleIds(afterOne)).toEqual(['size', 'owner']);
  expect(parseRules(afterOne).issues).toEqual([]);

  // Draft all adds the rest once; drafting owner again adds nothing.
  await page.getByTestId('draft-all').click();
  await expect(page.getByTestId('draft-status')).toContainText('tier-values');
  // Everything is drafted: Draft all goes (issue 25).
  await expect(page.getByTestId('draft-all')).toHaveCount(0);
  await owner.click();
  await expect(page.getByTestId('draft-status')).toContainText('Already');
  const fragment = await settledFragment(page);
  const all = await rulesOf(fragment);
  expect(all.startsWith(USER_RULES)).toBe(true);
  expect([...ruleIds(all)].sort()).toEqual(
    ['size', 'owner', 'endpoint', 'sizeGb', 'mode-values', 'tier-values', 'schedule'].sort(),
  );

  // The Markdown carries the rules text, the rule ids with it.
  await page.getByRole('button', { name: 'Copy as Markdown' }).click();
  await expect(page.getByTestId('share-status')).toBeVisible();
  const md = await clipboard(page);
  expect(md).toContain('Conversion rules');
  expect(md).toContain('- id: owner');
  expect(md).toContain('# mine, kept as typed');

  // A fresh context opened from the link has the same rules.
  const other = await (await browser.newContext()).newPage();
  await other.goto(`./${fragment}`);
  await expect(other.getByRole('table', { name: 'Changes' })).toBeVisible();
  expect(await rulesOf(await settledFragment(other))).toBe(all);
  await other.context().close();
});
