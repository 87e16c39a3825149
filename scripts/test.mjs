#!/usr/bin/env node
// The one test command (README, .ci/run): every check, then one closing line `N passed, N failed` (CI reads
// that prefix), followed by `, N skipped` and why when tests were skipped.
// Runs every step even after a failure, so one run shows everything that is wrong.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { closingLine } from './closingLine.mjs';
import { findCorpus } from './corpusLocation.mjs';
import { freePort } from './freePort.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const only = process.argv.slice(2); // e.g. `npm test -- unit e2e` to run a subset
const want = (step) => only.length === 0 || only.includes(step);
let passed = 0;
let failed = 0;
let skipped = 0;
const summary = [];

function run(label, cmd, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  return { ok: r.status === 0, secs };
}

function check(label, cmd, args) {
  const { ok, secs } = run(label, cmd, args);
  if (ok) passed++;
  else failed++;
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${label} (${secs}s)`);
  return ok;
}

// Only what Chromium needs (no recommended packages: those pull in about 115 more, 479 MB, and upgrade systemd):
// Debian's chromium (its libraries come as dependencies) and Liberation, the metric-compatible Arial/Helvetica
// the page's font stack falls back to (fontconfig brings DejaVu for everything else).
const CHROMIUM_PACKAGES = ['chromium', 'fonts-liberation'];

function ensureChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  if (candidates.some((p) => p && existsSync(p))) return true;
  const install = ['install', '-y', '--no-install-recommends', ...CHROMIUM_PACKAGES];
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log(`Chromium is missing: apt-get ${install.join(' ')} ...`);
    const u = spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    const i = spawnSync('apt-get', install, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (u.status === 0 && i.status === 0 && existsSync('/usr/bin/chromium')) return true;
  }
  console.error(`End-to-end tests need Chromium. Run as root: apt-get update && apt-get ${install.join(' ')}`);
  return false;
}

// The corpus is optional: without it its tests are skipped, and the closing line says so (once: vitest's own
// notice, src/core/testdata/corpusNotice.ts, is silenced here).
const noCorpus = !findCorpus(root).found;

if (want('typecheck')) check('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
if (want('lint')) check('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
if (want('format')) check('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);

if (want('unit')) {
  const out = path.join(reports, 'vitest.json');
  const { ok, secs } = run(
    'unit tests (vitest)',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { VE_CORPUS_NOTICE: 'off' },
  );
  if (existsSync(out)) {
    const j = JSON.parse(readFileSync(out, 'utf8'));
    passed += j.numPassedTests;
    failed += j.numFailedTests;
    const skips = j.numPendingTests + j.numTodoTests;
    skipped += skips;
    if (!ok && j.numFailedTests === 0) failed++; // e.g. a file that failed to load
    summary.push(
      `${ok ? 'ok  ' : 'FAIL'} unit tests: ${j.numPassedTests} passed, ${j.numFailedTests} failed, ${skips} skipped (${secs}s)`,
    );
  } else {
    failed++;
    summary.push(`FAIL unit tests: no report (${secs}s)`);
  }
}

let built = true;
if (want('build') || want('e2e')) built = check('build', 'npm', ['run', 'build', '--silent']);

if (want('e2e')) {
  const out = path.join(reports, 'playwright.json');
  if (!built) {
    failed++;
    summary.push('FAIL e2e: skipped, the build failed');
  } else if (!ensureChromium()) {
    failed++;
    summary.push('FAIL e2e: Chromium is not installed');
  } else {
    // A port of our own: a server left on 4173 (an `npm start`, another checkout) must not be tested instead.
    const port = process.env.E2E_PORT ?? String((await freePort(4173)) ?? 4173);
    const { ok, secs } = run(
      'end-to-end tests (playwright, Chromium)',
      'npx',
      ['playwright', 'test', '--reporter=list,json'],
      {
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
        E2E_PORT: port,
        E2E_OWN_SERVER: '1',
      },
    );
    if (existsSync(out)) {
      const s = JSON.parse(readFileSync(out, 'utf8')).stats;
      passed += s.expected + s.flaky;
      failed += s.unexpected;
      skipped += s.skipped;
      if (!ok && s.unexpected === 0) failed++;
      summary.push(
        `${ok ? 'ok  ' : 'FAIL'} e2e: ${s.expected + s.flaky} passed (${s.flaky} flaky), ${s.unexpected} failed, ${s.skipped} skipped (${secs}s)`,
      );
    } else {
      failed++;
      summary.push(`FAIL e2e: no report (${secs}s)`);
    }
  }
}

console.log('\n=== summary');
for (const line of summary) console.log(line);
console.log(closingLine({ passed, failed, skipped, noCorpus }));
process.exit(failed === 0 ? 0 : 1);
