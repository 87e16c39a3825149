import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's Chromium: Playwright's own browser download is not reachable here.
const executablePath = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].find((p): p is string => typeof p === 'string' && existsSync(p));
const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  // Spec files in parallel (each test has its own browser context; local servers take free ports). Playwright's
  // default, half the cores, is one worker on a 2-core machine.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Tests, not just files, spread over the workers: the longest spec files no longer make a serial tail.
  fullyParallel: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace for every test costs about a quarter of the run (measured here: 103 -> 78 s on two
    // spec files): traces are recorded on a retry (CI), or for every test with E2E_TRACE=1.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-default-apps',
        '--disable-domain-reliability',
        '--disable-quic',
        '--no-first-run',
        '--no-default-browser-check',
      ],
    },
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}`,
    // `npm test` picks a free port and always starts its own server (E2E_OWN_SERVER).
    reuseExistingServer: !process.env.CI && !process.env.E2E_OWN_SERVER,
    timeout: 60_000,
  },
});
