// `diff --catalog SRC --kind K --from V1 --to V2 [--json]`: what changed between two versions and whether
// the change is compatible (seed 002's rules). Exit 1 when a change is breaking (usable as a CI check).
import { versionChanges } from '../../core/index.ts';
import type { Command } from '../main.ts';
import { commandArgs, loadCatalogFor, printIssues, stableJson } from './conversionArgs.ts';
import { STORAGE_USAGE, resolveStorage } from './deployedArgs.ts';

const USAGE = `usage: version-explorer diff --catalog SRC --kind K --from V1 --to V2 ${STORAGE_USAGE} [--json]\n`;

export const diff: Command = async (args, io) => {
  const a = commandArgs(args, io, 'diff', USAGE, {
    values: ['--catalog', '--kind', '--from', '--to'],
    flags: ['--json'],
    storage: true,
    required: ['--catalog', '--kind', '--from', '--to'],
  });
  if (typeof a === 'number') return a;
  const { values, flags, choice } = a;
  const catalog = await loadCatalogFor('diff', values['--catalog'] as string, io);
  if (!catalog) return 2;
  if (resolveStorage(choice, catalog) === 'deployed')
    return (await import('./deployedCommands.ts')).printVersionPair(
      catalog,
      values['--kind'] as string,
      values['--from'] as string,
      values['--to'] as string,
      choice.conversion,
      flags.has('--json'),
      false,
      io,
    );
  const r = versionChanges(catalog, values['--kind'] as string, values['--from'] as string, values['--to'] as string);
  if (!r.changes) {
    printIssues(io, r.issues);
    return 2;
  }
  const c = r.changes;
  if (flags.has('--json')) io.out(stableJson(c));
  else {
    const lines = [`${c.kind} (${c.group}) ${c.from} -> ${c.to}: ${c.compatible ? 'compatible' : 'BREAKING'}`];
    for (const x of c.changes)
      lines.push(`  ${x.breaking ? 'breaking  ' : 'compatible'}  ${x.path.join('.')}  ${x.change}: ${x.detail}`);
    if (c.changes.length === 0) lines.push('  no changes');
    io.out(`${lines.join('\n')}\n`);
  }
  return c.compatible ? 0 : 1;
};
