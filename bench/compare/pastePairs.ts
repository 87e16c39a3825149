// Pastes alternated between builds open side by side: each build (a copy of a dist/ folder) on its own server and
// page, one 1 MB YAML paste on each in turn (the order swapped every round), so the builds share the machine's
// minutes and load. On a shared 2-core machine that tells two builds apart where whole `bench:ui` runs one after the
// other do not. Prints, per build, the medians from the key press to the answer and to all panes, and the answer to
// the panes.
// `BENCH_DISTS=/tmp/dist-a,/tmp/dist-b node --import tsx bench/compare/pastePairs.ts` (BENCH_RUNS=n pastes each, after one
// warm-up; BENCH_OVER=1mb pastes over another megabyte instead of over the example).
import os from 'node:os';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { bigClusterYaml } from '../support/bigResource.ts';
import { openPastePage, readyToPaste, waitRendered } from '../support/pastePage.ts';
import { startPreview } from '../../scripts/previewServer.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dists = (process.env.BENCH_DISTS ?? '').split(',').filter(Boolean);
if (dists.length === 0) throw new Error('BENCH_DISTS=<dist folder>,<dist folder>: the builds to compare');
const RUNS = Number(process.env.BENCH_RUNS ?? 12);
const overExample = process.env.BENCH_OVER !== '1mb';
const port = Number(process.env.BENCH_PORT ?? 4640);

const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p): p is string => !!p && existsSync(p),
);
const browser = await chromium.launch({
  ...(executablePath ? { executablePath } : {}),
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const servers = await Promise.all(dists.map((d, i) => startPreview(root, port + i, path.resolve(d))));

/** One paste on a settled page: key press -> answer, -> panes. */
async function paste(page: Page, run: number): Promise<{ answer: number; panes: number }> {
  const text = bigClusterYaml(1_000_000, run);
  if (overExample) {
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.waitForFunction(() => (window.__versionExplorer?.rendered?.inputLength ?? 0) < 10_000);
  } else {
    const before = bigClusterYaml(1_000_000, run + 100);
    await page.evaluate((t) => window.__versionExplorer?.setResource(t), before);
    await page.waitForFunction((n) => window.__versionExplorer?.rendered?.inputLength === n, before.length);
  }
  await page.bringToFront();
  await readyToPaste(page, text);
  await page.keyboard.press('Control+V');
  const t0 = await page.evaluate(() => (window as unknown as { __pasteAt: number }).__pasteAt);
  const at = await waitRendered(page, text.length, t0);
  const reply = await page.evaluate(
    (t) =>
      performance
        .getEntriesByName('ve:reply')
        .filter((e) => e.startTime >= t)
        .at(-1)?.startTime ?? NaN,
    t0,
  );
  await waitRendered(page, text.length, t0, true);
  return { answer: reply - t0, panes: at - t0 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
try {
  const pages = await Promise.all(servers.map((s) => openPastePage(browser, s.url)));
  const results = dists.map(() => ({ answer: [] as number[], panes: [] as number[], load: [] as number[] }));
  for (let run = 0; run <= RUNS; run++) {
    const order = run % 2 ? [...pages.keys()].reverse() : [...pages.keys()];
    for (const i of order) {
      const r = await paste(pages[i] as Page, run);
      if (run === 0) continue; // warm-up
      const into = results[i] as (typeof results)[number];
      into.answer.push(r.answer);
      into.panes.push(r.panes);
      into.load.push(os.loadavg()[0] ?? NaN);
    }
  }
  for (const [i, d] of dists.entries()) {
    const r = results[i] as (typeof results)[number];
    const a = median(r.answer);
    const p = median(r.panes);
    console.log(
      `${d}: yaml over the ${overExample ? 'example' : '1 MB'}, ${r.panes.length} pastes: panes ${p.toFixed(0)} ms, answer ${a.toFixed(0)} ms, answer -> panes ${median(r.panes.map((x, k) => x - (r.answer[k] ?? NaN))).toFixed(0)} ms (runs ${r.panes.map((x) => x.toFixed(0)).join(', ')}; load ${Math.min(...r.load).toFixed(1)}–${Math.max(...r.load).toFixed(1)})`,
    );
  }
} finally {
  await browser.close();
  for (const s of servers) s.stop();
}
