// `crd-check <file|folder>... [--json] [--costs]`: would the API server accept these CustomResourceDefinitions?
// Every x-kubernetes-validations rule and messageExpression is compiled, type-checked against its schema node and
// cost-estimated as apiextensions-apiserver does on create/update (core's checkCrdCel). Issues print as
// `file:line:col: error CODE: message` at the rule in the YAML. Exit: 0 every CRD accepted, 1 one refused, 2 bad
// usage or input (unreadable, not YAML, no CRD).
import type { CrdReport, Issue } from '../../core/index.ts';
import { checkCrdFiles, crdsVerdict, formatIssue, formatPath } from '../../core/index.ts';
import { closeWith, verdictJson } from '../verdictSummary.ts';
import { readInputs } from '../catalogSource.ts';
import type { CommandIO } from '../io.ts';
import type { CommandArgs } from './command.ts';
import { BAD_INPUT, defineCommand } from './command.ts';
import { printIssues, stableJson } from './conversionArgs.ts';
import { JSON_OUTPUT } from './options.ts';

/** Read, parse and check every CRD of the inputs; undefined (after printing why) on bad input. */
export async function checkCrdInputs(inputs: readonly string[], io: CommandIO): Promise<CrdReport[] | undefined> {
  const read = await readInputs(inputs, io);
  printIssues(io, read.issues);
  if (read.issues.some((i) => i.severity === 'error')) return undefined;
  const { reports, issues } = checkCrdFiles(read.files);
  for (const i of issues) io.err(`${formatIssue(i)}\n`);
  const bad = issues.length > 0;
  return bad ? undefined : [...reports];
}

const ruleJson = (r: CrdReport['rules'][number]) => ({ ...r, path: formatPath(r.path) });
const issueJson = (i: Issue) => ({
  code: i.code,
  message: i.message,
  path: formatPath(i.path),
  severity: i.severity,
  ...(i.file !== undefined ? { file: i.file } : {}),
  ...(i.range ? { line: i.range.start.line, col: i.range.start.col } : {}),
});

export const crdCheck = defineCommand({
  name: 'crd-check',
  summary: 'would the API server accept these CRDs? CEL rules compiled, type-checked and cost-estimated',
  usage: '<file|folder>...',
  options: [
    JSON_OUTPUT,
    { name: '--costs', help: 'also list every rule with its estimated cost (text output; JSON always has them)' },
  ],
  exitCodes: { 0: 'every CRD would be accepted', 1: 'the API server would refuse a CRD', 2: BAD_INPUT },
  example: 'crd-check src/core/models/deployed/testdata/widgets-crd.yaml',
  run,
});

async function run(a: CommandArgs, io: CommandIO): Promise<number> {
  if (a.positionals.length === 0) return a.usageError('a CRD file or folder is required');
  const reports = await checkCrdInputs(a.positionals, io);
  if (!reports) return 2;
  if (reports.length === 0) {
    io.err(
      `version-explorer crd-check: error EMPTY_INPUT: no CustomResourceDefinition in ${a.positionals.join(', ')}\n`,
    );
    return 2;
  }
  const verdict = crdsVerdict(reports.map((r) => r.accepted));
  const accepted = verdict.status === 'lossless';
  if (a.flags.has('--json'))
    io.out(
      stableJson({
        accepted,
        verdict: verdictJson(verdict),
        crds: reports.map((r) => ({ ...r, issues: r.issues.map(issueJson), rules: r.rules.map(ruleJson) })),
      }),
    );
  else {
    for (const r of reports) for (const i of r.issues) io.err(`${formatIssue(i)}\n`);
    const lines: string[] = [];
    if (a.flags.has('--costs'))
      for (const r of reports)
        for (const rule of r.rules)
          lines.push(
            `${r.file}:${rule.line ?? 1}:${rule.col ?? 1}: cost ${rule.cost}` +
              `${rule.cardinality === 1 ? '' : ` x ${rule.cardinality}`} = ${rule.total}: ${rule.rule.replace(/\s+/g, ' ')}`,
          );
    if (lines.length > 0) io.out(`${lines.join('\n')}\n`);
  }
  return closeWith(io, verdict, a.flags.has('--json'));
}
