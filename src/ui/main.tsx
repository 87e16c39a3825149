// The page's entry: starts the conversion worker and the catalog fetches (platform/startEarly.ts), then runs
// the app. The app is a separate chunk (preloaded by index.html) that runs once the catalog is on its way to
// the worker, or after WAIT_MS: its first task is long, and the fetches' answers would wait behind it.
import { catalogSent } from './platform/startEarly.ts';

const WAIT_MS = 150;

void Promise.race([catalogSent, new Promise((resolve) => setTimeout(resolve, WAIT_MS))]).then(
  () => import('./boot.tsx'),
);
