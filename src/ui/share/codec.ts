// The share link codec: ExplorerState <-> URL fragment. Pure apart from the built-in (De)CompressionStream.
//
// Format v1: `v1.` + base64url(deflate-raw(json) ‖ CRC-32(json) big-endian), json being the UTF-8 JSON of the
// compact form below. The CRC catches edited and damaged links (deflate-raw has no checksum of its own,
// and a changed byte can inflate to a different but valid state). The fragment never reaches
// a server. Only non-default values are written. Old versions must keep decoding forever: when the format
// changes, add `v2` beside `v1` (never edit v1) and pin a fixture link of each in testdata/.
//
// Decoding treats the fragment as hostile: caps before and after decompression, strict base64url, fatal UTF-8,
// a hand-written validator (no ajv: the app runs under a CSP without 'unsafe-eval'). Every failure is an Issue
// value; decode never throws.
import { STORAGE_VIEWS, issue, type Issue, type IssueCode, type Path } from '../../core/index.ts';
import type { CatalogRef, ExplorerState, ViewId } from '../state.ts';
import { DEFAULT_VIEW } from '../state.ts';
import { fromBase64url, toBase64url } from './base64url.ts';
import { MAX_URL_CHARS, checkRemoteUrl } from './remoteUrl.ts';

export const CURRENT_VERSION = 1;
const PREFIX_RE = /^v(\d{1,4})\.(.*)$/s;

/** Longest fragment accepted (Chromium's URL limit is 2 MiB; links longer than that cannot be opened anyway). */
export const MAX_FRAGMENT_CHARS = 2_000_000;
/** Largest decompressed JSON accepted: defuses decompression bombs (deflate reaches ~1000:1). */
export const MAX_JSON_BYTES = 16 * 1024 * 1024;
const MAX_SHORT_STRING = 1024;
const MAX_SOURCES = 1000;
const MAX_PATH_SEGMENTS = 128;
const MAX_DOCUMENT_INDEX = 100_000;

export const VIEW_IDS: readonly ViewId[] = [
  'bag',
  'lost',
  'plan',
  'roundtrip',
  'map',
  'changes',
  'strategies',
  'rules',
  'problems',
];
const STRATEGIES = ['direct', 'chained'] as const;
const CONVERSIONS = ['None', 'Webhook'] as const;

export type DecodeResult = { readonly state: ExplorerState } | { readonly issue: Issue };
export type EncodeResult = { readonly fragment: string } | { readonly issue: Issue };

// ---- compact wire form (v1) ----
// c: catalog  {b: id, h?: hash} | {u: url, h?: hash} | {e: name, h: hash, f: [[name, text], ...]}
// i: input (omitted when '')   d: document (omitted when 0)   s/t: source/target version
// g: strategy   h: hub picked instead of the default   v: view (omitted when 'bag')   p: highlighted path
// m: storage view ('deployed' | 'aso'; omitted: the catalog's default)   w: conversion chosen ('None' | 'Webhook')
// (m and w were added later: links without them decode as before)
// r: conversion rules text (omitted when none; optional, so links without it read as before)

type WireCatalog =
  { b: string; h?: string } | { u: string; h?: string } | { e: string; h: string; f: [string, string][] };

interface WireV1 {
  c: WireCatalog;
  i?: string;
  d?: number;
  s?: string;
  t?: string;
  g?: string;
  h?: string;
  v?: string;
  p?: (string | number)[];
  m?: string;
  w?: string;
  r?: string;
}

function toWire(state: ExplorerState): WireV1 {
  const c = state.catalog;
  let wc: WireCatalog;
  if (c.type === 'builtin') wc = c.hash === undefined ? { b: c.id } : { b: c.id, h: c.hash };
  else if (c.type === 'url') wc = c.hash === undefined ? { u: c.url } : { u: c.url, h: c.hash };
  else wc = { e: c.name, h: c.hash, f: c.sources.map((s) => [s.name, s.text]) };
  const w: WireV1 = { c: wc };
  if (state.input !== '') w.i = state.input;
  if (state.document !== 0) w.d = state.document;
  if (state.sourceVersion !== undefined) w.s = state.sourceVersion;
  if (state.targetVersion !== undefined) w.t = state.targetVersion;
  if (state.strategy !== undefined) w.g = state.strategy;
  if (state.hub !== undefined) w.h = state.hub;
  if (state.view !== DEFAULT_VIEW) w.v = state.view;
  if (state.highlight !== undefined) w.p = [...state.highlight];
  if (state.storage !== undefined) w.m = state.storage;
  if (state.conversion !== undefined) w.w = state.conversion;
  if (state.rules !== undefined && state.rules !== '') w.r = state.rules;
  return w;
}

// ---- validation of the decoded JSON (also run on encode, so every link we make can be opened) ----

class Invalid {
  constructor(
    readonly path: Path,
    readonly what: string,
  ) {}
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function onlyKeys(o: Record<string, unknown>, allowed: readonly string[], at: Path): void {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) throw new Invalid([...at, k], 'unknown field');
}

/** A value that must be one of a closed list (a strategy, a view): anything else is `unknown <what>` at `key`. */
function oneOf<T extends string>(v: unknown, allowed: readonly T[], key: string, what: string): T {
  const found = allowed.find((a) => a === v);
  if (found === undefined) throw new Invalid([key], `unknown ${what}`);
  return found;
}

function str(v: unknown, at: Path, max = MAX_SHORT_STRING, min = 1): string {
  if (typeof v !== 'string') throw new Invalid(at, 'expected a string');
  if (v.length < min || v.length > max) throw new Invalid(at, `expected ${min}..${max} characters`);
  return v;
}

function optStr(v: unknown, at: Path): string | undefined {
  return v === undefined ? undefined : str(v, at);
}

function catalogFromWire(v: unknown): CatalogRef {
  const at: Path = ['c'];
  if (!isRecord(v)) throw new Invalid(at, 'expected an object');
  if ('b' in v) {
    onlyKeys(v, ['b', 'h'], at);
    const id = str(v.b, [...at, 'b']);
    const hash = optStr(v.h, [...at, 'h']);
    return hash === undefined ? { type: 'builtin', id } : { type: 'builtin', id, hash };
  }
  if ('u' in v) {
    onlyKeys(v, ['u', 'h'], at);
    const url = str(v.u, [...at, 'u'], MAX_URL_CHARS);
    if (!checkRemoteUrl(url).ok) throw new Invalid([...at, 'u'], 'not an https URL');
    const hash = optStr(v.h, [...at, 'h']);
    return hash === undefined ? { type: 'url', url } : { type: 'url', url, hash };
  }
  if ('e' in v) {
    onlyKeys(v, ['e', 'h', 'f'], at);
    const name = str(v.e, [...at, 'e'], MAX_SHORT_STRING, 0);
    const hash = str(v.h, [...at, 'h']);
    const f = v.f;
    if (!Array.isArray(f) || f.length === 0 || f.length > MAX_SOURCES)
      throw new Invalid([...at, 'f'], `expected 1..${MAX_SOURCES} files`);
    const sources = f.map((pair: unknown, i) => {
      if (!Array.isArray(pair) || pair.length !== 2) throw new Invalid([...at, 'f', i], 'expected [name, text]');
      return {
        name: str(pair[0], [...at, 'f', i, 0], MAX_SHORT_STRING, 0),
        text: str(pair[1], [...at, 'f', i, 1], MAX_JSON_BYTES, 0),
      };
    });
    return { type: 'embedded', name, hash, sources };
  }
  throw new Invalid(at, 'expected a built-in id, a URL or an embedded catalog');
}

function stateFromWire(v: unknown): ExplorerState {
  if (!isRecord(v)) throw new Invalid([], 'expected an object');
  onlyKeys(v, ['c', 'i', 'd', 's', 't', 'g', 'h', 'v', 'p', 'm', 'w', 'r'], []);
  const state: { -readonly [K in keyof ExplorerState]: ExplorerState[K] } = {
    catalog: catalogFromWire(v.c),
    input: v.i === undefined ? '' : str(v.i, ['i'], MAX_JSON_BYTES, 1),
    document: 0,
    view: DEFAULT_VIEW,
  };
  if (v.d !== undefined) {
    if (typeof v.d !== 'number' || !Number.isInteger(v.d) || v.d < 1 || v.d > MAX_DOCUMENT_INDEX) {
      throw new Invalid(['d'], `expected an integer 1..${MAX_DOCUMENT_INDEX}`);
    }
    state.document = v.d;
  }
  if (v.s !== undefined) state.sourceVersion = str(v.s, ['s']);
  if (v.t !== undefined) state.targetVersion = str(v.t, ['t']);
  if (v.g !== undefined) state.strategy = oneOf(v.g, STRATEGIES, 'g', 'strategy');
  if (v.h !== undefined) state.hub = str(v.h, ['h']);
  if (v.m !== undefined) state.storage = oneOf(v.m, STORAGE_VIEWS, 'm', 'storage view');
  if (v.w !== undefined) state.conversion = oneOf(v.w, CONVERSIONS, 'w', 'conversion');
  if (v.r !== undefined) state.rules = str(v.r, ['r'], MAX_JSON_BYTES, 1);
  if (v.v !== undefined) state.view = oneOf(v.v, VIEW_IDS, 'v', 'view');
  if (v.p !== undefined) {
    const p = v.p;
    if (!Array.isArray(p) || p.length > MAX_PATH_SEGMENTS)
      throw new Invalid(['p'], `expected at most ${MAX_PATH_SEGMENTS} segments`);
    state.highlight = p.map((seg: unknown, i) => {
      if (typeof seg === 'number') {
        if (!Number.isSafeInteger(seg) || seg < 0) throw new Invalid(['p', i], 'expected an index');
        return seg;
      }
      return str(seg, ['p', i], MAX_SHORT_STRING, 0);
    });
  }
  return state;
}

/** Checks a state against the rules decode applies; `undefined` when it is fine. */
export function validateState(state: ExplorerState): Issue | undefined {
  return validateWire(JSON.stringify(toWire(state)));
}

function validateWire(json: string): Issue | undefined {
  try {
    stateFromWire(JSON.parse(json));
    return undefined;
  } catch (e) {
    return toIssue(e);
  }
}

function toIssue(e: unknown): Issue {
  if (e instanceof Invalid) return fail('LINK_MALFORMED', `The link's content is not valid: ${e.what}.`, e.path);
  return fail('LINK_MALFORMED', 'The link could not be read.');
}

const fail = (code: IssueCode, message: string, path: Path = []): Issue => issue('error', code, message, path);

// ---- bytes ----

/** A stream's bytes, abandoned as soon as they pass `cap` (also used for ?catalog= bodies). */
export async function collect(readable: ReadableStream<Uint8Array>, cap: number): Promise<Uint8Array | 'too-large'> {
  const reader = readable.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      // Stop inflating right away; the rest of the bomb is never produced.
      reader.cancel().catch(() => undefined);
      return 'too-large';
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.byteLength;
  }
  return out;
}

async function pipeThrough(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
  cap: number,
): Promise<Uint8Array | 'too-large'> {
  const writer = stream.writable.getWriter();
  // Errors surface on the readable side; swallow the writer's copies so nothing is reported as unhandled.
  writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => undefined);
  writer.close().catch(() => undefined);
  return collect(stream.readable as ReadableStream<Uint8Array>, cap);
}

export async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const out = await pipeThrough(bytes, new CompressionStream('deflate-raw'), Number.MAX_SAFE_INTEGER);
  if (out === 'too-large') throw new Error('unreachable');
  return out;
}

// Built on the first checksum, not when the app chunk evaluates (before the first paint, 1–2 ms under load).
let crcTable: Uint32Array | undefined;

function makeCrcTable(): Uint32Array {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
}

/** CRC-32 (IEEE 802.3, as in zip and gzip). */
export function crc32(bytes: Uint8Array): number {
  const table = (crcTable ??= makeCrcTable());
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = (table[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// ---- public API ----

/** Encodes a state as a fragment (without `#`). Fails with LINK_TOO_LARGE or LINK_MALFORMED, never throws. */
// The link meter and the address bar encode the same state object: once (a 1 MB input costs ~100 ms).
const encoded = new WeakMap<ExplorerState, Promise<EncodeResult>>();

export function encodeState(state: ExplorerState): Promise<EncodeResult> {
  let r = encoded.get(state);
  if (!r) {
    r = encodeUncached(state);
    encoded.set(state, r);
  }
  return r;
}

async function encodeUncached(state: ExplorerState): Promise<EncodeResult> {
  const text = JSON.stringify(toWire(state));
  const invalid = validateWire(text);
  if (invalid) return { issue: invalid };
  const json = new TextEncoder().encode(text);
  if (json.byteLength > MAX_JSON_BYTES) return { issue: fail('LINK_TOO_LARGE', 'The state is too large for a link.') };
  const deflated = await deflateRaw(json);
  const payload = new Uint8Array(deflated.byteLength + 4);
  payload.set(deflated);
  new DataView(payload.buffer).setUint32(deflated.byteLength, crc32(json));
  const fragment = `v${CURRENT_VERSION}.${toBase64url(payload)}`;
  if (fragment.length > MAX_FRAGMENT_CHARS)
    return { issue: fail('LINK_TOO_LARGE', 'The state is too large for a link.') };
  return { fragment };
}

/** Decodes a fragment (with or without `#`). Every malformed input yields `{issue}`; it never throws. */
export async function decodeState(fragment: string): Promise<DecodeResult> {
  try {
    return await decodeUnsafe(fragment);
  } catch (e) {
    return { issue: toIssue(e) };
  }
}

async function decodeUnsafe(raw: string): Promise<DecodeResult> {
  const text = raw.startsWith('#') ? raw.slice(1) : raw;
  if (text.length > MAX_FRAGMENT_CHARS)
    return { issue: fail('LINK_TOO_LARGE', `The link is longer than ${MAX_FRAGMENT_CHARS} characters.`) };
  const m = PREFIX_RE.exec(text);
  if (!m) return { issue: fail('LINK_MALFORMED', 'This is not a Version Explorer link (it has no version prefix).') };
  const version = Number(m[1]);
  if (version !== 1) {
    return {
      issue: fail(
        'LINK_UNKNOWN_VERSION',
        version > CURRENT_VERSION
          ? `The link uses format v${version}, newer than this app (v${CURRENT_VERSION}). Reload to update the app.`
          : `The link uses an unknown format v${version}.`,
      ),
    };
  }
  const bytes = fromBase64url(m[2] ?? '');
  if (!bytes || bytes.byteLength < 5)
    return { issue: fail('LINK_MALFORMED', 'The link is not valid base64url: it was probably cut off or edited.') };
  const deflated = bytes.subarray(0, bytes.byteLength - 4);
  const expected = new DataView(bytes.buffer, bytes.byteOffset + deflated.byteLength, 4).getUint32(0);
  let json: Uint8Array | 'too-large';
  try {
    json = await pipeThrough(deflated, new DecompressionStream('deflate-raw'), MAX_JSON_BYTES);
  } catch {
    return { issue: fail('LINK_MALFORMED', 'The link does not decompress: it was probably cut off or edited.') };
  }
  if (json === 'too-large')
    return { issue: fail('LINK_TOO_LARGE', `The link expands to more than ${MAX_JSON_BYTES} bytes.`) };
  if (crc32(json) !== expected)
    return { issue: fail('LINK_MALFORMED', 'The link was changed or damaged after it was made (checksum mismatch).') };
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json));
  } catch {
    return { issue: fail('LINK_MALFORMED', 'The link does not hold valid JSON: it was probably edited.') };
  }
  return { state: stateFromWire(value) };
}

/** The full share URL: the page's address without query or old fragment, plus the new fragment. */
export function shareUrl(pageHref: string, fragment: string): string {
  const u = new URL(pageHref);
  u.search = '';
  u.hash = fragment;
  return u.href;
}
