// The share worker: encoding a link (JSON, checksum, compression, base64url) and scanning the input for secrets
// run here, so Copy link, Copy as Markdown and the link meter never hold the page on a large input.
import { encodeState } from './codec.ts';
import { findSecrets } from './secrets.ts';
import type { ShareRequest, ShareResponse } from './shareClient.ts';

self.onmessage = async (e: MessageEvent<ShareRequest>) => {
  const m = e.data;
  const reply = (r: ShareResponse) => (self as unknown as { postMessage(r: ShareResponse): void }).postMessage(r);
  if (m.type === 'encode') reply({ id: m.id, type: 'encode', result: await encodeState(m.state) });
  else reply({ id: m.id, type: 'secrets', findings: findSecrets(m.input) });
};
