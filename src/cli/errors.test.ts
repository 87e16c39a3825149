// Errors a user meets, in the documented shape (`file:line:col: severity CODE: message`, or
// `version-explorer <command>: severity CODE: message` where there is no file), with exit 2 and the valid
// choices listed: no raw Node error, no internal `<v>storage` version offered, no stray argument ignored.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../core/testdata/corpus.ts';
import { main } from './main.ts';
import { fakeIO } from './testdata/fakeIO.ts';

const BIN = path.join(REPO, 'bin/version-explorer.mjs');
const EXAMPLE = path.join(REPO, 'src/catalogs/person-v1v2/example.yaml');
const run = async (argv: string[], stdin = '') => {
  const f = fakeIO(stdin);
  const code = await main(argv, f.io);
  return { code, out: f.out(), err: f.err() };
};
/** Every stderr line is an issue in the documented shape (a usage error adds its usage line and a hint). */
const SHAPE = /^(\S+(:\d+:\d+)?|version-explorer [\w ]+): (error|warning|info|note) [A-Z_]+: /;
const RAW = /ENOENT|EISDIR|EACCES|Error:|\n\s+at /;

describe('files', () => {
  it('strategies --svg into a missing folder: FILE_NOT_FOUND at the folder, exit 2, no raw ENOENT (real process)', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 've-svg-')), 'missing');
    const r = spawnSync(
      process.execPath,
      [BIN, 'strategies', '--catalog', 'person-v1v2', '--kind', 'Person', '--svg', dir],
      {
        encoding: 'utf8',
      },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).not.toMatch(RAW);
    expect(r.stderr.startsWith(`${dir}: error FILE_NOT_FOUND: `)).toBe(true);
    expect(r.stdout).toBe('');
  }, 60_000);

  it('-f with a folder says it is a folder (NOT_A_FILE), not that it cannot be read', async () => {
    const folder = path.dirname(EXAMPLE);
    for (const argv of [
      ['convert', '--catalog', 'person-v1v2', '-f', folder, '--to', 'v1'],
      ['validate', '--catalog', 'person-v1v2', '-f', folder],
    ]) {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(r.err.startsWith(`${folder}: error NOT_A_FILE: `)).toBe(true);
      expect(r.err).not.toMatch(RAW);
    }
  });
});

describe('versions: the valid choices listed, without internal storage variants', () => {
  it.each([['aso'], ['deployed']])('convert --to v3 (%s view) lists the served versions', async (storage) => {
    const r = await run(['convert', '--catalog', 'person-v1v2', '-f', EXAMPLE, '--to', 'v3', '--storage', storage]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^version-explorer convert: error UNKNOWN_VERSION: .*\bv3\b.*\bv1, v2\b/m);
    expect(r.err).not.toMatch(/storage\b(?! deployed)/);
    expect(
      r.err
        .trimEnd()
        .split('\n')
        .every((l) => SHAPE.test(l)),
    ).toBe(true);
  });

  it('a document at a version its kind lacks: UNKNOWN_VERSION at its line, listing the served versions', async () => {
    const doc = 'apiVersion: crm.example.com/v9\nkind: Person\nmetadata: {name: a}\n';
    for (const argv of [
      ['convert', '--catalog', 'person-v1v2', '-f', '-', '--to', 'v1'],
      ['validate', '--catalog', 'person-v1v2', '-f', '-'],
    ]) {
      const r = await run(argv, doc);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/^<stdin>:1:1: error UNKNOWN_VERSION: .*\(it serves: v1, v2\)/m);
      expect(r.err).not.toContain('v1storage');
    }
  });

  it('validate --version and plan --from name the served versions too', async () => {
    const v = await run(['validate', '--catalog', 'person-v1v2', '-f', EXAMPLE, '--version', 'v3']);
    expect(v.code).toBe(2);
    expect(v.err).toMatch(/UNKNOWN_VERSION: .*Person: v1, v2/);
    const p = await run(['plan', '--catalog', 'person-v1v2', '--kind', 'Person', '--from', 'v3', '--storage', 'aso']);
    expect(p.code).toBe(2);
    expect(p.err).toMatch(/UNKNOWN_VERSION: .*v1, v2/);
    expect(p.err).not.toContain('v1storage');
  });
});

describe('usage', () => {
  it.each([
    [['convert', '--catalog', 'person-v1v2', '-f', EXAMPLE, '--to', 'v1', 'extra-arg']],
    [['validate', '--catalog', 'person-v1v2', '-f', EXAMPLE, 'extra-arg']],
    [['diff', '--catalog', 'person-v1v2', '--kind', 'Person', '--from', 'v1', '--to', 'v2', 'extra-arg']],
    [['rules', 'schema', 'extra-arg']],
  ])('a stray positional argument is refused: %j', async (argv) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')[0]).toMatch(/^version-explorer [\w ]+: error USAGE: unexpected argument extra-arg$/);
    expect(r.out).toBe('');
  });

  it('an unknown command and `help` of an unknown command are usage errors in the same shape', async () => {
    for (const argv of [['frobnicate'], ['help', 'frobnicate']]) {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(r.err.split('\n')[0]).toMatch(SHAPE);
      expect(r.err).toContain("'frobnicate'");
    }
  });
});
