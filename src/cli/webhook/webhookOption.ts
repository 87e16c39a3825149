// `--webhook URL [--webhook-ca FILE | --webhook-insecure]` on convert, roundtrip and migrate (As deployed): the
// options every such command declares, and the loop that gives the synchronous pipeline a running webhook's
// answers (webhookClient.ts): run silently, ask what it asked, again until nothing is missing, then run for real.
import type { DeployedResult, ExternalConverter } from '../../core/index.ts';
import { formatPath, jsonDifferences } from '../../core/index.ts';
import type { CommandIO } from '../io.ts';
import { webhookClientFrom } from './webhookClient.ts';

export const WEBHOOK_VALUES = ['--webhook', '--webhook-ca', '--webhook-timeout'] as const;
export const WEBHOOK_FLAGS = ['--webhook-insecure'] as const;
export const WEBHOOK_OPTION_USAGE = '[--webhook URL [--webhook-ca FILE | --webhook-insecure] [--webhook-timeout MS]]';

/** Rounds of questions: a write then a read need two; a migration's rewrite and read, a few more. */
const MAX_ROUNDS = 8;

/**
 * Runs `run` once without `--webhook`; with it, with the webhook as the conversion (the command's output only from
 * the last, complete run). A number from `usageError` when the options do not fit.
 */
export async function withWebhook(
  io: CommandIO,
  values: Readonly<Record<string, string>>,
  flags: ReadonlySet<string>,
  usageError: (what: string) => number,
  run: (io: CommandIO, external?: ExternalConverter) => Promise<number>,
): Promise<number> {
  const url = values['--webhook'];
  const insecure = flags.has('--webhook-insecure');
  if (url === undefined) {
    if (insecure || values['--webhook-ca'] !== undefined || values['--webhook-timeout'] !== undefined)
      return usageError('--webhook-ca, --webhook-insecure and --webhook-timeout go with --webhook');
    return run(io);
  }
  if (insecure && values['--webhook-ca'] !== undefined)
    return usageError('give one of --webhook-ca and --webhook-insecure');
  const timeout = values['--webhook-timeout'] !== undefined ? Number(values['--webhook-timeout']) : 30_000;
  if (!Number.isInteger(timeout) || timeout < 1 || timeout > 600_000)
    return usageError('--webhook-timeout takes milliseconds, 1 to 600000');
  const client = await webhookClientFrom(url, values['--webhook-ca'], insecure, timeout);
  if (typeof client === 'string') return usageError(client);
  let stdin: Promise<string> | undefined;
  // every round reads the whole input again (stdin kept from the first): no streaming with a webhook
  const once: CommandIO = {
    ...io,
    readStdin: () => (stdin ??= io.readStdin()),
    readChunks: async function* (f) {
      yield f === '-' ? await once.readStdin() : await io.readText(f);
    },
  };
  const silent: CommandIO = { ...once, out: () => undefined, err: () => undefined };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    await run(silent, client.converter);
    if (client.waiting === 0) break;
    await client.resolvePending();
  }
  return run(once, client.converter);
}

const under = (p: readonly (string | number)[], prefix: readonly (string | number)[]): boolean =>
  prefix.length <= p.length && prefix.every((s, i) => p[i] === s);

function valueAt(doc: unknown, path: readonly (string | number)[]): unknown {
  let v: unknown = doc;
  for (const k of path)
    v = v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined;
  return v;
}

/**
 * What a round trip through a running webhook shows: the webhook's failures (the API server fails the request),
 * and, for a write at V read back at V, the input's fields that did not come back other than what the API server's
 * own stages explain (pruning, null removal, metadata coercion). Paths as text; absent when there are none.
 */
export function webhookLosses(
  input: Record<string, unknown>,
  r: DeployedResult,
  sameVersion: boolean,
): { lostByWebhook?: string[]; webhookFailures?: string[] } {
  const failures = r.rejections.filter((x) => x.issue.code === 'CONVERSION_WEBHOOK_FAILED').map((x) => x.issue.message);
  const lost = sameVersion && failures.length === 0 ? lostFields(input, r) : [];
  return {
    ...(lost.length > 0 ? { lostByWebhook: lost } : {}),
    ...(failures.length > 0 ? { webhookFailures: failures } : {}),
  };
}

function lostFields(input: Record<string, unknown>, r: DeployedResult): string[] {
  const explained = r.fates
    .filter((f) => f.kind !== 'copied' && f.kind !== 'converted' && f.kind !== 'webhook-not-modelled')
    .map((f) => f.path);
  return jsonDifferences(input, r.target, [], [], 1000)
    .filter((p) => valueAt(input, p) !== undefined)
    .filter((p) => !explained.some((e) => under(p, e)))
    .map((p) => formatPath(p));
}
