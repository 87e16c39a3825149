// Helpers for the share e2e specs: error watching (console, page errors, CSP violations), reading Monaco,
// and tiny local HTTP servers on 127.0.0.1 (a "remote" catalog host, and dist/ under a sub-path).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import { watchErrors } from './watchErrors.ts';

export interface Watch {
  readonly errors: string[];
  /** CSP violations seen by the page (securitypolicyviolation events). */
  csp(): Promise<string[]>;
}

/** Collects console errors, uncaught exceptions and CSP violations for the whole test. */
export async function watch(page: Page): Promise<Watch> {
  const errors = watchErrors(page);
  // Runs before the page's own scripts (Playwright injects it over CDP, so the page's CSP does not apply).
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return {
    errors,
    csp: () => page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []),
  };
}

/** The Monaco editor's text (only visible lines are rendered: keep test inputs short). */
export async function editorText(page: Page): Promise<string> {
  // Monaco reuses line elements as it scrolls: their order in the DOM is not the text's, their `top` is.
  const lines = await page
    .locator('.monaco-editor .view-lines')
    .first()
    .locator('.view-line')
    .evaluateAll((els) =>
      els
        .map((e) => ({ top: parseFloat((e as HTMLElement).style.top) || 0, text: (e as HTMLElement).innerText }))
        .sort((a, b) => a.top - b.top)
        .map((l) => l.text),
    );
  return lines.join('\n').replace(/\u00a0/g, ' ');
}

/**
 * Opens every details tab and waits until the lazily loaded parts have rendered (the round trip's two diff
 * editors): their chunks and workers are loaded, so a CSP refusal would have been reported by now.
 */
export async function openLazyParts(page: Page): Promise<void> {
  for (const tab of ['Lost', 'Conversion plan', 'Round trip', 'Version map', 'Changes', 'Conversion rules']) {
    const t = page.getByRole('tab', { name: new RegExp(`^${tab}`) });
    await t.click();
    await expect(t).toHaveAttribute('aria-selected', 'true');
    if (tab === 'Round trip') await expect(page.locator('.monaco-diff-editor')).toHaveCount(2);
  }
  await page.getByRole('button', { name: 'Start from a template' }).click();
  await expect(page.locator('#panel-rules .monaco-editor')).toBeVisible();
}

/** The middle pane (Hub in ASO's design, Stored as deployed) shows its first line. */
export async function panesShown(page: Page): Promise<void> {
  await expect(
    page
      .getByRole('region', { name: /^(Hub|Stored)$/ })
      .locator('.line')
      .first(),
  ).toBeVisible();
}

export async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator('.monaco-editor .view-lines').first()).toBeVisible();
  await page.waitForFunction(() => window.__versionExplorer?.setResource !== undefined);
  // After a switch to a built-in catalog the previous catalog's panes stay up until it converts: wait for its result.
  const picked = await page.getByLabel('Catalog', { exact: true }).inputValue();
  if (picked.startsWith('b:'))
    await page.waitForFunction(
      (id) => window.__versionExplorer?.rendered?.catalog?.startsWith(`builtin:${id}:`) === true,
      picked.slice(2),
    );
  // The middle pane: Hub in ASO's design (built-ins), Stored in the As deployed view (a plain CRD's default).
  await expect(page.getByRole('group', { name: /^(Hub|Stored) document at / })).toBeVisible();
}

/** A loaded plain CRD opens in the As deployed view; tests of ASO's design (hub, property bag, Lost tab) switch. */
export async function asoDesign(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'ASO design' }).click();
  await expect(page.getByRole('radio', { name: 'ASO design' })).toBeChecked();
  // The panes show it: a result for the open catalog in ASO design (not the catalog open before).
  await expect(page.getByRole('radiogroup', { name: 'Storage view' })).toHaveAttribute('data-applied', 'aso');
}

/** Replaces the input through the app's test hook (Playwright cannot type into Monaco reliably). */
export async function setInput(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => window.__versionExplorer?.setResource(t), text);
}

/** A fragment the address bar settles on (replaceState is debounced). */
export async function settledFragment(page: Page): Promise<string> {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => window.location.hash);
        const same = now === last && now.startsWith('#v1.');
        last = now;
        return same;
      },
      // Longer apart than the write debounce, so a write still due cannot pass for a settled fragment.
      { intervals: [700, 1000] },
    )
    .toBe(true);
  return last;
}

export async function clipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Snapshot of what a reviewer sees: editor text, selections, the selected tab, both panes, highlights. */
export async function snapshot(page: Page) {
  const value = (name: string) =>
    page
      .getByRole('combobox', { name, exact: true })
      .inputValue()
      .catch(() => undefined);
  return {
    editor: await editorText(page),
    catalog: await value('Catalog'),
    document:
      (await page.getByRole('combobox', { name: 'Document', exact: true }).count()) > 0
        ? await value('Document')
        : undefined,
    source: await value('Source version'),
    target: await value('Target version'),
    strategy: await page
      .getByRole('radiogroup', { name: 'Strategy' })
      .locator('input:checked')
      .getAttribute('value')
      .catch(() => null),
    tab: await page.getByRole('tab', { selected: true }).innerText(),
    hub: await page.getByRole('group', { name: /^Hub document at / }).innerText(),
    target_pane: await page.getByRole('group', { name: /^Target document at / }).innerText(),
    highlighted: await page.locator('.line.hl').evaluateAll((els) => els.map((e) => e.getAttribute('data-path'))),
  };
}

export interface LocalServer {
  readonly origin: string;
  close(): Promise<void>;
}

export async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<LocalServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Loads one CRD file through Open files… and waits until the Catalog picker shows it (a stored catalog). */
export async function loadCatalogFile(page: Page, name: string, text: string): Promise<void> {
  const before = await page.getByLabel('Catalog', { exact: true }).inputValue();
  await page
    .getByLabel('Catalog files', { exact: true })
    .setInputFiles({ name, mimeType: 'text/yaml', buffer: Buffer.from(text) });
  await expect(page.getByLabel('Catalog', { exact: true })).not.toHaveValue(before);
  await expect(page.getByLabel('Catalog', { exact: true })).toHaveValue(/^e:/);
}
