// `--rules FILE` of the conversion commands (plan, convert, roundtrip, diff) and of `rules check|apply`: the file
// parsed and checked against the catalog in one place, the documents a rules round trip checks, and which rule
// carries a field a schema diff names.
import type { Catalog, Issue, Kind, Path, RoundTripInput, RuleRoundTrip, RuleSet } from '../../core/index.ts';
import {
  checkRulesAgainstCatalog,
  checkRulesByRoundTrip,
  distinctFindings,
  findKind,
  findSteps,
  parseRules,
  patternTouches,
  ruleEnds,
} from '../../core/index.ts';
import type { CommandIO } from '../io.ts';
import type { VersionPairReport } from './types.ts';
import { printIssues, readInput, readSamples } from './conversionArgs.ts';

/** The rules file parsed and checked against the catalog; undefined (issues printed) when it has errors. */
export async function loadRules(io: CommandIO, file: string, catalog: Catalog): Promise<RuleSet | undefined> {
  const text = await readInput(io, file);
  if (text === undefined) return undefined;
  const parsed = parseRules(text, file);
  const issues = [...parsed.issues, ...checkRulesAgainstCatalog(parsed.ruleSet, catalog)];
  printIssues(io, issues);
  return issues.some((i) => i.severity === 'error') ? undefined : parsed.ruleSet;
}

/**
 * `--rules FILE` when given: `{}` without it, `{ rules }` when it loads, `{ exit: 2 }` (issues printed) when it
 * does not.
 */
export async function rulesOption(
  io: CommandIO,
  file: string | undefined,
  catalog: Catalog,
): Promise<{ rules?: RuleSet; exit?: 2 }> {
  if (file === undefined) return {};
  const rules = await loadRules(io, file, catalog);
  return rules ? { rules } : { exit: 2 };
}

/**
 * The documents a rules round trip checks: every document of the samples (file or folder), and `fuzz` generated
 * instances at both versions of each conversion. A number: the exit code (issues printed) for unreadable samples.
 */
export async function ruleRoundTripInputs(
  io: CommandIO,
  catalog: Catalog,
  ruleSet: RuleSet,
  samples: string | undefined,
  fuzz: number,
  seed: number,
): Promise<RoundTripInput[] | 2> {
  const inputs: RoundTripInput[] = [];
  if (samples !== undefined) {
    const read = await readSamples(io, samples);
    if (!read) return 2;
    for (const { file: f, documents } of read)
      documents.forEach((d, i) => inputs.push({ doc: d.value, source: `${f}#${i + 1}` }));
  }
  if (fuzz > 0) {
    // fast-check and the generator load only when fuzzing.
    const fc = (await import('fast-check')).default;
    const { arbitraryInstance } = await import('../../core/testing/arbitrary.ts');
    for (const c of ruleSet.conversions) {
      const kind = findKind(catalog, c.group !== undefined ? { group: c.group, kind: c.kind } : c.kind);
      if (!kind) continue;
      for (const v of [c.from, c.to])
        fc.sample(arbitraryInstance(catalog, kind, v, { maxDepth: 3, maxItems: 2, status: false }), {
          numRuns: fuzz,
          seed,
        }).forEach((doc, i) => inputs.push({ doc, source: `generated ${kind.kind} ${v} #${i} (seed ${seed})` }));
    }
  }
  return inputs;
}

/** Round trips through the rules: the reports, the findings (one per rule, code and path) and the verdict. */
export function ruleFindings(
  ruleSet: RuleSet,
  catalog: Catalog,
  inputs: readonly RoundTripInput[],
): { reports: RuleRoundTrip[]; findings: Issue[]; failed: boolean } {
  const reports = checkRulesByRoundTrip(ruleSet, catalog, inputs);
  const findings = distinctFindings(reports.flatMap((r) => r.issues));
  return { reports, findings, failed: findings.some((i) => i.severity === 'error') };
}

/**
 * The rule that carries a field converting `kind` from `from` to `to`, for a schema diff's path (`*` is any list
 * element or map value): it reads the field, or an object holding it, in `from` (`end: 'source'`), or writes it
 * in `to` (`end: 'dest'`). Undefined when none does.
 */
export function ruleCarrying(
  ruleSet: RuleSet,
  kind: Kind,
  from: string,
  to: string,
  path: readonly (string | number)[],
  end: 'source' | 'dest' = 'source',
): string | undefined {
  const steps = findSteps(ruleSet, { group: kind.group, kind: kind.kind }, from, to);
  const step = end === 'source' ? steps?.[0] : steps?.[steps.length - 1];
  if (!step) return undefined;
  const concrete: Path = path.map((s) => (s === '*' ? 0 : s));
  for (const r of step.conversion.rules)
    if (ruleEnds(r, step.direction)[end].some((p) => p.length <= concrete.length && patternTouches(p, concrete)))
      return r.id;
  return undefined;
}

/**
 * A deployed-view version pair with rules as the webhook: fields a rule carries are not dropped on write (rules
 * from `from` to the storage version) or on read (storage to `to`); they are listed with the rule instead.
 */
export function pairWithRules(
  report: VersionPairReport,
  ruleSet: RuleSet,
  kind: Kind,
): VersionPairReport & { carriedByRules: { path: readonly string[]; rule: string }[] } {
  const carried: { path: readonly string[]; rule: string }[] = [];
  const keep = (a: string, b: string) => (p: readonly string[]) => {
    const rule = report.conversion === 'Webhook' ? ruleCarrying(ruleSet, kind, a, b, p) : undefined;
    if (rule !== undefined) carried.push({ path: p, rule });
    return rule === undefined;
  };
  const droppedOnWrite = report.droppedOnWrite.filter(keep(report.from, report.storage));
  const droppedOnRead = report.droppedOnRead.filter(keep(report.storage, report.to));
  return {
    ...report,
    droppedOnWrite,
    droppedOnRead,
    lossless: droppedOnWrite.length + droppedOnRead.length === 0,
    carriedByRules: carried,
  };
}
