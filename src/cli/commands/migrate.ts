// `migrate --catalog SRC --to VERSION [-f OBJECTS|-] [--kind K] [--json]`: the storage-version migration plan for
// every kind that has VERSION (seed 002). Exit 1 when a given object loses fields when rewritten at VERSION.
import type { Kind } from '../../core/index.ts';
import { hasErrors } from '../../core/index.ts';
import { deployedRewrite, migrateObject, planMigration } from '../../core/checks/migration/index.ts';
import type { CommandIO } from '../io.ts';
import type { CommandArgs } from './command.ts';
import { BAD_INPUT, defineCommand } from './command.ts';
import { catalogVersions, inputName, loadCatalogFor, printIssues } from './conversionArgs.ts';
import { CATALOG, FILE, JSON_OUTPUT, KIND, PROGRESS, WEBHOOK } from './options.ts';
import { eachDocument, HeldOutput, progressWanted } from '../streamInput.ts';
import { VerdictTally } from '../verdictSummary.ts';
import { MigrationOutput } from './migrateOutput.ts';
import { withWebhook } from '../webhook/webhookOption.ts';

export const migrate = defineCommand({
  name: 'migrate',
  summary: 'a storage-version migration plan, and what each stored object loses when rewritten',
  description:
    'The stored versions that remain, the StorageVersionMigration, the steps to drop a version, and each object\n' +
    '(kubectl get PLURAL -A -o yaml) rewritten at the new storage version (docs/migration.md).',
  options: [
    { ...CATALOG, help: 'the CRD YAML, with status.storedVersions when you have it (kubectl get crd NAME -o yaml)' },
    { name: '--to', value: 'V', required: true, help: 'the new storage version' },
    {
      ...FILE,
      alias: ['-f', '--filename'],
      value: 'OBJECTS|-',
      required: false,
      help: 'the stored objects: a List or several documents (- reads stdin)',
    },
    { ...KIND, required: false, help: 'only this kind (or group/kind)' },
    ...WEBHOOK,
    JSON_OUTPUT,
    ...PROGRESS,
  ],
  exitCodes: {
    0: 'the plan was printed and no object loses data',
    1: 'an object loses fields when rewritten',
    2: BAD_INPUT,
  },
  example:
    'migrate --catalog src/core/checks/migration/testdata/widget-crd-stored.yaml --to v1 -f src/core/checks/migration/testdata/widgets-list.yaml',
  run,
});

async function run(a: CommandArgs, io: CommandIO): Promise<number> {
  const { values, flags } = a;
  const to = values['--to'] as string;
  const file = values['--file'];
  const catalog = await loadCatalogFor('migrate', values['--catalog'] as string, io);
  if (!catalog) return 2;
  const wanted = values['--kind'];
  const kinds: Kind[] = catalog.kinds.filter(
    (k) =>
      (wanted === undefined || k.kind === wanted || `${k.group}/${k.kind}` === wanted) &&
      k.versions.some((v) => v.name === to && v.schema !== undefined),
  );
  if (kinds.length === 0) {
    io.err(
      `version-explorer migrate: error UNKNOWN_VERSION: no ${wanted ?? 'kind'} in ${values['--catalog']} has a CRD version ${to} (${catalogVersions(catalog)})\n`,
    );
    return 2;
  }
  const json = flags.has('--json');
  // --webhook: a running webhook is the conversion of each rewrite (webhookOption.ts)
  return withWebhook(io, values, flags, a.usageError, async (out, external) => {
    const rewrites = new Map(
      kinds.map((k) => [k, deployedRewrite(catalog, k, external ? { external, conversion: 'Webhook' } : {})] as const),
    );
    const plans = [...rewrites].flatMap(([k, rewrite]) => planMigration(k, to, { rewrite }).plan ?? []);
    printIssues(
      out,
      plans.flatMap((x) => x.issues),
    );
    const sink = new MigrationOutput(new HeldOutput(out.out), plans, json);
    const tally = new VerdictTally();
    let dropped = false;
    let bad = false;
    // Each stored object rewritten and written as it is read (a whole cluster's never gather in memory).
    if (file !== undefined) {
      const objectsFile = inputName(file);
      const run = await eachDocument(out, file, progressWanted(out, flags, json), (doc, dio) => {
        tally.read++;
        for (const [i, [k, rewrite]] of [...rewrites].entries()) {
          const m = migrateObject(k, to, doc, rewrite, { range: json });
          if (!m) continue;
          if ('issue' in m) {
            // about an object: it is in the objects file
            printIssues(dio, [{ ...m.issue, ...(m.issue.range ? { file: objectsFile } : {}) }]);
            sink.issue(i, m.issue);
            bad = true;
          } else {
            if (m.verdict) tally.add(m.verdict);
            if (m.object.dropped.length > 0) dropped = true;
            sink.object(i, m.object);
          }
          return;
        }
      });
      if (run.bad) bad = true;
    }
    const lossy = dropped || tally.exitCode() === 1;
    sink.end(!lossy, tally);
    if (!json && tally.read > 0) out.err(`${tally.text()}\n`);
    if (bad || hasErrors(plans.flatMap((x) => x.issues))) return 2;
    return lossy ? 1 : 0;
  });
}
