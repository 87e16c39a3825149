// `roundtrip --samples` with the progress line: on a terminal it shows (at once with --progress) and is wiped
// before anything else is written, so what is left is the run without it; never with --json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { fakeIO } from '../testdata/fakeIO.ts';
import { roundtrip } from './roundtrip.ts';

const ESC = String.fromCharCode(27);
/** The progress line (and its wipe), its escape written out. */
const LINE = /\r[^\r\n]*<ESC>\[K/g;

const cluster = (i: number, properties: Record<string, unknown>) =>
  stringify({
    apiVersion: 'servicefabric.azure.com/2016-03-01',
    kind: 'Cluster',
    metadata: { name: `c${i}` },
    spec: { location: 'westus', properties: { managementEndpoint: 'https://e', ...properties } },
  });

const dir = mkdtempSync(path.join(tmpdir(), 've-rt-progress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// a lossy sample, a skipped one (a version the catalog lacks: a warning on stderr) and lossless ones, in two files
writeFileSync(
  path.join(dir, 'a.yaml'),
  [cluster(0, { reliabilityLevel: 'Silver' }), cluster(1, { reliabilityLevel: { a: 1 } })].join('---\n'),
);
writeFileSync(
  path.join(dir, 'b.yaml'),
  [cluster(2, {}).replace('2016-03-01', '1999-01-01'), cluster(3, { reliabilityLevel: 'Gold' })].join('---\n'),
);

async function run(extra: readonly string[]) {
  const f = fakeIO();
  const io = { ...f.io, errIsTerminal: () => true };
  const code = await roundtrip(['--catalog', 'servicefabric', '--samples', dir, ...extra], io);
  return { code, out: f.out(), err: f.err().split(ESC).join('<ESC>') };
}

describe('roundtrip --samples: the progress line', () => {
  it('--progress shows it on a terminal and wipes it before other output: the rest is the run without it', async () => {
    const plain = await run(['--no-progress']);
    const shown = await run(['--progress']);
    expect(plain.err).not.toMatch(LINE);
    expect(shown.err).toMatch(/\r\d+ objects, /);
    expect(shown.err.replace(LINE, '')).toBe(plain.err);
    expect(shown.out).toBe(plain.out);
    expect(shown.code).toBe(plain.code);
    // what the run is about: a skipped sample (warning) and a lossy one (exit 1)
    expect(plain.err).toMatch(/b\.yaml:1:1: warning UNKNOWN_VERSION/);
    expect(plain.code).toBe(1);
  });

  it('never with --json', async () => {
    const r = await run(['--progress', '--json']);
    expect(r.err).not.toMatch(/objects, /);
    expect((JSON.parse(r.out) as { ok: boolean }).ok).toBe(false);
  });
});
