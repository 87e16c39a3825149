// Shared by the benchmarks: medians of alternating runs, so JIT and GC state weigh on both functions alike.
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

export function timeBoth(a: () => unknown, b: () => unknown, runs: number): [number, number] {
  for (let i = 0; i < 3; i++) {
    a();
    b();
  }
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now();
    a();
    sa.push(performance.now() - t0);
    t0 = performance.now();
    b();
    sb.push(performance.now() - t0);
  }
  return [median(sa), median(sb)];
}
