// The first visit's answer, computed by the build (scripts/gen-first-answer.ts) with the worker's own function
// (viewModel/engine.ts explore) for the default catalog's example: the page renders it at once instead of
// waiting for the worker to start. It is used only for exactly the request it was computed for (catalog key,
// which carries the catalog's content hash, and the input text); anything else goes to the worker.
import type { ExploreRequest, ExploreResult } from '../viewModel/types.ts';

export const FIRST_ANSWER_URL = 'catalogs/first-answer.json';

/** The file's content: the request and its result, as JSON (typed arrays as tagged number lists). */
export interface FirstAnswerFile {
  readonly generated: string;
  readonly request: ExploreRequest;
  readonly result: unknown;
}

/** Equal for requests with equal fields, whatever their order (ExploreRequest's fields are plain values). */
export function requestKey(r: ExploreRequest): string {
  return JSON.stringify(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The request without its two texts (present or not, as in the request): a short key for the rest. */
const paramsOf = (r: ExploreRequest): string =>
  requestKey({ ...r, input: '', ...(Object.hasOwn(r, 'rules') ? { rules: '' } : {}) });

/**
 * `requestKey(a) === requestKey(b)`, without writing out the texts: a megabyte's input is compared as a string
 * (a pointer or length check when they differ) instead of being escaped into JSON twice.
 */
export function sameRequest(a: ExploreRequest, b: ExploreRequest): boolean {
  return a.input === b.input && a.rules === b.rules && paramsOf(a) === paramsOf(b);
}

const I32 = '$int32';

/** A result as JSON: its Int32Arrays (packed lines, range tables) as `{ "$int32": [...] }`. */
export function encodeResult(r: ExploreResult): unknown {
  return JSON.parse(
    JSON.stringify(r, (_k, v: unknown) => {
      if (v instanceof Int32Array) return { [I32]: Array.from(v) };
      if (ArrayBuffer.isView(v)) throw new Error('only Int32Array is encoded');
      return v;
    }),
  );
}

export function decodeResult(json: unknown): ExploreResult {
  const revive = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(revive);
    if (v === null || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const nums = Object.hasOwn(o, I32) ? o[I32] : undefined;
    if (Array.isArray(nums) && Object.keys(o).length === 1) return Int32Array.from(nums as number[]);
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(o))
      Object.defineProperty(out, k, { value: revive(o[k]), enumerable: true, writable: true, configurable: true });
    return out;
  };
  return revive(json) as ExploreResult;
}

/** True when `file` (a FirstAnswerFile as fetched) answers exactly `request`. */
export function answers(file: unknown, request: ExploreRequest): boolean {
  if (file === null || typeof file !== 'object') return false;
  const f = file as Partial<FirstAnswerFile>;
  return f.request !== undefined && f.result !== undefined && requestKey(f.request) === requestKey(request);
}

/** The result in `file` when it answers `request` exactly, else undefined. */
export function answerFor(file: unknown, request: ExploreRequest): ExploreResult | undefined {
  return answers(file, request) ? decodeResult((file as FirstAnswerFile).result) : undefined;
}

/** The same answer, whatever the time each took. */
export function sameAnswer(a: ExploreResult, b: ExploreResult): boolean {
  return JSON.stringify(encodeResult({ ...a, millis: 0 })) === JSON.stringify(encodeResult({ ...b, millis: 0 }));
}
