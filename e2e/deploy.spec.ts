// Issue 18, the deploy recipe: the build carries its CSP twice, as the <meta> tag (GitHub Pages, which sends no
// headers) and as dist/_headers (hosts that send headers), the header form adding frame-ancestors; the Pages
// workflow builds and publishes dist/.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { expect, test } from './fixtures.ts';

test('dist/_headers sends the meta CSP plus frame-ancestors, and the Pages workflow publishes dist', async ({
  page,
}) => {
  const headers = readFileSync('dist/_headers', 'utf8');
  const header = /^\s+Content-Security-Policy: (.+)$/m.exec(headers)?.[1] ?? '';
  await page.goto('./');
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(meta).toBeTruthy();
  expect(meta).not.toContain('frame-ancestors');
  expect(header).toBe(`${meta}; frame-ancestors 'none'`);
  // The service worker does not precache the host's header file.
  const sw = await (await page.request.get('./sw.js')).text();
  expect(sw).not.toContain('_headers');

  const wf = parse(readFileSync('.github/workflows/pages.yml', 'utf8')) as {
    jobs: Record<string, { steps: { run?: string; uses?: string; with?: Record<string, string> }[] }>;
  };
  const steps = Object.values(wf.jobs).flatMap((j) => j.steps);
  expect(steps.map((s) => s.run).filter(Boolean)).toEqual(['npm ci', 'npm run build']);
  expect(steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact'))?.with?.path).toBe('dist');
});
