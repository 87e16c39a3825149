// `--webhook URL`: a running conversion webhook as the As deployed view's conversion. The core pipeline is
// synchronous, so the commands run it, collect the conversions it asked for and had no answer to (the
// ExternalConverter records them), send each as a real ConversionReview, check the answer as the API server does
// (checkConversionResponse), and run it again, until every question has its answer.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { ExternalConverter } from '../../core/index.ts';
import { checkConversionResponse, conversionRequest } from '../../core/index.ts';

type Obj = Record<string, unknown>;
type Answer = { readonly doc: Obj } | { readonly refused: string };

export interface WebhookClientOptions {
  readonly url: string;
  /** PEM of the CA to trust (else the system's). */
  readonly ca?: string;
  /** Skip certificate checks (loopback only). */
  readonly insecure?: boolean;
  /** The API server's timeout for a conversion webhook: 30 s at most. */
  readonly timeoutMs?: number;
  /** Requests under way at once. */
  readonly concurrency?: number;
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Why `url` with these options cannot be used, or undefined. */
export function webhookUrlProblem(url: string, insecure: boolean): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return `--webhook ${url} is not a URL`;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return '--webhook takes an https:// URL';
  if ((insecure || u.protocol === 'http:') && !LOOPBACK.has(u.hostname))
    return '--webhook-insecure and http:// are for a loopback address only (127.0.0.1, ::1, localhost)';
  if (u.protocol === 'http:' && !insecure) return 'an http:// webhook needs --webhook-insecure';
  return undefined;
}

function post(o: WebhookClientOptions, body: string): Promise<{ status: number; text: string }> {
  const u = new URL(o.url);
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      u,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        ...(o.ca !== undefined ? { ca: o.ca } : {}),
        ...(o.insecure ? { rejectUnauthorized: false } : {}),
        timeout: o.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${o.timeoutMs ?? 30_000} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

export class WebhookClient {
  private readonly answers = new Map<string, Answer>();
  private readonly pending = new Map<string, { doc: Obj; desired: string }>();
  /** ConversionReviews sent so far. */
  sent = 0;

  constructor(private readonly o: WebhookClientOptions) {}

  /** What the pipeline calls: the answer when known, else undefined (and the question is kept). */
  readonly converter: ExternalConverter = {
    convert: (doc, desired) => {
      const key = `${desired}\u0000${JSON.stringify(doc)}`;
      const a = this.answers.get(key);
      if (a === undefined && !this.pending.has(key)) this.pending.set(key, { doc, desired });
      return a;
    },
  };

  get waiting(): number {
    return this.pending.size;
  }

  /** Asks the webhook every question kept since the last call. */
  async resolvePending(): Promise<void> {
    const todo = [...this.pending];
    this.pending.clear();
    const limit = Math.max(1, this.o.concurrency ?? 8);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < todo.length) {
        const [key, q] = todo[next++] as [string, { doc: Obj; desired: string }];
        this.answers.set(key, await this.ask(q.doc, q.desired));
      }
    };
    await Promise.all(Array.from({ length: Math.min(limit, todo.length) }, worker));
  }

  /** One real ConversionReview for one object, judged as the API server judges it. */
  async ask(doc: Obj, desired: string): Promise<Answer> {
    const uid = randomUUID();
    const review = conversionRequest(uid, desired, [doc]);
    const gvk = `${String(doc.apiVersion)}, Kind=${String(doc.kind)}`;
    const failed = (why: string): Answer => ({ refused: `for ${gvk} failed: ${why}` });
    this.sent++;
    let res: { status: number; text: string };
    try {
      res = await post(this.o, JSON.stringify(review));
    } catch (e) {
      return failed(e instanceof Error ? e.message : String(e));
    }
    if (res.status < 200 || res.status > 299) return failed(`the server answered HTTP ${res.status}`);
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      return failed('the answer is not JSON');
    }
    const r = checkConversionResponse({ version: 'v1', uid, desiredAPIVersion: desired, objects: [doc] }, body);
    if ('objects' in r) return { doc: r.objects[0] as Obj };
    if (r.index === undefined) return failed(r.reason);
    return { refused: `for ${gvk} returned invalid converted object at index ${r.index}: ${r.reason}` };
  }
}

/** The client for `--webhook`, `--webhook-ca`, `--webhook-insecure`; a problem string when they do not fit. */
export async function webhookClientFrom(
  url: string,
  caFile: string | undefined,
  insecure: boolean,
  timeoutMs = 30_000,
): Promise<WebhookClient | string> {
  const problem = webhookUrlProblem(url, insecure);
  if (problem) return problem;
  let ca: string | undefined;
  if (caFile !== undefined) {
    try {
      ca = await readFile(caFile, 'utf8');
    } catch {
      return `cannot read --webhook-ca ${caFile}`;
    }
  }
  return new WebhookClient({ url, ...(ca !== undefined ? { ca } : {}), insecure, timeoutMs });
}
