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
import type { Command } from '../main.ts';
import type { CommandIO } from '../io.ts';
import { commandArgs, loadCatalogFor, printIssues, readDocuments, stableJson, usageError } from './conversionArgs.ts';
import { loadRules, ruleFindings, ruleRoundTripInputs } from './rulesArg.ts';

const USAGE = [
  'usage: version-explorer rules check --catalog SRC --rules FILE [--samples PATH] [--fuzz N] [--seed S] [--json]',
  '       version-explorer rules apply --catalog SRC --rules FILE -f FILE|- --to V [-o yaml|json]',
  '       version-explorer rules draft --catalog SRC --kind K --from V1 --to V2 [--json]',
  '       version-explorer rules schema',
  '',
].join('\n');

async function check(args: string[], io: CommandIO): Promise<number> {
  const a = commandArgs(args, io, 'rules check', USAGE, {
    values: ['--catalog', '--rules', '--samples', '--fuzz', '--seed'],
    flags: ['--json'],
    required: ['--catalog', '--rules'],
  });
  if (typeof a === 'number') return a;
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

async function apply(args: string[], io: CommandIO): Promise<number> {
  const a = commandArgs(args, io, 'rules apply', USAGE, {
    values: ['--catalog', '--rules', '-f', '--to', '-o'],
    required: ['--catalog', '--rules', '-f', '--to'],
    choices: { '-o': ['yaml', 'json'] },
  });
  if (typeof a === 'number') return a;
  const { values } = a;
  const format = values['-o'] ?? 'yaml';
  const catalog = await loadCatalogFor('rules apply', values['--catalog'] as string, io);
  if (!catalog) return 2;
  const ruleSet = await loadRules(io, values['--rules'] as string, catalog);
  if (!ruleSet) return 2;
  const file = values['-f'] as string;
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

async function draft(args: string[], io: CommandIO): Promise<number> {
  const a = commandArgs(args, io, 'rules draft', USAGE, {
    values: ['--catalog', '--kind', '--from', '--to'],
    flags: ['--json'],
    required: ['--catalog', '--kind', '--from', '--to'],
  });
  if (typeof a === 'number') return a;
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

export const rules: Command = async (args, io) => {
  const [sub, ...rest] = args;
  if (sub === 'check') return check(rest, io);
  if (sub === 'apply') return apply(rest, io);
  if (sub === 'draft') return draft(rest, io);
  if (sub === 'schema') {
    io.out(stableJson(RULES_JSON_SCHEMA));
    return 0;
  }
  return usageError(io, 'rules', USAGE, sub === undefined ? 'a subcommand is required' : `unknown subcommand ${sub}`);
};
