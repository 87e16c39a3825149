// Import benchmark: every corpus CRD through importFiles, against plain yaml.parseAllDocuments of the same
// text in the same run. Target: import <= 3x plain parsing.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { importFiles } from '../src/importers/index.ts';
import { CORPUS as corpus } from '../src/core/testdata/corpus.ts';

if (!existsSync(corpus)) {
  console.log(`import bench: no corpus at ${corpus}; skipped`);
  process.exit(0);
}
const walk = (d: string): string[] =>
  readdirSync(d, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(d, e.name)) : /\.ya?ml$/.test(e.name) ? [path.join(d, e.name)] : [],
  );
const files = readdirSync(corpus)
  .filter((f) => existsSync(path.join(corpus, f, 'crds')))
  .flatMap((f) => walk(path.join(corpus, f, 'crds')))
  .sort()
  .map((f) => ({ name: path.relative(corpus, f), text: readFileSync(f, 'utf8') }));
const bytes = files.reduce((n, f) => n + Buffer.byteLength(f.text), 0);

/** Median ms of each function; runs alternate so heap growth and JIT state weigh on both alike. */
function timeBoth(a: () => void, b: () => void, runs: number): [number, number] {
  a();
  b(); // warm-up
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < runs; i++) {
    for (const [fn, out] of [
      [a, sa],
      [b, sb],
    ] as const) {
      const t0 = performance.now();
      fn();
      out.push(performance.now() - t0);
    }
  }
  const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)] as number;
  return [median(sa), median(sb)];
}

const runs = Number(process.env.BENCH_RUNS ?? 5);
const [parseMs, importMs] = timeBoth(
  () => {
    for (const f of files) parseAllDocuments(f.text);
  },
  () => {
    for (const f of files) importFiles([f]);
  },
  runs,
);
const mb = bytes / 1024 / 1024;
const ratio = importMs / parseMs;
console.log(`import bench: ${files.length} CRD files, ${mb.toFixed(2)} MB, median of ${runs} runs`);
console.log(
  `  yaml.parseAllDocuments  ${parseMs.toFixed(0).padStart(6)} ms  ${(mb / (parseMs / 1000)).toFixed(2)} MB/s`,
);
console.log(
  `  importFiles             ${importMs.toFixed(0).padStart(6)} ms  ${(mb / (importMs / 1000)).toFixed(2)} MB/s`,
);
console.log(`  ratio import / parse    ${ratio.toFixed(2)}x (target <= 3x) ${ratio <= 3 ? 'ok' : 'OVER TARGET'}`);
