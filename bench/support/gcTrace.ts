// Chromium trace of one paste (BENCH_TRACE=1 in bench/ui.bench.ts): garbage collection and busy time on the
// page's main thread and in the conversion worker, between the key press and the panes, to say what a slow
// paste does that a fast one does not.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { stopAndRead, threadNames } from './trace.ts';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'disabled-by-default-v8.gc',
  'blink.user_timing',
  // BENCH_TRACE_JS=1: JavaScript samples too (to see where a paste's CPU goes; BENCH_TRACE_DIR keeps them).
  ...(process.env.BENCH_TRACE_JS ? ['disabled-by-default-v8.cpu_profiler'] : []),
];

export interface ThreadSummary {
  /** Garbage collection in the window: pauses (scavenges, mark-compact finalisation) and their total. */
  gcMs: number;
  gcCount: number;
  majorMs: number;
  /** Top-level tasks' total in the window, and their thread (CPU) time: busy well over CPU is a thread
   * waiting for a core. */
  busyMs: number;
  cpuMs: number;
}

export interface PasteTrace {
  main: ThreadSummary;
  worker: ThreadSummary;
}

export const startTrace = (browser: Browser, page: Page) => browser.startTracing(page, { categories: CATEGORIES });

// Pauses on the thread itself (the atomic GC events; the V8.GC_* sub-phases nest in them).
const MINOR = new Set(['MinorGC', 'ScavengeTask']);
const MAJOR = new Set(['MajorGC']);
const TOP = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

/**
 * Summarises the trace between `from` and `to` (the page's performance.now() clock). The page's `ve:send`
 * mark, at `sendAt` on that clock, ties the trace's clock to it.
 */
export async function stopTrace(browser: Browser, from: number, to: number, sendAt: number): Promise<PasteTrace> {
  const events = await stopAndRead(browser, `paste-${Math.round(from)}`);
  // The window on the page's clock (the key press, the panes, the request's mark), for a later look.
  if (process.env.BENCH_TRACE_DIR)
    writeFileSync(
      path.join(process.env.BENCH_TRACE_DIR, `paste-${Math.round(from)}.window.json`),
      JSON.stringify({ from, to, sendAt }),
    );
  const names = threadNames(events);
  const send = events.filter((e) => e.name === 've:send').at(-1);
  const empty = (): ThreadSummary => ({ gcMs: 0, gcCount: 0, majorMs: 0, busyMs: 0, cpuMs: 0 });
  if (!send) return { main: empty(), worker: empty() };
  const mainKey = `${send.pid}:${send.tid}`;
  const offset = send.ts / 1000 - sendAt;
  const lo = from + offset;
  const hi = to + offset;
  const threads = new Map<string, ThreadSummary>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue;
    const start = e.ts / 1000;
    const end = start + e.dur / 1000;
    if (end < lo || start > hi) continue;
    const key = `${e.pid}:${e.tid}`;
    if (key !== mainKey && !/DedicatedWorker/.test(names.get(key) ?? '')) continue;
    const thread = threads.get(key) ?? empty();
    threads.set(key, thread);
    const ms = Math.min(end, hi) - Math.max(start, lo);
    if (MINOR.has(e.name) || MAJOR.has(e.name)) {
      thread.gcMs += ms;
      thread.gcCount++;
      if (MAJOR.has(e.name)) thread.majorMs += ms;
    } else if (TOP.has(e.name)) {
      thread.busyMs += ms;
      thread.cpuMs += ((e.tdur ?? e.dur) / 1000) * (ms / (e.dur / 1000 || 1));
    }
  }
  // The conversion worker: the busiest worker in the window (Monaco's and the share worker idle meanwhile).
  const workers = [...threads].filter(([k]) => k !== mainKey).map(([, t]) => t);
  const worker = workers.sort((a, b) => b.busyMs - a.busyMs)[0] ?? empty();
  return { main: threads.get(mainKey) ?? empty(), worker };
}

export const formatTrace = (t: PasteTrace) =>
  (['main', 'worker'] as const)
    .map(
      (k) =>
        `${k} busy ${t[k].busyMs.toFixed(0)} ms (cpu ${t[k].cpuMs.toFixed(0)}), gc ${t[k].gcMs.toFixed(0)} ms in ${t[k].gcCount} (major ${t[k].majorMs.toFixed(0)})`,
    )
    .join('; ');
