// `migrate --catalog SRC --to VERSION [-f OBJECTS|-] [--kind K] [--json]`: the storage-version migration plan for
// every kind that has VERSION (seed 002). Exit 1 when a given object loses fields when rewritten at VERSION.
import { stringify } from 'yaml';
import type { Kind, MigrationPlan, ParsedDocument } from '../../core/index.ts';
import { formatPath, hasErrors } from '../../core/index.ts';
import { deployedRewrite, planMigration } from '../../core/checks/migration/index.ts';
import type { CommandIO } from '../io.ts';
import type { CommandArgs } from './command.ts';
import { BAD_INPUT, defineCommand } from './command.ts';
import {
  catalogVersions,
  inputName,
  loadCatalogFor,
  printIssues,
  readDocuments,
  stableJson,
} from './conversionArgs.ts';
import { CATALOG, FILE, JSON_OUTPUT, KIND, WEBHOOK } from './options.ts';
import { withWebhook } from '../webhook/webhookOption.ts';

const indent = (text: string, by: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => `${by}${l}`)
    .join('\n');

function describe(p: MigrationPlan): string {
  const out: string[] = [`${p.kind} (${p.crd}): store every object at ${p.to}`];
  out.push(
    `  stored versions: ${p.storedVersions.join(', ') || 'none'} (${p.storedVersionsFrom === 'status' ? 'status.storedVersions' : 'assumed: the storage version; the file has no status'}) -> ${p.remainingStoredVersions.join(', ')}`,
  );
  out.push('  steps:');
  p.steps.forEach((s, i) => {
    out.push(`    ${i + 1}. [${s.done ? 'done' : 'todo'}] ${s.step}: ${s.description}`);
    if (s.command && !s.done) out.push(`       $ ${s.command}`);
  });
  for (const m of p.manifests) out.push(`  ${m.metadata.name}.yaml:`, indent(stringify(m), '    '));
  if (p.objects.length > 0) out.push(`  objects (${p.objects.length}):`);
  for (const o of p.objects) {
    const who = `${o.namespace !== undefined ? `${o.namespace}/` : ''}${o.name ?? `document ${o.index + 1}`}`;
    const lost = o.dropped.length === 0 ? 'nothing lost' : `loses ${o.dropped.map(formatPath).join(', ')}`;
    out.push(`    ${who}: ${o.from} -> ${o.to}: ${lost}`, indent(stringify(o.document), '      '));
  }
  return out.join('\n');
}

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
  let docs: readonly ParsedDocument[] = [];
  const file = values['--file'];
  if (file !== undefined) {
    const read = await readDocuments(io, file);
    if (!read) return 2;
    printIssues(io, read.issues);
    docs = read.documents;
  }
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
  // --webhook: a running webhook is the conversion of each rewrite (webhookOption.ts)
  return withWebhook(io, values, flags, a.usageError, async (out, external) => {
    const plans: MigrationPlan[] = [];
    for (const k of kinds) {
      const r = planMigration(k, to, {
        objects: docs,
        rewrite: deployedRewrite(catalog, k, external ? { external, conversion: 'Webhook' } : {}),
      });
      if (r.plan) plans.push(r.plan);
    }
    const issues = plans.flatMap((x) => x.issues);
    // Issues about an object carry its range: they are in the objects file; the others are about the CRD.
    const objectsFile = file !== undefined ? inputName(file) : undefined;
    printIssues(
      out,
      issues.map((i) => (i.range && objectsFile !== undefined ? { ...i, file: objectsFile } : i)),
    );
    const lossy = plans.some((x) => x.objects.some((o) => o.dropped.length > 0));
    if (flags.has('--json')) out.out(stableJson({ ok: !lossy, plans }));
    else out.out(`${plans.map(describe).join('\n\n')}\n`);
    if (hasErrors(issues)) return 2;
    return lossy ? 1 : 0;
  });
}
