// Regenerates docs/screenshot.png (the README's picture): the built app in Chromium, the ServiceFabric
// example with its property bag. `node --import tsx scripts/screenshot.ts` after `npm run build`.
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
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(server.url);
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:servicefabric');
  // Near the line's start: a click at its centre would scroll the pane sideways (the line is as wide as the longest).
  await page
    .locator('section[aria-label="Hub"] [data-path="spec.properties.$propertyBag.NodeTypes"]')
    .click({ position: { x: 40, y: 10 } });
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(root, 'docs/screenshot.png') });
} finally {
  await browser.close();
  server.stop();
}
