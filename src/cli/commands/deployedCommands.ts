// The conversion commands in the as-deployed view (`--storage deployed`): what the API server does with a
// resource written at V, stored at the CRD's storage version S and read at T. Exit 1 when a write or a read drops
// data (or the write or read fails: malformed metadata, a conversion's invalid labels/annotations), 2 on bad input.
import type {
  Catalog,
  CheckVerdict,
  ConversionStrategy,
  ExternalConverter,
  Issue,
  Kind,
  VerdictStatus,
  Version,
  VersionPairReport,
} from '../../core/index.ts';
import { closeWith, verdictJson } from '../verdictSummary.ts';
import { HeldOutput, type DocumentSource } from '../streamInput.ts';
import type { WorkerPlan } from '../parallel/judgePool.ts';
import { lossesOf, type Loss, type LossOptions, type RoundtripResult } from './roundtripLosses.ts';
import { deployedSamples, type SampleReading } from './roundtripSamples.ts';
import {
  ConvertedRun,
  ConvertedWriter,
  convertedText,
  gathered,
  nothingConverted,
  type Converted,
} from './convertOutput.ts';
import type { Judge } from '../parallel/judgeBatch.ts';
import {
  STATUS_WORDS,
  ChecksTally,
  worstStatus,
  conversionUndeclared,
  deployedTarget,
  deployedVersionPair,
  deployedVerdict,
  verdictsSummary,
  withLossSeverity,
  deployedStorageVersion,
  deployedVersions,
  effectiveConversion,
  findKindForDocument,
  formatIssue,
  issue,
  runDeployed,
} from '../../core/index.ts';
import type { CommandIO } from '../io.ts';
import { catalogVersions, hooksOf, printIssues, stableJson } from './conversionArgs.ts';
import { located } from './locate.ts';
import type { RuleSet } from '../../core/index.ts';
import { validateConverted } from './validateConverted.ts';

const targetVersion = deployedTarget;

/** Said once per kind (ConvertedRun): a base CRD without `spec.conversion` runs as None unless the user chose. */
function conversionNote(kind: Kind, choice: ConversionStrategy | undefined): Issue | undefined {
  if (choice !== undefined || !conversionUndeclared(kind)) return undefined;
  return issue(
    'info',
    'CONVERSION_UNDECLARED',
    `${kind.kind}'s versions differ and the file declares no conversion: shown as None, as the file says (--conversion webhook when your install adds one: then describe it with --rules or --webhook URL, or the verdict cannot tell)`,
  );
}

/** How `convert` runs a document through the deployed pipeline. */
export interface DeployedConvert {
  readonly to: string;
  readonly format: 'yaml' | 'json';
  readonly conversion?: ConversionStrategy;
  /** --validate: the result validated at the target too. */
  readonly validate?: boolean;
  readonly rules?: RuleSet;
  readonly external?: ExternalConverter;
}

/** One document written at its version and read at `to` (no effect: the lines and output in the value). */
export function deployedJudge(catalog: Catalog, file: string, o: DeployedConvert): Judge<Converted> {
  const { to, conversion, rules, external } = o;
  const hooks = hooksOf(catalog);
  // The note is printed once per kind (ConvertedRun), so each judge places it once per kind: placing it reads
  // the document's source positions, which a lossless document otherwise never needs. The first document of a
  // kind a judge sees is also the first of its batches in input order, so the line printed is the same.
  const noted = new Set<string>();
  return (doc) => {
    const e = gathered();
    const dio = e.io;
    const found = findKindForDocument(catalog, doc.value);
    const target = found.kind ? targetVersion(found.kind, to) : undefined;
    if (!found.kind || !found.version || found.version.derived === true || !target) {
      if (found.kind || (found.issue && found.issue.code !== 'UNKNOWN_KIND')) {
        const why =
          found.issue ??
          issue(
            'error',
            'UNKNOWN_VERSION',
            `${found.kind?.kind} has no version ${found.version && !target ? to : found.version?.name} in the deployed view (only the CRD's own versions)`,
          );
        dio.err(`${formatIssue(located(why, doc, file))}\n`);
        return { lines: e.text(), bad: true };
      }
      const at = doc.range ? `${file}:${doc.range.start.line}:${doc.range.start.col}` : file;
      dio.err(
        `${at}: note: passed through unchanged (${found.issue ? `${found.issue.code}: ${found.issue.message}` : 'not in the catalog'})\n`,
      );
      return { lines: e.text(), text: convertedText(doc.value, o.format) };
    }
    const note = conversionNote(found.kind, conversion);
    const noteKey = `${found.kind.group}/${found.kind.kind}`;
    const r = runDeployed(catalog, found.kind, found.version, doc.value as Record<string, unknown>, target, {
      fates: false,
      hooks,
      ...(conversion ? { conversion } : {}),
      ...(rules ? { rules } : {}),
      ...(external ? { external } : {}),
    });
    // a drop ends with exit 1, so it prints as an error
    for (const i of r.issues) dio.err(`${formatIssue(located(withLossSeverity(i), doc, file))}\n`);
    // --validate: would a client at the target writing the result back be refused?
    const targetValidation = o.validate ? validateConverted(catalog, r.target, doc, file, dio) : [];
    return {
      ...(note && !noted.has(noteKey)
        ? (noted.add(noteKey), { note: { key: noteKey, line: `${formatIssue(located(note, doc, file))}\n` } })
        : {}),
      lines: e.text(),
      // The pipeline validated the write at its version (its rejections are in r.issues, printed above).
      verdict: deployedVerdict({ result: r, targetValidation }),
      text: convertedText(r.target, o.format),
      converted: true,
    };
  };
}

export async function convertDeployed(
  catalog: Catalog,
  source: DocumentSource,
  file: string,
  o: DeployedConvert,
  io: CommandIO,
): Promise<number> {
  if (!catalog.kinds.some((k) => targetVersion(k, o.to))) {
    io.err(
      `version-explorer convert: error UNKNOWN_VERSION: no kind in the catalog has a version '${o.to}' (${catalogVersions(catalog)}; or hub)\n`,
    );
    return 2;
  }
  const out = new HeldOutput(io.out);
  const written = new ConvertedWriter(out, o.format);
  const c = new ConvertedRun(written);
  const run = await source({ judge: deployedJudge(catalog, file, o), apply: c.apply });
  // Bad input writes nothing when found before the output began to flow (convert.ts).
  if (c.bad || run.bad) {
    out.discard();
    return 2;
  }
  // Only documents of kinds the catalog lacks: nothing was converted, which is bad input (as in the ASO view).
  if (c.converted === 0) {
    out.discard();
    io.err(`${formatIssue(nothingConverted(catalog, file))}\n`);
    return 2;
  }
  written.end();
  io.err(`${c.tally.text()}\n`);
  return c.tally.exitCode();
}

/** `--webhook` fuzzing: a loss naming fields the webhook lost that no loss kept so far names. */
const newlyLost = (kept: readonly Loss[], x: Loss): boolean =>
  x.lostByWebhook !== undefined && x.lostByWebhook.some((p) => !kept.some((k) => k.lostByWebhook?.includes(p)));

/** The line's first word: core's status, as `roundtrip` has always labelled it. */
const ROUNDTRIP_LABEL: Record<VerdictStatus, string> = {
  lossless: 'ok  ',
  lossy: 'LOSS',
  rejected: 'LOSS',
  undetermined: 'CANNOT TELL',
};

export interface RoundtripDeployedOptions extends LossOptions {
  readonly samples?: string;
  readonly kindFilter?: string;
  readonly fuzz: number;
  readonly seed: number;
  readonly json: boolean;
  /** How the samples are read: the progress line (default none) and the workers (never with `external`). */
  readonly progress?: SampleReading['progress'];
  readonly workers?: WorkerPlan;
}

/** The round trips As deployed, printed; their verdict (core's), or the exit code 2 for bad input. */
export async function roundtripDeployed(
  catalog: Catalog,
  o: RoundtripDeployedOptions,
  io: CommandIO,
): Promise<CheckVerdict | 2> {
  const results = new Map<string, RoundtripResult>();
  const verdicts = new ChecksTally();
  const resultFor = (kind: Kind, v: Version, source: 'samples' | 'fuzz'): RoundtripResult => {
    const key = `${kind.group}\u0000${kind.kind}\u0000${v.name}\u0000${source}`;
    let r = results.get(key);
    if (!r) {
      r = {
        kind: kind.kind,
        version: v.name,
        storage: deployedStorageVersion(kind).name,
        conversion: effectiveConversion(kind, o.conversion ?? (o.rules ? 'Webhook' : undefined)),
        source,
        checked: 0,
        readAt: [v, ...deployedVersions(kind).filter((x) => x.served && x !== v)].map((x) => x.name),
        losses: [],
        status: 'lossless',
      };
      results.set(key, r);
    }
    return r;
  };
  const wanted = (k: Kind | undefined): k is Kind =>
    k !== undefined && (o.kindFilter === undefined || k.kind === o.kindFilter);
  if (o.samples !== undefined) {
    // each sample checked as it is read, by this thread and the workers (roundtripSamples.ts)
    const reading = { progress: o.progress ?? 'no', ...(o.workers && !o.external ? { workers: o.workers } : {}) };
    const sampled = (k: Kind, v: Version) => resultFor(k, v, 'samples');
    if (!(await deployedSamples(catalog, o.samples, o, reading, io, sampled, verdicts))) return 2;
  }
  if (o.fuzz > 0) {
    const fc = (await import('fast-check')).default;
    const { arbitraryInstance } = await import('../../core/testing/arbitrary.ts');
    for (const kind of catalog.kinds.filter(wanted))
      for (const v of deployedVersions(kind).filter((x) => x.served)) {
        const res = resultFor(kind, v, 'fuzz');
        const docs = fc.sample(arbitraryInstance(catalog, kind, v.name, { maxDepth: 3, maxItems: 2 }), {
          numRuns: o.fuzz,
          seed: o.seed,
        });
        for (const [i, doc] of docs.entries()) {
          res.checked++;
          const vs: CheckVerdict[] = [];
          const l = lossesOf(
            catalog,
            kind,
            v,
            doc as Record<string, unknown>,
            `generated #${i} (seed ${o.seed})`,
            o,
            false,
            vs,
          );
          verdicts.add(...vs);
          res.status = worstStatus([res.status, ...vs.map((x) => x.status)]);
          // the first three losses, and every other one naming fields a webhook lost that are not named yet
          for (const x of l) if (res.losses.length < 3 || newlyLost(res.losses, x)) res.losses.push(x);
        }
      }
  }
  const all = [...results.values()];
  const verdict = verdicts.summary('round trip');
  const ok = verdict.status === 'lossless';
  if (o.json)
    io.out(stableJson({ catalog: catalog.id, ok, storage: 'deployed', results: all, verdict: verdictJson(verdict) }));
  else {
    for (const r of all) {
      io.out(
        `${ROUNDTRIP_LABEL[r.status]}  ${r.kind} ${r.version}  ${r.checked} ${r.source === 'fuzz' ? 'generated' : 'samples'}  (stored at ${r.storage}, ${r.conversion}; read at ${r.readAt.join(', ')})\n`,
      );
      for (const l of r.losses) {
        const parts = [
          ...(l.rejected ? [`rejected (${(l.rejectedBy ?? []).join(', ')})`] : []),
          ...(l.droppedOnWrite.length > 0 ? [`dropped on write ${l.droppedOnWrite.join(', ')}`] : []),
          ...(l.droppedOnRead.length > 0 ? [`dropped on read ${l.droppedOnRead.join(', ')}`] : []),
          ...(l.lostByWebhook ? [`lost by the webhook ${l.lostByWebhook.join(', ')}`] : []),
          ...(l.webhookFailures ?? []),
        ];
        io.out(`      ${l.source}: read at ${l.readAt}: ${parts.join('; ')}\n`);
      }
    }
    if (all.length === 0) io.out('nothing to check\n');
  }
  return verdict;
}

const dotted = (p: readonly string[]): string => p.join('.');

/** The report in text; `status` is the verdict's (core's), never worked out here. */
export function formatVersionPair(r: VersionPairReport, stages: boolean, status: VerdictStatus): string {
  const lines = [
    `${r.kind} (${r.group}) ${r.from} -> ${r.to}, stored at ${r.storage} (conversion ${r.conversion}): ${status === 'lossless' ? 'lossless' : status === 'lossy' ? 'LOSSY' : STATUS_WORDS[status]}`,
  ];
  if (stages)
    lines.push(
      `  write at ${r.from}: prune by ${r.from}, drop non-nullable nulls, coerce metadata, ${r.from}'s defaults`,
      `  convert ${r.from} -> ${r.storage} (${r.conversion === 'None' ? 'apiVersion only' : 'the webhook'}), prune by ${r.storage}: stored`,
      `  read at ${r.to}: ${r.storage}'s defaults, convert ${r.storage} -> ${r.to}, prune by ${r.to}`,
    );
  for (const p of r.droppedOnWrite) lines.push(`  dropped on write (by ${r.storage})  ${dotted(p)}`);
  for (const p of r.droppedOnRead) lines.push(`  dropped on read (by ${r.to})  ${dotted(p)}`);
  for (const c of r.carriedByRules ?? []) lines.push(`  carried by rule ${c.rule}  ${dotted(c.path)}`);
  for (const u of r.undetermined ?? []) lines.push(`  decided by a webhook not described  ${u.from} -> ${u.to}`);
  if (r.conversion === 'Webhook')
    lines.push('  note: a webhook may keep what these schemas lack elsewhere (annotations); not modelled');
  return `${lines.join('\n')}\n`;
}

export function printVersionPair(
  catalog: Catalog,
  kind: string,
  from: string,
  to: string | undefined,
  conversion: ConversionStrategy | undefined,
  json: boolean,
  stages: boolean,
  io: CommandIO,
  rules?: RuleSet,
): number {
  const { report, verdict, issues } = deployedVersionPair(catalog, kind, from, to, conversion, rules);
  printIssues(io, issues);
  if (!report || !verdict) return 2;
  const v = verdictsSummary([verdict]);
  io.out(json ? stableJson({ ...report, verdict: verdictJson(v) }) : formatVersionPair(report, stages, v.status));
  return closeWith(io, v, json);
}
