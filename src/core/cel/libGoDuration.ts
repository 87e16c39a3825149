// `formatDuration(d)`: a duration as Go's time.Duration.String() writes it ("24h0m0s", "1.5s", "2.2ms", "0s"), for
// conversion rules that must write what a Go converter writes (metav1.Duration's JSON). Not a Kubernetes CEL
// function: CRD rules cannot call it (the static checker does not declare it), conversion rules can.
import { CelScalar, celFunc, objectType, type CelFunc } from '@bufbuild/cel';
import { DurationSchema, type Duration } from '@bufbuild/protobuf/wkt';

const SECOND = 1_000_000_000n;
const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

/** v / 10^prec's fraction as ".123" without trailing zeros ("" when it is 0), and v / 10^prec. */
function frac(v: bigint, prec: number): [string, bigint] {
  let digits = '';
  let printed = false;
  for (let i = 0; i < prec; i++) {
    const digit = v % 10n;
    printed ||= digit !== 0n;
    if (printed) digits = `${digit}${digits}`;
    v /= 10n;
  }
  return [printed ? `.${digits}` : '', v];
}

/** Go's time.Duration(nanos).String(), for any int64 of nanoseconds. */
export function goDurationString(nanos: bigint): string {
  if (nanos < INT64_MIN || nanos > INT64_MAX) throw new Error('duration out of range');
  const neg = nanos < 0n;
  let u = neg ? -nanos : nanos; // -(1 << 63) stays exact with bigint, as Go's uint64 negation
  let out: string;
  if (u === 0n) return '0s';
  if (u < SECOND) {
    const [unit, prec] = u < 1000n ? ['ns', 0] : u < 1_000_000n ? ['µs', 3] : ['ms', 6];
    const [f, whole] = frac(u, prec as number);
    out = `${whole}${f}${unit}`;
  } else {
    const [f, secs] = frac(u, 9);
    u = secs;
    out = `${u % 60n}${f}s`;
    u /= 60n;
    if (u > 0n) {
      out = `${u % 60n}m${out}`;
      u /= 60n;
      if (u > 0n) out = `${u}h${out}`;
    }
  }
  return neg ? `-${out}` : out;
}

export function goDurationFunctions(): CelFunc[] {
  return [
    celFunc('formatDuration', [objectType(DurationSchema)], CelScalar.STRING, (d) => {
      const m = (d as unknown as { message: Duration }).message;
      return goDurationString(m.seconds * SECOND + BigInt(m.nanos));
    }),
    // nanoseconds, as Go's time.Duration holds them
    celFunc('formatDuration', [CelScalar.INT], CelScalar.STRING, (n) => goDurationString(n)),
  ];
}
