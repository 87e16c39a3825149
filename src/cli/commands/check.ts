// `check --old FILE|DIR --new FILE|DIR [--allow FILE] [--json] [--verbose]`: a CRD revision checked against
// seed 002's rules, for CI. Exit 1 on an incompatible change no allow entry covers, 2 on bad input.
import type { Catalog, CompatFinding } from '../../core/index.ts';
import type { FailOn } from '../../core/checks/compat/index.ts';
import { formatIssue, hasErrors } from '../../core/index.ts';
import {
  checkCatalogs,
  fails,
  formatSchemaPath,
  isCompatSeverity,
  parseAllowList,
} from '../../core/checks/compat/index.ts';
import { loadCatalogSource, readInputs } from '../catalogSource.ts';
import { FindingLocator } from './locateFinding.ts';
import type { CommandIO } from '../io.ts';
import type { CommandArgs } from './command.ts';
import { BAD_INPUT, defineCommand } from './command.ts';
import { printIssues, readInput, stableJson } from './conversionArgs.ts';
import { JSON_OUTPUT } from './options.ts';
import { checkCrdInputs } from './crdCheck.ts';

/** Loads one side; any error (unreadable file, invalid CRD) makes the comparison incomplete: bad input. */
async function loadSide(which: string, src: string, io: CommandIO): Promise<Side | undefined> {
  const { catalog, issues } = await loadCatalogSource(src, io);
  // The same files again, for positions (names match the catalog's sources) and the paths the user gave.
  const { files, shown } = await readInputs(
    src.split(',').filter((s) => s !== ''),
    io,
  );
  printIssues(
    io,
    issues
      .filter((i) => i.severity === 'error')
      .map((i) => (i.file !== undefined ? { ...i, file: shown.get(i.file) ?? i.file } : i)),
  );
  if (hasErrors(issues) || !catalog || catalog.kinds.length === 0) {
    io.err(
      `version-explorer check: could not load the ${which} CRDs from ${src}${catalog && !hasErrors(issues) ? ' (no kinds)' : ''}\n`,
    );
    return undefined;
  }
  return { catalog, locator: new FindingLocator(files), shown };
}

interface Side {
  readonly catalog: Catalog;
  readonly locator: FindingLocator;
  /** A catalog source name -> the file as the user's --old/--new reaches it. */
  readonly shown: ReadonlyMap<string, string>;
}

/** Where a finding is written: the new file, or the old one for what was removed; with line and column. */
function sourceOf(f: CompatFinding, old: Side, neu: Side): { file?: string; line?: number; col?: number } {
  for (const side of [neu, old]) {
    const k = side.catalog.kinds.find((x) => x.group === f.group && x.kind === f.kind);
    const exact = k?.versions.find((x) => (f.version === undefined ? x.crdStorage : x.name === f.version));
    const v = exact ?? (f.version === undefined ? k?.versions[0] : undefined);
    if (v?.source === undefined) continue;
    const at = side.locator.locate(f, v.source);
    return { file: side.shown.get(v.source) ?? v.source, ...(at ? { line: at.start.line, col: at.start.col } : {}) };
  }
  return {};
}

const MAX_EVIDENCE = 160;
const show = (v: unknown): string => {
  const s = v === undefined ? 'unset' : JSON.stringify(v);
  return s.length > MAX_EVIDENCE ? `${s.slice(0, MAX_EVIDENCE - 1)}…` : s;
};

function line(f: CompatFinding & { file?: string; line?: number; col?: number }, failOn: FailOn): string {
  const level = f.allowed ? 'warning' : fails(f.severity, failOn) ? 'error' : 'info';
  const where = `${f.kind}.${f.group}${f.version !== undefined ? `/${f.version}` : ''} ${formatSchemaPath(f.path)}`;
  const evidence = `(old: ${show(f.old)}, new: ${show(f.new)})`;
  const allowed = f.allowed ? ` [allowed: ${f.allowed.reason}]` : '';
  const at = f.file ? `${f.file}${f.line !== undefined ? `:${f.line}:${f.col}` : ''}: ` : '';
  return `${at}${level} ${f.rule}: ${where}: ${f.message} ${evidence}${allowed}`;
}

export const check = defineCommand({
  name: 'check',
  summary: 'a CRD revision checked for incompatible changes against the released one, for CI',
  description:
    'Compares every kind and version present in both (CRD YAML files or folders, or catalog JSON); each change\n' +
    'is named by a stable rule id with its path and old/new values (docs/compatibility.md).',
  options: [
    { name: '--old', value: 'FILE|DIR', required: true, help: 'the released CRDs' },
    { name: '--new', value: 'FILE|DIR', required: true, help: 'the revision' },
    {
      name: '--allow',
      value: 'FILE',
      help: 'YAML list of { rule, path, reason } entries for incompatible changes you accept',
    },
    {
      name: '--fail-on',
      choices: ['incompatible', 'compatible', 'harmless'],
      help: 'the least severe change that fails (default incompatible)',
    },
    { name: '--verbose', alias: '-v', help: 'also list harmless changes (descriptions, CEL messages)' },
    JSON_OUTPUT,
  ],
  exitCodes: {
    0: 'nothing fails (no incompatible change, or every one allowed)',
    1: 'a change at or above --fail-on that no --allow entry covers',
    2: BAD_INPUT,
  },
  example:
    'check --old src/core/checks/compat/testdata/widget-crd.yaml --new src/core/checks/compat/testdata/widget-crd.yaml',
  run,
});

async function run(a: CommandArgs, io: CommandIO): Promise<number> {
  const { values, flags } = a;
  const failOn = values['--fail-on'] ?? 'incompatible';
  if (!isCompatSeverity(failOn)) return a.usageError('--fail-on is one of incompatible, compatible, harmless');
  let allow: ReturnType<typeof parseAllowList>['entries'] = [];
  if (values['--allow'] !== undefined) {
    const file = values['--allow'];
    const text = await readInput(io, file);
    if (text === undefined) return 2;
    const parsed = parseAllowList(text, file);
    printIssues(io, parsed.issues);
    if (hasErrors(parsed.issues)) return 2;
    allow = parsed.entries;
  }
  const old = await loadSide('old', values['--old'] as string, io);
  if (!old) return 2;
  const neu = await loadSide('new', values['--new'] as string, io);
  if (!neu) return 2;
  const report = checkCatalogs(old.catalog, neu.catalog, allow, failOn);
  for (const i of report.issues) io.err(`${formatIssue(i)}\n`);
  // The new revision must also be one the API server accepts (its CEL compiles and fits the cost budget).
  const served = await checkCrdInputs(
    (values['--new'] as string).split(',').filter((s) => s !== ''),
    io,
  );
  if (!served) return 2;
  const refused = served.filter((r) => !r.accepted);
  for (const r of refused) for (const i of r.issues) if (i.severity === 'error') io.err(`${formatIssue(i)}\n`);
  const findings = report.findings.map((f) => ({ ...f, ...sourceOf(f, old, neu) }));
  if (flags.has('--json')) {
    io.out(
      stableJson({
        ...report,
        ok: report.ok && refused.length === 0,
        findings,
        issues: report.issues,
        ...(refused.length > 0
          ? { refused: refused.map((r) => ({ file: r.file, name: r.name, issues: r.issues })) }
          : {}),
      }),
    );
  } else {
    const all = flags.has('--verbose') || failOn === 'harmless';
    const shown = all ? findings : findings.filter((f) => f.severity !== 'harmless');
    const lines = shown.map((f) => line(f, failOn));
    const versions = report.compared.reduce((n, k) => n + k.versions.length, 0);
    const c = report.counts;
    lines.push(
      `check: ${report.ok && refused.length === 0 ? 'ok' : 'FAILED'}: ${refused.length > 0 ? `the API server would refuse ${refused.length} new CRD${refused.length === 1 ? '' : 's'}; ` : ''}${c.incompatible} incompatible, ${c.allowed} allowed, ${c.compatible} compatible, ` +
        `${c.harmless} harmless${flags.has('--verbose') || c.harmless === 0 ? '' : ' (--verbose lists them)'}; ` +
        `${report.compared.length} kinds, ${versions} versions compared`,
    );
    io.out(`${lines.join('\n')}\n`);
  }
  // A kind that could not be checked (no CRD schema: an OpenAPI import, a built-in catalog) makes the result incomplete.
  if (hasErrors(report.issues)) return 2;
  return report.ok && refused.length === 0 ? 0 : 1;
}
