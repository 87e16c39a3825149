// Round trips (CONVERSION.md §9): spoke -> hub -> spoke must give the input back; "read at B, write back"
// (A -> hub -> B -> hub -> A) shows what an older client destroys; hub -> older storage -> hub must be lossless.
import { issue, type Issue, type Path } from '../model/issue.ts';
import { isUnder } from '../model/path.ts';
import type { Catalog } from '../model/model.ts';
import type { Fate } from '../fates/fate.ts';
import { convertResource, type ConvertOptions } from '../models/aso/convertResource.ts';
import type { ConversionResult } from '../plan/conversionTypes.ts';
import { PROPERTY_BAG } from '../model/propertyBag.ts';

type Opts = Omit<ConvertOptions, 'part'>;

/**
 * Differences between two JSON values, as paths. Absent, null, `[]` and `{}` count as equal: ASO's bag
 * removes empty arrays and maps (Go `omitempty`), so they are not data a round trip can lose.
 */
export function jsonDifferences(a: unknown, b: unknown, path: Path = [], out: Path[] = [], limit = 50): Path[] {
  if (out.length >= limit) return out;
  if (isEmptyish(a) && isEmptyish(b)) return out;
  if (a === b) return out;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(path);
    else for (let i = 0; i < a.length; i++) jsonDifferences(a[i], b[i], [...path, i], out, limit);
    return out;
  }
  if (
    a !== null &&
    b !== null &&
    typeof a === 'object' &&
    typeof b === 'object' &&
    !Array.isArray(a) &&
    !Array.isArray(b)
  ) {
    const ao = a as Record<string, unknown>;
    const bo = b as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(ao), ...Object.keys(bo)])].sort();
    for (const k of keys) jsonDifferences(ao[k], bo[k], [...path, k], out, limit);
    return out;
  }
  out.push(path);
  return out;
}

function isEmptyish(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  return typeof v === 'object' && Object.keys(v).length === 0;
}

/** Bag keys in `after` that `before` did not have at the same object (a round trip must not leave any). */
export function strayBagKeys(before: unknown, after: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (after === null || typeof after !== 'object') return out;
  if (Array.isArray(after)) {
    after.forEach((x, i) => strayBagKeys(Array.isArray(before) ? before[i] : undefined, x, [...path, i], out));
    return out;
  }
  const a = after as Record<string, unknown>;
  const b =
    before !== null && typeof before === 'object' && !Array.isArray(before) ? (before as Record<string, unknown>) : {};
  for (const k of Object.keys(a).sort()) {
    if (k === PROPERTY_BAG) {
      const had = (b[k] ?? {}) as Record<string, unknown>;
      for (const key of Object.keys(a[k] as object).sort()) if (!Object.hasOwn(had, key)) out.push([...path, k, key]);
    } else strayBagKeys(b[k], a[k], [...path, k], out);
  }
  return out;
}

/**
 * The round-trip verdict, one rule for the UI and the CLI (docs/round-trips.md): a document comes back
 * lossless when every difference lies under a field the source version's schema does not know. Those fields
 * are PRUNED on the way in: the API server drops them when the document is written, so they were never
 * stored and a round trip cannot lose them. They are reported (`pruned`), never counted as losses.
 */
export interface RoundTripReport {
  /** Lossless: nothing `lost`, no stray bag key, no conversion error. */
  readonly ok: boolean;
  /** ROUND_TRIP_MISMATCH (one per lost path), STRAY_BAG_KEY, and conversion errors. */
  readonly issues: readonly Issue[];
  readonly via?: unknown;
  readonly back?: unknown;
  /** Every path where the document came back different (pruned fields included). */
  readonly differences: readonly Path[];
  /** The differences that are losses: not under a pruned field. */
  readonly lost: readonly Path[];
  /** Fields of the input the source version's schema does not know (PRUNED going in). */
  readonly pruned: readonly Path[];
}

const prunedPaths = (issues: readonly Issue[]): Path[] => issues.filter((i) => i.code === 'PRUNED').map((i) => i.path);

/** The paths not under any of `pruned`. */
const notPruned = (paths: readonly Path[], pruned: readonly Path[]): Path[] =>
  paths.filter((d) => !pruned.some((p) => isUnder(d, p)));

function report(
  input: unknown,
  via: unknown,
  back: unknown,
  upIssues: readonly Issue[],
  convIssues: readonly Issue[],
): RoundTripReport {
  const differences = jsonDifferences(input, back);
  const pruned = prunedPaths(upIssues);
  const lost = notPruned(differences, pruned);
  const issues: Issue[] = convIssues.filter((i) => i.severity === 'error' && i.code !== 'REQUIRED_MISSING');
  for (const d of lost) issues.push(issue('error', 'ROUND_TRIP_MISMATCH', 'the value differs after the round trip', d));
  for (const p of strayBagKeys(input, back))
    issues.push(issue('error', 'STRAY_BAG_KEY', 'a bag key the input did not have', p));
  return { ok: issues.length === 0, issues, via, back, differences, lost, pruned };
}

/** Document -> `via` (default: the hub) -> its own version again. */
export function roundTrip(catalog: Catalog, doc: unknown, opts: Opts & { via?: string } = {}): RoundTripReport {
  return roundTripWithHub(catalog, doc, opts).report;
}

/** The round trip and its way up (the conversion to the hub), for the verdict (roundTripVerdict.ts). */
export function roundTripWithHub(
  catalog: Catalog,
  doc: unknown,
  opts: Opts & { via?: string } = {},
): { report: RoundTripReport; up: ConversionResult } {
  const o = { fates: false, ...opts };
  const up = convertResource(catalog, doc, opts.via ?? 'hub', o);
  if (up.output === undefined)
    return { report: { ok: false, issues: up.issues, differences: [], lost: [], pruned: [] }, up };
  const down = convertResource(catalog, up.output, up.from, o);
  return { report: report(doc, up.output, down.output, up.issues, [...up.issues, ...down.issues]), up };
}

export interface WriteBackReport {
  /**
   * Paths (in the input) whose values an older client reading at B and writing back would destroy; the same
   * rule as the round trip: differences under pruned fields are not losses.
   */
  readonly lost: readonly Path[];
  /** The LOST fates of the hub -> B step: what B cannot show. */
  readonly lostAtRead: readonly Fate[];
  readonly output: unknown;
  readonly issues: readonly Issue[];
  /** Lossless: nothing lost. */
  readonly ok: boolean;
}

/** A -> hub -> B -> hub -> A: what a client that reads at B and writes back destroys. */
export function readWriteBack(catalog: Catalog, doc: unknown, readAt: string, opts: Opts = {}): WriteBackReport {
  const o = { ...opts, fates: false };
  const hub1 = convertResource(catalog, doc, 'hub', o);
  if (hub1.output === undefined) return { lost: [], lostAtRead: [], output: undefined, issues: hub1.issues, ok: false };
  const atB = convertResource(catalog, hub1.output, readAt, o);
  const hub2 = convertResource(catalog, atB.output, 'hub', o);
  const back = convertResource(catalog, hub2.output, hub1.from, o);
  const lost = notPruned(jsonDifferences(doc, back.output), prunedPaths(hub1.issues));
  return {
    lost,
    lostAtRead: atB.fates.filter((f) => f.kind === 'lost'),
    output: back.output,
    issues: [...atB.issues, ...hub2.issues, ...back.issues],
    ok: lost.length === 0,
  };
}
