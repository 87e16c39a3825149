// `generate <inputs...> [--config FILE] [-o FILE] [--id ID] [--title T]`: CRD YAML / OpenAPI / config -> catalog JSON.
// Problems print as `file:line:col: ...` on stderr. On errors the catalog of whatever did import is
// still written (so a CI log and the file agree), and the exit code is 2; warnings keep exit 0.
import path from 'node:path';
import { formatIssue, hasErrors, issue, serializeCatalog } from '../../core/index.ts';
import { importFiles } from '../../importers/index.ts';
import { readInputs } from '../catalogSource.ts';
import type { CommandIO } from '../io.ts';
import type { CommandArgs } from './command.ts';
import { BAD_INPUT, defineCommand } from './command.ts';

export const generate = defineCommand({
  name: 'generate',
  summary: 'CRD YAML / OpenAPI / config files -> one catalog JSON (stable, sorted keys)',
  usage: '<inputs...>',
  description:
    'Inputs are files and folders (.yaml, .yml, .json inside folders; multi-document, Lists, ASO-style CRDs with\n' +
    'their <v>storage variants, Azure-style OpenAPI). On errors the catalog of whatever did import is still written.',
  options: [
    {
      name: '--config',
      alias: '-c',
      value: 'FILE',
      repeatable: true,
      help: 'a config YAML: renames, type renames, hub, strategy, manual conversions, bag keys',
    },
    { name: '--output', alias: '-o', value: 'FILE', help: 'where to write the catalog (default: stdout)' },
    { name: '--id', value: 'ID', help: "the catalog's id (default: the inputs' folder name)" },
    { name: '--title', value: 'T', help: "the catalog's title" },
  ],
  exitCodes: { 0: 'the catalog was written (warnings allowed)', 2: BAD_INPUT },
  example: 'generate src/catalogs/person-v1v2/source --id person',
  run,
});

async function run(a: CommandArgs, io: CommandIO): Promise<number> {
  const inputs = [...a.positionals, ...(a.lists['--config'] ?? [])];
  const output = a.values['--output'];
  const id = a.values['--id'];
  const title = a.values['--title'];
  if (inputs.length === 0) return a.usageError('no inputs');

  const read = await readInputs(inputs, io);
  const defaultId = path.basename(read.root).replace(/[^A-Za-z0-9._-]+/g, '-') || 'imported';
  const { catalog, issues } = importFiles(read.files, {
    id: id ?? defaultId,
    ...(title !== undefined ? { title } : {}),
  });
  const all = [...read.issues, ...issues];
  // Nothing importable (an empty file, only Secrets): an error, not an empty catalog with exit 0.
  if (catalog.kinds.length === 0 && !hasErrors(all))
    all.push(
      issue('error', 'NO_RESOURCE', 'the inputs define no kinds (no CRD or OpenAPI resource found)', [], {
        file: inputs.join(', '),
      }),
    );
  for (const i of all) io.err(`${formatIssue(i)}\n`);
  const failed = hasErrors(all);
  if (catalog.kinds.length > 0 || !failed) {
    const text = serializeCatalog(catalog);
    if (output === undefined || output === '-') io.out(text);
    else await io.writeText(output, text);
  }
  return failed ? 2 : 0;
}
