// The CLI's manners (issue 15): help and version, exit codes after import errors and when nothing converted,
// losses printed as errors, control characters from documents escaped, one line for a file that is not YAML,
// and `| head` ending quietly.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from './main.ts';
import { fakeIO } from './testdata/fakeIO.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(REPO, 'bin/version-explorer.mjs');
const run = async (argv: string[], stdin = '', files: Record<string, string> = {}) => {
  const f = fakeIO(stdin, files);
  const code = await main(argv, f.io);
  return { code, out: f.out(), err: f.err() };
};

const lostHub = `apiVersion: crm.example.com/v2storage
kind: Person
metadata:
  name: p
spec:
  firstName: a
  lastName: b
  residentialAddress:
    street: s
`;

describe('--help and --version', () => {
  it('prints the package version', async () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string };
    const r = await run(['--version']);
    expect(r.code).toBe(0);
    expect(r.out.trim()).toBe(`version-explorer ${pkg.version}`);
  });

  it.each([
    ['generate', ['--config', '--output', '--id', '--title']],
    ['plan', ['--catalog', '--kind', '--from', '--to', '--type', '--hub', '--strategy', '--json']],
    ['convert', ['--catalog', '--file', '--to', '--spec-only', '--status-only', '--hub', '--strategy', '--output']],
    ['roundtrip', ['--catalog', '--kind', '--samples', '--fuzz', '--seed', '--hub', '--strategy', '--json']],
    ['diff', ['--catalog', '--kind', '--from', '--to', '--json']],
  ])('%s --help describes every option and the exit codes', async (command, options) => {
    for (const flag of ['--help', '-h']) {
      const r = await run([command, flag]);
      expect(r.code).toBe(0);
      expect(r.out.split('\n').length).toBeGreaterThan(8);
      for (const o of options) expect(r.out).toMatch(new RegExp(`^\\s+(-\\w, )?${o}\\b`, 'm'));
      expect(r.out).toMatch(/^Exit codes:\n {2}0 .*\n( {2}1 .*\n)? {2}2 /m);
    }
  });
});

describe('exit codes', () => {
  it('a loss exits 1 and is printed as an error', async () => {
    const r = await run(['convert', '--catalog', 'person-v1v2', '-f', '/h.yaml', '--to', 'v1'], '', {
      '/h.yaml': lostHub,
    });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^\/h\.yaml:8:3: error LOST: .*spec\.residentialAddress/m);
    expect(r.err).not.toMatch(/warning LOST/);
  });

  it('nothing converted (only a ConfigMap) exits 2 with NOTHING_CONVERTED', async () => {
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: b\n';
    const r = await run(['convert', '--catalog', 'person-v1v2', '-f', '/cm.yaml', '--to', 'v1'], '', {
      '/cm.yaml': cm,
    });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^\/cm\.yaml: error NOTHING_CONVERTED/m);
    expect(r.out).toBe('');
  });

  it('import errors exit 2 even when other files imported', async () => {
    const dir = path.join(REPO, 'src/catalogs/person-v1v2/source');
    const r = await run(['plan', '--catalog', `${dir},/broken.yaml`, '--kind', 'Person', '--from', 'v1'], '', {
      '/broken.yaml': 'openapi: 3.0.3\ninfo: [\n',
    });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/broken\.yaml:\d+:\d+: error YAML_SYNTAX/);
    expect(r.out).toBe('');
  });

  it('a file that is not YAML as --catalog gives one line', async () => {
    const r = await run(['plan', '--catalog', path.join(REPO, 'README.md'), '--kind', 'X', '--from', 'v1']);
    expect(r.code).toBe(2);
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/^README\.md:\d+:\d+: error UNSUPPORTED_FORMAT/);
  });
});

describe('control characters from documents', () => {
  it('are escaped on stderr (ANSI, C1, bidi)', async () => {
    const evil = 'apiVersion: crm.example.com/v2\nkind: "\\e[31mPerson\\u009b\\u202e"\nmetadata:\n  name: p\n';
    const r = await run(['convert', '--catalog', 'person-v1v2', '-f', '/e.yaml', '--to', 'v1'], '', {
      '/e.yaml': evil,
    });
    expect(r.code).toBe(2);
    // eslint-disable-next-line no-control-regex
    expect(r.err).not.toMatch(/[\u001b\u009b\u202e]/);
    expect(r.err).toContain('\\x1b[31mPerson\\x9b\\u202e');
  });
});

describe('a closed pipe', () => {
  it('`convert | head` stops quietly with the command exit code, no EPIPE trace', async () => {
    // A large output, so that writes continue after the reader has gone.
    const items = Array.from(
      { length: 3000 },
      (_, i) =>
        `- apiVersion: crm.example.com/v1\n  kind: Person\n  metadata:\n    name: p${i}\n  spec:\n    firstName: a\n    lastName: b\n`,
    );
    const input = `apiVersion: v1\nkind: List\nitems:\n${items.join('').replace(/^/gm, '  ')}`;
    const child = spawn(process.execPath, [BIN, 'convert', '--catalog', 'person-v1v2', '-f', '-', '--to', 'hub'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.stdin.end(input);
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(err).not.toMatch(/EPIPE|Error|at .*\(/);
    expect(code).toBe(0);
  }, 60_000);
});
