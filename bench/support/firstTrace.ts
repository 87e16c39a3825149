// Chromium trace of one cold load (BENCH_TRACE_FIRST=1 in bench/ui.bench.ts): the steps of the first render's
// critical path on the page's clock (navigation start = 0), to say where its time goes: the conversion worker's
// code compiled and evaluated, its first messages (the catalog, then the example's conversion) handled, and how
// long the page's main thread was busy before the panes. Tracing itself slows the load: compare steps, not totals.
import type { Browser, Page } from '@playwright/test';
import { stopAndRead, threadNames, type TraceEvent } from './trace.ts';

const CATEGORIES = ['devtools.timeline', 'v8', 'blink.user_timing', 'toplevel'];
// (Top-level tasks: 'ThreadControllerImpl::RunTask', from the toplevel category.)

/** A step: start and duration, ms on the page's clock. */
export type Step = readonly [start: number, ms: number];

export interface FirstRenderSteps {
  readonly workerCompile?: Step;
  readonly workerEvaluate?: Step;
  /** The worker's first two messages handled (the catalog, the example's conversion). */
  readonly workerMessages: readonly Step[];
  /** The main thread's top-level tasks before the panes, in all: wall time, and CPU time (the rest waited for a core). */
  readonly mainBusyMs: number;
  readonly mainCpuMs: number;
}

export const startFirstTrace = (browser: Browser, page: Page) => browser.startTracing(page, { categories: CATEGORIES });

/** Reads the trace up to `stamp` (the first render); the page's `ve:send` mark at `sendAt` ties the clocks. */
export async function stopFirstTrace(browser: Browser, sendAt: number, stamp: number): Promise<FirstRenderSteps> {
  return firstRenderSteps(await stopAndRead(browser, `first-${Date.now()}`), sendAt, stamp);
}

export function firstRenderSteps(events: readonly TraceEvent[], sendAt: number, stamp: number): FirstRenderSteps {
  const names = threadNames(events);
  // The page's clock: from its `ve:send` mark, else (a first visit answered by the build sends nothing at once)
  // from the page's navigation start, its clock's zero.
  const send = events.find((e) => e.name === 've:send');
  const navigation = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame === true &&
      e.args.data.documentLoaderURL?.startsWith('http') === true,
  );
  const anchor = send && Number.isFinite(sendAt) ? { e: send, at: sendAt } : navigation && { e: navigation, at: 0 };
  if (!anchor) return { workerMessages: [], mainBusyMs: NaN, mainCpuMs: NaN };
  // The page's main thread: its renderer's (the anchor's process) CrRendererMain.
  const isMain = (e: TraceEvent) => e.pid === anchor.e.pid && names.get(`${e.pid}:${e.tid}`) === 'CrRendererMain';
  const offset = anchor.e.ts / 1000 - anchor.at;
  const step = (e: TraceEvent): Step => [e.ts / 1000 - offset, (e.dur ?? 0) / 1000];
  const complete = events.filter((e) => e.ph === 'X' && e.dur !== undefined && e.ts / 1000 - offset <= stamp);
  // The conversion worker is the dedicated worker that compiles a module first (Monaco's come later).
  const worker = complete
    .filter((e) => e.name === 'v8.compileModule' && /DedicatedWorker/.test(names.get(`${e.pid}:${e.tid}`) ?? ''))
    .sort((a, b) => a.ts - b.ts)[0];
  const inWorker = (name: string) =>
    worker
      ? complete
          .filter((e) => e.name === name && e.pid === worker.pid && e.tid === worker.tid)
          .sort((a, b) => a.ts - b.ts)
      : [];
  const evaluate = inWorker('v8.evaluateModule')[0];
  const mainTasks = complete.filter(
    (e) => isMain(e) && e.name === 'ThreadControllerImpl::RunTask' && e.ts / 1000 - offset >= 0,
  );
  return {
    ...(worker ? { workerCompile: step(worker) } : {}),
    ...(evaluate ? { workerEvaluate: step(evaluate) } : {}),
    workerMessages: inWorker('HandlePostMessage').slice(0, 2).map(step),
    mainBusyMs: mainTasks.reduce((ms, e) => ms + (e.dur ?? 0) / 1000, 0),
    mainCpuMs: mainTasks.reduce((ms, e) => ms + (e.tdur ?? 0) / 1000, 0),
  };
}

const fmt = (s: Step | undefined) => (s ? `${s[0].toFixed(0)} +${s[1].toFixed(0)}` : '-');

export const formatFirstSteps = (s: FirstRenderSteps) =>
  `worker compile ${fmt(s.workerCompile)}, evaluate ${fmt(s.workerEvaluate)}, messages ${
    s.workerMessages.map(fmt).join(', ') || '-'
  }; main thread busy ${s.mainBusyMs.toFixed(0)} ms (CPU ${s.mainCpuMs.toFixed(0)} ms)`;
