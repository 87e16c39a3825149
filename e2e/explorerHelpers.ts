// Shared by the explorer's e2e specs: opening a built-in catalog, seeding the resource, the panes and tabs by
// role, the autosaved state, and the smallest hand-written CRD.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { Page } from './fixtures.ts';
import { panesShown } from './shareHelpers.ts';

export async function open(page: Page, catalog?: string): Promise<void> {
  await page.goto('./');
  await panesShown(page);
  if (catalog) {
    await page.getByLabel('Catalog', { exact: true }).selectOption(`b:${catalog}`);
    // The previous catalog's panes stay up until the new one converts: wait for a result of this catalog.
    await page.waitForFunction(
      (id) => window.__versionExplorer?.rendered?.catalog?.startsWith(`builtin:${id}:`) === true,
      catalog,
    );
  }
  await page.waitForFunction(() => window.__versionExplorer?.setResource !== undefined);
}

/** The autosaved state (written after a short settle delay). */
export const savedState = (page: Page) => page.evaluate(() => localStorage.getItem('version-explorer:state:v1') ?? '');

export async function seed(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => window.__versionExplorer?.setResource(t), text);
}

export const pane = (page: Page, name: 'Resource' | 'Hub' | 'Stored' | 'Target') =>
  page.getByRole('region', { name, exact: true });
export const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });

// A hand-written CRD in its smallest form (the root schema lists only spec), shared with the importer tests.
export const WIDGET_CRD = readFileSync(
  path.resolve(import.meta.dirname, '../src/importers/testdata/widget-minimal-crd.yaml'),
  'utf8',
);
