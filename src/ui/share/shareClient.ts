// The page's side of the share worker: a link's encoding and the secret scan, off the main thread (issue 25:
// never frozen). Where workers are missing (tests in Node), the same functions run in place.
import type { ExplorerState } from '../state.ts';
import { encodeState as encodeHere, type EncodeResult } from './codec.ts';
import { findSecrets as findHere, type SecretFinding } from './secrets.ts';

export type ShareRequest =
  | { readonly id: number; readonly type: 'encode'; readonly state: ExplorerState }
  | { readonly id: number; readonly type: 'secrets'; readonly input: string };
export type ShareResponse =
  | { readonly id: number; readonly type: 'encode'; readonly result: EncodeResult }
  | { readonly id: number; readonly type: 'secrets'; readonly findings: readonly SecretFinding[] };

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, (r: ShareResponse) => void>();

function ask(m: ShareRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never) {
  if (worker === undefined) {
    worker = new Worker(new URL('./share.worker.ts', import.meta.url), { type: 'module', name: 'share' });
    worker.onmessage = (e: MessageEvent<ShareResponse>) => {
      pending.get(e.data.id)?.(e.data);
      pending.delete(e.data.id);
    };
  }
  const id = nextId++;
  const w = worker;
  return new Promise<ShareResponse>((resolve) => {
    pending.set(id, resolve);
    w.postMessage({ ...m, id });
  });
}

/**
 * Below this many characters the work takes a few milliseconds: done in place, so a cold load (whose address
 * bar is encoded at once) does not start a worker beside the conversion worker and the first render.
 */
const IN_PLACE_CHARS = 64 * 1024;
const canWork = (chars: number) => chars > IN_PLACE_CHARS && typeof Worker !== 'undefined';
const sizeOf = (s: ExplorerState) =>
  s.input.length +
  (s.rules?.length ?? 0) +
  (s.catalog.type === 'embedded' ? s.catalog.sources.reduce((n, f) => n + f.text.length, 0) : 0);

// The link meter, the address bar and Copy link encode the same state object: once.
const encoded = new WeakMap<ExplorerState, Promise<EncodeResult>>();

/** codec's encodeState, in the share worker. */
export function encodeState(state: ExplorerState): Promise<EncodeResult> {
  let r = encoded.get(state);
  if (!r) {
    r = canWork(sizeOf(state))
      ? ask({ type: 'encode', state }).then((x) => (x.type === 'encode' ? x.result : encodeHere(state)))
      : encodeHere(state);
    encoded.set(state, r);
  }
  return r;
}

/** secrets' findSecrets, in the share worker. */
export async function findSecrets(input: string): Promise<readonly SecretFinding[]> {
  if (!canWork(input.length)) return findHere(input);
  const r = await ask({ type: 'secrets', input });
  return r.type === 'secrets' ? r.findings : findHere(input);
}
