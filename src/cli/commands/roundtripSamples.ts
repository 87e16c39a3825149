// `roundtrip --samples`, both views: each sample document's round trips judged with no effect (a plain value: in
// this thread or a worker's, judgedInputs.ts), then gathered here in input order into the per-kind-and-version
// results the command prints, so the output is the same whichever thread judged.
import type { Catalog, CheckVerdict, ChecksTally, Issue, Kind, RuleSet, Strategy, Version } from '../../core/index.ts';
import { asCheck, asoRoundTripVerdict, findKindForDocument, formatPath, worstStatus } from '../../core/index.ts';
import type { ParsedDocument } from '../../core/index.ts';
import type { CommandIO } from '../io.ts';
import type { Judge } from '../parallel/judgeBatch.ts';
import type { WorkerPlan } from '../parallel/judgePool.ts';
import { judgeSamples } from '../streamInput.ts';
import type { CommandArgs } from './command.ts';
import { hooksOf, loadCatalogFor } from './conversionArgs.ts';
import { resolveStorage } from './deployedArgs.ts';
import { lossesOf, type Loss, type LossOptions, type RoundtripResult } from './roundtripLosses.ts';
import { rulesOption } from './rulesArg.ts';

export interface Failure {
  readonly source: string;
  readonly lost: readonly string[];
  readonly issues: readonly Issue[];
}

/** A kind and version's round trips in the ASO view. */
export interface Result {
  kind: string;
  version: string;
  source: 'samples' | 'fuzz';
  checked: number;
  pruned: number;
  failures: Failure[];
}

/** One document spoke -> hub -> spoke, with core's verdict (the explorer's Round trip tab uses the same). */
export function check(
  catalog: Catalog,
  doc: unknown,
  strategy: Strategy | undefined,
  source: string,
  rules: RuleSet | undefined,
): { failure?: Failure; pruned: number; verdict: CheckVerdict } {
  // pruned fields are not losses
  const { report: r, verdict } = asoRoundTripVerdict(catalog, doc, {
    hooks: hooksOf(catalog),
    ...(strategy ? { strategy } : {}),
    ...(rules ? { rules } : {}),
  });
  const v = asCheck(verdict);
  if (verdict.status === 'lossless') return { pruned: r.pruned.length, verdict: v };
  return { failure: { source, lost: r.lost.map(formatPath), issues: r.issues }, pruned: r.pruned.length, verdict: v };
}

/**
 * Equal path lists held once: the losses of every sample are held until the end (the output groups them by kind
 * and version), and a cluster's objects of a kind mostly lose the same paths. Up to MAX_SHARED lists.
 */
class SharedLists {
  private readonly lists = new Map<string, readonly string[]>();
  of(xs: readonly string[]): readonly string[] {
    if (xs.length === 0) return NONE;
    const key = xs.join('\u0000');
    const had = this.lists.get(key);
    if (had) return had;
    if (this.lists.size < MAX_SHARED) this.lists.set(key, xs);
    return xs;
  }
}
const NONE: readonly string[] = [];
const MAX_SHARED = 10_000;

/** Where a document sits, as the results name it. */
const at = (doc: ParsedDocument, file: string): string =>
  doc.range ? `${file}:${doc.range.start.line}:${doc.range.start.col}` : file;

/** A sample not checked, and why (a line for stderr), or checked; undefined: not a kind asked about. */
type Skipped = { readonly warning: string } | undefined;

export type AsoJudged =
  | Skipped
  | {
      readonly kind: string;
      readonly version: string;
      readonly pruned: number;
      readonly verdict: CheckVerdict;
      readonly failure?: Failure;
    };

export interface AsoSamples {
  readonly kindFilter?: string;
  readonly strategy?: Strategy;
  readonly rules?: RuleSet;
}

export function asoSampleJudge(catalog: Catalog, o: AsoSamples): Judge<AsoJudged> {
  const { kindFilter, strategy, rules } = o;
  return (doc, file) => {
    const found = findKindForDocument(catalog, doc.value);
    if (found.kind && !found.version && found.issue && (kindFilter === undefined || found.kind.kind === kindFilter))
      // A catalog kind at a version the catalog lacks cannot be checked: say so instead of shrinking the count.
      return { warning: `${at(doc, file)}: warning ${found.issue.code}: ${found.issue.message}; sample skipped\n` };
    if (!found.kind || !found.version || (kindFilter !== undefined && found.kind.kind !== kindFilter)) return undefined;
    const c = check(catalog, doc.value, strategy, at(doc, file), rules);
    return {
      kind: found.kind.kind,
      version: found.version.name,
      pruned: c.pruned,
      verdict: c.verdict,
      ...(c.failure ? { failure: c.failure } : {}),
    };
  };
}

/** How the sample files are read: the progress line, and the workers (none with a running webhook). */
export interface SampleReading {
  readonly progress: 'no' | 'yes' | 'eager';
  readonly workers?: WorkerPlan;
}

/** The ASO view's samples checked into `results` and `verdicts` (counted, not kept); 2 for bad input, else 0. */
export async function asoSamples(
  catalog: Catalog,
  p: string,
  o: AsoSamples,
  reading: SampleReading,
  io: CommandIO,
  results: Map<string, Result>,
  verdicts: ChecksTally,
): Promise<number> {
  const shared = new SharedLists();
  const apply = (j: AsoJudged, dio: CommandIO): void => {
    if (j === undefined) return;
    if ('warning' in j) return dio.err(j.warning);
    const key = `${j.kind}\u0000${j.version}\u0000samples`;
    let res = results.get(key);
    if (!res) {
      res = { kind: j.kind, version: j.version, source: 'samples', checked: 0, pruned: 0, failures: [] };
      results.set(key, res);
    }
    verdicts.add(j.verdict);
    res.checked++;
    res.pruned += j.pruned;
    if (j.failure) res.failures.push({ ...j.failure, lost: shared.of(j.failure.lost) });
  };
  // each sample checked as it is read (a whole cluster's dump as samples never gathers in memory)
  const ok = await judgeSamples(io, p, reading.progress, { judge: asoSampleJudge(catalog, o), apply, ...reading });
  return ok ? 0 : 2;
}

export type DeployedJudged =
  | Skipped
  | {
      readonly group: string;
      readonly kind: string;
      readonly version: string;
      readonly losses: readonly Loss[];
      /** Core's verdict of the write at V and each read. */
      readonly verdicts: readonly CheckVerdict[];
    };

export interface DeployedSamples extends LossOptions {
  readonly kindFilter?: string;
}

export function deployedSampleJudge(catalog: Catalog, o: DeployedSamples): Judge<DeployedJudged> {
  return (doc, file) => {
    const found = findKindForDocument(catalog, doc.value);
    if (!found.kind || (o.kindFilter !== undefined && found.kind.kind !== o.kindFilter)) return undefined;
    const where = at(doc, file);
    if (!found.version || found.version.derived === true)
      return {
        warning: `${where}: warning UNKNOWN_VERSION: ${found.kind.kind} has no such version in the deployed view; sample skipped\n`,
      };
    const verdicts: CheckVerdict[] = [];
    const value = doc.value as Record<string, unknown>;
    const losses = lossesOf(catalog, found.kind, found.version, value, where, o, true, verdicts);
    return { group: found.kind.group, kind: found.kind.kind, version: found.version.name, losses, verdicts };
  };
}

/** The As deployed samples checked into the results `resultFor` keeps, and `verdicts`; false for bad input. */
export function deployedSamples(
  catalog: Catalog,
  p: string,
  o: DeployedSamples,
  reading: SampleReading,
  io: CommandIO,
  resultFor: (kind: Kind, v: Version) => RoundtripResult,
  verdicts: ChecksTally,
): Promise<boolean> {
  const shared = new SharedLists();
  const apply = (j: DeployedJudged, dio: CommandIO): void => {
    if (j === undefined) return;
    if ('warning' in j) return dio.err(j.warning);
    // the judge found them in the same catalog
    const kind = catalog.kinds.find((k) => k.group === j.group && k.kind === j.kind) as Kind;
    const res = resultFor(kind, kind.versions.find((v) => v.name === j.version) as Version);
    res.checked++;
    for (const l of j.losses)
      res.losses.push({
        ...l,
        droppedOnWrite: shared.of(l.droppedOnWrite),
        droppedOnRead: shared.of(l.droppedOnRead),
        ...(l.rejectedBy ? { rejectedBy: shared.of(l.rejectedBy) } : {}),
      });
    verdicts.add(...j.verdicts);
    res.status = worstStatus([res.status, ...j.verdicts.map((x) => x.status)]);
  };
  return judgeSamples(io, p, reading.progress, { judge: deployedSampleJudge(catalog, o), apply, ...reading });
}

/** The judge a worker runs: the same catalog, view, rules and options as the command's own (never with --webhook). */
export async function roundtripJudge(a: CommandArgs, io: CommandIO): Promise<Judge<unknown> | undefined> {
  const { values, choice } = a;
  const catalog = await loadCatalogFor('roundtrip', values['--catalog'] as string, io, values['--hub']);
  if (!catalog) return undefined;
  const { rules, exit } = await rulesOption(io, values['--rules'], catalog);
  if (exit) return undefined;
  const kindFilter = values['--kind'];
  const common = { ...(kindFilter !== undefined ? { kindFilter } : {}), ...(rules ? { rules } : {}) };
  if (resolveStorage(choice, catalog) === 'deployed')
    return deployedSampleJudge(catalog, { ...common, ...(choice.conversion ? { conversion: choice.conversion } : {}) });
  const strategy = values['--strategy'] as Strategy | undefined;
  return asoSampleJudge(catalog, { ...common, ...(strategy ? { strategy } : {}) });
}
