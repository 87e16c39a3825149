import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { closingLine } from '../testdata/closing.ts';
import { fakeIO } from '../testdata/fakeIO.ts';
import { crdCheck } from './crdCheck.ts';
import { check } from './check.ts';

const TD = path.resolve(import.meta.dirname, '../testdata/crd-check');
const REFUSED = path.join(TD, 'refused.yaml');
const ACCEPTED = path.join(TD, 'accepted.yaml');

describe('crd-check command', () => {
  it('exit 0 for a CRD the API server accepts (the same rule with maxItems and maxLength declared)', async () => {
    const f = fakeIO();
    expect(await crdCheck([ACCEPTED], f.io)).toBe(0);
    expect(f.out()).toBe('');
    expect(closingLine(f.err(), 'lossless')).toMatch(/^\S+: 1 CRD /);
  });

  it('exit 1 with file:line:col at each offending rule: over budget, a type error, the schema total', async () => {
    const f = fakeIO();
    expect(await crdCheck([REFUSED], f.io)).toBe(1);
    const lines = f.err().trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(
        /^.*refused\.yaml:25:23: error CRD_CEL_COST: .*exceeds budget by factor of .*names\.x-kubernetes-validations\[0\]\.rule\)$/,
      ),
      expect.stringMatching(
        /^.*refused\.yaml:30:23: error CRD_CEL_COMPILE: .*count\.x-kubernetes-validations\[0\]\.rule\)$/,
      ),
      expect.stringMatching(/^.*refused\.yaml:14:9: error CRD_CEL_COST_TOTAL: /),
      expect.stringMatching(/^verdict: /),
    ]);
    closingLine(f.err(), 'rejected');
  });

  it('--json: every CRD with its issues and every rule with its estimated cost and place', async () => {
    const f = fakeIO();
    expect(await crdCheck([TD, '--json'], f.io)).toBe(1);
    const out = JSON.parse(f.out()) as {
      accepted: boolean;
      crds: { file: string; accepted: boolean; rules: { cost: number; line: number; path: string }[] }[];
    };
    expect(out.accepted).toBe(false);
    expect(out.crds.map((c) => [path.basename(c.file), c.accepted])).toEqual([
      ['accepted.yaml', true],
      ['refused.yaml', false],
    ]);
    const rule = out.crds[0]?.rules[0];
    expect(rule?.line).toBe(27);
    expect(rule?.cost).toBeGreaterThan(0);
    expect(rule?.path).toContain('x-kubernetes-validations[0].rule');
  });

  it('exit 2 on bad input: a missing file, no CRD, no argument', async () => {
    expect(await crdCheck(['/no/such/file.yaml'], fakeIO().io)).toBe(2);
    expect(await crdCheck([path.resolve(import.meta.dirname, '../testdata/validate/widgets.yaml')], fakeIO().io)).toBe(
      2,
    );
    expect(await crdCheck([], fakeIO().io)).toBe(2);
  });

  it('check fails a new revision the API server would refuse', async () => {
    const f = fakeIO();
    expect(await check(['--old', ACCEPTED, '--new', REFUSED], f.io)).toBe(1);
    expect(f.err()).toContain('CRD_CEL_COST');
    expect(f.out()).toMatch(/would refuse 1 new CRD/);
    expect(await check(['--old', ACCEPTED, '--new', ACCEPTED], fakeIO().io)).toBe(0);
  });
});
