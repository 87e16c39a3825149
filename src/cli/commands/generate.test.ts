import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandIO } from '../io.ts';
import { loadCatalogSource } from '../catalogSource.ts';
import { generate } from './generate.ts';

const testdata = path.resolve(import.meta.dirname, '../../importers/testdata');
const read = (n: string) => readFileSync(path.join(testdata, n), 'utf8');

/** In-memory files under absolute paths. */
function fakeIO(files: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const written: Record<string, string> = {};
  const io: CommandIO = {
    out: (t) => void out.push(t),
    err: (t) => void err.push(t),
    readText: async (f) => {
      const t = files[path.resolve(f)];
      if (t === undefined) throw new Error(`ENOENT ${f}`);
      return t;
    },
    writeText: async (f, t) => void (written[f] = t),
    listFiles: async (p) => {
      const abs = path.resolve(p);
      if (files[abs] !== undefined) return [abs];
      const under = Object.keys(files)
        .filter((f) => f.startsWith(abs + path.sep))
        .sort();
      if (under.length === 0) throw new Error(`ENOENT ${p}`);
      return under;
    },
    readStdin: async () => '',
  };
  return { io, out, err, written };
}

const tree = (root: string) => ({
  [`${root}/crds/widgets-crd.yaml`]: read('widgets-crd.yaml'),
  [`${root}/crds/nested/aso-crd.yaml`]: read('aso-crd.yaml'),
  [`${root}/crds/notes.txt`]: 'not an input',
  [`${root}/config.yaml`]: read('config.yaml'),
});

describe('generate', () => {
  it('writes a catalog from folders and files, recursively, skipping non-YAML/JSON files', async () => {
    const f = fakeIO(tree('/a'));
    const code = await generate(
      ['/a/crds', '--config', '/a/config.yaml', '-o', '/out.json', '--id', 'demo', '--title', 'Demo'],
      f.io,
    );
    expect(code).toBe(0);
    const catalog = JSON.parse(f.written['/out.json'] ?? '{}');
    expect(catalog).toMatchObject({ formatVersion: 2, id: 'demo', title: 'Demo' });
    expect(catalog.sources).toEqual(['config.yaml', 'crds/nested/aso-crd.yaml', 'crds/widgets-crd.yaml']);
    expect(f.err.join('')).toMatch(/^config\.yaml:12:\d+: warning INVALID_CONFIG/);
  });

  it('gives the same bytes for the same inputs in another folder and another order', async () => {
    const a = fakeIO(tree('/one/place'));
    const b = fakeIO(tree('/elsewhere'));
    await generate(['/one/place/crds', '/one/place/config.yaml', '--id', 'x'], a.io);
    await generate(['/elsewhere/config.yaml', '/elsewhere/crds', '--id', 'x'], b.io);
    expect(a.out.join('')).toBe(b.out.join(''));
    expect(a.out.join('')).toMatch(/\n$/);
  });

  it('prints errors as file:line:col, still writes what imported, and exits 2', async () => {
    const f = fakeIO({ '/in/bad.yaml': 'a: [1,\n', '/in/good.yaml': read('widgets-crd.yaml') });
    const code = await generate(['/in'], f.io);
    expect(code).toBe(2);
    expect(f.err.join('')).toMatch(/^bad\.yaml:\d+:\d+: error YAML_SYNTAX/m);
    expect(JSON.parse(f.out.join('')).kinds).toHaveLength(2);
  });

  it('exits 2 on bad usage and missing inputs', async () => {
    expect(await generate([], fakeIO({}).io)).toBe(2);
    expect(await generate(['--bogus', 'x'], fakeIO({}).io)).toBe(2);
    const f = fakeIO({});
    expect(await generate(['/nope'], f.io)).toBe(2);
    expect(f.err.join('')).toMatch(/^\/nope: error FILE_NOT_FOUND/);
  });
});

describe('loadCatalogSource', () => {
  it('loads a catalog JSON file as is, or imports anything generate accepts', async () => {
    const g = fakeIO(tree('/a'));
    await generate(['/a/crds', '--id', 'demo'], g.io);
    const f = fakeIO({ '/c/catalog.json': g.out.join(''), ...tree('/a') });
    const fromJson = await loadCatalogSource('/c/catalog.json', f.io);
    expect(fromJson.issues).toEqual([]);
    expect(fromJson.catalog?.id).toBe('demo');
    const fromYaml = await loadCatalogSource('/a/crds', f.io);
    expect(fromYaml.catalog?.kinds.map((k) => k.kind)).toEqual(['Gadget', 'Widget', 'Vault']);
  });

  it('reports an invalid catalog JSON', async () => {
    const f = fakeIO({
      '/c/catalog.json': JSON.stringify({
        formatVersion: 1,
        id: 'x',
        title: 't',
        kinds: [{}],
        config: {},
        sources: [],
      }),
    });
    const r = await loadCatalogSource('/c/catalog.json', f.io);
    expect(r.catalog).toBeUndefined();
    expect(r.issues[0]?.code).toBe('INVALID_CATALOG');
  });
});

describe('generate: nothing importable', () => {
  it('only an empty file exits 2 with NO_RESOURCE and writes no catalog', async () => {
    const f = fakeIO({ '/in/empty.yaml': '' });
    expect(await generate(['/in/empty.yaml'], f.io)).toBe(2);
    expect(f.err.join('')).toMatch(/^\/in\/empty.yaml: error NO_RESOURCE/m);
    expect(f.out.join('')).toBe('');
  });

  it('YAML syntax messages carry the position once, as file:line:col', async () => {
    const f = fakeIO({ '/in/bad.yaml': 'kind: [unclosed\n  foo: : bar\n', '/in/w.yaml': read('widgets-crd.yaml') });
    expect(await generate(['/in'], f.io)).toBe(2);
    const lines = f.err
      .join('')
      .split('\n')
      .filter((l) => l.includes('YAML_SYNTAX'));
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      expect(l).toMatch(/^bad\.yaml:\d+:\d+: error YAML_SYNTAX/);
      expect(l).not.toMatch(/line \d+, column \d+/);
    }
    // the rest of the batch still imports
    expect(JSON.parse(f.out.join('')).kinds.length).toBe(2);
  });
});

describe('OpenAPI files whose $refs point into other files', () => {
  it('reads the files the refs name (Azure common types), so naming the spec is enough', async () => {
    const f = fakeIO({
      '/repo/specs/2021-01-01/vault.json': read('crossfile/specs/2021-01-01/vault.json'),
      '/repo/common/v2/types.json': read('crossfile/common/v2/types.json'),
    });
    const r = await loadCatalogSource('/repo/specs/2021-01-01/vault.json', f.io);
    expect(r.issues).toEqual([]);
    expect(r.catalog?.sources).toEqual(['common/v2/types.json', 'specs/2021-01-01/vault.json']);
    expect(r.catalog?.kinds.map((k) => k.kind)).toEqual(['Vault']);
  });

  it('reports the dangling ref when the named file does not exist', async () => {
    const f = fakeIO({ '/repo/specs/2021-01-01/vault.json': read('crossfile/specs/2021-01-01/vault.json') });
    const r = await loadCatalogSource('/repo/specs/2021-01-01/vault.json', f.io);
    expect(r.issues.some((i) => i.code === 'DANGLING_REF' && i.file === 'vault.json')).toBe(true);
  });
});
