// Bad input to the conversion commands: every case exits 2 with `file:line:col: severity CODE` where there is
// source text, never a silent success; unknown-kind documents (a Secret) still pass through.
import { describe, expect, it } from 'vitest';
import { fakeIO } from '../testdata/fakeIO.ts';
import { convert } from './convert.ts';
import { plan } from './plan.ts';
import { roundtrip } from './roundtrip.ts';

const person = 'apiVersion: crm.example.com/2011-01-01\nkind: Person\nmetadata: {name: ann}\nspec: {id: "1"}\n';
const secret = 'apiVersion: v1\nkind: Secret\nmetadata: {name: s}\n';

describe('convert: bad documents', () => {
  it('a document without apiVersion exits 2 at its position and writes nothing', async () => {
    const f = fakeIO(`${person}---\nkind: Person\nmetadata: {name: x}\n`);
    expect(await convert(['--catalog', 'crm-person', '-f', '-', '--to', 'hub'], f.io)).toBe(2);
    expect(f.err()).toMatch(/^<stdin>:6:1: error MISSING_API_VERSION/m);
    expect(f.out()).toBe('');
  });

  it('a catalog kind at a version the catalog lacks exits 2 (UNKNOWN_VERSION), not a pass-through', async () => {
    const f = fakeIO(person.replace('2011-01-01', '1999-01-01'));
    expect(await convert(['--catalog', 'crm-person', '-f', '-', '--to', 'hub'], f.io)).toBe(2);
    expect(f.err()).toMatch(/^<stdin>:1:1: error UNKNOWN_VERSION/m);
  });

  it('--to naming no version of any kind exits 2 even when no document matches', async () => {
    const f = fakeIO(secret);
    expect(await convert(['--catalog', 'crm-person', '-f', '-', '--to', 'v9'], f.io)).toBe(2);
    expect(f.err()).toContain('UNKNOWN_VERSION');
  });

  it('unknown kinds (a Secret) still pass through with exit 0', async () => {
    const f = fakeIO(`${person}---\n${secret}`);
    expect(await convert(['--catalog', 'crm-person', '-f', '-', '--to', 'hub'], f.io)).toBe(0);
    expect(f.out()).toContain('kind: Secret');
  });

  it('an alias bomb is a YAML_SYNTAX error with a position, not an exception', async () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (const n of 'bcdefg')
      bomb.push(
        `${n}: &${n} [${Array(10)
          .fill(`*${String.fromCharCode(n.charCodeAt(0) - 1)}`)
          .join(', ')}]`,
      );
    const f = fakeIO(bomb.join('\n'));
    expect(await convert(['--catalog', 'crm-person', '-f', '-', '--to', 'hub'], f.io)).toBe(2);
    expect(f.err()).toMatch(/^<stdin>:1:1: error YAML_SYNTAX/m);
  });

  it('a catalog source that defines no kinds exits 2', async () => {
    const f = fakeIO(person, { '/empty.yaml': '' });
    expect(await convert(['--catalog', '/empty.yaml', '-f', '-', '--to', 'hub'], f.io)).toBe(2);
    expect(f.out()).toBe('');
    expect(await plan(['--catalog', '/empty.yaml', '--kind', 'Person', '--from', 'v1'], fakeIO().io)).toBe(2);
  });
});

describe('roundtrip: bad samples', () => {
  it('a sample that does not parse exits 2 with its position (not "nothing to check")', async () => {
    const f = fakeIO('', { '/s.yaml': 'apiVersion: v1\nkind: [unclosed\n' });
    expect(await roundtrip(['--catalog', 'crm-person', '--samples', '/s.yaml'], f.io)).toBe(2);
    expect(f.err()).toMatch(/^\/s\.yaml:\d+:\d+: error YAML_SYNTAX/m);
  });
});

describe('roundtrip: samples the catalog cannot check', () => {
  it('a catalog kind at an unknown version is reported on stderr, not silently skipped', async () => {
    const f = fakeIO('', { '/s.yaml': person.replace('2011-01-01', '1999-01-01') });
    // ... and with nothing else to check, the command fails: nothing was converted.
    expect(await roundtrip(['--catalog', 'crm-person', '--samples', '/s.yaml'], f.io)).toBe(2);
    expect(f.err()).toMatch(/^\/s\.yaml:1:1: warning UNKNOWN_VERSION/m);
    expect(f.err()).toMatch(/error NOTHING_CONVERTED/);
  });
});
