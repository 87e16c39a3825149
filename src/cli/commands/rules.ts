// `rules check|apply|draft|schema`: declarative conversion rules (docs/conversion-rules.md) from the command line.
//   check --catalog SRC --rules FILE [--samples PATH] [--fuzz N] [--seed S] [--json]
//     the rules parse, name only paths their versions have, and round-trip every sample (and N generated
//     instances per version of each conversion) without losing data: core's rulesVerdict, the question
//     `roundtrip --rules` asks too. Exit 1 when a rule loses data, is not the inverse of its other direction, or a
//     field no rule carries is lost.
//   apply --catalog SRC --rules FILE -f FILE|- --to V [-o yaml|json]
//     convert each document to V with the rules alone (the rest kept at its path, then pruned to V's schema).
//   draft --catalog SRC --kind K --from V1 --to V2 [--json]
//     rules drafted from the Changes analysis between two versions: YAML of the strong drafts, or every draft
//     (strong and weak) with its evidence as JSON.
//   schema   the rules format's JSON Schema.
import { stringify } from 'yaml';
import type { CheckVerdict, Issue } from '../../core/index.ts';
import {
  checksSummary,
  convertWithRules,
  defaultStorageView,
  draftRules,
  draftsVerdict,
  rulesApplyVerdict,
  rulesVerdict,
  verdictExitCode,
  withLossSeverity,
  formatDrafts,
  formatIssue,
  formatPath,
  ruleToJson,
  RULES_JSON_SCHEMA,
} from '../../core/index.ts';
import type { CommandIO } from '../io.ts';
import type { CommandArgs } from './command.ts';
import { BAD_INPUT, defineCommand } from './command.ts';
import { hooksOf, loadCatalogFor, printIssues, readDocuments, stableJson } from './conversionArgs.ts';
import { closeWith, verdictJson } from '../verdictSummary.ts';
import { CATALOG, FILE, FUZZ, JSON_OUTPUT, KIND, RULES, VERSION_PAIR, SAMPLES, SEED } from './options.ts';
import { loadRules, ruleRoundTripInputs } from './rulesArg.ts';

const RULES_FILE = { ...RULES, required: true, help: 'the conversion rules (docs/conversion-rules.md)' };
const CHECK_EXAMPLE = 'rules check --catalog crm-person --rules src/catalogs/crm-person/rules.yaml --fuzz 5';

async function check(a: CommandArgs, io: CommandIO): Promise<number> {
  const { values, flags } = a;
  const fuzz = Number(values['--fuzz'] ?? (values['--samples'] === undefined ? 100 : 0));
  const seed = Number(values['--seed'] ?? 1);
  if (!Number.isInteger(fuzz) || fuzz < 0 || !Number.isInteger(seed))
    return a.usageError('--fuzz and --seed take whole numbers');
  const catalog = await loadCatalogFor('rules check', values['--catalog'] as string, io);
  if (!catalog) return 2;
  const ruleSet = await loadRules(io, values['--rules'] as string, catalog);
  if (!ruleSet) return 2;

  const inputs = await ruleRoundTripInputs(io, catalog, ruleSet, values['--samples'], fuzz, seed);
  if (inputs === 2) return 2;
  // The question `roundtrip --rules` asks too (core's rulesVerdict), in the view the catalog opens in.
  const r = rulesVerdict(ruleSet, catalog, inputs, { view: defaultStorageView(catalog), hooks: hooksOf(catalog) });
  const { reports, findings, verdict } = r;
  const failed = verdict.status !== 'lossless';
  const dropped = new Map<string, number>();
  for (const x of reports) for (const d of x.dropped) dropped.set(d.ruleId, (dropped.get(d.ruleId) ?? 0) + 1);
  if (flags.has('--json')) {
    io.out(
      stableJson({
        ok: !failed,
        checked: reports.length,
        dropped: Object.fromEntries([...dropped].sort()),
        findings: findings.map((i) => ({
          code: i.code,
          severity: withLossSeverity(i).severity,
          message: i.message,
          path: formatPath(i.path),
          ...(i.file !== undefined ? { file: i.file } : {}),
          ...(i.range ? { line: i.range.start.line, col: i.range.start.col } : {}),
        })),
        verdict: verdictJson(verdict),
      }),
    );
  } else {
    for (const i of findings) io.err(`${formatIssue(withLossSeverity(i))}\n`);
    const drops = [...dropped].map(([id, n]) => `${id} x${n}`).join(', ');
    const errors = findings.filter((i) => withLossSeverity(i).severity === 'error').length;
    io.out(
      `${failed ? 'FAIL' : 'ok'}: ${reports.length} round trips through the rules, ${errors} rule findings, ${findings.length - errors} warnings${drops ? `; dropped on purpose: ${drops}` : ''}\n`,
    );
  }
  return closeWith(io, verdict, flags.has('--json'));
}

async function apply(a: CommandArgs, io: CommandIO): Promise<number> {
  const { values } = a;
  const format = values['--output'] ?? 'yaml';
  const catalog = await loadCatalogFor('rules apply', values['--catalog'] as string, io);
  if (!catalog) return 2;
  const ruleSet = await loadRules(io, values['--rules'] as string, catalog);
  if (!ruleSet) return 2;
  const file = values['--file'] as string;
  const toName = values['--to'] as string;
  const input = await readDocuments(io, file);
  if (!input) return 2;
  const out: unknown[] = [];
  const issues: Issue[] = [];
  const verdicts: CheckVerdict[] = [];
  for (const d of input.documents) {
    const r = convertWithRules(catalog, ruleSet, d.value, toName);
    if (!r.doc) {
      for (const i of r.issues) io.err(`${formatIssue({ ...i, file })}\n`);
      return 2;
    }
    // core's verdict: a field no rule carries is lost (an error, as the exit says); a drop rule's drop is not
    const v = rulesApplyVerdict(r);
    verdicts.push(v);
    issues.push(...r.issues.map((i) => (i.code === 'PRUNED' ? { ...i, file } : i)).map(withLossSeverity));
    out.push(r.doc);
  }
  printIssues(io, issues);
  io.out(format === 'json' ? stableJson(out.length === 1 ? out[0] : out) : out.map((o) => stringify(o)).join('---\n'));
  return closeWith(io, checksSummary(verdicts));
}

async function draft(a: CommandArgs, io: CommandIO): Promise<number> {
  const { values, flags } = a;
  // Required above: present.
  const src = values['--catalog'] as string;
  const kind = values['--kind'] as string;
  const from = values['--from'] as string;
  const to = values['--to'] as string;
  const catalog = await loadCatalogFor('rules draft', src, io);
  if (!catalog) return 2;
  const r = draftRules(catalog, kind, from, to);
  if (!r.target) {
    printIssues(
      io,
      r.issues.map((i) => ({ ...i, file: src })),
    );
    return 2;
  }
  // Would the strong drafts carry every breaking change? (`diff --rules` with the drafts as the rules)
  const verdict = draftsVerdict(catalog, r.target, r.drafts);
  if (flags.has('--json')) {
    io.out(
      stableJson({
        ...r.target,
        verdict: verdictJson(verdict),
        drafts: r.drafts.map((d) => ({
          confidence: d.confidence,
          needsExpressions: d.needsExpressions,
          evidence: d.evidence,
          rule: ruleToJson(d.rule),
        })),
      }),
    );
    return verdictExitCode(verdict);
  }
  const strong = r.drafts.filter((d) => d.confidence === 'strong');
  const weak = r.drafts.length - strong.length;
  io.err(
    `${strong.length} strong draft${strong.length === 1 ? '' : 's'}${weak > 0 ? `; ${weak} weak (see --json)` : ''}\n`,
  );
  io.out(formatDrafts(strong, r.target));
  return closeWith(io, verdict);
}

export const rules = defineCommand({
  name: 'rules',
  summary: 'declarative conversion rules (YAML + CEL): check, apply, draft, or print their schema',
  description: "Rules say what an operator's conversion webhook does (docs/conversion-rules.md).",
  options: [],
  exitCodes: { 0: 'see each subcommand', 1: 'see each subcommand', 2: BAD_INPUT },
  example: CHECK_EXAMPLE,
  subcommands: [
    defineCommand({
      name: 'rules check',
      summary: 'the rules parse, name real paths, and round-trip every sample without losing data',
      description:
        'Samples and N generated instances per version of each conversion go through the rules and back; a field\n' +
        'no rule carries is lost. Samples also take the round trip of the view, the rules as the conversion.',
      options: [CATALOG, RULES_FILE, SAMPLES, FUZZ, SEED, JSON_OUTPUT],
      exitCodes: {
        0: 'every round trip kept its data',
        1: 'a rule loses data or is not the inverse of its other direction, or a field no rule carries is lost',
        2: BAD_INPUT,
      },
      example: CHECK_EXAMPLE,
      run: check,
    }),
    defineCommand({
      name: 'rules apply',
      summary: 'convert each document to V with the rules alone (the rest kept, then pruned to V)',
      options: [
        CATALOG,
        RULES_FILE,
        FILE,
        { name: '--to', value: 'V', required: true, help: 'the target version' },
        { name: '--output', alias: '-o', choices: ['yaml', 'json'], help: 'the output format (default yaml)' },
      ],
      exitCodes: {
        0: 'converted, nothing lost (a drop rule drops on purpose)',
        1: 'a field no rule carries is pruned, or a rule failed',
        2: BAD_INPUT,
      },
      example:
        'rules apply --catalog crm-person --rules src/catalogs/crm-person/rules.yaml -f src/catalogs/crm-person/example.yaml --to 2019-09-09',
      run: apply,
    }),
    defineCommand({
      name: 'rules draft',
      summary: 'rules drafted from the changes between two versions, where the evidence is strong',
      description: 'YAML of the strong drafts on stdout; --json gives every draft (strong and weak) with its evidence.',
      options: [CATALOG, KIND, ...VERSION_PAIR, JSON_OUTPUT],
      exitCodes: {
        0: 'the strong drafts carry every breaking change',
        1: 'a breaking change no strong draft carries (see --json for the weak ones)',
        2: BAD_INPUT,
      },
      example: 'rules draft --catalog person-v1v2 --kind Person --from v1 --to v2',
      run: draft,
    }),
    defineCommand({
      name: 'rules schema',
      summary: "the rules format's JSON Schema (for editors)",
      options: [],
      exitCodes: { 0: 'printed', 2: BAD_INPUT },
      example: 'rules schema',
      run: async (_a, io) => {
        io.out(stableJson(RULES_JSON_SCHEMA));
        return 0;
      },
    }),
  ],
});
