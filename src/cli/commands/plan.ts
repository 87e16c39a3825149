// `plan --catalog SRC --kind KIND --from V [--to V|hub] [--type TYPE] [--strategy S] [--rules FILE] [--json]`:
// the conversion plan as tables like seed 001's (one per hop and object type), or as stable JSON. With --rules,
// the rule steps and the fields they own (which the generated steps skip) follow the hops.
import type { Catalog, Plan, Step, Strategy } from '../../core/index.ts';
import { findKind, findVersion, planConversion, planVerdict } from '../../core/index.ts';
import type { CommandIO } from '../io.ts';
import type { CommandArgs } from './command.ts';
import { BAD_INPUT, defineCommand } from './command.ts';
import { hooksOf, loadCatalogFor, printIssues, stableJson } from './conversionArgs.ts';
import { resolveStorage } from './deployedArgs.ts';
import { ASO_PLANNING, CATALOG, JSON_OUTPUT, KIND, RULES, STORAGE } from './options.ts';
import { rulesOption } from './rulesArg.ts';
import { closeWith, verdictJson } from '../verdictSummary.ts';

const CHANGE: Record<Step['change'], string> = {
  none: 'None',
  new: 'New Property',
  removed: 'Property Removed',
  renamed: 'Renamed',
  'type-changed': 'Change of Type',
  'optionality-changed': 'Optionality Changed',
  'enum-changed': 'Enum Changed',
};
const HANDLER: Record<Step['handler'], string> = {
  copy: 'Copy value',
  'convert-nested': 'Convert nested',
  rename: 'Rename',
  'property-bag': 'Property Bag',
  'read-bag': 'Read from Bag',
  skip: 'Skip',
  drop: 'Drop (lost)',
  manual: 'Manual',
  opaque: 'Copy as-is',
};

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
  const line = (r: string[]) => `| ${r.map((x, c) => x.padEnd(widths[c] ?? 0)).join(' | ')} |`;
  const [head, ...body] = rows;
  return [line(head ?? []), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...body.map(line)].join('\n');
}

/**
 * Notes under the title: a derived storage column shows types as its API twin declares them (seed 001's table:
 * `string` for a required field, `*Level` for a named enum), although stored every property is optional and
 * every enum a plain value. Said once per derived storage version on the path, so the column is not misread.
 */
export function storageColumnNotes(catalog: Catalog, plan: Plan): string[] {
  const kind = findKind(catalog, { group: plan.group, kind: plan.kind });
  if (!kind) return [];
  const notes: string[] = [];
  for (const name of new Set(plan.path)) {
    const v = findVersion(kind, name);
    if (v?.role !== 'storage' || v.derived === false || v.twin === undefined) continue;
    notes.push(
      `${v.name}${v.name === kind.hub ? ' (hub)' : ''}: types as declared by ${v.twin}; stored, every property is optional and enums are plain values`,
    );
  }
  return notes;
}

/** Text form: a table per hop and type pair; `notes` (see storageColumnNotes) follow the title. */
export function formatPlan(plan: Plan, notes: readonly string[] = []): string {
  const out: string[] = [
    `${plan.kind} (${plan.group}) ${plan.from} -> ${plan.to} [${plan.strategy}]: ${plan.path.join(' -> ')}`,
    ...notes.map((n) => `  note: ${n}`),
  ];
  for (const hop of plan.hops) {
    for (const tp of hop.types) {
      const title = tp.sourceType === tp.destinationType ? tp.sourceType : `${tp.sourceType} -> ${tp.destinationType}`;
      out.push('', `${title}: ${hop.from} -> ${hop.to} (${hop.direction})${tp.hook ? ' + hook' : ''}`);
      const rows = [['Field', hop.from, hop.to, 'Change', 'Handler']];
      for (const s of tp.steps)
        rows.push([
          s.destination ?? s.source ?? '',
          s.sourceType ?? '',
          s.destinationType ?? '',
          CHANGE[s.change],
          HANDLER[s.handler],
        ]);
      out.push(table(rows));
    }
  }
  if (plan.rules) {
    const r = plan.rules;
    out.push(
      '',
      `Conversion rules ${r.from} -> ${r.to}: after the last hop; the generated steps skip the fields they own`,
      `  owned: ${r.owned.length > 0 ? r.owned.join(', ') : '(none)'}`,
    );
    const rows = [['Rule', 'Kind', 'Step', 'Reads', 'Writes']];
    for (const step of r.steps)
      for (const x of step.rules)
        rows.push([
          x.id,
          x.op,
          `${step.from} -> ${step.to} (${step.direction})`,
          x.reads.join(', '),
          x.writes.join(', '),
        ]);
    out.push(table(rows));
  }
  return `${out.join('\n')}\n`;
}

export const plan = defineCommand({
  name: 'plan',
  summary: 'the conversion plan between two versions: one table per hop and object type',
  description:
    'ASO view: field, types, change and handler of every step, then the rule steps with --rules.\n' +
    'Deployed view: the stages of a write at V and a read at T, and what each drops.',
  options: [
    CATALOG,
    KIND,
    { name: '--from', value: 'V', required: true, help: 'the source version' },
    { name: '--to', value: 'V|hub', help: 'the target version (default: hub, the storage version)' },
    { name: '--type', value: 'TYPE', help: "ASO view: only this object type's tables (and the types under it)" },
    ...ASO_PLANNING,
    RULES,
    ...STORAGE,
    JSON_OUTPUT,
  ],
  exitCodes: {
    0: 'the plan keeps every field',
    1: 'the plan drops a field, or a conversion nobody described decides (cannot tell)',
    2: BAD_INPUT,
  },
  example: 'plan --catalog servicefabric --kind Cluster --from 2016-03-01 --type ClusterProperties',
  run,
});

async function run(a: CommandArgs, io: CommandIO): Promise<number> {
  const { values, flags, choice } = a;
  const strategy = values['--strategy'];
  const catalog = await loadCatalogFor('plan', values['--catalog'] as string, io, values['--hub']);
  if (!catalog) return 2;
  const { rules, exit } = await rulesOption(io, values['--rules'], catalog);
  if (exit) return exit;
  // Plans are ASO's; the deployed view prints its stages and what they drop. Either way the exit is the verdict's.
  if (resolveStorage(choice, catalog) === 'deployed') {
    return (await import('./deployedCommands.ts')).printVersionPair(
      catalog,
      values['--kind'] as string,
      values['--from'] as string,
      values['--to'],
      choice.conversion,
      flags.has('--json'),
      true,
      io,
      rules,
    );
  }
  const r = planConversion(catalog, values['--kind'] as string, values['--from'] as string, values['--to'] ?? 'hub', {
    hooks: hooksOf(catalog),
    ...(strategy ? { strategy: strategy as Strategy } : {}),
    ...(values['--type'] !== undefined ? { type: values['--type'] } : {}),
    ...(rules ? { rules } : {}),
  });
  if (!r.plan) {
    printIssues(io, r.issues);
    return 2;
  }
  const verdict = planVerdict(r.plan);
  if (flags.has('--json')) io.out(stableJson({ issues: r.issues, plan: r.plan, verdict: verdictJson(verdict) }));
  else {
    io.out(formatPlan(r.plan, storageColumnNotes(catalog, r.plan)));
    printIssues(io, r.issues);
  }
  return closeWith(io, verdict, flags.has('--json'));
}
