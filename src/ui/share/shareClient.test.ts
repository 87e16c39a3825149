import { describe, expect, it } from 'vitest';
import type { ExplorerState } from '../state.ts';
import { encodeState as encodeHere } from './codec.ts';
import { encodeState, findSecrets } from './shareClient.ts';

const state: ExplorerState = {
  catalog: { type: 'builtin', id: 'crm', hash: 'a1b2c3d4' },
  input: 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\ndata:\n  token: c2VjcmV0\n',
  document: 0,
  view: 'bag',
};

describe('shareClient (where no worker runs: in place)', () => {
  it('encodes as the codec does, once per state object', async () => {
    const a = encodeState(state);
    expect(encodeState(state)).toBe(a);
    expect(await a).toEqual(await encodeHere({ ...state }));
  });

  it('finds the secrets the scan finds', async () => {
    expect((await findSecrets(state.input)).map((f) => f.path.join('.'))).toEqual(['data.token']);
  });
});
