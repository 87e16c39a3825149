// Issue 13 in the explorer: the Conversion rules editor. A Cluster API KubeadmControlPlane v1beta1 (the corpus
// sample) written to its v1beta2 storage loses `spec.machineTemplate.infrastructureRef` (v1beta2 has it under
// `spec.machineTemplate.spec`); a `move` rule makes the rules the webhook and the field lands where v1beta2 keeps
// it, its line naming the rule; a typo in the rule's path is a marker and an issue at its line; the copied link
// reopens the same result in a fresh browser context.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.ts';
import { encodeState } from '../src/ui/share/codec.ts';
import { CORPUS, CORPUS_MISSING, HAS_CORPUS } from '../src/core/testdata/corpus.ts';
import { clipboard, waitForApp } from './shareHelpers.ts';
import { dropRule, kcpRules, moveRule } from '../src/ui/rules/testdata/kcpRules.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.skip(!HAS_CORPUS, CORPUS_MISSING);
const CAPI = path.join(CORPUS, 'cluster-api');
const read = (p: string) => (HAS_CORPUS ? readFileSync(path.join(CAPI, p), 'utf8') : '');
const crdFile = 'controlplane.cluster.x-k8s.io_kubeadmcontrolplanes.yaml';
const crd = read(`crds/${crdFile}`);
// Cluster, DockerCluster, KubeadmControlPlane (the third document), ...: the catalog has only the KCP.
const sample = read('samples/v1.10.10/simple-cluster.yaml');

const REF = 'spec.machineTemplate.infrastructureRef';
const MOVED = 'spec.machineTemplate.spec.infrastructureRef';

/** A rules file moving the reference to `to` (the last thing in the text). */
const rules = (to: string) => kcpRules(moveRule('infrastructureRef', REF, to));

async function open(page: Page): Promise<void> {
  const r = await encodeState({
    catalog: {
      type: 'embedded',
      name: 'capi-kubeadmcontrolplanes',
      hash: 'c4b1kcp001',
      sources: [{ name: crdFile, text: crd }],
    },
    input: sample,
    document: 2,
    targetVersion: 'v1beta2',
    view: 'rules',
  });
  if (!('fragment' in r)) throw new Error(r.issue.message);
  // Tall enough for the rules editor to show the whole template under panes that keep 20 lines.
  await page.setViewportSize({ width: 1400, height: 1100 });
  await page.goto(`./#${r.fragment}`);
  await waitForApp(page);
}

const stored = (page: Page) => page.getByRole('group', { name: 'Stored document at v1beta2' });
const rulesEditor = (page: Page) => page.locator('#panel-rules .monaco-editor');
const rulesText = async (page: Page) =>
  (await rulesEditor(page).locator('.view-lines').innerText()).replace(/\u00a0/g, ' ');

test('a move rule turns a field lost on write into one moved by the rule, and the link keeps it', async ({
  page,
  browser,
}) => {
  await open(page);
  // Without rules: the CRD declares no conversion (None), and v1beta2's schema prunes the v1beta1 reference.
  await expect(page.getByRole('radio', { name: 'As deployed' })).toBeChecked();
  await expect(page.getByTestId('stored-drops').locator(`[data-path="${REF}"]`)).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Lost on write' })).toContainText(REF);
  await expect(stored(page).locator(`[data-path="${MOVED}"]`)).toHaveCount(0);

  // The empty editor offers a template for the kind and the versions looked at.
  await expect(page.getByTestId('rules-empty')).toBeVisible();
  await page.getByRole('button', { name: 'Start from a template' }).click();
  await expect.poll(() => rulesText(page)).toContain('kind: KubeadmControlPlane');
  expect(await rulesText(page)).toMatch(/from: v1beta1[\s\S]*to: v1beta2/);
  await expect(page.getByTestId('rules-status')).toHaveAttribute('data-applied', 'deployed');

  // A rule whose destination the schema lacks: a marker and an issue at its line and column.
  const typo = rules(`${MOVED}X`);
  await page.evaluate((t) => window.__versionExplorer?.setRules?.(t), typo);
  await expect.poll(() => rulesText(page)).toContain('infrastructureRefX');
  const lines = typo.split('\n');
  const line = lines.length; // the last line
  const col = (lines[line - 1] ?? '').indexOf(MOVED) + 1;
  const problem = page.getByRole('list', { name: 'Rules problems' }).locator('[data-code="RULE_PATH_UNKNOWN"]');
  await expect(problem).toContainText(`rules.yaml:${line}:${col}:`);
  await expect(rulesEditor(page).locator('.squiggly-error')).not.toHaveCount(0);
  await expect(page.getByRole('tab', { name: /^Conversion rules/ }).locator('.tab-count')).toHaveText('!1');

  // Typing fixes it: the conversion reruns and the reference is moved by the rule.
  await rulesEditor(page).locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Backspace');
  await expect(problem).toHaveCount(0);
  await expect(rulesEditor(page).locator('.squiggly-error')).toHaveCount(0);
  const movedLine = stored(page).locator(`[data-path="${MOVED}"]`);
  await expect(movedLine).toHaveAttribute('data-rule', 'infrastructureRef');
  await expect(movedLine).toHaveAttribute('data-fate', 'renamed');
  await expect(movedLine).toHaveAttribute('title', /moved by rule `infrastructureRef`/);
  await expect(page.getByTestId('stored-drops').locator(`[data-path="${REF}"]`)).toHaveCount(0);
  await expect(page.getByRole('alert', { name: 'Lost on write' })).not.toContainText(REF);
  await expect(page.getByTestId('rules-status')).toHaveAttribute('data-applied', 'deployed');
  // The status says what the rules handled and what they leave lost (issue 25).
  const effect = page.getByTestId('rules-status').locator('.rules-effect');
  await expect(effect).not.toHaveAttribute('data-handled', '0');
  await expect(effect).not.toContainText(REF);

  // A line that is not YAML keeps the last rules that were (issue 25): the reference stays moved, the status says so.
  const good = await rulesText(page);
  await page.evaluate((t) => window.__versionExplorer?.setRules?.(t), `${good}\n      - id: [unclosed`);
  await expect(page.getByTestId('rules-status')).toHaveAttribute('data-last-good', 'true');
  await expect(movedLine).toHaveAttribute('data-rule', 'infrastructureRef');
  await expect(page.getByTestId('stored-drops').locator(`[data-path="${REF}"]`)).toHaveCount(0);
  await page.evaluate((t) => window.__versionExplorer?.setRules?.(t), good);
  await expect(page.getByTestId('rules-status')).not.toHaveAttribute('data-last-good', 'true');

  // The fate list (the As deployed tab) names the rule too.
  await page.getByRole('tab', { name: /^As deployed/ }).click();
  const row = page.getByRole('table', { name: 'Deployed fates' }).locator(`tr[data-path="${MOVED}"]`);
  await expect(row).toHaveAttribute('data-rule', 'infrastructureRef');
  await expect(row).toContainText('moved by rule `infrastructureRef`');
  await page.getByRole('tab', { name: /^Conversion rules/ }).click();
  const shown = await stored(page).innerText();

  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByTestId('share-status')).toBeVisible();
  const link = await clipboard(page);
  // The Markdown for a review carries the rules (folded) and does not list the moved field as lost.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByRole('button', { name: 'Copy as Markdown' }).click();
  await expect.poll(() => clipboard(page)).toContain('<summary>Conversion rules</summary>');
  const md = await clipboard(page);
  expect(md).toContain(`to: ${MOVED}`);
  expect(md).not.toContain(`\`${REF}\``);

  const ctx = await browser.newContext(); // empty storage: the catalog and the rules can only come from the link
  const other = await ctx.newPage();
  await other.setViewportSize({ width: 1400, height: 1000 });
  await other.goto(link);
  await waitForApp(other);
  await expect(stored(other).locator(`[data-path="${MOVED}"]`)).toHaveAttribute('data-rule', 'infrastructureRef');
  await expect.poll(() => stored(other).innerText()).toBe(shown);
  await expect.poll(() => rulesText(other)).toContain(`to: ${MOVED}`);
  expect(await rulesText(other)).not.toContain('infrastructureRefX');
  await ctx.close();
});

test('a drop rule is an intended loss: listed with its rule and reason, not in the lost-on-write banner; a refused label fails the write', async ({
  page,
}) => {
  await open(page);
  await expect(page.getByRole('alert', { name: 'Lost on write' })).toContainText(REF);
  const drop = kcpRules(dropRule('old-reference', REF, 'the reviewer accepts losing it'));
  await page.evaluate((t) => window.__versionExplorer?.setRules?.(t), drop);
  const onPurpose = page.getByTestId('stored-rule-drops').locator(`[data-path="${REF}"]`);
  await expect(onPurpose).toHaveAttribute('data-rule', 'old-reference');
  await expect(onPurpose).toContainText('dropped on purpose by rule `old-reference`: the reviewer accepts losing it');
  await expect(page.getByTestId('stored-drops').locator(`[data-path="${REF}"]`)).toHaveCount(0);
  await expect(page.getByRole('alert', { name: 'Lost on write' })).not.toContainText(REF);

  // A rule writing a label the API server refuses ("/" in a label value) fails the write (restoreObjectMeta).
  const label = kcpRules(moveRule('ref-label', `${REF}.apiVersion`, 'metadata.labels.ref'));
  await page.evaluate((t) => window.__versionExplorer?.setRules?.(t), label);
  const rejected = page.getByTestId('conversion-rejected');
  await expect(rejected).toHaveAttribute('data-code', 'CONVERSION_INVALID_METADATA');
  await expect(rejected).toHaveAttribute('data-on', 'write');
  await expect(rejected).toHaveAttribute('data-path', 'metadata.labels.ref');
  await expect(page.getByRole('alert', { name: 'Rejected by the API server' })).toBeVisible();
});

test('typing fast in the rules editor keeps every character, and the autosave restores the rules', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Start from a template' }).click();
  await expect.poll(() => rulesText(page)).toContain('rules: []');
  await rulesEditor(page).locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  const note = '# typed: move spec.a to spec.b, then compute spec.c';
  await page.keyboard.type(note, { delay: 0 });
  await expect.poll(() => rulesText(page)).toContain(note);
  await expect(page.getByTestId('rules-status')).toHaveAttribute('data-applied', 'deployed');
  // Autosave runs after a pause (waited for, not slept on); opening the app without a link restores the state.
  const saved = () => page.evaluate(() => localStorage.getItem('version-explorer:state:v1') ?? '');
  await expect
    .poll(async () => (JSON.parse((await saved()) || '{}') as { rules?: string }).rules ?? '')
    .toContain(note);
  await page.goto('about:blank');
  await page.goto('./');
  await waitForApp(page);
  await expect.poll(() => rulesText(page)).toContain(note);
});

test('axe: the Conversion rules tab has no serious or critical violations', async ({ page }) => {
  await open(page);
  await page.evaluate((t) => window.__versionExplorer?.setRules?.(t), rules(`${MOVED}X`));
  await expect(page.getByRole('list', { name: 'Rules problems' })).toBeVisible();
  await expect(rulesEditor(page)).toBeVisible();
  const r = await new AxeBuilder({ page }).include('#panel-rules').withTags(['wcag2a', 'wcag2aa']).analyze();
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  expect(bad).toEqual([]);
});

test('a rule whose CEL fails: the API server fails the write (no field shown lost), and the rules editor marks the rule in both views', async ({
  page,
}) => {
  await open(page);
  // v1beta1's replicas is an integer: int() of the object's name fails on this sample ("kind-controlplane").
  const failing = kcpRules(
    moveRule('infrastructureRef', REF, MOVED),
    `      - id: replicas\n        compute:\n          up: { spec.replicas: "self.spec.replicas + int(self.metadata.name)" }\n          down: { spec.replicas: "self.spec.replicas - int(self.metadata.name)" }`,
  );
  await page.evaluate((t) => window.__versionExplorer?.setRules?.(t), failing);
  const line = failing.split('\n').findIndex((l) => l.includes('id: replicas')) + 1;
  const problem = page.getByRole('list', { name: 'Rules problems' }).locator('[data-code="RULE_FAILED"]');
  await expect(problem).toContainText(`rules.yaml:${line}:`);
  await expect(rulesEditor(page).locator('.squiggly-error')).not.toHaveCount(0);
  // As deployed: a conversion that fails fails the request (converter.go), it never shows fields as lost.
  await expect(page.getByTestId('stored-drops').locator('[data-path="spec.replicas"]')).toHaveCount(0);
  await expect(page.getByTestId('request-rejected')).toHaveAttribute('data-code', 'RULE_FAILED');

  // ASO design: the same failure is the rules' problem (listed once) with its marker at the rule.
  await page.getByRole('radio', { name: 'ASO design' }).click();
  await expect(page.getByTestId('rules-status')).toHaveAttribute('data-applied', 'aso');
  await expect(problem.first()).toContainText(`rules.yaml:${line}:`);
  await expect(rulesEditor(page).locator('.squiggly-error')).not.toHaveCount(0);
});
