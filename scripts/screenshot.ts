// Regenerates docs/screenshot.png (the README's picture): the built app in Chromium, the first screen as a new
// visitor sees it (the purpose line, the ways in, the Widget CRD losing a field on write). `node --import tsx scripts/screenshot.ts` after `npm run build`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startPreview } from './previewServer.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.SCREENSHOT_PORT ?? 4197);
const server = await startPreview(root, port);
const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const browser = await chromium.launch({
  ...(executablePath ? { executablePath } : {}),
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(server.url);
  await page.locator('[data-testid="stored-drops"]').waitFor();
  await page.locator('.monaco-editor .view-lines').first().waitFor();
  // Select the dropped field: it lights up in the editor and the panes.
  await page.locator('.monaco-editor .view-line', { hasText: 'colour: teal' }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(root, 'docs/screenshot.png') });
} finally {
  await browser.close();
  server.stop();
}
