// formatDuration: Go's time.Duration.String(). The table is Go's own (src/time/time_test.go durationTests,
// TestDurationString: each positive duration also negated), run through the explorer's CEL API.
import { describe, expect, it } from 'vitest';
import { checkCel, compileCel, evaluateCel } from './index.ts';
import { goDurationString } from './libGoDuration.ts';

const NS = 1n;
const US = 1000n * NS;
const MS = 1000n * US;
const S = 1000n * MS;
const M = 60n * S;
const H = 60n * M;

const GO_DURATION_TESTS: [string, bigint][] = [
  ['0s', 0n],
  ['1ns', 1n * NS],
  ['1.1µs', 1100n * NS],
  ['2.2ms', 2200n * US],
  ['3.3s', 3300n * MS],
  ['4m5s', 4n * M + 5n * S],
  ['4m5.001s', 4n * M + 5001n * MS],
  ['5h6m7.001s', 5n * H + 6n * M + 7001n * MS],
  ['8m0.000000001s', 8n * M + 1n * NS],
  ['2562047h47m16.854775807s', (1n << 63n) - 1n],
  ['-2562047h47m16.854775808s', -(1n << 63n)],
];

const run = (expr: string): unknown => {
  const c = compileCel(expr);
  if (!c.ok) throw new Error(c.error);
  const r = evaluateCel(c.program, {});
  return r.kind === 'value' ? r.value : r;
};

describe("formatDuration: Go's Duration.String()", () => {
  it.each(GO_DURATION_TESTS)('%s', (want, nanos) => {
    expect(goDurationString(nanos)).toBe(want);
    expect(run(`formatDuration(${nanos === -(1n << 63n) ? '-9223372036854775807 - 1' : String(nanos)})`)).toBe(want);
    if (nanos > 0n) expect(goDurationString(-nanos)).toBe(`-${want}`);
  });

  it.each([
    ["duration('24h')", '24h0m0s'],
    ["duration('1.5s')", '1.5s'],
    ["duration('-2m3.000000004s')", '-2m3.000000004s'],
    ["duration('90m')", '1h30m0s'],
    ["duration('0s')", '0s'],
  ])('formatDuration(%s) is %s', (arg, want) => {
    expect(run(`formatDuration(${arg})`)).toBe(want);
  });

  it('fails past the int64 nanoseconds Go holds', () => {
    expect(() => goDurationString(1n << 63n)).toThrow(/out of range/);
  });

  it('is for conversion rules only: a CRD rule calling it does not type-check (the API server lacks it)', () => {
    expect(checkCel("formatDuration(duration('1h')) == '1h0m0s'", new Map())).toMatchObject({ ok: false });
  });
});
