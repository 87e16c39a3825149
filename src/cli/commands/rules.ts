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
import type { Catalog, Issue, RuleSet } from '../../core/index.ts';
import {
  applyRules,
  checkRulesAgainstCatalog,
  checkRulesByRoundTrip,
  distinctFindings,
  draftRules,
  formatDrafts,
  findKind,
  findKindForDocument,
  findVersion,
  formatIssue,
  formatPath,
  parseResources,
  parseRules,
  pruneTo,
  ruleToJson,
  RULES_JSON_SCHEMA,
} from '../../core/index.ts';
import type { Command } from '../main.ts';
import type { CommandIO } from '../io.ts';
import { loadCatalogFor, parseArgs, printIssues, readInput, stableJson, usageError } from './conversionArgs.ts';

const USAGE = [
  'usage: version-explorer rules check --catalog SRC --rules FILE [--samples PATH] [--fuzz N] [--seed S] [--json]',
  '       version-explorer rules apply --catalog SRC --rules FILE -f FILE|- --to V [-o yaml|json]',
  '       version-explorer rules draft --catalog SRC --kind K --from V1 --to V2 [--json]',
  '       version-explorer rules schema',
  '',
].join('\n');

/** The rules file parsed and checked against the catalog; undefined (issues printed) when it has errors. */
async function loadRules(io: CommandIO, file: string, catalog: Catalog): Promise<RuleSet | undefined> {
  const text = await readInput(io, file);
  if (text === undefined) return undefined;
  const parsed = parseRules(text, file);
  const issues = [...parsed.issues, ...checkRulesAgainstCatalog(parsed.ruleSet, catalog)];
  printIssues(io, issues);
  return issues.some((i) => i.severity === 'error') ? undefined : parsed.ruleSet;
}

async function check(args: string[], io: CommandIO): Promise<number> {
  const { parsed, error } = parseArgs(args, {
    '--catalog': 'value',
    '--rules': 'value',
    '--samples': 'value',
    '--fuzz': 'value',
    '--seed': 'value',
    '--json': 'flag',
  });
  if (!parsed) return usageError(io, 'rules check', USAGE, error ?? 'bad arguments');
  const { values, flags } = parsed;
  if (values['--catalog'] === undefined || values['--rules'] === undefined)
    return usageError(io, 'rules check', USAGE, '--catalog and --rules are required');
  const fuzz = Number(values['--fuzz'] ?? (values['--samples'] === undefined ? 100 : 0));
  const seed = Number(values['--seed'] ?? 1);
  if (!Number.isInteger(fuzz) || fuzz < 0 || !Number.isInteger(seed))
    return usageError(io, 'rules check', USAGE, '--fuzz and --seed take whole numbers');
  const catalog = await loadCatalogFor('rules check', values['--catalog'], io);
  if (!catalog) return 2;
  const ruleSet = await loadRules(io, values['--rules'], catalog);
  if (!ruleSet) return 2;

  const inputs: { doc: unknown; source: string }[] = [];
  if (values['--samples'] !== undefined) {
    let files: string[];
    try {
      files = (await io.listFiles(values['--samples'])).filter((f) => /\.(ya?ml|json)$/i.test(f));
    } catch {
      io.err(`${values['--samples']}: error EMPTY_INPUT: no such file or folder\n`);
      return 2;
    }
    for (const f of files) {
      const r = parseResources(await io.readText(f), f);
      const errors = r.issues.filter((i) => i.severity === 'error' && i.code !== 'EMPTY_INPUT');
      if (errors.length > 0) {
        printIssues(io, errors);
        return 2;
      }
      r.documents.forEach((d, i) => inputs.push({ doc: d.value, source: `${f}#${i + 1}` }));
    }
  }
  if (fuzz > 0) {
    // fast-check and the generator load only when fuzzing.
    const fc = (await import('fast-check')).default;
    const { arbitraryInstance } = await import('../../core/arbitrary.ts');
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
  const reports = checkRulesByRoundTrip(ruleSet, catalog, inputs);
  const findings = distinctFindings(reports.flatMap((r) => r.issues));
  const failed = findings.some((i) => i.severity === 'error');
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
  const { parsed, error } = parseArgs(args, {
    '--catalog': 'value',
    '--rules': 'value',
    '-f': 'value',
    '--to': 'value',
    '-o': 'value',
  });
  if (!parsed) return usageError(io, 'rules apply', USAGE, error ?? 'bad arguments');
  const { values } = parsed;
  const format = values['-o'] ?? 'yaml';
  if (
    values['--catalog'] === undefined ||
    values['--rules'] === undefined ||
    values['-f'] === undefined ||
    values['--to'] === undefined
  )
    return usageError(io, 'rules apply', USAGE, '--catalog, --rules, -f and --to are required');
  if (format !== 'yaml' && format !== 'json') return usageError(io, 'rules apply', USAGE, '-o is yaml or json');
  const catalog = await loadCatalogFor('rules apply', values['--catalog'], io);
  if (!catalog) return 2;
  const ruleSet = await loadRules(io, values['--rules'], catalog);
  if (!ruleSet) return 2;
  const file = values['-f'];
  const text = await readInput(io, file);
  if (text === undefined) return 2;
  const r = parseResources(text, file === '-' ? '<stdin>' : file);
  const bad = r.issues.filter((i) => i.severity === 'error');
  if (bad.length > 0) {
    printIssues(io, bad);
    return 2;
  }
  const out: unknown[] = [];
  const issues: Issue[] = [];
  let lossy = false;
  for (const d of r.documents) {
    const found = findKindForDocument(catalog, d.value);
    const to = found.kind ? findVersion(found.kind, values['--to']) : undefined;
    if (!found.kind || !found.version || !to) {
      io.err(
        `${formatIssue(found.issue ?? { severity: 'error', code: 'UNKNOWN_VERSION', message: `no version ${values['--to']} of the document's kind`, path: [], file })}\n`,
      );
      return 2;
    }
    const k = { group: found.kind.group, kind: found.kind.kind };
    const res = applyRules(ruleSet, k, found.version.name, to.name, d.value);
    issues.push(...res.issues);
    const doc = res.doc as Record<string, unknown>;
    const pruned = pruneTo(to, { ...doc, apiVersion: found.kind.group ? `${found.kind.group}/${to.name}` : to.name });
    for (const p of pruned.pruned)
      issues.push({
        severity: 'warning',
        code: 'PRUNED',
        message: `no rule carries it to ${to.name}; the API server prunes it`,
        path: p,
        file,
      });
    lossy ||= pruned.pruned.length > 0 || res.issues.some((i) => i.severity === 'error');
    out.push(pruned.value);
  }
  printIssues(io, issues);
  io.out(format === 'json' ? stableJson(out.length === 1 ? out[0] : out) : out.map((o) => stringify(o)).join('---\n'));
  return lossy ? 1 : 0;
}

async function draft(args: string[], io: CommandIO): Promise<number> {
  const { parsed, error } = parseArgs(args, {
    '--catalog': 'value',
    '--kind': 'value',
    '--from': 'value',
    '--to': 'value',
    '--json': 'flag',
  });
  if (!parsed) return usageError(io, 'rules draft', USAGE, error ?? 'bad arguments');
  const { values, flags } = parsed;
  const [src, kind, from, to] = [values['--catalog'], values['--kind'], values['--from'], values['--to']];
  if (src === undefined || kind === undefined || from === undefined || to === undefined)
    return usageError(io, 'rules draft', USAGE, '--catalog, --kind, --from and --to are required');
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
