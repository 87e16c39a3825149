// The CLI's entry: dispatches to one module per command. Exit codes: 0 ok, 1 a check failed or data
// would be lost, 2 bad usage or bad input.
import type { CommandIO } from './io.ts';
import { nodeIO } from './io.ts';
import { HELP } from './help.ts';
import { terminalSafe } from './terminalText.ts';
import { VERSION } from './version.ts';

export type Command = (args: string[], io: CommandIO) => Promise<number>;

const commands: Record<string, { summary: string; load: () => Promise<Command> }> = {
  generate: {
    summary: 'generate <inputs...> [--config FILE] [-o FILE]   CRD YAML / OpenAPI / config -> catalog JSON',
    load: async () => (await import('./commands/generate.ts')).generate,
  },
  plan: {
    summary: 'plan --catalog SRC --kind KIND --from V [--to V|hub] [--type TYPE] [--storage deployed|aso] [--json]',
    load: async () => (await import('./commands/plan.ts')).plan,
  },
  convert: {
    summary:
      'convert --catalog SRC -f FILE|- (--to V|hub [--spec-only|--status-only] | --versioned-spec) [--storage deployed|aso] [--conversion none|webhook] [-o yaml|json]',
    load: async () => (await import('./commands/convert.ts')).convert,
  },
  roundtrip: {
    summary: 'roundtrip --catalog SRC [--kind K] [--samples PATH] [--fuzz N] [--storage deployed|aso] [--json]',
    load: async () => (await import('./commands/roundtrip.ts')).roundtrip,
  },
  diff: {
    summary: 'diff --catalog SRC --kind K --from V1 --to V2 [--storage deployed|aso] [--json]',
    load: async () => (await import('./commands/diff.ts')).diff,
  },
  strategies: {
    summary:
      "strategies --catalog SRC --kind K [--horizon N] [--at V] [--json]   storage designs over a kind's history",
    load: async () => (await import('./commands/strategies.ts')).strategies,
  },
  census: {
    summary: 'census --catalog SRC [--catalog SRC...] [--json]   how often each kind of change happens',
    load: async () => (await import('./commands/census.ts')).census,
  },
  check: {
    summary:
      'check --old FILE|DIR --new FILE|DIR [--allow FILE] [--fail-on S] [--json]   CRD revision vs seed 002 rules',
    load: async () => (await import('./commands/check.ts')).check,
  },
  migrate: {
    summary: 'migrate --catalog SRC --to V [-f OBJECTS|-] [--kind K] [--json]   storage-version migration plan',
    load: async () => (await import('./commands/migrate.ts')).migrate,
  },
  rules: {
    summary: 'rules check|apply|draft|schema --catalog SRC ...   declarative conversion rules (YAML + CEL)',
    load: async () => (await import('./commands/rules.ts')).rules,
  },
  webhook: {
    summary:
      'webhook --rules FILE --crd FILE --tls-cert FILE --tls-key FILE [--port N]   serve the rules as a conversion webhook',
    load: async () => (await import('./commands/webhook.ts')).webhook,
  },
  'crd-check': {
    summary: 'crd-check <file|folder>... [--json] [--costs]   would the API server accept these CRDs (CEL, cost)?',
    load: async () => (await import('./commands/crdCheck.ts')).crdCheck,
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
    '  --version                                         the version',
    '',
    "Exit codes: 0 ok, 1 lossy conversion or failed check, 2 bad usage or bad input. 'version-explorer <command> --help' for a command's options.",
  ].join('\n');
}

export async function main(argv: string[], io0: CommandIO = nodeIO): Promise<number> {
  // Messages quote documents (kinds, names, versions): no raw control characters reach the terminal.
  const io: CommandIO = { ...io0, err: (t) => io0.err(terminalSafe(t)) };
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(usage() + '\n');
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-V') {
    io.out(`version-explorer ${VERSION}\n`);
    return 0;
  }
  const entry = Object.hasOwn(commands, name) ? commands[name] : undefined;
  const help = Object.hasOwn(HELP, name) ? HELP[name] : undefined;
  if (help !== undefined && (rest.includes('--help') || rest.includes('-h'))) {
    io.out(help);
    return 0;
  }
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
