import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogRef, ExplorerState } from '../state.ts';
import pinnedV1 from './testdata/links-v1.json';
import { toBase64url, fromBase64url } from './base64url.ts';
import {
  MAX_JSON_BYTES,
  crc32,
  VIEW_IDS,
  decodeState,
  deflateRaw,
  encodeState,
  shareUrl,
  validateState,
  type DecodeResult,
} from './codec.ts';

const codeOf = (r: DecodeResult): string | undefined => ('issue' in r ? r.issue.code : undefined);

async function fragmentOf(state: ExplorerState): Promise<string> {
  const r = await encodeState(state);
  if (!('fragment' in r)) throw new Error(`encode failed: ${r.issue.code} ${r.issue.message}`);
  return r.fragment;
}

/** A well-formed v1 link around arbitrary bytes (for testing the layers after decompression). */
async function rawBytesLink(bytes: Uint8Array): Promise<string> {
  const deflated = await deflateRaw(bytes);
  const payload = new Uint8Array(deflated.byteLength + 4);
  payload.set(deflated);
  new DataView(payload.buffer).setUint32(deflated.byteLength, crc32(bytes));
  return `v1.${toBase64url(payload)}`;
}

const rawLink = (json: string) => rawBytesLink(new TextEncoder().encode(json));

// ---- generators of valid states ----
const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 60 }));
const shortText = (min: number) => fc.string({ unit: 'grapheme', minLength: min, maxLength: 40 });
const hash = fc.stringMatching(/^[0-9a-f]{8,64}$/);
const httpsUrl = fc
  .webUrl({ validSchemes: ['https'], withQueryParameters: true, withFragments: false })
  .filter((u) => !/@/.test(u));

const catalogRef: fc.Arbitrary<CatalogRef> = fc.oneof(
  fc.record({ type: fc.constant('builtin' as const), id: shortText(1), hash }, { requiredKeys: ['type', 'id'] }),
  fc.record({ type: fc.constant('url' as const), url: httpsUrl, hash }, { requiredKeys: ['type', 'url'] }),
  fc.record({
    type: fc.constant('embedded' as const),
    name: shortText(0),
    hash,
    sources: fc.array(fc.record({ name: shortText(0), text }), { minLength: 1, maxLength: 3 }),
  }),
);

const explorerState: fc.Arbitrary<ExplorerState> = fc.record(
  {
    catalog: catalogRef,
    input: text,
    document: fc.nat({ max: 1000 }),
    sourceVersion: shortText(1),
    targetVersion: shortText(1),
    strategy: fc.constantFrom('direct' as const, 'chained' as const),
    hub: shortText(1),
    view: fc.constantFrom(...VIEW_IDS),
    highlight: fc.array(fc.oneof(shortText(0), fc.nat()), { maxLength: 8 }),
    rules: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }),
  },
  { requiredKeys: ['catalog', 'input', 'document', 'view'] },
);

const sample: ExplorerState = {
  catalog: { type: 'builtin', id: 'crm', hash: 'a1b2c3d4' },
  input: 'apiVersion: crm.example.com/2011-01-01\nkind: Person\nmetadata:\n  name: ada\n',
  document: 0,
  view: 'bag',
};

describe('base64url', () => {
  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(fromBase64url(toBase64url(bytes))).toEqual(bytes);
      }),
    );
  });
  it('rejects characters outside the alphabet, impossible lengths and non-zero pad bits', () => {
    expect(fromBase64url('ab+c')).toBeUndefined();
    expect(fromBase64url('ab/c')).toBeUndefined();
    expect(fromBase64url('abc=')).toBeUndefined();
    expect(fromBase64url('abcde')).toBeUndefined();
    expect(fromBase64url('AB')).toBeUndefined(); // 'B' leaves non-zero bits
    expect(fromBase64url('AA')).toEqual(new Uint8Array([0]));
  });
});

describe('share codec', () => {
  it('writes a version prefix and only non-default values', async () => {
    const f = await fragmentOf(sample);
    expect(f).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    const minimal = await fragmentOf({ ...sample, input: '' });
    const withDefaults = await fragmentOf({ ...sample, input: '', document: 0, view: 'bag' });
    expect(withDefaults).toBe(minimal);
  });

  it('decodes what it encodes (identity on generated states)', async () => {
    await fc.assert(
      fc.asyncProperty(explorerState, async (state) => {
        const r = await decodeState(await fragmentOf(state));
        expect(r).toEqual({ state });
      }),
      { numRuns: 200 },
    );
  });

  it('accepts the fragment with its leading #', async () => {
    expect(await decodeState(`#${await fragmentOf(sample)}`)).toEqual({ state: sample });
  });

  it('yields an issue, never an exception, for arbitrary strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.stringMatching(/^v1\.[A-Za-z0-9_-]{0,80}$/)),
        async (s) => {
          const r = await decodeState(s);
          expect('issue' in r || 'state' in r).toBe(true);
          if ('state' in r) expect(validateState(r.state)).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('rejects every truncation of a link', async () => {
    const f = await fragmentOf({ ...sample, targetVersion: '2019-09-09', highlight: ['spec', 'firstName'] });
    for (let n = 0; n < f.length; n++) {
      const r = await decodeState(f.slice(0, n));
      expect(codeOf(r), `cut at ${n}`).toMatch(/^LINK_/);
    }
  });

  it('never yields a different state from an edited link (the checksum catches edits that still inflate)', async () => {
    const state: ExplorerState = { ...sample, strategy: 'chained', view: 'plan' };
    const f = await fragmentOf(state);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: f.length - 4 }), fc.nat({ max: 63 }), async (at, v) => {
        const i = at + 3;
        fc.pre(alphabet[v] !== f[i]);
        const r = await decodeState(f.slice(0, i) + alphabet[v] + f.slice(i + 1));
        // Only the padding bits after deflate's end-of-block code are ignored; they change nothing.
        if ('state' in r) expect(r.state).toEqual(state);
        else expect(r.issue.code).toMatch(/^LINK_/);
      }),
      { numRuns: 500 },
    );
  });

  it('rejects a payload whose checksum does not match', async () => {
    const good = await rawLink('{"c":{"b":"crm"}}');
    const bytes = fromBase64url(good.slice(3))!;
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    const r = await decodeState(`v1.${toBase64url(bytes)}`);
    expect(codeOf(r)).toBe('LINK_MALFORMED');
  });

  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('reports an unknown format version', async () => {
    expect(codeOf(await decodeState('v2.AAAA'))).toBe('LINK_UNKNOWN_VERSION');
    expect(codeOf(await decodeState('v0.AAAA'))).toBe('LINK_UNKNOWN_VERSION');
  });

  it('reports a fragment without a version prefix as malformed', async () => {
    expect(codeOf(await decodeState('code/abc'))).toBe('LINK_MALFORMED');
    expect(codeOf(await decodeState(''))).toBe('LINK_MALFORMED');
    expect(codeOf(await decodeState('v1.'))).toBe('LINK_MALFORMED');
    expect(codeOf(await decodeState('v1.!!!!'))).toBe('LINK_MALFORMED');
  });

  it('stops inflating a decompression bomb at the cap', async () => {
    const bomb = await rawBytesLink(new Uint8Array(MAX_JSON_BYTES + 1024).fill(32));
    expect(bomb.length).toBeLessThan(40_000);
    expect(codeOf(await decodeState(bomb))).toBe('LINK_TOO_LARGE');
  });

  it('rejects a fragment longer than the cap before decoding it', async () => {
    expect(codeOf(await decodeState(`v1.${'A'.repeat(2_000_001)}`))).toBe('LINK_TOO_LARGE');
  });

  it('rejects compressed non-JSON and invalid UTF-8', async () => {
    expect(codeOf(await decodeState(await rawLink('{"c":')))).toBe('LINK_MALFORMED');
    const bad = await rawBytesLink(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]));
    expect(codeOf(await decodeState(bad))).toBe('LINK_MALFORMED');
  });

  it.each([
    ['not an object', '[1,2]', []],
    ['no catalog', '{"i":"x"}', ['c']],
    ['unknown field', '{"c":{"b":"crm"},"zz":1}', ['zz']],
    ['unknown catalog form', '{"c":{"x":"crm"}}', ['c']],
    ['http catalog URL', '{"c":{"u":"http://example.com/c.yaml"}}', ['c', 'u']],
    ['javascript: catalog URL', '{"c":{"u":"javascript:alert(1)"}}', ['c', 'u']],
    ['embedded without files', '{"c":{"e":"a","h":"1","f":[]}}', ['c', 'f']],
    ['embedded file not a pair', '{"c":{"e":"a","h":"1","f":[["a"]]}}', ['c', 'f', 0]],
    ['negative document', '{"c":{"b":"crm"},"d":-1}', ['d']],
    ['fractional document', '{"c":{"b":"crm"},"d":1.5}', ['d']],
    ['unknown strategy', '{"c":{"b":"crm"},"g":"star"}', ['g']],
    ['empty hub', '{"c":{"b":"crm"},"h":""}', ['h']],
    ['unknown view', '{"c":{"b":"crm"},"v":"secret"}', ['v']],
    ['path segment object', '{"c":{"b":"crm"},"p":["spec",{}]}', ['p', 1]],
    ['negative index', '{"c":{"b":"crm"},"p":[-1]}', ['p', 0]],
    ['proto key', '{"c":{"b":"crm"},"__proto__":{"x":1}}', ['__proto__']],
    ['input not a string', '{"c":{"b":"crm"},"i":5}', ['i']],
  ])('rejects a decoded state with %s', async (_name, json, path) => {
    const r = await decodeState(await rawLink(json));
    expect(codeOf(r)).toBe('LINK_MALFORMED');
    if ('issue' in r) expect(r.issue.path).toEqual(path);
  });

  it('allows http catalog URLs on loopback only (local servers and tests)', async () => {
    const r = await decodeState(await rawLink('{"c":{"u":"http://127.0.0.1:8080/crd.yaml"}}'));
    expect(r).toEqual({
      state: { catalog: { type: 'url', url: 'http://127.0.0.1:8080/crd.yaml' }, input: '', document: 0, view: 'bag' },
    });
  });

  it('refuses to encode a state it could not decode', async () => {
    const r = await encodeState({ ...sample, catalog: { type: 'url', url: 'ftp://example.com/x' } });
    expect('issue' in r && r.issue.code).toBe('LINK_MALFORMED');
  });

  it('builds the share URL from the page address without query or old fragment', () => {
    expect(shareUrl('https://h.example/version-explorer/?catalog=https://x#old', 'v1.abc')).toBe(
      'https://h.example/version-explorer/#v1.abc',
    );
  });
});

describe('pinned links', () => {
  // Links made by earlier releases must keep opening: never edit these files, add new ones.
  const fixtures = pinnedV1 as unknown as { name: string; fragment: string; state: ExplorerState }[];
  it.each(fixtures.map((f) => [f.name, f] as const))('opens the pinned v1 link: %s', async (_name, f) => {
    expect(await decodeState(f.fragment)).toEqual({ state: f.state });
  });
});

describe('the storage view in links (added later: optional)', () => {
  const base: ExplorerState = {
    catalog: { type: 'builtin', id: 'crm-person' },
    input: 'x: 1',
    document: 0,
    view: 'bag',
  };

  it('round-trips the view and the conversion choice', async () => {
    for (const extra of [
      { storage: 'deployed' as const },
      { storage: 'aso' as const },
      { storage: 'deployed' as const, conversion: 'Webhook' as const },
    ]) {
      const state = { ...base, ...extra };
      expect(await decodeState(await fragmentOf(state))).toEqual({ state });
    }
  });

  it('old links without them keep decoding, to the default view', async () => {
    const r = await decodeState(await fragmentOf(base));
    expect(r).toEqual({ state: base });
    expect('state' in r ? Object.hasOwn(r.state, 'storage') : true).toBe(false);
  });

  it('rejects an unknown view or conversion with an issue', async () => {
    const c = JSON.stringify({ b: 'crm-person' });
    expect(codeOf(await decodeState(await rawLink(`{"c":${c},"m":"etcd"}`)))).toBe('LINK_MALFORMED');
    expect(codeOf(await decodeState(await rawLink(`{"c":${c},"w":"Maybe"}`)))).toBe('LINK_MALFORMED');
  });
});

describe('conversion rules in the link', () => {
  it('travel in the link and come back as typed; a link without them has none', async () => {
    const rules = 'apiVersion: version-explorer.dev/v1alpha1\nkind: ConversionRules\nconversions: []\n';
    const back = await decodeState(await fragmentOf({ ...sample, rules }));
    expect('state' in back && back.state.rules).toBe(rules);
    const plain = await decodeState(await fragmentOf(sample));
    expect('state' in plain && plain.state.rules).toBeUndefined();
  });
  it('rules that are not text make the link malformed, at r', async () => {
    const r = await decodeState(await rawLink(JSON.stringify({ c: { b: 'crm' }, r: 7 })));
    expect('issue' in r && [r.issue.code, r.issue.path]).toEqual(['LINK_MALFORMED', ['r']]);
  });
});
