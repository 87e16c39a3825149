// Node profile of the conversion worker's paste path (engine.ts) on the UI benchmark's 1 MB documents:
// the first phase (values-only parse + conversions) and the second (ranges + markers), stage by stage.
// `node --import tsx bench/worker.stages.ts` (RUNS=n to change the number of runs; medians reported).
import os from 'node:os';
import { parse } from 'yaml';
import { parseResources, serializeCatalog } from '../src/core/index.ts';
import { builtinCatalog } from '../src/core/testdata/loadCatalogs.ts';
import { explore, exploreRanges, setCatalog } from '../src/ui/viewModel/engine.ts';
import { parseInput, parseRanges, parseValues } from '../src/ui/viewModel/parseInput.ts';
import { toRangeTable } from '../src/ui/viewModel/rangeTable.ts';
import { bigClusterYaml } from './support/bigResource.ts';

const RUNS = Number(process.env.RUNS ?? 7);
setCatalog('sf', JSON.parse(serializeCatalog(builtinCatalog('servicefabric'))) as unknown);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const time = (f: () => unknown) => {
  const t = performance.now();
  f();
  return performance.now() - t;
};

for (const format of ['yaml', 'json'] as const) {
  const stages: Record<string, number[]> = {};
  const note = (k: string, ms: number) => (stages[k] ??= []).push(ms);
  for (let run = 0; run < RUNS + 1; run++) {
    const y = bigClusterYaml(1_000_000, run);
    const input = format === 'yaml' ? y : JSON.stringify(parse(y), null, 1);
    const req = { catalogKey: 'sf', input, document: 0, roundTrip: false };
    const s: Record<string, number> = {};
    s['parseValues'] = time(() => parseValues(input));
    s['explore (phase 1, total)'] = time(() => explore(req, true));
    s['exploreRanges (phase 2, total)'] = time(() => exploreRanges());
    const fast = parseValues(input);
    s['  parseRanges (ranges reusing the values)'] = time(() => fast && parseRanges(input, fast));
    s['  parseInput (full parse + ranges)'] = time(() => parseInput(input));
    if (format === 'yaml') s['    parseResources'] = time(() => parseResources(input));
    const doc = parseInput(input).documents[0];
    s['  toRangeTable'] = time(() => doc && toRangeTable(doc.ranges));
    if (run > 0) for (const [k, v] of Object.entries(s)) note(k, v);
  }
  console.log(
    `${format} (${(bigClusterYaml(1_000_000, 1).length / 1024).toFixed(0)} KB YAML source), load ${os.loadavg()[0]?.toFixed(1)}:`,
  );
  for (const [k, v] of Object.entries(stages)) console.log(`  ${k.padEnd(40)} ${median(v).toFixed(0).padStart(5)} ms`);
}
