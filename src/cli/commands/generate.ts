// `generate <inputs...> [--config FILE] [-o FILE] [--id ID] [--title T]`: CRD YAML / OpenAPI / config -> catalog JSON.
// Problems print as `file:line:col: ...` on stderr. On errors the catalog of whatever did import is
// still written (so a CI log and the file agree), and the exit code is 2; warnings keep exit 0.
import path from 'node:path';
import { formatIssue, hasErrors, issue, serializeCatalog } from '../../core/index.ts';
import { importFiles } from '../../importers/index.ts';
import { readInputs } from '../catalogSource.ts';
import type { Command } from '../main.ts';

const USAGE = 'usage: version-explorer generate <inputs...> [--config FILE] [-o FILE] [--id ID] [--title T]\n';

export const generate: Command = async (args, io) => {
  const inputs: string[] = [];
  let output: string | undefined;
  let id: string | undefined;
  let title: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const value = (): string | undefined => args[++i];
    if (a === '-h' || a === '--help') {
      io.out(USAGE);
      return 0;
    } else if (a === '--config' || a === '-c') {
      const v = value();
      if (v === undefined) return usageError(io, `${a} needs a file`);
      inputs.push(v);
    } else if (a === '-o' || a === '--output') {
      output = value();
      if (output === undefined) return usageError(io, `${a} needs a file`);
    } else if (a === '--id') {
      id = value();
      if (id === undefined) return usageError(io, '--id needs a value');
    } else if (a === '--title') {
      title = value();
      if (title === undefined) return usageError(io, '--title needs a value');
    } else if (a.startsWith('-') && a !== '-') return usageError(io, `unknown option ${a}`);
    else inputs.push(a);
  }
  if (inputs.length === 0) return usageError(io, 'no inputs');

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
};

function usageError(io: Parameters<Command>[1], what: string): number {
  io.err(`version-explorer generate: ${what}\n${USAGE}`);
  return 2;
}
