// The CLI's entry: dispatches to one module per command. Exit codes: 0 ok, 1 a check failed or data
// would be lost, 2 bad usage or bad input.
import type { CommandIO } from './io.ts';
import { nodeIO } from './io.ts';

export type Command = (args: string[], io: CommandIO) => Promise<number>;

const commands: Record<string, { summary: string; load: () => Promise<Command> }> = {
  generate: {
    summary: 'generate <inputs...> [--config FILE] [-o FILE]   CRD YAML / OpenAPI / config -> catalog JSON',
    load: async () => (await import('./commands/generate.ts')).generate,
  },
  plan: {
    summary: 'plan --catalog SRC --kind KIND --from V [--to V|hub] [--type TYPE] [--json]',
    load: async () => (await import('./commands/plan.ts')).plan,
  },
  convert: {
    summary: 'convert --catalog SRC -f FILE|- --to V|hub [--spec-only|--status-only] [-o yaml|json]',
    load: async () => (await import('./commands/convert.ts')).convert,
  },
  roundtrip: {
    summary: 'roundtrip --catalog SRC [--kind K] [--samples PATH] [--fuzz N] [--json]',
    load: async () => (await import('./commands/roundtrip.ts')).roundtrip,
  },
  diff: {
    summary: 'diff --catalog SRC --kind K --from V1 --to V2 [--json]',
    load: async () => (await import('./commands/diff.ts')).diff,
  },
  rules: {
    summary: 'rules check|apply|schema --catalog SRC --rules FILE ...   declarative conversion rules (YAML + CEL)',
    load: async () => (await import('./commands/rules.ts')).rules,
  },
  validate: {
    summary: 'validate --catalog SRC -f FILE|- [--version V] [--old FILE] [-o json]   would the API server accept it?',
    load: async () => (await import('./commands/validate.ts')).validate,
  },
};

export function usage(): string {
  return [
    'usage: version-explorer <command> [options]',
    '',
    ...Object.values(commands).map((c) => `  ${c.summary}`),
    '',
    'Exit codes: 0 ok, 1 lossy conversion or failed check, 2 bad usage or bad input.',
  ].join('\n');
}

export async function main(argv: string[], io: CommandIO = nodeIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(usage() + '\n');
    return name === undefined ? 2 : 0;
  }
  const entry = commands[name];
  if (!entry) {
    io.err(`version-explorer: unknown command '${name}'\n${usage()}\n`);
    return 2;
  }
  try {
    const command = await entry.load();
    return await command(rest, io);
  } catch (e) {
    // Only the edge throws; an unexpected exception is still reported, never a stack dump alone.
    io.err(`version-explorer ${name}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}
