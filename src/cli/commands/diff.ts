// `diff --catalog SRC --kind K --from V1 --to V2 [--rules FILE] [--json]`: what changed between two versions and
// whether the change is compatible (seed 002's rules). Exit 1 when a change is breaking (usable as a CI check).
// With --rules the conversion goes through the rules: a change a rule carries (it reads the field going from V1,
// or writes a new required one in V2) names the rule and is not breaking.
import type { ExternalConverter } from '../../core/index.ts';
import { changesVerdict, changesWithRules, versionChanges } from '../../core/index.ts';
import type { CommandIO } from '../io.ts';
import type { CommandArgs } from './command.ts';
import { BAD_INPUT, defineCommand } from './command.ts';
import { loadCatalogFor, printIssues, stableJson } from './conversionArgs.ts';
import { resolveStorage } from './deployedArgs.ts';
import { CATALOG, JSON_OUTPUT, KIND, RULES, STORAGE, VERSION_PAIR, WEBHOOK } from './options.ts';
import { withWebhook } from '../webhook/webhookOption.ts';
import { rulesOption } from './rulesArg.ts';
import { closeWith, verdictJson } from '../verdictSummary.ts';

export const diff = defineCommand({
  name: 'diff',
  summary: 'what changed between two versions of a kind, and whether the change is compatible',
  description:
    'ASO view: each change judged by the compatibility rules (docs/compatibility.md). Deployed view: the fields\n' +
    'a write at V1 and a read at V2 drop. With --rules, a change a rule carries names the rule and is not breaking.',
  options: [CATALOG, KIND, ...VERSION_PAIR, RULES, ...STORAGE, ...WEBHOOK, JSON_OUTPUT],
  exitCodes: {
    0: 'compatible (nothing lost)',
    1: 'a breaking change (data would be lost), or a webhook not described decides (cannot tell)',
    2: BAD_INPUT,
  },
  example: 'diff --catalog person-v1v2 --kind Person --from v1 --to v2',
  run,
});

async function run(a: CommandArgs, io: CommandIO): Promise<number> {
  const { values, flags, choice } = a;
  const catalog = await loadCatalogFor('diff', values['--catalog'] as string, io);
  if (!catalog) return 2;
  const { rules, exit } = await rulesOption(io, values['--rules'], catalog);
  if (exit) return exit;
  // --webhook (deployed view): generated instances go through the running webhook (diffWebhook.ts)
  const deployed = resolveStorage(choice, catalog) === 'deployed';
  if (values['--webhook'] !== undefined && !deployed) return a.usageError('--webhook goes with --storage deployed');
  if (values['--webhook'] !== undefined)
    return withWebhook(io, values, flags, a.usageError, async (out, external) =>
      (await import('./diffWebhook.ts')).printDiffThroughWebhook(
        catalog,
        {
          kind: values['--kind'] as string,
          from: values['--from'] as string,
          to: values['--to'],
          json: flags.has('--json'),
        },
        external as ExternalConverter,
        out,
      ),
    );
  if (deployed)
    return (await import('./deployedCommands.ts')).printVersionPair(
      catalog,
      values['--kind'] as string,
      values['--from'] as string,
      values['--to'] as string,
      choice.conversion,
      flags.has('--json'),
      false,
      io,
      rules,
    );
  const r = versionChanges(catalog, values['--kind'] as string, values['--from'] as string, values['--to'] as string);
  if (!r.changes) {
    printIssues(io, r.issues);
    return 2;
  }
  const c = rules ? changesWithRules(r.changes, rules) : r.changes;
  const verdict = changesVerdict(c);
  if (flags.has('--json')) io.out(stableJson({ ...c, verdict: verdictJson(verdict) }));
  else {
    const lines = [`${c.kind} (${c.group}) ${c.from} -> ${c.to}: ${c.compatible ? 'compatible' : 'BREAKING'}`];
    for (const x of c.changes)
      lines.push(
        `  ${x.breaking ? 'breaking  ' : 'compatible'}  ${x.path.join('.')}  ${x.change}: ${x.detail}${'rule' in x ? ` (carried by rule ${String(x.rule)})` : ''}`,
      );
    if (c.changes.length === 0) lines.push('  no changes');
    io.out(`${lines.join('\n')}\n`);
  }
  return closeWith(io, verdict, flags.has('--json'));
}
