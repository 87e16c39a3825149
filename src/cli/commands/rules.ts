// `rules check|apply|draft|schema`: declarative conversion rules (docs/conversion-rules.md) from the command line.
//   check --catalog SRC --rules FILE [--samples PATH] [--fuzz N] [--seed S] [--json]
//     the rules parse, name only paths their versions have, and round-trip every sample (and N generated
//     instances per version of each conversion) without a rule losing data. Exit 1 when a rule loses data or is
//     not the inverse of its other direction; fields no rule carries are warnings.
//   apply --catalog SRC --rules FILE -f FILE|- --to V [-o yaml|json]
//     convert each document to V with the rules alone (the rest kept at its path, then pruned to V's schema).
//   draft --catalog SRC --kind K --from V1 --to V2 [--json]
//     rules drafted from the Changes analysis between two versions: YAML of the strong drafts, or every draft
//     (strong and weak) with its evidence as JSON.
//   schema   the rules format's JSON Schema.
import { stringify } from 'yaml';
import type { Issue } from '../../core/index.ts';
import {
  convertWithRules,
  draftRules,
  formatDrafts,
  formatIssue,
  formatPath,
  ruleToJson,
  RULES_JSON_SCHEMA,
} from '../../core/index.ts';
import type { CommandIO } from '../io.ts';
import type { CommandArgs } from './command.ts';
import { BAD_INPUT, defineCommand } from './command.ts';
import { loadCatalogFor, printIssues, readDocuments, stableJson } from './conversionArgs.ts';
import { CATALOG, FILE, FUZZ, JSON_OUTPUT, KIND, RULES, VERSION_PAIR, SAMPLES, SEED } from './options.ts';
import { loadRules, ruleFindings, ruleRoundTripInputs } from './rulesArg.ts';

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
  const { reports, findings, failed } = ruleFindings(ruleSet, catalog, inputs);
  const dropped = new Map<string, number>();
  for (const r of reports) for (const d of r.dropped) dropped.set(d.ruleId, (dropped.get(d.ruleId) ?? 0) + 1);
  if (flags.has('--json')) {
    io.out(
      stableJson({
        ok: !failed,
        checked: reports.length,
        dropped: Object.fromEntries([...dropped].sort()),
        findings: findings.map((i) => ({
          code: i.code,
          severity: i.severity,
          message: i.message,
          path: formatPath(i.path),
          ...(i.file !== undefined ? { file: i.file } : {}),
          ...(i.range ? { line: i.range.start.line, col: i.range.start.col } : {}),
        })),
      }),
    );
  } else {
    for (const i of findings) io.err(`${formatIssue(i)}\n`);
    const drops = [...dropped].map(([id, n]) => `${id} x${n}`).join(', ');
    io.out(
      `${failed ? 'FAIL' : 'ok'}: ${reports.length} round trips through the rules, ${findings.filter((i) => i.severity === 'error').length} rule findings, ${findings.filter((i) => i.severity !== 'error').length} warnings${drops ? `; dropped on purpose: ${drops}` : ''}\n`,
    );
  }
  return failed ? 1 : 0;
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
  let lossy = false;
  for (const d of input.documents) {
    const r = convertWithRules(catalog, ruleSet, d.value, toName);
    if (!r.doc) {
      for (const i of r.issues) io.err(`${formatIssue({ ...i, file })}\n`);
      return 2;
    }
    issues.push(...r.issues.map((i) => (i.code === 'PRUNED' ? { ...i, file } : i)));
    lossy ||= r.pruned.length > 0 || r.issues.some((i) => i.severity === 'error');
    out.push(r.doc);
  }
  printIssues(io, issues);
  io.out(format === 'json' ? stableJson(out.length === 1 ? out[0] : out) : out.map((o) => stringify(o)).join('---\n'));
  return lossy ? 1 : 0;
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
  if (flags.has('--json')) {
    io.out(
      stableJson({
        ...r.target,
        drafts: r.drafts.map((d) => ({
          confidence: d.confidence,
          needsExpressions: d.needsExpressions,
          evidence: d.evidence,
          rule: ruleToJson(d.rule),
        })),
      }),
    );
    return 0;
  }
  const strong = r.drafts.filter((d) => d.confidence === 'strong');
  const weak = r.drafts.length - strong.length;
  io.err(
    `${strong.length} strong draft${strong.length === 1 ? '' : 's'}${weak > 0 ? `; ${weak} weak (see --json)` : ''}\n`,
  );
  io.out(formatDrafts(strong, r.target));
  return 0;
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
        'Samples and N generated instances per version of each conversion go through the rules and back; fields\n' +
        'no rule carries are warnings.',
      options: [CATALOG, RULES_FILE, SAMPLES, FUZZ, SEED, JSON_OUTPUT],
      exitCodes: {
        0: 'every round trip kept its data',
        1: 'a rule loses data or is not the inverse of its other direction',
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
        0: 'converted, nothing pruned',
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
      exitCodes: { 0: 'the drafts were printed', 2: BAD_INPUT },
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
