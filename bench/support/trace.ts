// What the Chromium trace readers (firstTrace.ts, gcTrace.ts) share: the event shape, stopping a trace (kept in
// BENCH_TRACE_DIR when set) and the threads' names.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

/** Stops tracing and returns its events; with BENCH_TRACE_DIR the trace is kept there as `<name>.json`. */
export async function stopAndRead(browser: Browser, name: string): Promise<TraceEvent[]> {
  const buf = await browser.stopTracing();
  if (process.env.BENCH_TRACE_DIR) writeFileSync(path.join(process.env.BENCH_TRACE_DIR, `${name}.json`), buf);
  return (JSON.parse(buf.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
}

/** Thread names by `pid:tid`. */
export function threadNames(events: readonly TraceEvent[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  return names;
}
