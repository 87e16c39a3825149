// `convert --catalog SRC -f FILE|- --to V|hub [--spec-only|--status-only] [-o yaml|json] [--strategy S]`:
// (or `--versioned-spec` instead of `--to`: each storage document's spec converted back to the version in its
// `spec.originalVersion`, printed as `{originalGVK, spec}`: what the operator sends upstream, seeds 000/004.)
// multi-document YAML and `kind: List` in, the same order out. Documents of kinds the catalog does not know (a
// Secret) pass through unchanged with a note on stderr; a document without apiVersion/kind or at a version its
// kind lacks is bad input (exit 2, nothing written). Problems print as `file:line:col: ...`.
// Exit: 0 converted; 1 data would be lost (LOST, PRUNED) or the result is invalid (REQUIRED_MISSING, errors);
// 2 bad usage or unreadable input.
import type { Catalog, CheckVerdict, Strategy } from '../../core/index.ts';
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
import { ConvertedWriter, nothingConverted } from './convertOutput.ts';
import { eachDocument, HeldOutput, progressWanted, type DocumentSource } from '../streamInput.ts';
import { rulesOption } from './rulesArg.ts';
import { located } from './locate.ts';
import { resolveStorage } from './deployedArgs.ts';
import { ASO_PLANNING, CATALOG, FILE, LOSS_EXIT, PROGRESS, RULES, STORAGE, WEBHOOK } from './options.ts';
import { closeWith, VerdictTally } from '../verdictSummary.ts';
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

async function run(a: CommandArgs, io: CommandIO): Promise<number> {
  const { values, flags, choice, usageError } = a;
  const versioned = flags.has('--versioned-spec');
  if (!versioned && values['--to'] === undefined) return usageError('--to is required');
  if (versioned && (values['--to'] !== undefined || flags.has('--spec-only') || flags.has('--status-only')))
    return usageError('--versioned-spec excludes --to, --spec-only and --status-only');
  if (flags.has('--spec-only') && flags.has('--status-only'))
    return usageError('--spec-only and --status-only exclude each other');
  const format = values['--output'] === 'json' ? 'json' : 'yaml'; // one of the two: checked above
  const strategy = values['--strategy'];
  const file = values['--file'] as string;
  const catalog = await loadCatalogFor('convert', values['--catalog'] as string, io, values['--hub']);
  if (!catalog) return 2;
  // the input is read object by object as the conversion goes (streamInput.ts)
  const progress = progressWanted(io, flags, false);
  const sourceFor =
    (sio: CommandIO): DocumentSource =>
    (each) =>
      eachDocument(sio, file, progress, each);
  const source = sourceFor(io);
  const name = inputName(file);
  // --rules: the operator's conversion described as rules: as deployed they are the webhook; in the ASO view they
  // run with the generated steps (docs/conversion-rules.md)
  const { rules, exit } = await rulesOption(io, values['--rules'], catalog);
  if (exit) return exit;
  // --versioned-spec reads a hub document: ASO's design (originalVersion), never the deployed view
  if (!versioned && resolveStorage(choice, catalog) === 'deployed') {
    const { convertDeployed } = await import('./deployedCommands.ts');
    // --webhook: a running webhook is the conversion (webhookOption.ts)
    const conversion = values['--webhook']
      ? (choice.conversion ?? 'Webhook')
      : conversionWithRules(choice.conversion, rules);
    return withWebhook(io, values, flags, usageError, (out, external) =>
      convertDeployed(
        catalog,
        sourceFor(out),
        name,
        values['--to'] as string,
        format,
        conversion,
        out,
        flags.has('--validate'),
        rules,
        external,
      ),
    );
  }
  const convertPart = flags.has('--spec-only')
    ? convertSpec
    : flags.has('--status-only')
      ? convertStatus
      : convertResource;
  const to = values['--to'] ?? 'hub';
  if (!knownTarget(catalog, to, io)) return 2;
  const out = new HeldOutput(io.out);
  const written = new ConvertedWriter(out, format);
  const tally = new VerdictTally();
  // --versioned-spec: each spec's verdict from its conversion's issues (no document verdict: no target version)
  const specVerdicts: CheckVerdict[] = [];
  let converted = 0;
  let bad = false;
  const opts = {
    hooks: hooksOf(catalog),
    fates: false,
    ...(strategy ? { strategy: strategy as Strategy } : {}),
    ...(rules ? { rules } : {}),
  };
  const run = await source((doc, dio) => {
    tally.read++;
    const found = findKindForDocument(catalog, doc.value);
    if (!found.version) {
      // Only a well-formed resource of a kind the catalog lacks (a Secret, a Namespace) passes through; a document
      // without apiVersion/kind, or a known kind at a version it does not have, is bad input.
      if (found.issue && (found.kind !== undefined || found.issue.code !== 'UNKNOWN_KIND')) {
        dio.err(`${formatIssue(located(found.issue, doc, name))}\n`);
        bad = true;
        return;
      }
      const what = found.issue ? `${found.issue.code}: ${found.issue.message}` : 'not in the catalog';
      const at = doc.range ? `${name}:${doc.range.start.line}:${doc.range.start.col}` : name;
      dio.err(`${at}: note: passed through unchanged (${what})\n`);
      written.add(doc.value);
      return;
    }
    if (versioned) {
      const v = versionedSpec(catalog, doc.value, opts);
      for (const i of v.issues) dio.err(`${formatIssue(located(withLossSeverity(i), doc, name))}\n`);
      if (!v.gvk || v.spec === undefined) {
        bad = true;
        return;
      }
      specVerdicts.push(issuesVerdict(`${v.gvk.kind} ${v.gvk.version}`, v.issues));
      written.add({ originalGVK: v.gvk, spec: v.spec });
      converted++;
      return;
    }
    const r = convertPart(catalog, doc.value, to, opts);
    for (const i of r.issues) dio.err(`${formatIssue(located(withLossSeverity(i), doc, name))}\n`);
    if (r.output === undefined) {
      bad = true;
      return;
    }
    // The API server validates the write at the source version, always (as the As deployed pipeline does);
    // --validate adds the result written back at the target version. The verdict takes the page's inputs.
    const validation = validateSource(catalog, doc, name, dio);
    const targetValidation = flags.has('--validate') ? validateConverted(catalog, r.output, doc, name, dio) : [];
    const hub = to === 'hub' ? r : convertPart(catalog, doc.value, 'hub', opts);
    tally.add(asoVerdict({ hub, ...(hub !== r ? { target: r } : {}), validation, targetValidation }));
    written.add(r.output);
    converted++;
  });
  // Only documents of kinds the catalog lacks (a ConfigMap): nothing was converted, which is not a success.
  // Exit 2, bad input: the input does not match the catalog (as a version the kind lacks does).
  if (!bad && !run.bad && converted === 0) {
    out.discard();
    io.err(`${formatIssue(nothingConverted(catalog, name))}\n`);
    return 2;
  }
  // Bad input writes nothing when found before the output began to flow (a partial List would be mistaken for the
  // result); past that, the exit code says the output is not the whole answer.
  if (bad || run.bad) {
    out.discard();
    return 2;
  }
  written.end();
  if (specVerdicts.length > 0) return closeWith(io, checksSummary(specVerdicts));
  if (tally.judged > 0) io.err(`${tally.text()}\n`);
  return tally.exitCode();
}
