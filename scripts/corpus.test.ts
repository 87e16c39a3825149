// `npm run corpus` against a real HTTP server on 127.0.0.1 that serves the shared corpus under the upstream URL
// paths the manifest names (as raw.githubusercontent.com would): a full fetch, a tampered file, an interrupted
// download. Skipped without the shared corpus (it is what the server serves).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeCorpus } from '../src/core/testdata/corpusSuite.ts';
import { CORPUS, REPO } from '../src/core/testdata/corpus.ts';

interface ManifestFile {
  path: string;
  repository: string;
  commit: string;
  source: string;
  size: number;
  sha256: string;
}
const manifest = JSON.parse(readFileSync(path.join(REPO, 'corpus.lock.json'), 'utf8')) as { files: ManifestFile[] };
// Each case runs the script over all 581 files at least once: on a loaded 2-core machine that is many seconds.
vi.setConfig({ testTimeout: 180_000 });
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Upstream URL path -> the corpus file; `tamper` serves altered bytes, `cut` sends half a file once, then stops. */
function upstream() {
  const byUrl = new Map(manifest.files.map((f) => [`/${f.repository}/${f.commit}/${f.source}`, f]));
  const tamper = new Set<string>();
  const cut = new Set<string>();
  const ranges: { path: string; range: string }[] = [];
  const server = createServer((req, res) => {
    const f = byUrl.get(decodeURIComponent(req.url ?? ''));
    if (!f) return void res.writeHead(404).end('not found');
    let body = readFileSync(path.join(CORPUS, f.path));
    if (tamper.has(f.path)) body = Buffer.concat([body, Buffer.from('\n# tampered\n')]);
    if (cut.delete(f.path)) {
      res.writeHead(200, { 'content-length': body.length });
      res.write(body.subarray(0, Math.floor(body.length / 2)));
      return void setTimeout(() => res.destroy(), 200);
    }
    const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    if (m) {
      ranges.push({ path: f.path, range: req.headers.range ?? '' });
      const from = Number(m[1]);
      res.writeHead(206, { 'content-range': `bytes ${from}-${body.length - 1}/${body.length}` });
      return void res.end(body.subarray(from));
    }
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  return { server, tamper, cut, ranges };
}

function fetchCorpus(base: string, dir: string): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(REPO, 'scripts/corpus.mjs'), '--dir', dir, '--base', base],
      { cwd: REPO },
      (e, out, err) => resolve({ code: e ? Number(e.code ?? 1) : 0, out, err }),
    );
  });
}

describeCorpus('npm run corpus over HTTP', () => {
  const up = upstream();
  const dir = mkdtempSync(path.join(tmpdir(), 've-corpus-'));
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((r) => up.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(up.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => (up.server as Server).close(r));
    rmSync(dir, { recursive: true, force: true });
  });
  const local = (f: ManifestFile) => path.join(dir, f.path);

  it('fetches every file and verifies it; a second run fetches nothing', async () => {
    const first = await fetchCorpus(base, dir);
    expect(first.code, first.err).toBe(0);
    for (const f of manifest.files) expect(sha256(readFileSync(local(f))), f.path).toBe(f.sha256);
    expect(first.out).toContain(`${manifest.files.length} fetched`);
    const again = await fetchCorpus(base, dir);
    expect(again.code).toBe(0);
    expect(again.out).toContain(`0 fetched, 0 resumed, ${manifest.files.length} already verified`);
  });

  it('refuses a file whose bytes are not the manifest’s, and keeps the rest', async () => {
    const [f] = manifest.files;
    if (!f) throw new Error('empty manifest');
    unlinkSync(local(f));
    up.tamper.add(f.path);
    const r = await fetchCorpus(base, dir);
    up.tamper.clear();
    expect(r.code).toBe(1);
    expect(r.err).toContain(f.path);
    expect(existsSync(local(f))).toBe(false);
    expect(existsSync(`${local(f)}.part`)).toBe(false);
    expect(r.out).toContain(`${manifest.files.length - 1} already verified, 1 failed`);
    // Served correctly again, it is fetched.
    expect((await fetchCorpus(base, dir)).code).toBe(0);
    expect(sha256(readFileSync(local(f)))).toBe(f.sha256);
  });

  it('resumes an interrupted download from where it stopped', async () => {
    const f = [...manifest.files].sort((a, b) => b.size - a.size)[0];
    if (!f) throw new Error('empty manifest');
    unlinkSync(local(f));
    up.cut.add(f.path);
    const stopped = await fetchCorpus(base, dir);
    expect(stopped.code).toBe(1);
    expect(existsSync(local(f))).toBe(false);
    const kept = statSync(`${local(f)}.part`).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(f.size);
    const resumed = await fetchCorpus(base, dir);
    expect(resumed.code, resumed.err).toBe(0);
    expect(up.ranges).toContainEqual({ path: f.path, range: `bytes=${kept}-` });
    expect(resumed.out).toContain('0 fetched, 1 resumed');
    expect(sha256(readFileSync(local(f)))).toBe(f.sha256);
    expect(existsSync(`${local(f)}.part`)).toBe(false);
  });

  it('re-fetches a file changed on disk after it was verified', async () => {
    const f = manifest.files[1];
    if (!f) throw new Error('empty manifest');
    writeFileSync(local(f), 'changed\n');
    const r = await fetchCorpus(base, dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain('1 fetched');
    expect(sha256(readFileSync(local(f)))).toBe(f.sha256);
  });
});
