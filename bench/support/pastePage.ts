// The page the paste benchmarks drive (bench/ui.bench.ts, bench/compare/pastePairs.ts): the ServiceFabric example
// in the ASO view, Monaco loaded, the paste's key press stamped (`__pasteAt`) and long tasks observed.
import type { Browser, Page } from '@playwright/test';

export async function openPastePage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 720 },
    serviceWorkers: 'block',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:servicefabric');
  await page.waitForFunction(
    () => window.__versionExplorer?.rendered?.at && document.querySelector('.monaco-editor'),
    undefined,
    { timeout: 60_000 },
  );
  await page.evaluate(() => {
    const w = window as unknown as { __longest: number; __lastLong: number; __pasteAt: number };
    w.__longest = 0;
    w.__lastLong = performance.now();
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) {
        w.__longest = Math.max(w.__longest, e.duration);
        w.__lastLong = Math.max(w.__lastLong, e.startTime + e.duration);
      }
    }).observe({ type: 'longtask', buffered: false });
    addEventListener(
      'keydown',
      (e: KeyboardEvent) => {
        if (e.code === 'KeyV' && e.ctrlKey) w.__pasteAt = performance.now();
      },
      true,
    );
  });
  return page;
}

/**
 * `text` on the clipboard, the editor's text selected and the page settled: the next Ctrl+V replaces the input.
 * The click is into the first visible line: the middle of .view-lines can be scrolled out of the editor.
 */
export async function readyToPaste(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page
    .locator('.monaco-editor')
    .first()
    .click({ position: { x: 120, y: 12 } });
  await page.keyboard.press('Control+A');
  await settled(page);
}

/** When the page rendered an input of `inputLength` after `since` (page clock); `complete`: with its ranges. */
export async function waitRendered(page: Page, inputLength: number, since: number, complete = false): Promise<number> {
  const h = await page.waitForFunction(
    ([n, t, c]) => {
      const r = window.__versionExplorer?.rendered;
      return r && r.inputLength === n && r.at > t && (!c || r.complete) ? r.at : false;
    },
    [inputLength, since, complete] as const,
    { timeout: 60_000, polling: 'raf' },
  );
  return (await h.jsonValue()) as number;
}

/** Resolves once no long task has run for 1.5 s (the previous paste's ranges, link and autosave done). */
export const settled = (page: Page) =>
  page.waitForFunction(
    () => performance.now() - (window as unknown as { __lastLong: number }).__lastLong > 1500,
    undefined,
    { timeout: 60_000, polling: 250 },
  );
