// A stream's live heap is a few batches of objects and the shared caches: small, and flat whatever the count. V8 by
// default lets garbage grow to about four times the live heap before a full collection, and gets there only after
// tens of thousands of objects, so the peak grew with the run's length although nothing was kept. Letting the heap
// grow at most twofold after each full collection keeps the peak near the live set at any count, for about 3% more
// CPU (docs/performance.md). The flag is the process's, so it holds for the worker threads too.
import v8 from 'node:v8';

let bounded = false;

/** Bounds the heap's growth for the rest of the process (once; a later call does nothing). */
export function boundHeapGrowth(): void {
  if (bounded) return;
  bounded = true;
  v8.setFlagsFromString('--heap-growing-percent=100');
}
