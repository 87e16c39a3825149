// A judging worker's entry (judgePool.ts): the CLI runs TypeScript through tsx, and a worker thread loads modules on
// its own, so it registers the loader as bin/version-explorer.mjs does before loading the worker's code.
import { register } from 'tsx/esm/api';

register();
await import('./judgeWorker.ts');
