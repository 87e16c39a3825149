// `--rules FILE` of the conversion commands (plan, convert, roundtrip, diff) and of `rules check|apply`: the file
// parsed and checked against the catalog in one place, and the documents a rules round trip checks.
import type { Catalog, RoundTripInput, RuleSet } from '../../core/index.ts';
import { checkRulesAgainstCatalog, findKind, parseRules } from '../../core/index.ts';
import type { CommandIO } from '../io.ts';
import { printIssues, readInput } from './conversionArgs.ts';
import { readSamples } from '../streamInput.ts';

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
        }).forEach((doc, i) =>
          inputs.push({ doc, source: `generated ${kind.kind} ${v} #${i} (seed ${seed})`, generated: true }),
        );
    }
  }
  return inputs;
}
