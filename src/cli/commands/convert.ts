// `convert --catalog SRC -f FILE|- --to V|hub [--spec-only|--status-only] [-o yaml|json] [--strategy S]`:
// (or `--versioned-spec` instead of `--to`: each storage document's spec converted back to the version in its
// `spec.originalVersion`, printed as `{originalGVK, spec}`: what the operator sends upstream, seeds 000/004.)
// multi-document YAML and `kind: List` in, the same order out. Documents of kinds the catalog does not know (a
// Secret) pass through unchanged with a note on stderr; a document without apiVersion/kind or at a version its
// kind lacks is bad input (exit 2, nothing written). Problems print as `file:line:col: ...`.
// Exit: 0 converted; 1 data would be lost (LOST, PRUNED) or the result is invalid (REQUIRED_MISSING, errors);
// 2 bad usage or unreadable input.
import type { Catalog, ExternalConverter, RuleSet, Strategy } from '../../core/index.ts';
import {
  asoVerdict,
  convertResource,
  convertSpec,
  convertStatus,
  conversionWithRules,
  findKindForDocument,
  formatIssue,
  issuesVerdict,
  withLossSeverity,
  checksSummary,
  versionedSpec,
} from '../../core/index.ts';
import type { CommandIO } from '../io.ts';
import type { CommandArgs } from './command.ts';
import { BAD_INPUT, defineCommand } from './command.ts';
import { catalogVersions, hooksOf, inputName, loadCatalogFor } from './conversionArgs.ts';
import {
  ConvertedRun,
  ConvertedWriter,
  convertedText,
  gathered,
  nothingConverted,
  type Converted,
} from './convertOutput.ts';
import { eachJudged, HeldOutput, progressWanted, workersFor, type DocumentSource } from '../streamInput.ts';
import type { Judge } from '../parallel/judgeBatch.ts';
import { convertDeployed, deployedJudge, type DeployedConvert } from './deployedCommands.ts';
import { rulesOption } from './rulesArg.ts';
import { located } from './locate.ts';
import { resolveStorage } from './deployedArgs.ts';
import { ASO_PLANNING, CATALOG, FILE, JOBS, LOSS_EXIT, PROGRESS, RULES, STORAGE, WEBHOOK } from './options.ts';
import { closeWith } from '../verdictSummary.ts';
import { withWebhook } from '../webhook/webhookOption.ts';
import { validateConverted, validateSource } from './validateConverted.ts';

export const convert = defineCommand({
  name: 'convert',
  summary: 'convert every resource of a file to another version, in order',
  description:
    'Documents of kinds the catalog lacks (a Secret) pass through unchanged with a note; if none is of a catalog\n' +
    'kind, nothing is converted (NOTHING_CONVERTED, exit 2). Integers of any size keep their exact text.',
  options: [
    CATALOG,
    FILE,
    {
      name: '--to',
      value: 'V|hub',
      help: 'the target version, or hub (the storage version); needed unless --versioned-spec',
    },
    { name: '--output', alias: '-o', choices: ['yaml', 'json'], help: 'the output format (default yaml)' },
    { name: '--spec-only', help: 'ASO view: convert only spec (status is left as it is)' },
    { name: '--status-only', help: 'ASO view: convert only status' },
    {
      name: '--versioned-spec',
      help: "instead of --to: each hub document's spec at its spec.originalVersion, as {originalGVK, spec}",
    },
    { name: '--validate', help: 'also validate each result at the target version, as a client writing it back' },
    ...ASO_PLANNING,
    RULES,
    ...STORAGE,
    ...WEBHOOK,
    ...PROGRESS,
    JOBS,
  ],
  exitCodes: { 0: 'converted: accepted and nothing lost', 1: LOSS_EXIT, 2: BAD_INPUT },
  example: 'convert --catalog person-v1v2 -f src/catalogs/person-v1v2/example.yaml --to v1',
  run,
});

/** `--to` names a version some kind has, or the hub; else UNKNOWN_VERSION (bad usage, said once). */
function knownTarget(catalog: Catalog, to: string, io: CommandIO): boolean {
  if (to === 'hub' || catalog.kinds.some((k) => k.versions.some((v) => v.name === to))) return true;
  io.err(
    `version-explorer convert: error UNKNOWN_VERSION: no kind in the catalog has a version '${to}' (${catalogVersions(catalog)}; or hub)\n`,
  );
  return false;
}

/** What converting needs, read from the arguments (the main thread's and each worker's); an exit code on failure. */
interface Setup {
  readonly catalog: Catalog;
  readonly rules?: RuleSet;
  readonly format: 'yaml' | 'json';
  /** How messages name the input. */
  readonly name: string;
  /** --versioned-spec reads a hub document: ASO's design (originalVersion), never the deployed view. */
  readonly deployed: boolean;
}

async function setup(a: CommandArgs, io: CommandIO): Promise<Setup | number> {
  const { values, flags, choice, usageError } = a;
  const versioned = flags.has('--versioned-spec');
  if (!versioned && values['--to'] === undefined) return usageError('--to is required');
  if (versioned && (values['--to'] !== undefined || flags.has('--spec-only') || flags.has('--status-only')))
    return usageError('--versioned-spec excludes --to, --spec-only and --status-only');
  if (flags.has('--spec-only') && flags.has('--status-only'))
    return usageError('--spec-only and --status-only exclude each other');
  const format = values['--output'] === 'json' ? 'json' : 'yaml'; // one of the two: checked above
  const catalog = await loadCatalogFor('convert', values['--catalog'] as string, io, values['--hub']);
  if (!catalog) return 2;
  // --rules: the operator's conversion described as rules: as deployed they are the webhook; in the ASO view they
  // run with the generated steps (docs/conversion-rules.md)
  const { rules, exit } = await rulesOption(io, values['--rules'], catalog);
  if (exit) return exit;
  const deployed = !versioned && resolveStorage(choice, catalog) === 'deployed';
  return { catalog, format, name: inputName(values['--file'] as string), deployed, ...(rules ? { rules } : {}) };
}

/** As deployed: how the pipeline runs (--webhook: a running webhook is the conversion, webhookOption.ts). */
function deployedOptions(a: CommandArgs, s: Setup, external?: ExternalConverter): DeployedConvert {
  const conversion = a.values['--webhook']
    ? (a.choice.conversion ?? 'Webhook')
    : conversionWithRules(a.choice.conversion, s.rules);
  return {
    to: a.values['--to'] as string,
    format: s.format,
    validate: a.flags.has('--validate'),
    ...(conversion ? { conversion } : {}),
    ...(s.rules ? { rules: s.rules } : {}),
    ...(external ? { external } : {}),
  };
}

/** The ASO view: one document converted (no effect: the lines and output in the value). */
function asoJudge(a: CommandArgs, s: Setup): Judge<Converted> {
  const { values, flags } = a;
  const { catalog, name, format } = s;
  const versioned = flags.has('--versioned-spec');
  const strategy = values['--strategy'];
  const convertPart = flags.has('--spec-only')
    ? convertSpec
    : flags.has('--status-only')
      ? convertStatus
      : convertResource;
  const to = values['--to'] ?? 'hub';
  const opts = {
    hooks: hooksOf(catalog),
    fates: false,
    ...(strategy ? { strategy: strategy as Strategy } : {}),
    ...(s.rules ? { rules: s.rules } : {}),
  };
  return (doc) => {
    const e = gathered();
    const dio = e.io;
    const found = findKindForDocument(catalog, doc.value);
    if (!found.version) {
      // Only a well-formed resource of a kind the catalog lacks (a Secret, a Namespace) passes through; a document
      // without apiVersion/kind, or a known kind at a version it does not have, is bad input.
      if (found.issue && (found.kind !== undefined || found.issue.code !== 'UNKNOWN_KIND')) {
        dio.err(`${formatIssue(located(found.issue, doc, name))}\n`);
        return { lines: e.text(), bad: true };
      }
      const what = found.issue ? `${found.issue.code}: ${found.issue.message}` : 'not in the catalog';
      const at = doc.range ? `${name}:${doc.range.start.line}:${doc.range.start.col}` : name;
      dio.err(`${at}: note: passed through unchanged (${what})\n`);
      return { lines: e.text(), text: convertedText(doc.value, format) };
    }
    if (versioned) {
      const v = versionedSpec(catalog, doc.value, opts);
      for (const i of v.issues) dio.err(`${formatIssue(located(withLossSeverity(i), doc, name))}\n`);
      if (!v.gvk || v.spec === undefined) return { lines: e.text(), bad: true };
      return {
        lines: e.text(),
        specVerdict: issuesVerdict(`${v.gvk.kind} ${v.gvk.version}`, v.issues),
        text: convertedText({ originalGVK: v.gvk, spec: v.spec }, format),
        converted: true,
      };
    }
    const r = convertPart(catalog, doc.value, to, opts);
    for (const i of r.issues) dio.err(`${formatIssue(located(withLossSeverity(i), doc, name))}\n`);
    if (r.output === undefined) return { lines: e.text(), bad: true };
    // The API server validates the write at the source version, always (as the As deployed pipeline does);
    // --validate adds the result written back at the target version. The verdict takes the page's inputs.
    const validation = validateSource(catalog, doc, name, dio);
    const targetValidation = flags.has('--validate') ? validateConverted(catalog, r.output, doc, name, dio) : [];
    const hub = to === 'hub' ? r : convertPart(catalog, doc.value, 'hub', opts);
    return {
      lines: e.text(),
      verdict: asoVerdict({ hub, ...(hub !== r ? { target: r } : {}), validation, targetValidation }),
      text: convertedText(r.output, format),
      converted: true,
    };
  };
}

/** The judge a worker runs: the same setup, the same judge (never with --webhook: no workers then). */
export const convertJudge = async (a: CommandArgs, io: CommandIO): Promise<Judge<Converted> | undefined> => {
  const s = await setup(a, io);
  if (typeof s === 'number') return undefined;
  return s.deployed ? deployedJudge(s.catalog, s.name, deployedOptions(a, s)) : asoJudge(a, s);
};

async function run(a: CommandArgs, io: CommandIO): Promise<number> {
  const { values, flags, usageError } = a;
  const workers = workersFor('convert', a);
  if (typeof workers === 'string') return usageError(workers);
  const s = await setup(a, io);
  if (typeof s === 'number') return s;
  const { catalog, name } = s;
  const file = values['--file'] as string;
  // the input is read object by object as the conversion goes (streamInput.ts); a running webhook answers this
  // thread only
  const progress = progressWanted(io, flags, false);
  const sourceFor =
    (sio: CommandIO): DocumentSource =>
    (judging) =>
      eachJudged(sio, file, progress, { ...judging, ...(values['--webhook'] ? {} : { workers }) });
  if (s.deployed)
    return withWebhook(io, values, flags, usageError, (out, external) =>
      convertDeployed(catalog, sourceFor(out), name, deployedOptions(a, s, external), out),
    );
  if (!knownTarget(catalog, values['--to'] ?? 'hub', io)) return 2;
  const out = new HeldOutput(io.out);
  const written = new ConvertedWriter(out, s.format);
  const c = new ConvertedRun(written);
  const run = await sourceFor(io)({ judge: asoJudge(a, s), apply: c.apply });
  // Only documents of kinds the catalog lacks (a ConfigMap): nothing was converted, which is not a success.
  // Exit 2, bad input: the input does not match the catalog (as a version the kind lacks does).
  if (!c.bad && !run.bad && c.converted === 0) {
    out.discard();
    io.err(`${formatIssue(nothingConverted(catalog, name))}\n`);
    return 2;
  }
  // Bad input writes nothing when found before the output began to flow (a partial List would be mistaken for the
  // result); past that, the exit code says the output is not the whole answer.
  if (c.bad || run.bad) {
    out.discard();
    return 2;
  }
  written.end();
  if (c.specVerdicts.length > 0) return closeWith(io, checksSummary(c.specVerdicts));
  if (c.tally.judged > 0) io.err(`${c.tally.text()}\n`);
  return c.tally.exitCode();
}
