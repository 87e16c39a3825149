// `webhook`: the rules served as a real conversion webhook (docs/webhook.md).
//   webhook --rules FILE --crd FILE --tls-cert FILE --tls-key FILE [--port N] [--host H]
//           [--max-body BYTES] [--max-objects N] [--timeout MS] [--insecure-http]
//     HTTPS on POST /convert: each ConversionReview answered with what `rules apply` computes; /healthz, /readyz,
//     /metrics; JSON logs on stderr; SIGTERM or SIGINT: stops accepting, finishes what is in flight, exits 0.
import type { Catalog, RuleSet } from '../../core/index.ts';
import { answerWithRules } from '../../core/index.ts';
import type { CommandIO } from '../io.ts';
import { startWebhookServer, type RunningWebhook } from '../webhook/server.ts';
import { loadCatalogFor } from './conversionArgs.ts';
import type { CommandArgs } from './command.ts';
import { BAD_INPUT, defineCommand } from './command.ts';
import { webhookManifests } from './webhookManifests.ts';
import { loadRules } from './rulesArg.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export interface WebhookServeOptions {
  readonly catalog: Catalog;
  readonly rules: RuleSet;
  readonly tls?: { readonly certFile: string; readonly keyFile: string; readonly pollMs?: number };
  readonly host: string;
  readonly port: number;
  readonly maxBodyBytes?: number;
  readonly maxObjects?: number;
  readonly timeoutMs?: number;
  readonly log: (entry: Record<string, unknown>) => void;
}

/** The rules' webhook, listening (tests start it on loopback with port 0). */
export function serveRules(o: WebhookServeOptions): Promise<RunningWebhook> {
  const maxObjects = o.maxObjects ?? 10_000;
  return startWebhookServer({
    answer: (body, overTime) => answerWithRules(o.catalog, o.rules, body, { maxObjects, overTime }),
    ...(o.tls ? { tls: o.tls } : {}),
    host: o.host,
    port: o.port,
    maxBodyBytes: o.maxBodyBytes ?? 32 * 1024 * 1024,
    timeoutMs: o.timeoutMs ?? 10_000,
    log: o.log,
  });
}

const wholeNumber = (v: string | undefined, min: number, max: number): number | undefined | false => {
  if (v === undefined) return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n >= min && n <= max ? n : false;
};

async function serve(a: CommandArgs, io: CommandIO): Promise<number> {
  const { values, flags } = a;
  const insecure = flags.has('--insecure-http');
  const host = values['--host'] ?? (insecure ? '127.0.0.1' : '0.0.0.0');
  if (insecure && !LOOPBACK.has(host)) return a.usageError('--insecure-http serves on a loopback address only');
  if (!insecure && (values['--tls-cert'] === undefined || values['--tls-key'] === undefined))
    return a.usageError('--tls-cert and --tls-key are required (or --insecure-http on loopback, for tests)');
  const port = wholeNumber(values['--port'], 0, 65535);
  const maxBody = wholeNumber(values['--max-body'], 1024, 2 ** 31);
  const maxObjects = wholeNumber(values['--max-objects'], 1, 10_000_000);
  const timeout = wholeNumber(values['--timeout'], 1, 600_000);
  if (port === false || maxBody === false || maxObjects === false || timeout === false)
    return a.usageError('--port, --max-body, --max-objects and --timeout take whole numbers in range');
  const catalog = await loadCatalogFor('webhook', values['--crd'] as string, io);
  if (!catalog) return 2;
  const rules = await loadRules(io, values['--rules'] as string, catalog);
  if (!rules) return 2;
  const log = (e: Record<string, unknown>) => io.err(`${JSON.stringify({ time: new Date().toISOString(), ...e })}\n`);
  let running: RunningWebhook;
  try {
    running = await serveRules({
      catalog,
      rules,
      ...(insecure
        ? {}
        : { tls: { certFile: values['--tls-cert'] as string, keyFile: values['--tls-key'] as string } }),
      host,
      port: port ?? 9443,
      ...(maxBody !== undefined ? { maxBodyBytes: maxBody } : {}),
      ...(maxObjects !== undefined ? { maxObjects } : {}),
      ...(timeout !== undefined ? { timeoutMs: timeout } : {}),
      log,
    });
  } catch (e) {
    io.err(`version-explorer webhook: cannot serve: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  const signal = await new Promise<string>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  log({ level: 'info', msg: 'shutting down', signal });
  await running.close();
  return 0;
}

const NUMBER = (name: `--${string}`, value: string, help: string) => ({ name, value, help });

export const webhook = defineCommand({
  name: 'webhook',
  summary: 'serve the conversion rules as a Kubernetes conversion webhook (docs/webhook.md)',
  description:
    'POST /convert answers a ConversionReview (apiextensions.k8s.io/v1 or v1beta1) with what `rules apply` computes,\n' +
    'every object or a Failure with the reason. GET /healthz, /readyz, /metrics. SIGTERM or SIGINT: finishes the\n' +
    'requests in flight, then exits 0.',
  options: [
    { name: '--rules', value: 'FILE', required: true, help: 'the conversion rules (docs/conversion-rules.md)' },
    {
      name: '--crd',
      value: 'FILE',
      required: true,
      help: 'the CustomResourceDefinition(s): files or folders, comma-separated',
    },
    { name: '--tls-cert', value: 'FILE', help: 'the serving certificate (PEM); reloaded when it changes' },
    { name: '--tls-key', value: 'FILE', help: 'its private key (PEM); reloaded when it changes' },
    NUMBER('--port', 'N', 'the port (default 9443)'),
    { name: '--host', value: 'H', help: 'the address to listen on (default 0.0.0.0; 127.0.0.1 with --insecure-http)' },
    NUMBER('--max-body', 'BYTES', 'the largest request body (default 33554432); larger: 413'),
    NUMBER('--max-objects', 'N', 'the most objects in one ConversionReview (default 10000); more: a Failure'),
    NUMBER('--timeout', 'MS', 'time to read and convert one request (default 10000); longer: 408 or a Failure'),
    { name: '--insecure-http', help: 'plain HTTP on a loopback address, for tests only' },
  ],
  exitCodes: { 0: 'stopped by a signal', 2: BAD_INPUT },
  example:
    'webhook --rules rules/cluster-api/kubeadmcontrolplane.yaml --crd CRD.yaml --tls-cert tls.crt --tls-key tls.key',
  serves: true,
  run: serve,
  subcommands: [webhookManifests],
});
