// `roundtrip --catalog SRC [--kind K] [--samples PATH] [--fuzz N] [--strategy S] [--rules FILE] [--json]`: every
// sample document (and N generated instances per version; default 100 when no samples are given) goes
// spoke -> hub -> spoke and must come back equal, without stray bag keys. Differences under fields the
// API server prunes (PRUNED) are reported but are not losses. Exit 1 on any loss.
// --rules: the round trips convert with the rules (ASO: with the generated steps; as deployed: the webhook), and
// the same documents go through the rules' own round trip (`rules check`): a rule that loses data or is not the
// inverse of its other direction is printed as `file:line:col: error CODE` naming the rule and path, and exits 1.
import type { Catalog, CheckVerdict, RuleSet, RulesVerdict, Strategy } from '../../core/index.ts';
import {
  bothVerdicts,
  ChecksTally,
  formatIssue,
  formatPath,
  resolveKind,
  rulesVerdict,
  withLossSeverity,
} from '../../core/index.ts';
import type { CommandIO } from '../io.ts';
import type { CommandArgs } from './command.ts';
import { BAD_INPUT, defineCommand } from './command.ts';
import { hooksOf, loadCatalogFor, stableJson } from './conversionArgs.ts';
import { progressWanted, workersFor } from '../streamInput.ts';
import { resolveStorage } from './deployedArgs.ts';
import {
  ASO_PLANNING,
  CATALOG,
  FUZZ,
  JOBS,
  JSON_OUTPUT,
  KIND,
  PROGRESS,
  RULES,
  SAMPLES,
  SEED,
  STORAGE,
  WEBHOOK,
} from './options.ts';
import { asoSamples, check, type Result, type SampleReading } from './roundtripSamples.ts';
import { ruleRoundTripInputs, rulesOption } from './rulesArg.ts';
import { closeWith, verdictJson } from '../verdictSummary.ts';
import type { StorageChoice } from './types.ts';
import { withWebhook } from '../webhook/webhookOption.ts';

export const roundtrip = defineCommand({
  name: 'roundtrip',
  summary: 'do resources come back equal? (as deployed: written at V, read back; ASO: spoke -> hub -> spoke)',
  description:
    'Checks the sample resources under --samples and N generated instances of every version. Fields the API\n' +
    'server prunes are reported, not counted as losses. With --rules the documents also go through the rules.',
  options: [
    CATALOG,
    { ...KIND, required: false, help: 'only this kind' },
    SAMPLES,
    FUZZ,
    SEED,
    ...ASO_PLANNING,
    RULES,
    ...STORAGE,
    ...WEBHOOK,
    JSON_OUTPUT,
    ...PROGRESS,
    JOBS,
  ],
  exitCodes: {
    0: 'every resource came back equal',
    1: 'a resource lost data, or a rule did, or a webhook not described decides (cannot tell)',
    2: BAD_INPUT,
  },
  example: 'roundtrip --catalog crm-person --fuzz 20',
  run,
});

async function run(a: CommandArgs, io: CommandIO): Promise<number> {
  const { values, choice } = a;
  const fuzz = values['--fuzz'] !== undefined ? Number(values['--fuzz']) : values['--samples'] === undefined ? 100 : 0;
  if (!Number.isInteger(fuzz) || fuzz < 0) return a.usageError('--fuzz needs a whole number');
  // the samples are judged by this thread and workers (roundtripSamples.ts); a running webhook answers this one only
  const workers = workersFor('roundtrip', a);
  if (typeof workers === 'string') return a.usageError(workers);
  const reading: SampleReading = {
    progress: progressWanted(io, a.flags, a.flags.has('--json')),
    ...(values['--webhook'] === undefined ? { workers } : {}),
  };
  const catalog = await loadCatalogFor('roundtrip', values['--catalog'] as string, io, values['--hub']);
  if (!catalog) return 2;
  const kindFilter = values['--kind'];
  const unknownKind = kindFilter !== undefined ? resolveKind(catalog, kindFilter).issue : undefined;
  if (unknownKind) {
    io.err(`version-explorer roundtrip: ${formatIssue(unknownKind)}\n`);
    return 2;
  }
  const seed = Number(values['--seed'] ?? 1);
  const { rules, exit } = await rulesOption(io, values['--rules'], catalog);
  if (exit) return exit;
  // --rules: the rules' own verdict on the same samples (and generated instances at the rules' versions): the
  // question `rules check` asks, answered by the same core function.
  let ruled: RulesVerdict | undefined;
  if (rules) {
    const inputs = await ruleRoundTripInputs(io, catalog, rules, values['--samples'], fuzz, seed);
    if (inputs === 2) return 2;
    ruled = rulesVerdict(rules, catalog, inputs, { view: resolveStorage(choice, catalog), hooks: hooksOf(catalog) });
  }
  const close = (out: CommandIO, v: CheckVerdict): number => {
    for (const i of ruled?.findings ?? []) out.err(`${formatIssue(withLossSeverity(i))}\n`);
    return closeWith(out, ruled ? bothVerdicts(v, ruled.own) : v, a.flags.has('--json'));
  };
  return viewRoundTrips(catalog, a, choice, rules, { fuzz, seed, reading }, io, close);
}

/** The round trips of the view (ASO or as deployed), closed by `close` with their verdict; 2 for bad input. */
async function viewRoundTrips(
  catalog: Catalog,
  { values, flags, usageError }: CommandArgs,
  choice: StorageChoice,
  rules: RuleSet | undefined,
  { fuzz, seed, reading }: { fuzz: number; seed: number; reading: SampleReading },
  io: CommandIO,
  close: (io: CommandIO, v: CheckVerdict) => number,
): Promise<number> {
  const kindFilter = values['--kind'];
  const strategy = values['--strategy'] as Strategy | undefined;
  if (resolveStorage(choice, catalog) === 'deployed') {
    const { roundtripDeployed } = await import('./deployedCommands.ts');
    // --webhook: a running webhook is the conversion (webhookOption.ts)
    const conversion = choice.conversion ?? (values['--webhook'] ? 'Webhook' : undefined);
    return withWebhook(io, values, flags, usageError, async (out, external) => {
      const v = await roundtripDeployed(
        catalog,
        {
          ...(values['--samples'] !== undefined ? { samples: values['--samples'] } : {}),
          ...(kindFilter !== undefined ? { kindFilter } : {}),
          ...(conversion ? { conversion } : {}),
          ...(rules ? { rules } : {}),
          ...(external ? { external } : {}),
          ...reading,
          fuzz,
          seed,
          json: flags.has('--json'),
        },
        out,
      );
      return v === 2 ? 2 : close(out, v);
    });
  }
  const results = new Map<string, Result>();
  const verdicts = new ChecksTally();
  if (values['--samples'] !== undefined) {
    const o = {
      ...(kindFilter !== undefined ? { kindFilter } : {}),
      ...(strategy ? { strategy } : {}),
      ...(rules ? { rules } : {}),
    };
    const code = await asoSamples(catalog, values['--samples'], o, reading, io, results, verdicts);
    if (code !== 0) return code;
    if (results.size === 0) {
      // Samples given, none of a catalog kind (only ConfigMaps): nothing was checked, which is not a pass.
      io.err(
        `${values['--samples']}: error NOTHING_CONVERTED: no sample is of a kind in the catalog${kindFilter !== undefined ? ` (${kindFilter})` : ''}\n`,
      );
      return 2;
    }
  }
  if (fuzz > 0) {
    // fast-check is a dev dependency: loaded only when fuzzing.
    const fc = (await import('fast-check')).default;
    const { arbitraryInstance } = await import('../../core/testing/arbitrary.ts');
    for (const kind of catalog.kinds) {
      if (kindFilter !== undefined && kind.kind !== kindFilter) continue;
      for (const v of kind.versions) {
        const res: Result = { kind: kind.kind, version: v.name, source: 'fuzz', checked: 0, pruned: 0, failures: [] };
        for (const [i, doc] of fc
          .sample(arbitraryInstance(catalog, kind, v.name, { maxDepth: 3, maxItems: 2 }), { numRuns: fuzz, seed })
          .entries()) {
          const c = check(catalog, doc, strategy, `generated #${i} (seed ${seed})`, rules);
          verdicts.add(c.verdict);
          res.checked++;
          if (c.failure && res.failures.length < 3) res.failures.push(c.failure);
        }
        results.set(`${kind.kind}\u0000${v.name}\u0000fuzz`, res);
      }
    }
  }
  const all = [...results.values()];
  const verdict = verdicts.summary('round trip');
  const ok = verdict.status === 'lossless';
  if (flags.has('--json')) io.out(stableJson({ catalog: catalog.id, ok, results: all, verdict: verdictJson(verdict) }));
  else {
    for (const r of all) {
      io.out(
        `${r.failures.length === 0 ? 'ok  ' : 'FAIL'}  ${r.kind} ${r.version}  ${r.checked} ${r.source === 'fuzz' ? 'generated' : 'samples'}${r.pruned > 0 ? `  (${r.pruned} pruned fields)` : ''}\n`,
      );
      for (const f of r.failures)
        io.out(
          `      ${f.source}: lost ${f.lost.join(', ') || '(see issues)'}${f.issues
            .filter((i) => i.code !== 'ROUND_TRIP_MISMATCH')
            .map((i) => `; ${i.code} ${formatPath(i.path)}`)
            .join('')}\n`,
        );
    }
    if (all.length === 0) io.out('nothing to check\n');
  }
  return close(io, verdict);
}
