// The input readers every command shares: what each returns and prints (the options' parsing: command.test.ts).
import { describe, expect, it } from 'vitest';
import { fakeIO } from '../testdata/fakeIO.ts';
import { readDocuments, readInput } from './conversionArgs.ts';
import { readSamples } from '../streamInput.ts';

describe('input readers', () => {
  const person = 'apiVersion: crm.example.com/v1\nkind: Person\nmetadata: {name: ann}\n';

  it('readInput: a missing file is FILE_NOT_FOUND at the file', async () => {
    const f = fakeIO();
    expect(await readInput(f.io, '/no/such/file.yaml')).toBeUndefined();
    expect(f.err()).toMatch(/^\/no\/such\/file\.yaml: error FILE_NOT_FOUND: /);
  });

  it('readDocuments: stdin is named <stdin>; a syntax error prints every issue and gives undefined', async () => {
    const ok = await readDocuments(fakeIO(`${person}---\n${person}`).io, '-');
    expect(ok?.name).toBe('<stdin>');
    expect(ok?.documents.length).toBe(2);
    const f = fakeIO('kind: [unclosed\n');
    expect(await readDocuments(f.io, '-')).toBeUndefined();
    expect(f.err()).toMatch(/^<stdin>:\d+:\d+: error YAML_SYNTAX/m);
  });

  it('readSamples: every YAML/JSON file, an empty one as no documents; a bad one fails; a missing path too', async () => {
    const f = fakeIO('', { '/a.yaml': person, '/e.yaml': '' });
    f.io.listFiles = async () => ['/a.yaml', '/e.yaml', '/notes.txt'];
    const read = await readSamples(f.io, '/');
    expect(read?.map((r) => [r.file, r.documents.length])).toEqual([
      ['/a.yaml', 1],
      ['/e.yaml', 0],
    ]);
    const bad = fakeIO('', { '/b.yaml': 'kind: [unclosed\n' });
    expect(await readSamples(bad.io, '/b.yaml')).toBeUndefined();
    expect(bad.err()).toMatch(/^\/b\.yaml:\d+:\d+: error YAML_SYNTAX/m);
    const missing = fakeIO();
    expect(await readSamples(missing.io, '/no/such/dir')).toBeUndefined();
    expect(missing.err()).toMatch(/^\/no\/such\/dir: error FILE_NOT_FOUND: /);
  });
});
