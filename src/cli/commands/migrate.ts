// `migrate --catalog SRC --to VERSION [-f OBJECTS|-] [--kind K] [--json]`: the storage-version migration plan for
// every kind that has VERSION (seed 002). Exit 1 when a given object loses fields when rewritten at VERSION.
import type { Catalog, ExternalConverter, Issue, Kind, Verdict } from '../../core/index.ts';
import { formatIssue, hasErrors } from '../../core/index.ts';
import { deployedRewrite, migrateObject, planMigration } from '../../core/checks/migration/index.ts';
import type { CommandIO } from '../io.ts';
import type { CommandArgs } from './command.ts';
import { BAD_INPUT, defineCommand } from './command.ts';
import { catalogVersions, inputName, loadCatalogFor, printIssues } from './conversionArgs.ts';
import { CATALOG, FILE, JOBS, JSON_OUTPUT, KIND, PROGRESS, WEBHOOK } from './options.ts';
import { eachJudged, HeldOutput, progressWanted, workersFor } from '../streamInput.ts';
import type { Judge } from '../parallel/judgeBatch.ts';
import { VerdictTally } from '../verdictSummary.ts';
import { MigrationOutput, objectText } from './migrateOutput.ts';
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
    JOBS,
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

/** The kinds that have the version to migrate to (printed UNKNOWN_VERSION and exit 2 when none has). */
async function kindsFor(a: CommandArgs, io: CommandIO): Promise<{ catalog: Catalog; kinds: Kind[] } | number> {
  const { values } = a;
  const to = values['--to'] as string;
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
  return { catalog, kinds };
}

/** Each kind's rewrite at `to` and its plan. */
function plansFor(catalog: Catalog, kinds: readonly Kind[], to: string, external?: ExternalConverter) {
  const rewrites = new Map(
    kinds.map((k) => [k, deployedRewrite(catalog, k, external ? { external, conversion: 'Webhook' } : {})] as const),
  );
  const plans = [...rewrites].flatMap(([k, rewrite]) => planMigration(k, to, { rewrite }).plan ?? []);
  return { rewrites, plans };
}

/** One stored object rewritten: what run() writes and counts for it (plain data: it may come from a worker). */
interface Migrated {
  /** The plan (kind) it belongs to; absent when it is of none (passed over). */
  readonly plan?: number;
  /** Why it cannot be rewritten (a version the CRD lacks), with its line. */
  readonly issue?: Issue;
  readonly lines?: string;
  readonly verdict?: Verdict;
  readonly dropped?: boolean;
  readonly text?: string;
}

function judgeWith(
  { rewrites, plans }: ReturnType<typeof plansFor>,
  to: string,
  json: boolean,
  objectsFile: string,
): Judge<Migrated> {
  return (doc) => {
    for (const [i, [k, rewrite]] of [...rewrites].entries()) {
      const m = migrateObject(k, to, doc, rewrite, { range: json });
      if (!m) continue;
      // about an object: it is in the objects file
      if ('issue' in m)
        return {
          plan: i,
          issue: m.issue,
          lines: `${formatIssue({ ...m.issue, ...(m.issue.range ? { file: objectsFile } : {}) })}\n`,
        };
      return {
        plan: i,
        ...(m.verdict ? { verdict: m.verdict } : {}),
        dropped: m.object.dropped.length > 0,
        text: objectText(plans, json, i, m.object),
      };
    }
    return {};
  };
}

/** The judge a worker runs: the same setup, the same judge (never with --webhook: no workers then). */
export const migrateJudge = async (a: CommandArgs, io: CommandIO): Promise<Judge<Migrated> | undefined> => {
  const k = await kindsFor(a, io);
  if (typeof k === 'number') return undefined;
  const to = a.values['--to'] as string;
  return judgeWith(plansFor(k.catalog, k.kinds, to), to, a.flags.has('--json'), inputName(a.values['--file'] ?? '-'));
};

async function run(a: CommandArgs, io: CommandIO): Promise<number> {
  const { values, flags } = a;
  const to = values['--to'] as string;
  const file = values['--file'];
  const workers = workersFor('migrate', a);
  if (typeof workers === 'string') return a.usageError(workers);
  const k = await kindsFor(a, io);
  if (typeof k === 'number') return k;
  const { catalog, kinds } = k;
  const json = flags.has('--json');
  // --webhook: a running webhook is the conversion of each rewrite (webhookOption.ts)
  return withWebhook(io, values, flags, a.usageError, async (out, external) => {
    const p = plansFor(catalog, kinds, to, external);
    const { plans } = p;
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
      const apply = (m: Migrated, dio: CommandIO): void => {
        tally.read++;
        if (m.plan === undefined) return;
        if (m.issue) {
          dio.err(m.lines ?? '');
          sink.issue(m.plan, m.issue);
          bad = true;
        } else {
          if (m.verdict) tally.add(m.verdict);
          if (m.dropped) dropped = true;
          sink.object(m.plan, m.text ?? '');
        }
      };
      const judge = judgeWith(p, to, json, inputName(file));
      const run = await eachJudged(out, file, progressWanted(out, flags, json), {
        judge,
        apply,
        // a running webhook answers this thread only
        ...(external ? {} : { workers }),
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
