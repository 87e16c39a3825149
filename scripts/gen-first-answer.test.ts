import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { explore } from '../src/ui/viewModel/engine.ts';
import { answerFor, requestKey } from '../src/ui/worker/firstAnswer.ts';
import { firstAnswer, FIRST_ANSWER_FILE } from './gen-first-answer.ts';

const root = path.resolve(import.meta.dirname, '..');
const catalogs = path.join(root, 'public/catalogs');

// The build writes public/catalogs/ (gen-catalogs.mjs) before the first answer: make it if this checkout has
// not been built yet.
describe("the build's first answer", () => {
  beforeAll(() => {
    if (existsSync(path.join(catalogs, 'index.json'))) return;
    const r = spawnSync(process.execPath, ['scripts/gen-catalogs.mjs'], { cwd: root, stdio: 'ignore' });
    expect(r.status).toBe(0);
  }, 60_000);

  it('is what the worker computes for the same request', () => {
    const file = firstAnswer();
    // The worker's own call, in a run of its own (the generator loaded the catalog into the engine).
    const computed = explore(file.request, true);
    const decoded = answerFor(JSON.parse(JSON.stringify(file)), file.request);
    // (As the page receives it: postMessage's structured clone.)
    expect(decoded).toStrictEqual(structuredClone({ ...computed, millis: 0 }));
    // A real answer: the example converts and has a verdict the page shows.
    expect(computed.blocking).toEqual([]);
    expect(computed.verdict).toBeDefined();
    expect(requestKey(file.request)).toContain(file.request.catalogKey);
  });

  it('in public/catalogs is current when the build wrote one', () => {
    if (!existsSync(FIRST_ANSWER_FILE)) return;
    expect(JSON.parse(readFileSync(FIRST_ANSWER_FILE, 'utf8'))).toStrictEqual(
      JSON.parse(JSON.stringify(firstAnswer())),
    );
  });
});
