import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  TOTAL_ANNOTATION_SIZE_LIMIT,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidLabelValue,
  utf8Length,
  validateAnnotations,
  validateLabels,
} from './k8sNames.ts';

type Value = string | { repeat: string; times: number } | { concat: Value[] };
const valueOf = (v: Value): string =>
  typeof v === 'string' ? v : 'repeat' in v ? v.repeat.repeat(v.times) : v.concat.map(valueOf).join('');
const tables = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../testdata', 'validation.names.json'), 'utf8'),
) as Record<string, { good: Value[]; bad: Value[] }>;

/** Upstream's goodValues / badValues loops: one `it` per value. */
function runTable(name: string, check: (s: string) => string[]): void {
  describe(`validation_test.go ${name}`, () => {
    const t = tables[name]!;
    it.each(t.good.map((v) => [valueOf(v).slice(0, 40), valueOf(v)]))('accepts %j', (_, v) =>
      expect(check(v)).toEqual([]),
    );
    it.each(t.bad.map((v) => [valueOf(v).slice(0, 40), valueOf(v)]))('rejects %j', (_, v) =>
      expect(check(v).length).toBeGreaterThan(0),
    );
  });
}

runTable('TestIsDNS1123Subdomain', isDNS1123Subdomain);
runTable('TestIsQualifiedName', isQualifiedName);
runTable('TestIsValidLabelValue', isValidLabelValue);

describe('lengths are UTF-8 bytes (Go len)', () => {
  it('counts 1 to 4 bytes per code point', () => {
    expect(utf8Length('a')).toBe(1);
    expect(utf8Length('ä')).toBe(2);
    expect(utf8Length('€')).toBe(3);
    expect(utf8Length('😀')).toBe(4);
    expect(utf8Length('\ud800')).toBe(3);
  });
});

describe('ValidateLabels', () => {
  it('names each bad key and each bad value; a valid map has no problem', () => {
    expect(validateLabels({ 'example.com/app': 'web', tier: '' })).toEqual([]);
    expect(validateLabels({ 'a/b/c': 'ok', good: 'has space' }).map((p) => [p.problem, p.key])).toEqual([
      ['invalid-label-key', 'a/b/c'],
      ['invalid-label-value', 'good'],
    ]);
  });
});

describe('ValidateAnnotations', () => {
  it('checks keys ignoring case, as Go lower-cases them (İ is i), and never the values', () => {
    expect(validateAnnotations({ 'Example.COM/Key': 'any value at all: ü / !' })).toEqual([]);
    expect(validateAnnotations({ '\u0130': 'x' })).toEqual([]);
    expect(validateAnnotations({ 'not valid': 'x' }).map((p) => [p.problem, p.key])).toEqual([
      ['invalid-annotation-key', 'not valid'],
    ]);
  });

  it('limits keys and values together to 256 KiB of UTF-8', () => {
    const fill = (n: number) => ({ k: 'x'.repeat(n - 1) });
    expect(validateAnnotations(fill(TOTAL_ANNOTATION_SIZE_LIMIT))).toEqual([]);
    expect(validateAnnotations(fill(TOTAL_ANNOTATION_SIZE_LIMIT + 1)).map((p) => p.problem)).toEqual([
      'annotations-too-large',
    ]);
    // half as many characters, each two bytes: over the limit by bytes, not by characters
    const wide = { k: 'ä'.repeat(TOTAL_ANNOTATION_SIZE_LIMIT / 2) };
    expect(validateAnnotations(wide).map((p) => p.problem)).toEqual(['annotations-too-large']);
  });
});
