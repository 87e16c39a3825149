// A chunk the first screen does not need (src/ui/explorer/laterPanels.ts): loaded once, at idle after the
// first paint or when a view first needs it, and then at hand synchronously. A component mounted after the
// chunk has arrived renders its real component at once; one mounted before shows `fallback` until it arrives
// and keeps its Suspense wrapper for the rest of its life (switching wrappers would remount it and lose its state).
import { createElement, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

export interface Preloaded<M> {
  /** Starts the load (once); settles with the module. */
  readonly load: () => Promise<M>;
  /** The module, once it has arrived. */
  readonly current: () => M | undefined;
  /** A component that renders `pick(module)`, or `fallback` while the module is on its way. */
  readonly component: <P extends object>(pick: (m: M) => ComponentType<P>, fallback: ReactNode) => ComponentType<P>;
}

export function preloaded<M>(importer: () => Promise<M>): Preloaded<M> {
  let loading: Promise<M> | undefined;
  let arrived: M | undefined;
  const load = () =>
    (loading ??= importer().then(
      (m) => (arrived = m),
      (error: unknown) => {
        loading = undefined; // a failed download may be retried by the next view that needs it
        throw error;
      },
    ));
  const component = <P extends object>(pick: (m: M) => ComponentType<P>, fallback: ReactNode) => {
    const Lazy = lazy(() => load().then((m) => ({ default: pick(m) })));
    function Preloaded(props: P) {
      const [ready] = useState(() => arrived);
      if (ready) return createElement(pick(ready), props);
      return createElement(Suspense, { fallback }, createElement(Lazy, props));
    }
    return Preloaded;
  };
  return { load, current: () => arrived, component };
}

/** Runs `run` when the page's main thread is next idle (at the latest after `timeoutMs`). */
export function whenIdle(run: () => void, timeoutMs = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: timeoutMs });
  else setTimeout(run, 1);
}
