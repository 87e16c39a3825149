// A large input's first phase renders only each pane's first lines (more than any screen shows); the second phase
// brings the whole panes. The one mechanism both views (ASO design: Hub, Target; As deployed: Stored, Target) use.
import type { ExploreResult, ExploreUpdate, WholePanes } from './types.ts';

/** Lines of each pane a large input's first phase renders. */
export const FIRST_LINES = 300;

/**
 * A view's panes, rendered by `render(limit)`: with `firstOnly` their first lines only, and then (when any pane
 * was cut) `whole` renders them all. The first lines are a prefix of the whole panes (renderHead's law).
 */
export function panesFor<P extends WholePanes>(
  render: (limit: number) => P,
  firstOnly: boolean,
): { panes: P; whole?: () => P } {
  const panes = render(firstOnly ? FIRST_LINES : Infinity);
  const cut = panes.hub?.partial || panes.stored?.partial || panes.target?.partial;
  return cut ? { panes, whole: () => render(Infinity) } : { panes };
}

/** A first-phase result completed by its update, as the page shows it: ranges, markers, the whole panes. */
export function completed(base: ExploreResult, up: ExploreUpdate): ExploreResult {
  if ('result' in up) return up.result;
  const { rangesPending: _, ...rest } = base;
  const { hub, stored, target } = up.panes ?? {};
  const done = { ...rest, ranges: up.ranges, markers: up.markers };
  if (rest.deployed)
    return {
      ...done,
      deployed: { ...rest.deployed, ...(stored ? { stored } : {}), ...(target ? { target } : {}) },
    };
  return { ...done, ...(hub ? { hub } : {}), ...(target ? { target } : {}) };
}
