// Regenerates docs/screenshot.png (the README's picture): the built app in Chromium, the ServiceFabric
// example with its property bag. `node --import tsx scripts/screenshot.ts` after `npm run build`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const port = 4197;
const server = spawn(
  process.execPath,
  [path.join(root, 'node_modules/vite/bin/vite.js'), 'preview', '--host', '127.0.0.1', '--port', String(port)],
  { cwd: root, stdio: 'ignore' },
);
const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const browser = await chromium.launch({
  ...(executablePath ? { executablePath } : {}),
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  for (let i = 0; i < 50; i++) {
    try {
      await page.goto(`http://127.0.0.1:${port}/`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:servicefabric');
  // Near the line's start: a click at its centre would scroll the pane sideways (the line is as wide as the longest).
  await page
    .locator('section[aria-label="Hub"] [data-path="spec.properties.$propertyBag.NodeTypes"]')
    .click({ position: { x: 40, y: 10 } });
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(root, 'docs/screenshot.png') });
} finally {
  await browser.close();
  server.kill();
}
