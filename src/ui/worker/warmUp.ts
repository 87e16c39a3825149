// The first large paste after a page load met a cold worker: js-yaml's loader, the conversions and the panes'
// rendering had only run on the small example (code not yet optimised, a young generation sized for small
// inputs), and took about twice the CPU time of later pastes. So once the worker has been idle a moment after
// its first answer, it runs the large-input path once (values-only parse, first lines, whole panes, the ranges'
// full parse) on a synthetic document of a few hundred lines made from the input on screen, and drops the
// result. It runs once per page, and any request that arrives first postpones it.
import { explore, exploreRanges, prepareWholePanes } from '../viewModel/engine.ts';
import { FAST_PARSE_CHARS } from '../viewModel/parseInput.ts';
import type { ExploreRequest } from '../viewModel/types.ts';

/** Idle time before the warm-up: after the first render's and Monaco's own start work. */
export const WARM_UP_IDLE_MS = 1000;

/**
 * The input with one more top-level field: a list of varied entries (maps, lists, strings, numbers, booleans,
 * quoted and multi-line scalars), enough to take the large-input path. Undefined for a text that is not one
 * block-style YAML or JSON object (nothing to learn from it).
 */
export function warmUpText(input: string, minChars = FAST_PARSE_CHARS + 4096): string | undefined {
  const json = /\S/.exec(input)?.[0] === '{';
  if (!json && !/^[A-Za-z_"'][^\n]*:/m.test(input)) return undefined;
  const entries: string[] = [];
  let size = input.length;
  for (let i = 0; size < minChars; i++) {
    const e = json
      ? `{"name":"item-${i}","count":${i},"ratio":${i / 8},"enabled":${i % 2 === 0},"note":null,` +
        `"tags":["a${i}","b"],"nested":{"key":"value ${i}","list":[${i},${i + 1}]}}`
      : `  - name: item-${i}\n    count: ${i}\n    ratio: ${i / 8}\n    enabled: ${i % 2 === 0}\n    note: null\n` +
        `    quoted: "line ${i}\\n"\n    tags: [a${i}, b]\n    nested:\n      key: value ${i}\n      list:\n` +
        `        - ${i}\n        - ${i + 1}\n    text: |\n      first ${i}\n      second\n`;
    entries.push(e);
    size += e.length + 1;
  }
  if (json) {
    const end = input.lastIndexOf('}');
    if (end < 0) return undefined;
    const head = input.slice(0, end).trimEnd();
    return `${head}${head.endsWith('{') ? '' : ','}"veWarmUp":[${entries.join(',')}]}`;
  }
  return `${input.endsWith('\n') ? input : `${input}\n`}veWarmUp:\n${entries.join('')}`;
}

/** One two-phase explore of the warm-up text, its result dropped. Only when no second phase is pending. */
export function warmUp(req: ExploreRequest): void {
  const input = warmUpText(req.input);
  if (input === undefined) return;
  const r = explore({ ...req, input }, true);
  if (!r.rangesPending) return;
  prepareWholePanes();
  exploreRanges();
}
