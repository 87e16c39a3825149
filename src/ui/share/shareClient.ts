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

const canWork = () => typeof Worker !== 'undefined';

// The link meter, the address bar and Copy link encode the same state object: once.
const encoded = new WeakMap<ExplorerState, Promise<EncodeResult>>();

/** codec's encodeState, in the share worker. */
export function encodeState(state: ExplorerState): Promise<EncodeResult> {
  let r = encoded.get(state);
  if (!r) {
    r = canWork()
      ? ask({ type: 'encode', state }).then((x) => (x.type === 'encode' ? x.result : encodeHere(state)))
      : encodeHere(state);
    encoded.set(state, r);
  }
  return r;
}

/** secrets' findSecrets, in the share worker. */
export async function findSecrets(input: string): Promise<readonly SecretFinding[]> {
  if (!canWork()) return findHere(input);
  const r = await ask({ type: 'secrets', input });
  return r.type === 'secrets' ? r.findings : findHere(input);
}
