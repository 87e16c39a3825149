// The first large paste after a page load met a cold worker: js-yaml's loader, the conversions and the panes'
// rendering had only run on the small example (code not yet optimised, a young generation sized for small
// inputs), and took about twice the CPU time of later pastes. So once the worker has been idle a moment after
// its first answer, it runs a large input's first phase (values-only parse, conversions, first lines) once on
// the document on screen grown to half a megabyte, and drops the result (docs/performance.md, "Paste",
// the warm-up). The worker runs it once per page; any request that arrives first postpones it.
import { stringify } from 'yaml';
import { explore } from '../viewModel/engine.ts';
import { parseValues } from '../viewModel/parseInput.ts';
import type { ExploreRequest } from '../viewModel/types.ts';

/** The synthetic document's size: smaller ones (100 KB) left the first megabyte as slow (V8 tiers code up and
 * sizes its young generation by what it has run). */
export const WARM_UP_CHARS = 512 * 1024;

/** Idle time before the warm-up: after the first render's and Monaco's own start work. */
export const WARM_UP_IDLE_MS = 1000;

/** The array holding the most items (the first of those), where the document repeats itself. */
function longestArray(v: unknown, best: unknown[] | undefined = undefined): unknown[] | undefined {
  if (v === null || typeof v !== 'object') return best;
  if (Array.isArray(v) && v.length > 0 && (!best || v.length > best.length)) best = v;
  for (const c of Array.isArray(v) ? v : Object.values(v)) best = longestArray(c, best);
  return best;
}

/** An item again, its `name` (a list-map key in most schemas) made unique. */
const copyOf = (item: unknown, i: number): unknown =>
  item !== null &&
  typeof item === 'object' &&
  !Array.isArray(item) &&
  typeof (item as { name?: unknown }).name === 'string'
    ? { ...item, name: `${(item as { name: string }).name}-${i}` }
    : item;

/**
 * The input's own document with its longest list's items repeated until the text takes the large-input path
 * (same fields, so the conversions and the panes run the code a large paste of this kind runs), written as the
 * input is (YAML or JSON). Undefined for a text that is not one object with a list.
 */
export function warmUpText(input: string, minChars = WARM_UP_CHARS): string | undefined {
  const parsed = parseValues(input, 0);
  if (!parsed) return undefined;
  const value = structuredClone(parsed.value);
  const list = longestArray(value);
  if (!list) return undefined;
  const json = /\S/.exec(input)?.[0] === '{';
  const write = (v: unknown) => (json ? JSON.stringify(v, null, 2) : stringify(v, { aliasDuplicateObjects: false }));
  const items = [...list];
  const each = Math.max(1, items.reduce<number>((n, it) => n + write([it]).length, 0) / items.length);
  const missing = Math.max(0, minChars - write(value).length);
  for (let i = 0; i < Math.ceil(missing / each) + 1; i++) list.push(copyOf(items[i % items.length], i));
  return write(value);
}

/** A large input's first phase on the warm-up text, its result dropped (the caller: not while a second phase is
 * pending, which this replaces). */
export function warmUp(req: ExploreRequest): void {
  const input = warmUpText(req.input);
  if (input === undefined) return;
  const r = explore({ ...req, input }, true);
  // The request on screen again (small: one phase, and nothing left pending). Not the second phase: the full
  // parse of half a megabyte would cost about a second of idle CPU.
  if (r.rangesPending) explore(req, true);
}
