// Build step after gen-catalogs.mjs: the first visit's answer (the default catalog's example, as the page first
// asks for it), computed by the conversion worker's own function and written to
// public/catalogs/first-answer.json, marked as generated. The page renders it without waiting for the worker
// (src/ui/worker/firstAnswer.ts); src/ui/worker/firstAnswer.test.ts checks it equals the worker's answer.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtinHooks } from '../src/catalogs/hooks.ts';
import { explore, setCatalog } from '../src/ui/viewModel/engine.ts';
import type { ExploreRequest } from '../src/ui/viewModel/types.ts';
import { encodeResult, FIRST_ANSWER_URL, type FirstAnswerFile } from '../src/ui/worker/firstAnswer.ts';

const root = path.resolve(import.meta.dirname, '..');
export const FIRST_ANSWER_FILE = path.join(root, 'public', FIRST_ANSWER_URL);

/** The first visit's request (startEarly.ts and the app's first request ask exactly this) and its answer. */
export function firstAnswer(): FirstAnswerFile {
  const index = JSON.parse(readFileSync(path.join(root, 'public/catalogs/index.json'), 'utf8')) as {
    catalogs: { id: string; file: string; hash: string }[];
  };
  const entry = index.catalogs[0];
  if (!entry) throw new Error('public/catalogs/index.json lists no catalog');
  const json: unknown = JSON.parse(readFileSync(path.join(root, 'public/catalogs', entry.file), 'utf8'));
  const key = `builtin:${entry.id}:${entry.hash}`;
  const loaded = setCatalog(key, json, builtinHooks[entry.id]);
  if (loaded.issues.some((i) => i.severity === 'error')) throw new Error(`${entry.file}: does not load`);
  const input = readFileSync(path.join(root, 'src/catalogs', entry.id, 'example.yaml'), 'utf8');
  const request: ExploreRequest = { catalogKey: key, input, document: 0, roundTrip: false };
  // The worker's call (explore(request, true)); a small input is answered whole, ranges included.
  const result = explore(request, true);
  if (result.rangesPending) throw new Error('the first answer must be complete');
  return {
    generated: 'by scripts/gen-first-answer.ts from the default catalog and its example; do not edit',
    request,
    result: encodeResult({ ...result, millis: 0 }),
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(FIRST_ANSWER_FILE, `${JSON.stringify(firstAnswer())}\n`);
  console.log(`gen-first-answer: ${path.relative(root, FIRST_ANSWER_FILE)}`);
}
